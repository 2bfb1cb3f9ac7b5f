// A seat's view: everything that seat may see, and nothing else.
#include "bindings/schnapsen/convert.hpp"

namespace trumpf::bindings::schnapsen {

py::dict view_dict(const ts::DealState& s, const ts::Trick* last, ts::Seat seat, std::size_t ply,
                   bool match_over) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = k.seats[seat];
  d[k.variant] = k.variants[s.rules.base];
  d[k.number] = py::int_(s.number);
  d[k.dealer] = seat_obj(s.dealer);
  d[k.ply] = py::int_(ply);
  d[k.phase] = py::int_(ts::phase(s));
  d[k.turn] = match_over ? py::object(py::none()) : seat_obj(s.turn);
  d[k.leader] = seat_obj(s.leader);
  d[k.trump] = k.suits[s.trump];
  d[k.turn_up] = card_obj(s.turn_up);
  d[k.talon_left] = py::int_(ts::talon_left(s));
  d[k.draw_left] = py::int_(ts::draw_left(s));
  d[k.closed] = py::bool_(s.closed_by != ts::kNoSeat);
  d[k.closed_by] = seat_obj(s.closed_by);
  d[k.close_state] = close_state_obj(s);
  d[k.pending_draw] = py::bool_(s.pending_draw);
  d[k.hand] = cards_obj(s.hand[seat], s.hand_n[seat]);
  d[k.counts] = per_seat(py::int_(int(s.hand_n[0])), py::int_(int(s.hand_n[1])));
  d[k.taken] = per_seat(py::int_(s.taken[0]), py::int_(s.taken[1]));
  d[k.tricks_won] = per_seat(py::int_(int(s.tricks_won[0])), py::int_(int(s.tricks_won[1])));
  d[k.melds] = melds_obj(s);
  d[k.lead] = card_obj(s.lead);
  d[k.must_lead] = must_lead_obj(s);
  d[k.last_trick] = last ? py::object(trick_dict(*last)) : py::object(py::none());
  d[k.legal] = legal_obj(s, seat, match_over);
  d[k.over] = py::bool_(s.over);
  d[k.result] = s.over ? py::object(result_dict(s.result, false)) : py::object(py::none());
  return d;
}

}  // namespace trumpf::bindings::schnapsen
