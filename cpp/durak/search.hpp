// The reference bots' cost of a card and their choice, from what one seat
// can see (docs/rules/durak.md, "The reference bots"). The bots themselves (level, word, a choice
// from a seat's view or a whole position) are in "durak/bot.hpp".
#pragma once

#include <cstdint>

#include "durak/card.hpp"
#include "durak/game.hpp"

namespace trumpf::durak {

// What playing `c` from `hand` costs the bot of `level`: its power, +20 for a
// trump, +1 for a rank held twice or more (a level-3 attacker: -2 instead).
int search_cost(Card c, Cards hand, int trump, int level, bool attacking) noexcept;

// What Search of `level` picks from `legal` (n moves, reference order) for a
// seat holding `hand`. Level 1 plays legal[word mod n]. Levels 2 and 3 swap
// when they may; defending, beat with the cheapest card, else take (level 3
// takes rather than spend a trump of power above 3 while the talon holds more
// than six cards and the bout at most two attacks); attacking, throw the
// cheapest card, else done. Kind::kNone when n is 0.
Move choose_move(const Move* legal, int n, Cards hand, int trump, int talon_left, int bout_attacks,
                 bool defending, int level, std::uint32_t word) noexcept;

}  // namespace trumpf::durak
