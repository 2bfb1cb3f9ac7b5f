// Deal.info(seat) and Match.info(seat): a seat's information set
// (schnapsen/info.hpp) as the contract's dict ("Information sets").
#include <pybind11/pybind11.h>

#include <vector>

#include "bindings/common/objects.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/info.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

// A card set in id order.
py::list mask_obj(std::uint32_t mask) {
  ts::Card cards[24];
  int n = 0;
  for (int c = 1; c <= 24; ++c)
    if (mask & ts::bit(ts::Card(c))) cards[n++] = ts::Card(c);
  return cards_obj(cards, n);
}

py::dict seat_card(ts::Seat seat, ts::Card card) {
  py::dict d;
  d[keys().seat] = seat_obj(seat);
  d[keys().card] = card_obj(card);
  return d;
}

// Every card played, in order: each trick's lead and follow, then the card
// led to the trick in play.
py::list played_obj(const ts::InfoSet& i, const std::vector<ts::Trick>& tricks) {
  py::list l;
  for (const ts::Trick& t : tricks) {
    l.append(seat_card(t.leader, t.lead));
    l.append(seat_card(ts::other(t.leader), t.follow));
  }
  if (i.lead) l.append(seat_card(i.leader, i.lead));
  return l;
}

py::list exchanges_obj(const ts::InfoSet& i) {
  py::list l;
  for (int k = 0; k < i.n_exchanges; ++k) {
    py::dict d;
    d[keys().seat] = seat_obj(i.exchanges[k].seat);
    d["took"] = card_obj(i.exchanges[k].took);
    l.append(d);
  }
  return l;
}

py::object close_obj(const ts::InfoSet& i) {
  if (i.closed_by == ts::kNoSeat) return py::none();
  const Keys& k = keys();
  py::dict d;
  d[k.by] = seat_obj(i.close_state.by);
  for (int s = 0; s < 2; ++s) {
    py::dict x;
    x[k.tricks] = py::int_(i.close_state.tricks[s]);
    x[k.points] = py::int_(i.close_state.points[s]);
    d[k.seats[s]] = x;
  }
  return std::move(d);
}

py::list melds_of(const ts::InfoSet& i) {
  const Keys& k = keys();
  py::list l;
  for (int n = 0; n < i.n_melds; ++n) {
    const ts::Meld& m = i.melds[n];
    py::dict d;
    d[k.seat] = seat_obj(m.seat);
    d[k.suit] = k.suits[m.suit & 3];
    d[k.value] = py::int_(int(m.value));
    d[k.counted] = py::bool_(i.tricks_won[m.seat] > 0);
    l.append(d);
  }
  return l;
}

template <class T>
py::dict pair_obj(const T (&v)[2]) {
  return per_seat(py::int_(v[0]), py::int_(v[1]));
}

// Everything but `legal`, from the information set alone.
py::dict info_dict(const ts::InfoSet& i, const std::vector<ts::Trick>& tricks, std::size_t ply) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = k.seats[i.seat];
  d[k.variant] = k.variants[i.rules.base];
  d["rules"] = rules_dict(i.rules);
  d[k.number] = py::int_(i.number);
  d[k.dealer] = seat_obj(i.dealer);
  d[k.ply] = py::int_(ply);
  d[k.phase] = py::int_(int(i.phase));
  d[k.turn] = seat_obj(i.turn);
  d[k.leader] = seat_obj(i.leader);
  d[k.lead] = card_obj(i.lead);
  d[k.must_lead] = i.must_lead[0] ? py::object(cards_obj(i.must_lead, 2)) : py::none();
  d[k.trump] = k.suits[i.trump];
  d[k.turn_up] = card_obj(i.turn_up);
  d[k.talon_left] = py::int_(int(i.talon_left));
  d[k.draw_left] = py::int_(int(i.draw_left));
  d[k.closed_by] = seat_obj(i.closed_by);
  d[k.close_state] = close_obj(i);
  d[k.pending_draw] = py::bool_(i.pending_draw);
  d[k.hand] = cards_obj(i.hand_cards, i.hand_n);
  d[k.counts] = pair_obj(i.counts);
  d[k.taken] = pair_obj(i.taken);
  d[k.tricks_won] = pair_obj(i.tricks_won);
  d[k.melds] = melds_of(i);
  d[k.tricks] = tricks_obj(tricks);
  d["played"] = played_obj(i, tricks);
  d["exchanges"] = exchanges_obj(i);
  d["known"] = mask_obj(i.known);
  d["unseen"] = mask_obj(i.unseen);
  return d;
}

void finish(py::dict& d, const ts::InfoSet& i, py::list legal) {
  const Keys& k = keys();
  d[k.legal] = legal;
  d[k.over] = py::bool_(i.over);
  d[k.result] = i.over ? py::object(result_dict(i.result, false)) : py::object(py::none());
}

py::dict deal_info(py::handle self, py::handle seat_h) {
  // The object before the seat: an unbuilt one is not_built whatever the seat.
  const ts::DealRecord& r = self_of<ts::DealRecord>(self);
  const ts::Seat seat = seat_arg(seat_h);  // Python code runs only to refuse: r unread after
  // Copies: building the dict may run Python code that re-enters the deal.
  const ts::DealState s = r.state;
  const std::vector<ts::Trick> tricks = r.tricks;
  const std::size_t ply = r.history.size();
  const ts::InfoSet i = ts::info_set(s, r.shown, seat);
  py::dict d = info_dict(i, tricks, ply);
  finish(d, i, legal_obj(s, seat, false));
  return d;
}

py::dict match_info(py::handle self, py::handle seat_h) {
  const ts::MatchRecord& r = self_of<ts::MatchRecord>(self);
  const ts::Seat seat = seat_arg(seat_h);
  const ts::MatchState m = r.state;
  const std::vector<ts::Trick> tricks = r.tricks;
  const std::size_t ply = r.deal_history.size();  // the current deal's, as Deal.info's
  const ts::InfoSet i = ts::info_set(m, r.shown, seat);
  py::dict d = info_dict(i, tricks, ply);
  finish(d, i, legal_obj(m.deal, seat, m.over));
  const Keys& k = keys();
  d[k.scores] = pair_obj(i.match.scores);
  d[k.to_win] = pair_obj(i.match.to_win);
  d[k.deals] = py::int_(int(i.match.deals));
  d[k.match_over] = py::bool_(i.match.over);
  d[k.winner] = seat_obj(i.match.winner);
  return d;
}

}  // namespace

void register_info(py::module_& m) {
  const char* doc =
      "Everything `seat` can know now, as plain data: its hand, every trick and card played "
      "with who played it, exchanges, the cards the other seat is known to hold and those it "
      "cannot place (`unseen`), the counts, scores and flags. Never the other hand, the talon's "
      "order or the seed (docs/api-contract.md, \"Information sets\").";
  py::reinterpret_borrow<py::class_<ts::DealRecord>>(m.attr("Deal"))
      .def("info", &deal_info, py::arg("seat"), doc);
  py::reinterpret_borrow<py::class_<ts::MatchRecord>>(m.attr("Match"))
      .def("info", &match_info, py::arg("seat"),
           "The current deal's information set for `seat`, as Deal.info gives it (ply counts "
           "this deal's events), plus scores, to_win, deals, match_over and winner, as in "
           "Match.view.");
}

}  // namespace trumpf::bindings::schnapsen
