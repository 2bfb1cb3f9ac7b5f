// What a finished episode pays each seat: the one rule the VectorEnv, the
// single-env adapters and trumpf.rl.rewards all read.
//
//   a deal:           its game points, to the winner and from the loser
//                     (nothing for a drawn Sixty-Six deal);
//   a match:          +1 to the winner, -1 to the loser;
//   a Durak game:     -1 for the fool, +1 for the other seat (nothing for a draw).
//
// Seats are indexed 0 and 1 (Durak's 1 and 2 shifted); an unfinished game pays 0.
#pragma once

#include "durak/game.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::rl {

inline void deal_rewards(const schnapsen::DealState& d, float out[2]) noexcept {
  out[0] = out[1] = 0.0f;
  if (!d.over || d.result.winner == schnapsen::kNoSeat) return;
  const float v = float(d.result.game_points);
  out[d.result.winner] = v;
  out[schnapsen::other(d.result.winner)] = -v;
}

inline void match_rewards(const schnapsen::MatchState& m, float out[2]) noexcept {
  out[0] = out[1] = 0.0f;
  if (!m.over || m.winner == schnapsen::kNoSeat) return;
  out[m.winner] = 1.0f;
  out[schnapsen::other(m.winner)] = -1.0f;
}

inline void durak_rewards(const durak::GameState& s, float out[2]) noexcept {
  out[0] = out[1] = 0.0f;
  if (!durak::is_over(s) || s.fool == durak::kNoSeat) return;
  out[s.fool] = -1.0f;
  out[durak::other(s.fool)] = 1.0f;
}

}  // namespace trumpf::rl
