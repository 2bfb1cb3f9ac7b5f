// A seat's view as the reference's dict: the engine's SeatView
// (schnapsen/view.hpp), which decides what the seat may see, converted.
#include "bindings/schnapsen/convert.hpp"

namespace trumpf::bindings::schnapsen {

py::dict view_dict(const ts::SeatView& v) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = k.seats[v.seat];
  d[k.variant] = k.variants[v.base];
  d[k.number] = py::int_(v.number);
  d[k.dealer] = seat_obj(v.dealer);
  d[k.ply] = py::int_(v.ply);
  d[k.phase] = py::int_(v.phase);
  d[k.turn] = seat_obj(v.turn);
  d[k.leader] = seat_obj(v.leader);
  d[k.trump] = k.suits[v.trump];
  d[k.turn_up] = card_obj(v.turn_up);
  d[k.talon_left] = py::int_(v.talon_left);
  d[k.draw_left] = py::int_(v.draw_left);
  d[k.closed] = py::bool_(v.closed_by != ts::kNoSeat);
  d[k.closed_by] = seat_obj(v.closed_by);
  d[k.close_state] = close_state_obj(v.closed_by, v.close_state);
  d[k.pending_draw] = py::bool_(v.pending_draw);
  d[k.hand] = cards_obj(v.hand, v.hand_n);
  d[k.counts] = per_seat(py::int_(v.counts[0]), py::int_(v.counts[1]));
  d[k.taken] = per_seat(py::int_(v.taken[0]), py::int_(v.taken[1]));
  d[k.tricks_won] = per_seat(py::int_(int(v.tricks_won[0])), py::int_(int(v.tricks_won[1])));
  d[k.melds] = melds_obj(v.melds, v.counted, v.n_melds);
  d[k.lead] = card_obj(v.lead);
  d[k.must_lead] = v.must_lead[0] ? py::object(cards_obj(v.must_lead, 2)) : py::object(py::none());
  d[k.last_trick] = v.has_last ? py::object(trick_dict(v.last)) : py::object(py::none());
  d[k.legal] = moves_obj(v.trump, v.legal, v.n_legal);
  d[k.over] = py::bool_(v.over);
  d[k.result] = v.over ? py::object(result_dict(v.result, false)) : py::object(py::none());
  return d;
}

}  // namespace trumpf::bindings::schnapsen
