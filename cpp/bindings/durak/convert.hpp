// Converting between the Durak engine's values and the reference's dicts:
// the only thing the Durak bindings do. Keys and fixed values are interned
// once (keys()); the commonest dicts are copied from templates.
//
// Reading: every argument is checked and refused with Error(code, message)
// when it is not what the contract says ("Edge behaviour"); a list argument is
// a list or a tuple read by value into a list of our own (items_arg) before its
// items are read, and values are held by strong references while anything
// else runs. Writing: every conversion takes its
// engine values by value or from a snapshot the caller made, because building
// a dict can run a finalizer that re-enters the object being read.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "durak/explain.hpp"
#include "durak/game.hpp"
#include "durak/record.hpp"
#include "durak/view.hpp"

namespace trumpf::bindings::durak {

namespace py = pybind11;
namespace td = trumpf::durak;

struct Keys {
  py::str kind, seat, card, taken, how, cards, discard, next_attacker, drawn, talon, outcome, fool,
      places, attacker, defender, cap, attacks, beats, size, unbeaten, pairs, attack, beat, ply,
      phase, turn, trump, trump_card, hand, counts, swap, legal, over, result, bout, game, events,
      hands, first_attacker, six_of_trumps, six_owner;
  py::int_ seats[2];  // by engine seat: the ints 1 and 2
  py::str suits[4];
  py::str kinds[7];  // by td::Kind; kNone unused
  py::str event_kinds[10];
  py::str hows[5];
  py::str phases[4];
  py::str outcomes[4];
  Keys();
};
// Made at import and never freed: interned strings outlive every object.
const Keys& keys();
void make_keys();

inline bool carded(td::Kind k) noexcept { return k == td::Kind::kAttack || k == td::Kind::kBeat; }

// ---- Python -> engine: the pieces the converters share

// A card id 1..36 (an int, not a bool), or 0. Runs no Python code.
td::Card parse_card(py::handle h) noexcept;
// The move kind a str names; Kind::kNone for anything else.
td::Kind parse_kind(py::handle h);
// Distinct card ids from a list or tuple (read by value), in order;
// Error(code, "<what> ...") otherwise.
std::vector<td::Card> distinct_cards(py::handle h, const char* code, const std::string& what);
// d[key] (d a dict), which must be there: Error(code, "<what> has no '<key>'").
py::object required(py::handle d, const py::str& key, const char* code, const char* what);
// required(), an int in [lo, hi]: Error(code, ...) otherwise.
long long int_item(py::handle d, const py::str& key, long long lo, long long hi, const char* code,
                   const char* what);

// ---- Python -> engine

// The seats cross here: Python's ints 1 and 2 are the engine's kP1 and kP2.
// The engine's seat for the int 1 or 2, or kNoSeat for anything else. Runs
// no Python code.
td::Seat parse_seat(py::handle h) noexcept;
// A seat, or Error bad_seat.
td::Seat seat_arg(py::handle h);
// A move a caller built: never trusted. Anything malformed becomes a Move the
// engine refuses with the reference's code (Kind::kNone: not_legal; a card
// that is not an id: card 0, card_not_held).
td::Move parse_move(py::handle h);
// A logged move {seat, kind, card}: the seat too (kNoSeat if it is not one).
td::SeatMove parse_logged_move(py::handle h);
// What the caller passed, as text, for a refusal's message.
td::Given given_of(py::handle seat, py::handle move);
// A card id 1..36, or Error bad_card.
td::Card card_arg(py::handle h);
// A suit letter S, H, D or C, as its index; Error bad_suit otherwise.
int suit_arg(py::handle h);
// A hand: a list or tuple of distinct card ids, in the caller's order; Error bad_card.
std::vector<td::Card> hand_arg(py::handle h);
td::Cards mask_of(const std::vector<td::Card>& cards) noexcept;
// A bout as Game.bout gives it: attacker and defender (1 or 2), attacks,
// beats (parallel, beaten in order), cap and taken read; Error bad_bout.
td::Bout bout_arg(py::handle h);
// A view as Game.view gives it; reads seat, ply, phase, trump, talon, hand,
// bout (its size) and legal. Error bad_view naming what is wrong.
td::SeatView view_arg(py::handle h);
// A count of cards, an int 0..36; Error bad_counts naming `what`.
int count_arg(py::handle h, const char* what);
// Hand sizes exactly {1: n, 2: n}: a dict whose keys are the ints 1 and 2
// (no subclass, no bool), counts 0..36; Error bad_counts. Runs no Python code
// but a refusal's repr.
std::array<int, 2> counts_arg(py::handle h);
// True or False; Error bad_value naming `what`.
bool flag_arg(py::handle h, const char* what);
// A bot level: an int of any size, clamped to 1..3; Error bad_level.
int level_arg(py::handle h);
// An asked level for the ladder: an int of any size; Error bad_level.
long long asked_level_arg(py::handle h);
// A level-1 word, an int 0..2**32-1; Error bad_value.
std::uint32_t word_arg(py::handle h);
// A ply, an int 0..2**63-1; Error bad_value.
std::uint64_t ply_arg(py::handle h);
// A bot seed as the text it hashes: a str as UTF-8, bytes as they are, None
// as ""; Error bad_seed for anything else.
std::string bot_seed_arg(py::handle h);
// The events of a history, for moves_of; Error bad_history naming the first
// entry that is not an event.
std::vector<td::Event> history_arg(py::handle h);

// ---- engine -> Python

// The int 1 or 2 for an engine seat; None for kNoSeat.
py::object seat_obj(td::Seat seat);
py::object card_obj(td::Card c);
py::list cards_obj(td::Cards cards);
py::list cards_obj(const std::vector<td::Card>& cards);
// {1: one, 2: two}: one is kP1's, two kP2's.
py::dict per_seat(py::object one, py::object two);
py::dict move_dict(td::Move m);
py::object move_or_none(td::Move m);
py::dict logged_move_dict(const td::SeatMove& m);
py::list legal_obj(const td::Move* moves, int n);
py::list legal_obj(const td::GameState& s, td::Seat seat);
py::dict result_dict(td::Outcome o, td::Seat fool);
py::object result_obj(const td::GameState& s);
// Events as dicts, from a snapshot the caller copied out of the record.
py::list events_obj(const td::Event* snapshot, std::size_t n);
inline py::list events_obj(const std::vector<td::Event>& snapshot) {
  return events_obj(snapshot.data(), snapshot.size());
}
// Game.bout: {attacker, defender, cap, attacks, beats, taken}, or None.
py::object bout_obj(const td::Bout& b);
py::dict view_dict(const td::SeatView& v);

}  // namespace trumpf::bindings::durak
