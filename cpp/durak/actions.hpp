// Durak's fixed action space (docs/rl.md has the table): one integer per
// card, which is an attack or a beat by the phase (a seat never has both on
// offer at once), and one each for take, done, swap and resign.
//
//   int a = action_of(move);                 // -1 for what is not a move
//   Move m = move_of(state, a);              // beat while defending, else attack
//   std::uint64_t bits = legal_actions(state, seat);  // bit a set: action a is legal
//
// A card's action is its id - 1, which is also its bit in a card set, so the
// legal cards are the legal actions as they stand.
#pragma once

#include <cstdint>

#include "common/layout.hpp"
#include "durak/game.hpp"

namespace trumpf::durak {

constexpr int kActionCard = 0;  // 0..35: the card id - 1, attacked or beaten with
constexpr int kActionTake = 36;
constexpr int kActionDone = 37;
constexpr int kActionSwap = 38;
constexpr int kActionResign = 39;  // never in legal(): a seat may resign at any time
constexpr int kActions = 40;

// The action space, row by row (docs/rl.md's table is read from here).
inline constexpr LayoutRow kActionRows[] = {
    {kActionCard, 36, "card",
     "the card with id a + 1 (AS KS QS JS TS 9S 8S 7S 6S, AH ... 6C): `beat` while defending, "
     "else `attack`"},
    {kActionTake, 1, "take", "`take`"},
    {kActionDone, 1, "done", "`done`"},
    {kActionSwap, 1, "swap", "`swap` the trump six for the turn-up"},
    {kActionResign, 1, "resign",
     "`resign`: never in `legal()` or the mask (a seat may resign at any time), so an agent "
     "never picks it from the mask"},
};
static_assert(tiles(kActionRows, kActions), "kActionRows must cover the actions in order");

int action_of(Move m) noexcept;
Move move_of(const GameState& s, int a) noexcept;
// legal_moves(s, seat) as a set of actions (bit a for action a).
std::uint64_t legal_actions(const GameState& s, Seat seat) noexcept;
// "AS", ..., "6C", "take", "done", "swap", "resign".
const char* action_name(int a) noexcept;

}  // namespace trumpf::durak
