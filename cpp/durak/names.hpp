// Names as people and logs spell them: cards ("TS", "10", "ten of spades"),
// suits, move and event kinds, phases, refusal codes, outcomes. Parsing never
// throws: a name that is not one gives the "none" value of its type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "durak/game.hpp"

namespace trumpf::durak {

const char* code_name(Code c) noexcept;
const char* phase_name(Phase p) noexcept;
const char* how_name(How h) noexcept;
// "attack" .. "resign"; "?" for kNone.
const char* kind_name(Kind k) noexcept;
const char* event_kind_name(EventKind k) noexcept;
// "fool", "draw", "resign"; "none" for kNone.
const char* outcome_name(Outcome o) noexcept;

// "TS": rank letter then suit letter; "?" for anything that is not a card id.
std::string name_of(Card c);
// The rank as the card's face shows it: "10" for a ten, else the rank letter.
std::string face_of(Card c);
// "ten of spades", lower case as the reference spells it.
std::string long_name_of(Card c);
// The id of "TS", "ts" or "10S"; 0 for anything else.
Card id_of(std::string_view name) noexcept;
// A card as a refusal names it: its id, which a move carries, and its name ("5 TS").
std::string label_of(Card c);
// "[1 AS, 5 TS]", in id order.
std::string labels_of(Cards cards);

// 0..3 for "S", "H", "D", "C" (exactly one upper-case letter); -1 otherwise.
int suit_named(std::string_view letter) noexcept;
// The move kind called `name`; Kind::kNone for anything else.
Kind kind_named(std::string_view name) noexcept;
// The event kind called `name`; false for anything else.
bool event_kind_named(std::string_view name, EventKind* out) noexcept;
// The phase called `name`; false for anything else.
bool phase_named(std::string_view name, Phase* out) noexcept;

// The move kind behind a move event (kAttack .. kResign).
constexpr Kind kind_of_event(EventKind k) noexcept { return Kind(int(k) + 1); }

// One line a person can read: the deal number, trump, whose turn it is or how
// it ended, both hands, and the bout.
std::string describe(const GameState& s, std::uint64_t number);

}  // namespace trumpf::durak
