// The match around the deals (docs/rules/schnapsen.md, "The match").
//
//   MatchState m;  match_new(m, reference_rules(kSixtySix), seed32, kP1);
//   int n = match_legal(m, seat, moves);          // the current deal's legal moves
//   Code c = match_apply(m, seat, move, &sink);    // + DEAL_END, then DEAL or GAME_END
//   m.deal (the current DealState), m.scores, m.over, m.winner, m.last_result
#pragma once

#include <cstdint>

#include "schnapsen/deal.hpp"

namespace trumpf::schnapsen {

struct MatchState {
  DealState deal;
  std::uint8_t seed[32];
  std::int16_t scores[2];
  std::uint16_t deals_done;
  bool over;
  Seat winner;         // kNoSeat until over
  Result last_result;  // the most recently finished deal's result
};

Code match_new(MatchState& m, const Rules& rules, const std::uint8_t seed[32],
               Seat dealer) noexcept;
inline Seat match_turn(const MatchState& m) noexcept { return m.over ? kNoSeat : m.deal.turn; }
int match_legal(const MatchState& m, Seat seat, Move* out) noexcept;
Code match_apply(MatchState& m, Seat seat, Move mv, EventSink* events) noexcept;
// match_apply of a move known to be legal in a match not over, skipping the
// refusal checks as apply_legal does (deal.hpp).
void match_apply_legal(MatchState& m, Seat seat, Move mv, EventSink* events) noexcept;
// How far `seat` still is from the target, never below 0.
int to_win(const MatchState& m, Seat seat) noexcept;

}  // namespace trumpf::schnapsen
