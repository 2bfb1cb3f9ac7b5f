// The Schnapsen family's fixed action space (docs/rl.md has the table): one
// integer per card, per marriage, per marriage shown by a lead, and one each
// for exchange, close, claim and draw. Schnapsen and Sixty-Six share it, so
// one network serves both; the nines are never legal in Schnapsen.
//
//   int a = action_of(move);               // -1 for what is not a move
//   Move m = move_of(deal, a);             // lead or follow by whether a card is led
//   std::uint64_t bits = legal_actions(deal, seat);  // bit a set: action a is legal
#pragma once

#include <cstdint>

#include "common/layout.hpp"
#include "schnapsen/deal.hpp"

namespace trumpf::schnapsen {

constexpr int kActionCard = 0;           // 0..23: the card id - 1, led or followed
constexpr int kActionMarriage = 24;      // 24..27: marriage in suit S, H, D, C
constexpr int kActionMarriageLead = 28;  // 28..35: marriage shown by leading K (even) or Q
constexpr int kActionExchange = 36;
constexpr int kActionClose = 37;
constexpr int kActionClaim = 38;
constexpr int kActionDraw = 39;
constexpr int kActions = 40;

// The action space, row by row (docs/rl.md's table is read from here).
inline constexpr LayoutRow kActionRows[] = {
    {kActionCard, 24, "card",
     "the card with id a + 1 (AS TS KS QS JS 9S, AH ... 9H, AD ... 9D, AC ... 9C): `lead`, or "
     "`follow` while a card is led"},
    {kActionMarriage, 4, "marriage",
     "`marriage` in suit S, H, D, C (the reference's: declare, then lead K or Q)"},
    {kActionMarriageLead, 8, "marriage_lead",
     "`marriage` shown by leading its king (28 + 2s) or queen (29 + 2s), suit s = S, H, D, C: "
     "the house rule `marriage_by_lead`"},
    {kActionExchange, 1, "exchange",
     "`exchange` the trump jack (nine in Sixty-Six) for the turn-up"},
    {kActionClose, 1, "close", "`close` the talon"},
    {kActionClaim, 1, "claim", "`claim` 66"},
    {kActionDraw, 1, "draw",
     "`draw` (Sixty-Six: draw after a trick, when closing first is allowed)"},
};
static_assert(tiles(kActionRows, kActions), "kActionRows must cover the actions in order");

// The action a move is; -1 for a move no action stands for (kind kNone,
// a card or suit out of range, a marriage led with a card not of its pair).
int action_of(Move m) noexcept;

// The move action `a` (0 <= a < kActions) stands for in `s`: a card is a
// follow while a card is led, else a lead. Legal or not: apply_move decides.
Move move_of(const DealState& s, int a) noexcept;

// The legal moves of `seat` as a set of actions (bit a for action a).
std::uint64_t legal_actions(const DealState& s, Seat seat) noexcept;

// "AS", ..., "marriage S", ..., "marriage KS", "marriage QS", ..., "exchange",
// "close", "claim", "draw".
const char* action_name(int a) noexcept;

}  // namespace trumpf::schnapsen
