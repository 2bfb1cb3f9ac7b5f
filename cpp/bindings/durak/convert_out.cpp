// Engine -> Python: seats, cards, moves, events, results, bouts, views.
#include "bindings/common/fastcall.hpp"
#include "bindings/durak/convert.hpp"

namespace trumpf::bindings::durak {

namespace {

inline py::object int_obj(long long v) { return py::int_(v); }

}  // namespace

py::object seat_obj(td::Seat seat) {
  if (!td::is_seat(seat)) return py::none();
  return keys().seats[seat];
}

py::object card_obj(td::Card c) {
  if (!c) return py::none();
  return int_obj(c);
}

py::list cards_obj(td::Cards cards) {
  py::list l(td::count_of(cards));
  for (Py_ssize_t i = 0; cards; cards &= cards - 1, ++i)
    PyList_SET_ITEM(l.ptr(), i, int_obj(td::lowest(cards)).release().ptr());
  return l;
}

py::list cards_obj(const std::vector<td::Card>& cards) {
  py::list l(py::ssize_t(cards.size()));
  for (std::size_t i = 0; i < cards.size(); ++i)
    PyList_SET_ITEM(l.ptr(), py::ssize_t(i), int_obj(cards[i]).release().ptr());
  return l;
}

py::dict per_seat(py::object one, py::object two) {
  py::dict d;
  d[keys().seats[td::kP1]] = std::move(one);
  d[keys().seats[td::kP2]] = std::move(two);
  return d;
}

namespace {

// Made when the module loads (no Python object is made until a template is
// built), so the play loop reads it without a guard.
fast::DictTemplates* const move_templates = new fast::DictTemplates(8 * 40);

// A new dict of move `m` (a new reference), or nullptr with a Python error
// set. One template per (kind, card): a legal list is a handful of these,
// made on every call of the play loop, so this is inline in its loop.
inline PyObject* new_move_dict(td::Move m) {
  const bool with_card = carded(m.kind);
  return move_templates->new_copy(std::size_t(m.kind) * 40 + (with_card ? m.card : 0), [&] {
    const Keys& k = keys();
    py::dict d;
    d[k.kind] = k.kinds[int(m.kind)];
    if (with_card) d[k.card] = int_obj(m.card);
    return py::object(std::move(d));
  });
}

}  // namespace

py::dict move_dict(td::Move m) { return fast::steal_checked<py::dict>(new_move_dict(m)); }

py::object move_or_none(td::Move m) {
  if (m.kind == td::Kind::kNone || m.kind > td::Kind::kResign) return py::none();
  return move_dict(m);
}

py::dict logged_move_dict(const td::SeatMove& m) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = seat_obj(m.seat);
  d[k.kind] = k.kinds[int(m.move.kind)];
  if (carded(m.move.kind)) d[k.card] = int_obj(m.move.card);
  return d;
}

py::list legal_obj(const td::Move* moves, int n) {
  py::list l(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(l.ptr(), i, fast::checked(new_move_dict(moves[i])));
  return l;
}

py::list legal_obj(const td::GameState& s, td::Seat seat) {
  td::Move moves[td::kMaxMoves];
  return legal_obj(moves, td::legal_moves(s, seat, moves));
}

py::dict result_dict(td::Outcome o, td::Seat fool) {
  const Keys& k = keys();
  py::dict d;
  d[k.outcome] = k.outcomes[int(o)];
  d[k.fool] = seat_obj(fool);
  d[k.places] = per_seat(int_obj(fool == td::kP1 ? 2 : 1), int_obj(fool == td::kP2 ? 2 : 1));
  return d;
}

py::object result_obj(const td::GameState& s) {
  if (!td::is_over(s)) return py::none();
  return result_dict(td::outcome_of(s), s.fool);
}

namespace {

py::dict event_dict(const td::Event& e) {
  if (e.kind == td::EventKind::kAttack || e.kind == td::EventKind::kBeat) {
    // The commonest events: one template per (kind, seat, card).
    static auto* templates = new fast::DictTemplates(2 * 3 * 40);
    const std::size_t key =
        (e.kind == td::EventKind::kAttack ? 0 : 120) + (e.seat % 3) * 40 + e.card % 40;
    return templates->get(key, [&] {
      const Keys& k = keys();
      py::dict d;
      d[k.kind] = k.event_kinds[int(e.kind)];
      d[k.seat] = seat_obj(e.seat);
      d[k.card] = int_obj(e.card);
      return d;
    });
  }
  const Keys& k = keys();
  const py::str& kind = k.event_kinds[int(e.kind)];
  if (e.kind == td::EventKind::kGameEnd) {
    py::dict d;
    d[k.kind] = kind;
    py::dict r = result_dict(e.outcome, e.fool);
    for (auto item : r) d[item.first] = item.second;
    return d;
  }
  py::dict d;
  d[k.kind] = kind;
  switch (e.kind) {
    case td::EventKind::kBoutEnd:
      d[k.taken] = py::bool_(e.taken != 0);
      d[k.how] = k.hows[int(e.how)];
      d[k.cards] = int_obj(e.cards);
      d[k.discard] = int_obj(e.discard);
      d[k.next_attacker] = seat_obj(e.next_attacker);
      break;
    case td::EventKind::kRefill:
      d[k.drawn] = per_seat(int_obj(e.drawn[td::kP1]), int_obj(e.drawn[td::kP2]));
      d[k.talon] = int_obj(e.talon);
      break;
    default:  // take, done, swap, resign, out
      d[k.seat] = seat_obj(e.seat);
      break;
  }
  return d;
}

}  // namespace

py::list events_obj(const td::Event* snapshot, std::size_t n) {
  py::list l{py::ssize_t(n)};
  for (std::size_t i = 0; i < n; ++i)
    PyList_SET_ITEM(l.ptr(), py::ssize_t(i), event_dict(snapshot[i]).release().ptr());
  return l;
}

py::object bout_obj(const td::Bout& b) {
  if (!b.open) return py::none();
  const Keys& k = keys();
  py::dict d;
  d[k.attacker] = seat_obj(b.attacker);
  d[k.defender] = seat_obj(b.defender());
  d[k.cap] = int_obj(b.cap);
  py::list attacks(b.n_att), beats(b.n_att);
  for (int i = 0; i < b.n_att; ++i) {
    PyList_SET_ITEM(attacks.ptr(), i, int_obj(b.attacks[i]).release().ptr());
    PyList_SET_ITEM(beats.ptr(), i, card_obj(i < b.n_beat ? b.beats[i] : 0).release().ptr());
  }
  d[k.attacks] = attacks;
  d[k.beats] = beats;
  d[k.taken] = py::bool_(b.taken != 0);
  return std::move(d);
}

py::dict view_dict(const td::SeatView& v) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = seat_obj(v.seat);
  d[k.ply] = py::int_(v.ply);
  d[k.phase] = k.phases[int(v.phase)];
  d[k.turn] = seat_obj(v.turn);
  d[k.trump] = k.suits[v.trump & 3];
  d[k.trump_card] = card_obj(v.trump_card);
  d[k.talon] = int_obj(v.talon);
  d[k.discard] = int_obj(v.discard);
  d[k.hand] = cards_obj(v.hand);
  d[k.counts] = per_seat(int_obj(v.counts[td::kP1]), int_obj(v.counts[td::kP2]));
  d[k.swap] = py::bool_(v.swap);
  d[k.legal] = legal_obj(v.legal, v.n_legal);
  d[k.over] = py::bool_(v.over);
  d[k.result] = v.over ? py::object(result_dict(v.outcome, v.fool)) : py::object(py::none());
  const td::Bout& b = v.bout;
  if (!b.open) {
    d[k.bout] = py::none();
    return d;
  }
  py::dict bd;
  bd[k.attacker] = seat_obj(b.attacker);
  bd[k.defender] = seat_obj(b.defender());
  bd[k.cap] = int_obj(b.cap);
  bd[k.size] = int_obj(b.n_att);
  bd[k.taken] = py::bool_(b.taken != 0);
  bd[k.unbeaten] = card_obj(b.unbeaten());
  py::list pairs(b.n_att);
  for (int i = 0; i < b.n_att; ++i) {
    py::dict p;
    p[k.attack] = int_obj(b.attacks[i]);
    p[k.beat] = card_obj(i < b.n_beat ? b.beats[i] : 0);
    PyList_SET_ITEM(pairs.ptr(), i, p.release().ptr());
  }
  bd[k.pairs] = pairs;
  d[k.bout] = bd;
  return d;
}

}  // namespace trumpf::bindings::durak
