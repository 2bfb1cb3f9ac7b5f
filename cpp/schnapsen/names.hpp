// Names as people and logs spell them: cards ("TD", "ten of diamonds"),
// suits, seats, move and event kinds, variants. Parsing never throws: a name
// that is not one gives the "none" value of its type.
#pragma once

#include <string>
#include <string_view>

#include "schnapsen/card.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::schnapsen {

// "TD": rank letter then suit letter; "?" for anything that is not a card id.
std::string name_of(Card c);
// "ten of diamonds", lower case as the reference spells it.
std::string long_name_of(Card c);
// The id of "TD", "td" or "10D"; kNoCard for anything else.
Card id_of(std::string_view name) noexcept;
// A card as a refusal names it: its id, which the move carried, and its name
// ("11 KD").
std::string label_of(Card c);
// "[11 KD, 7 AH]".
std::string labels_of(const Card* cards, int n);

// 0..3 for "S", "H", "D", "C" (exactly one upper-case letter); -1 otherwise.
int suit_named(std::string_view letter) noexcept;
// A refusal code's name ("must_follow"); "?" for a value out of range.
const char* code_name(Code c) noexcept;
// "p1", "p2"; "nobody" for kNoSeat.
const char* seat_name(Seat s) noexcept;
// kP1, kP2, or kNoSeat for anything but "p1" and "p2".
Seat seat_named(std::string_view name) noexcept;

// The move kind called `name`; MoveKind::kNone for anything else.
MoveKind move_kind_named(std::string_view name) noexcept;
// The event kind called `name`; false for anything else.
bool event_kind_named(std::string_view name, EventKind* out) noexcept;

// One line a person can read: the variant, trump, talon, both hands with
// their points and tricks, and whose move it is or how it ended.
std::string describe(const DealState& s);
std::string describe(const MatchState& m);

}  // namespace trumpf::schnapsen
