// The batch simulator against the engine played by hand: every row of a run
// is what replaying that game through the records gives, a shard gives the
// rows of the whole run for its games, and the thread count changes nothing.
#include <cstdint>
#include <cstring>
#include <vector>

#include "schnapsen/bot.hpp"
#include "schnapsen/record.hpp"
#include "sim/simulate.hpp"
#include "tests/check.hpp"

using namespace trumpf;

namespace {

struct Run {
  std::vector<std::int8_t> winner, game_points, how, seat_a, dealer, fool;
  std::vector<std::int16_t> points, tricks, deals, bouts;
  std::vector<std::int32_t> moves;
  sim::Columns cols;
  explicit Run(std::uint64_t n)
      : winner(n),
        game_points(n),
        how(n),
        seat_a(n),
        dealer(n),
        fool(n),
        points(2 * n),
        tricks(2 * n),
        deals(n),
        bouts(n),
        moves(n, -1) {
    cols = sim::Columns{winner.data(), game_points.data(), how.data(),    points.data(),
                        tricks.data(), moves.data(),       seat_a.data(), dealer.data(),
                        deals.data(),  fool.data(),        bouts.data()};
  }
};

sim::Spec spec_of(sim::Game game, sim::Player a, sim::Player b, std::uint64_t first,
                  std::uint64_t count, int threads) {
  sim::Spec spec{};
  spec.game = game;
  spec.rules = schnapsen::reference_rules(game == sim::Game::kSixtySixDeal ? schnapsen::kSixtySix
                                                                           : schnapsen::kSchnapsen);
  spec.players[0] = a;
  spec.players[1] = b;
  for (int i = 0; i < 32; ++i) spec.seed[i] = std::uint8_t(3 * i + 1);
  spec.first = first;
  spec.count = count;
  spec.threads = threads;
  return spec;
}

Run play(const sim::Spec& spec) {
  Run run(spec.count);
  sim::Progress progress;
  sim::run(spec, run.cols, progress);
  return run;
}

// Deal i of a bot-against-bot run, played through a DealRecord by hand.
void check_deal_rows(const sim::Spec& spec, const Run& run) {
  for (std::uint64_t r = 0; r < spec.count; ++r) {
    const std::uint64_t i = spec.first + r;
    const schnapsen::Seat a = schnapsen::Seat(i & 1), dealer = schnapsen::Seat((i >> 1) & 1);
    const int level_of[2] = {a == 0 ? 2 : 1, a == 0 ? 1 : 2};  // bot2 is player A
    schnapsen::DealRecord d;
    schnapsen::Seed seed;
    std::memcpy(seed.data(), spec.seed, 32);
    CHECK(d.build(spec.rules, seed, i + 1, dealer) == schnapsen::Code::kOk);
    int moves = 0;
    while (!d.state.over) {
      const schnapsen::Seat seat = d.state.turn;
      CHECK(d.apply(seat, schnapsen::bot_choose(d.state, seat, level_of[seat])) ==
            schnapsen::Code::kOk);
      ++moves;
    }
    CHECK(run.moves[r] == moves);
    CHECK(run.how[r] == std::int8_t(d.state.result.how));
    const int winner = d.state.result.winner == schnapsen::kNoSeat ? -1
                       : d.state.result.winner == a                ? 0
                                                                   : 1;
    CHECK(run.winner[r] == winner);
    CHECK(run.points[2 * r] == d.state.result.points[a]);
  }
}

bool same_rows(const Run& whole, std::uint64_t from, const Run& part, std::uint64_t n) {
  for (std::uint64_t r = 0; r < n; ++r)
    if (whole.moves[from + r] != part.moves[r] || whole.winner[from + r] != part.winner[r] ||
        whole.how[from + r] != part.how[r] || whole.points[2 * (from + r)] != part.points[2 * r])
      return false;
  return true;
}

}  // namespace

int main() {
  using sim::Game;
  using Policy = sim::Player;
  const sim::Spec deals = spec_of(Game::kSchnapsenDeal, Policy::kBot2, Policy::kBot1, 0, 400, 2);
  const Run whole = play(deals);
  check_deal_rows(deals, whole);
  for (Game g : {Game::kSchnapsenDeal, Game::kSixtySixMatch, Game::kDurak}) {
    const Run one = play(spec_of(g, Policy::kRandom, Policy::kBot1, 0, 600, 1));
    const Run two = play(spec_of(g, Policy::kRandom, Policy::kBot1, 0, 600, 2));
    CHECK(same_rows(one, 0, two, 600));
    const Run shard = play(spec_of(g, Policy::kRandom, Policy::kBot1, 250, 100, 2));
    CHECK(same_rows(one, 250, shard, 100));
  }
  return trumpf::test::report("sim_test");
}
