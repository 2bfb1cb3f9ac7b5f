#include "sim/play_schnapsen.hpp"

#include "players/players.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"
#include "sim/scheme.hpp"
#include "sim/stream.hpp"

namespace trumpf::sim {
namespace {

using schnapsen::Move;
using schnapsen::Seat;

// Who sits where and who deals in game i (sim/scheme.hpp), as seats.
Seat seat_a_in(std::uint64_t i) noexcept { return Seat(seat_of_a(i)); }
Seat dealer_in(std::uint64_t i) noexcept { return Seat(first_dealer_of(i)); }

// The two players of game i, by seat: player A sits in seat `a`, and each
// draws from its own stream and expert seed of the game. What the deal has
// shown is kept only when a player reads it.
struct Players {
  Player player[2];
  Stream stream[2];
  players::Context context[2];
  bool keep_shown;
  schnapsen::Shown shown{};

  Players(const Spec& spec, std::uint64_t i, Seat a) noexcept
      : stream{Stream(spec.key, i, a == 0 ? 0 : 1), Stream(spec.key, i, a == 0 ? 1 : 0)} {
    player[a] = spec.players[0];
    player[schnapsen::other(a)] = spec.players[1];
    keep_shown = players::needs_shown(player[0]) || players::needs_shown(player[1]);
    for (Seat seat = 0; seat < 2; ++seat) {
      context[seat].stream = &stream[seat];
      context[seat].expert = spec.expert;
      context[seat].stop = spec.stop;
      if (players::needs_seed(player[seat]))
        context[seat].expert_seed = players::expert_seed_of(spec.seed, i, seat == a ? 0 : 1);
    }
  }

  Move choose(const schnapsen::DealState& s, Seat seat) noexcept {
    return players::choose_schnapsen(player[seat], s, shown, seat, context[seat]);
  }
  // In a match only an expert reads more than the deal (the standing); the
  // others take the deal's own path, the one a random or bot match measured.
  Move choose(const schnapsen::MatchState& m, Seat seat) noexcept {
    if (!keep_shown) return choose(m.deal, seat);
    return players::choose_schnapsen(player[seat], m, shown, seat, context[seat]);
  }

  // After `seat` played `m`, which turned the deal `before` was taken of
  // into `after`: a deal of the same number, or the next deal of a match.
  void update(const schnapsen::Before& before, std::uint64_t number, Seat seat, Move m,
              const schnapsen::DealState& after) noexcept {
    if (!keep_shown) return;
    if (after.number == number)
      schnapsen::shown_update(shown, before, seat, m, after);
    else
      schnapsen::shown_start(shown, after);
  }
};

// Seat-indexed figures into the player-indexed (A, B) columns of row i.
template <typename T, typename U>
void put_pair(T* column, std::uint64_t i, Seat a, const U* by_seat) noexcept {
  column[2 * i] = T(by_seat[a]);
  column[2 * i + 1] = T(by_seat[schnapsen::other(a)]);
}

std::int8_t player_of(Seat seat, Seat a) noexcept {
  if (seat == schnapsen::kNoSeat) return -1;
  return seat == a ? 0 : 1;
}

}  // namespace

TRUMPF_FLATTEN void play_schnapsen_deal(const Spec& spec, std::uint64_t i, std::uint64_t row,
                                        const Columns& out) noexcept {
  const Seat a = seat_a_in(i), dealer = dealer_in(i);
  Players players(spec, i, a);

  schnapsen::DealState s;
  schnapsen::deal_new(s, spec.rules, spec.seed, i + 1, dealer);
  std::int32_t moves = 0;
  // Every player chooses from the legal moves, so the refusal checks are
  // skipped (apply_legal); and only a player that reads what was shown needs
  // the position before a move. Random play then costs what it did before
  // the table of players (before-and-after).
  while (!s.over) {
    const Seat seat = s.turn;
    const Move m = players.choose(s, seat);
    if (players.keep_shown) {
      const schnapsen::Before before = schnapsen::before_of(s);
      schnapsen::apply_legal(s, seat, m, nullptr);
      players.update(before, s.number, seat, m, s);
    } else {
      schnapsen::apply_legal(s, seat, m, nullptr);
    }
    ++moves;
  }
  const schnapsen::Result& r = s.result;
  out.winner[row] = player_of(r.winner, a);
  out.game_points[row] = std::int8_t(r.game_points);
  out.how[row] = std::int8_t(r.how);
  put_pair(out.points, row, a, r.points);
  put_pair(out.tricks, row, a, r.tricks);
  out.seat_a[row] = std::int8_t(a + 1);
  out.dealer[row] = std::int8_t(dealer + 1);
  out.deals[row] = 1;
  out.fool[row] = -1;
  out.bouts[row] = 0;
  out.moves[row] = moves;
}

TRUMPF_FLATTEN void play_schnapsen_match(const Spec& spec, std::uint64_t i, std::uint64_t row,
                                         const Columns& out) noexcept {
  const Seat a = seat_a_in(i), dealer = dealer_in(i);
  std::uint8_t seed[32];
  match_seed(spec.seed, i, seed);
  Players players(spec, i, a);

  schnapsen::MatchState m;
  schnapsen::match_new(m, spec.rules, seed, dealer);
  std::int32_t moves = 0;
  std::int16_t won[2] = {0, 0};
  while (!m.over) {
    const Seat seat = m.deal.turn;
    const std::uint16_t done = m.deals_done;
    const schnapsen::Before before =
        players.keep_shown ? schnapsen::before_of(m.deal) : schnapsen::Before{};
    const std::uint64_t number = m.deal.number;
    const Move mv = players.choose(m, seat);
    schnapsen::match_apply(m, seat, mv, nullptr);
    players.update(before, number, seat, mv, m.deal);
    ++moves;
    if (m.deals_done != done && m.last_result.winner != schnapsen::kNoSeat) {
      ++won[m.last_result.winner];
    }
  }
  const Seat loser = schnapsen::other(m.winner);
  out.winner[row] = player_of(m.winner, a);
  out.game_points[row] = std::int8_t(schnapsen::to_win(m, loser));
  out.how[row] = std::int8_t(m.last_result.how);
  put_pair(out.points, row, a, m.scores);
  put_pair(out.tricks, row, a, won);
  out.seat_a[row] = std::int8_t(a + 1);
  out.dealer[row] = std::int8_t(dealer + 1);
  out.deals[row] = std::int16_t(m.deals_done);
  out.fool[row] = -1;
  out.bouts[row] = 0;
  out.moves[row] = moves;
}

}  // namespace trumpf::sim
