// Whether an information set is one the rules can reach: some deal, played
// legally, leads to a position where the seat is on turn, the game not over,
// and the seat's information set (info.hpp) is the one given, with its
// attacks and beats in order (`played`). info_complete asks this last, once
// the quick checks pass.
//
// The search has three layers, the oracle's (trumpf/reference/durak/
// witness*.py) in the same order and with the same limits:
//   - reach_history.hpp: the public histories `played` can be (where bouts
//     ended, taken or beaten off), each fixing every count and bout;
//   - here: what a history leaves open of the cards the table saw move
//     without a play (the turn-up, drawn as the talon's last card; the six
//     and the turn-up a swap exchanged: who swapped, when, which card the
//     turn-up was), and which cards each seat must have held when;
//   - reach_draws.hpp: for each seat, which card it drew when, so that the
//     takes and dones that were choices (events, plies) number what `ply`
//     says, and the lowest trump dealt gives the first attack to the seat
//     that made it.
// A history that needs more work than the limits allow is refused as too
// involved to check: no real game comes near them.
#pragma once

#include <cstddef>

#include "durak/info.hpp"
#include "durak/reach_history.hpp"

namespace trumpf::durak {

using reach::Play;

// nullptr when the rules reach `info` with these plays, else what is wrong.
// May throw std::bad_alloc; its memory is bounded by the search's limits.
const char* reach_check(const InfoSet& info, const Play* played, std::size_t n);

}  // namespace trumpf::durak
