// Converting between the Schnapsen engine's values and the reference's
// dicts: the only thing the Schnapsen bindings do. Keys and fixed values are
// interned once (keys()); the commonest dicts are copied from templates.
//
// Every conversion to Python takes its engine values by value or from a
// snapshot the caller made, because building a dict can run a finalizer that
// re-enters the object being read.
#pragma once

#include <pybind11/pybind11.h>

#include <vector>

#include "schnapsen/deal.hpp"
#include "schnapsen/explain.hpp"
#include "schnapsen/record.hpp"
#include "schnapsen/view.hpp"

namespace trumpf::bindings::schnapsen {

namespace py = pybind11;
namespace ts = trumpf::schnapsen;

struct Keys {
  py::str seat{"seat"};
  py::str kind{"kind"};
  py::str card{"card"};
  py::str suit{"suit"};
  py::str value{"value"};
  py::str king{"king"};
  py::str queen{"queen"};
  py::str winner{"winner"};
  py::str loser{"loser"};
  py::str drawn{"drawn"};
  py::str points{"points"};
  py::str tricks{"tricks"};
  py::str closed_by{"closed_by"};
  py::str last_trick{"last_trick"};
  py::str how{"how"};
  py::str game_points{"game_points"};
  py::str by{"by"};
  py::str counted{"counted"};
  py::str leader{"leader"};
  py::str lead{"lead"};
  py::str follow{"follow"};
  py::str number{"number"};
  py::str dealer{"dealer"};
  py::str trump{"trump"};
  py::str turn_up{"turn_up"};
  py::str scores{"scores"};
  py::str deals{"deals"};
  py::str hands{"hands"};
  py::str talon{"talon"};
  py::str variant{"variant"};
  py::str ply{"ply"};
  py::str phase{"phase"};
  py::str turn{"turn"};
  py::str talon_left{"talon_left"};
  py::str draw_left{"draw_left"};
  py::str closed{"closed"};
  py::str close_state{"close_state"};
  py::str pending_draw{"pending_draw"};
  py::str hand{"hand"};
  py::str counts{"counts"};
  py::str taken{"taken"};
  py::str tricks_won{"tricks_won"};
  py::str melds{"melds"};
  py::str must_lead{"must_lead"};
  py::str legal{"legal"};
  py::str over{"over"};
  py::str result{"result"};
  py::str to_win{"to_win"};
  py::str match_over{"match_over"};
  py::str match{"match"};
  py::str deal{"deal"};
  py::str events{"events"};
  py::str name{"name"};
  py::str seats[2] = {py::str("p1"), py::str("p2")};
  py::str suits[4] = {py::str("S"), py::str("H"), py::str("D"), py::str("C")};
  py::str move_kinds[8];
  py::str event_kinds[11];
  py::str hows[7];
  py::str variants[2] = {py::str("schnapsen"), py::str("sixtysix")};
  Keys();
};
// Made at import and never freed: interned strings outlive every object.
const Keys& keys();
void make_keys();

// ---- Python -> engine

// kP1 / kP2, or kNoSeat for anything that is not "p1" or "p2".
ts::Seat parse_seat(py::handle h) noexcept;
// A seat, or Error bad_seat.
ts::Seat seat_arg(py::handle h);
// None -> kNoSeat, else seat_arg.
ts::Seat seat_or_none(py::handle h);
// A move a caller built: never trusted. Anything malformed becomes a Move the
// engine refuses with the reference's code (kind kNone: not_legal; a card
// that is not an id: not_held; a suit that is not one: no_marriage).
ts::Move parse_move(py::handle h);
// A logged move {seat, kind, ...}: the seat too (kNoSeat if it is not one).
ts::SeatMove parse_logged_move(py::handle h);
// What the caller passed, as text, for the refusal message.
ts::Given given_of(py::handle seat, py::handle move);
// A variant value: a game or preset name, or a rules table (whole or in
// part); Error bad_variant naming the field that is wrong.
ts::Rules rules_arg(py::handle h);
ts::Card card_arg(py::handle h);
int suit_arg(py::handle h);
std::vector<ts::Card> cards_arg(py::handle h);
// The events of a history, for moves_of; Error bad_history naming the first
// entry that is not an event.
std::vector<ts::Entry> history_arg(py::handle h);

// ---- engine -> Python

py::object seat_obj(ts::Seat s);
py::object card_obj(ts::Card c);
py::list cards_obj(const ts::Card* cards, int n);
py::dict per_seat(py::object p1, py::object p2);
// A move as legal() lists it; `trump` prices a marriage (20, or 40 in trumps).
py::dict move_dict(int trump, ts::Move m);
py::dict logged_move_dict(ts::SeatMove m);
py::list legal_obj(const ts::DealState& s, ts::Seat seat, bool match_over);
// Moves as legal() lists them, `trump` pricing the marriages.
py::list moves_obj(int trump, const ts::Move* moves, int n);
py::dict result_dict(const ts::Result& r, bool with_kind);
py::dict result_dict(const ts::WideResult& r, bool with_kind);
py::dict game_end_dict(ts::Seat winner, const std::int16_t scores[2], int deals, bool with_kind);
// Events as dicts, from a snapshot: the caller copies the entries out of the
// record first (a dict built here may run a finalizer that re-enters it).
py::list events_obj(const ts::Entry* snapshot, std::size_t n);
inline py::list events_obj(const std::vector<ts::Entry>& snapshot) {
  return events_obj(snapshot.data(), snapshot.size());
}
// Entries [from, from + n) of a record's history, each read by index as it is
// converted: a history only grows, and a dict built here may run a finalizer
// that appends to it and so moves it, which a pointer into it would not survive.
py::list events_at(const std::vector<ts::Entry>& live, std::size_t from, std::size_t n);
py::dict trick_dict(const ts::Trick& t);
py::list tricks_obj(const std::vector<ts::Trick>& snapshot);
py::object close_state_obj(const ts::DealState& s);
py::object close_state_obj(ts::Seat closed_by, const ts::CloseState& c);
py::list melds_obj(const ts::DealState& s);
py::list melds_obj(const ts::Meld* melds, const bool* counted, int n);
py::object must_lead_obj(const ts::DealState& s);
py::list can_marry_obj(const ts::DealState& s, ts::Seat seat);
// A seat's view (schnapsen/view.hpp) as the reference's dict.
py::dict view_dict(const ts::SeatView& v);
// The full rules table: the base game's fields and the house rules.
py::dict rules_dict(const ts::Rules& r);

}  // namespace trumpf::bindings::schnapsen
