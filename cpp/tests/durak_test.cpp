// Durak without Python: legal-move generation against a brute force over
// every move there is, the unchecked apply against the checked one, and
// refusals that change nothing. Run under ASan and UBSan by .ci/sanitize.
#include <cstdint>
#include <cstring>
#include <vector>

#include "durak/bot.hpp"
#include "durak/game.hpp"
#include "sim/stream.hpp"
#include "tests/check.hpp"

using namespace trumpf::durak;

namespace {

std::vector<Move> every_move() {
  std::vector<Move> all;
  for (Kind k : {Kind::kAttack, Kind::kBeat})
    for (int c = 0; c <= 37; ++c) all.push_back(Move{k, Card(c)});
  for (Kind k : {Kind::kTake, Kind::kDone, Kind::kSwap, Kind::kNone, Kind::kUnknown})
    all.push_back(Move{k, 0});
  return all;
}

bool listed(const Move* legal, int n, Move m) {
  for (int i = 0; i < n; ++i)
    if (legal[i].kind == m.kind && legal[i].card == m.card) return true;
  return false;
}

void check_position(const GameState& s, const std::vector<Move>& all) {
  for (int seat : {0, 1, 2, 3}) {
    Move legal[kMaxMoves];
    const int n = legal_moves(s, seat, legal);
    CHECK(n <= kMaxMoves);
    for (Move m : all) {
      GameState copy = s;
      const Code c = apply_move(copy, seat, m, nullptr);
      CHECK(c == check_move(s, seat, m));
      // A card on a move that needs none is ignored, so take and done are
      // listed with card 0 whatever a caller sends.
      const bool needs_card = m.kind == Kind::kAttack || m.kind == Kind::kBeat;
      const Move plain{m.kind, needs_card ? m.card : Card(0)};
      CHECK((c == Code::kOk) == listed(legal, n, plain));
      if (c != Code::kOk) CHECK(std::memcmp(&copy, &s, sizeof s) == 0);
    }
    // Resigning is always taken from a seat of the game that is not over.
    GameState copy = s;
    const Code r = apply_move(copy, seat, Move{Kind::kResign, 0}, nullptr);
    CHECK((r == Code::kOk) == (!is_over(s) && (seat == 1 || seat == 2)));
  }
}

void random_games(int games) {
  const std::vector<Move> all = every_move();
  std::uint8_t seed[32];
  for (int i = 0; i < 32; ++i) seed[i] = std::uint8_t(255 - i);
  const auto key = trumpf::sim::Stream::key_of(seed);
  for (int g = 0; g < games; ++g) {
    trumpf::sim::Stream rng(key, std::uint64_t(g), 0);
    GameState checked;
    CHECK(deal_game(seed, std::uint64_t(g + 1), checked) == Code::kOk);
    GameState fast = checked;
    int plies = 0;
    while (!is_over(checked) && CHECK(plies++ < 2000)) {
      check_position(checked, all);
      const int seat = turn_of(checked);
      Move legal[kMaxMoves];
      const int n = legal_moves(checked, seat, legal);
      if (!CHECK(n > 0)) return;
      const Move m =
          rng.below(3) == 0 ? bot_choose(checked, seat, 3, 0) : legal[rng.below(std::uint32_t(n))];
      EventSink a, b;
      CHECK(apply_move(checked, seat, m, &a) == Code::kOk);
      apply_legal(fast, seat, m, &b);
      // The simulator's unchecked path and the checked one agree exactly.
      CHECK(std::memcmp(&checked, &fast, sizeof fast) == 0);
      CHECK(a.n == b.n && std::memcmp(a.ev, b.ev, sizeof(Event) * std::size_t(a.n)) == 0);
    }
    const int cards = count_of(checked.hands[0]) + count_of(checked.hands[1]) + checked.discard +
                      checked.talon_left() + checked.bout.size();
    CHECK(cards == kPackSize);
  }
}

}  // namespace

int main() {
  random_games(300);
  return trumpf::test::report("durak_test");
}
