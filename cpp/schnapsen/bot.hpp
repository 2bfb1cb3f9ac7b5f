// The reference bots, levels 1 and 2 (docs/rules/schnapsen.md, "The reference bots").
//
//   Move m = bot_choose(deal_state, seat, level);  // kind INVALID: nothing to do
//
// Deterministic and allocation-free; a match needs no more context than its
// current deal (MatchState::deal).
#pragma once

#include "schnapsen/deal.hpp"

namespace trumpf::schnapsen {

// The ladder 1,1,2,2,2 an asked level 1..5 maps onto (clamped).
inline int bot_level_for(long long n) noexcept {
  if (n <= 2) return 1;
  return 2;
}
// The level Bot(level=n) plays: n itself, clamped to the levels there are.
inline int bot_level_of(long long n) noexcept { return n < 1 ? 1 : n > 2 ? 2 : int(n); }

int hand_strength(const Card* hand, int n, int trump) noexcept;
// Cheapest: by points, then power, then id; dearest: the reverse on points
// and power, then id ascending. `n` must be > 0.
Card cheapest(const Card* cards, int n) noexcept;
Card dearest(const Card* cards, int n) noexcept;

// Each chooses among what legal(seat) offers, and answers "none" (-1,
// kNoCard) for a seat with nothing of that kind on offer.
// Highest-valued marriage on offer (ties: first in C, D, H, S), or -1.
int best_marriage(const DealState& s, Seat seat) noexcept;
bool should_claim(const DealState& s, Seat seat) noexcept;
bool should_close(const DealState& s, Seat seat, int level) noexcept;
Card best_lead(const DealState& s, Seat seat, int level) noexcept;
Card best_follow(const DealState& s, Seat seat) noexcept;

Move bot_choose(const DealState& s, Seat seat, int level) noexcept;

}  // namespace trumpf::schnapsen
