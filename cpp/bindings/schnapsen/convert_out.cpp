// Engine -> Python: moves, events, results, tricks, melds, variants.
#include "bindings/common/fastcall.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/card.hpp"

namespace trumpf::bindings::schnapsen {

py::object seat_obj(ts::Seat s) {
  if (s > ts::kP2) return py::none();
  return keys().seats[s];
}

py::object card_obj(ts::Card c) {
  if (!c) return py::none();
  return py::int_(int(c));
}

py::list cards_obj(const ts::Card* cards, int n) {
  py::list l(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(l.ptr(), i, py::int_(int(cards[i])).release().ptr());
  return l;
}

py::dict per_seat(py::object p1, py::object p2) {
  py::dict d;
  d[keys().seats[0]] = std::move(p1);
  d[keys().seats[1]] = std::move(p2);
  return d;
}

namespace {

// Made when the module loads (no Python object is made until a template is
// built), so the play loop reads it without a guard.
fast::DictTemplates* const move_templates = new fast::DictTemplates(8 * 32);

// A marriage's template: its suit, +4 (king) or +8 (queen) when shown by a
// lead, +12 for forty.
inline std::size_t template_of(int trump, ts::Move m) noexcept {
  if (m.kind != ts::MoveKind::kMarriage) return std::size_t(m.kind) * 32 + (m.arg & 31);
  const std::size_t led = m.card ? (ts::rank_of(m.card) == ts::kRankKing ? 4 : 8) : 0;
  return std::size_t(m.kind) * 32 + (m.arg & 3) + led + (m.arg == trump ? 12 : 0);
}

// A new dict of move `m` (a new reference), or nullptr with a Python error
// set. One template per (kind, card) or (marriage, suit, value, card led):
// a legal list is a handful of these, made on every call of the play loop,
// so this is inline in its loop.
inline PyObject* new_move_dict(int trump, ts::Move m) {
  return move_templates->new_copy(template_of(trump, m), [&] {
    const Keys& k = keys();
    py::dict d;
    d[k.kind] = k.move_kinds[int(m.kind)];
    if (m.kind == ts::MoveKind::kLead || m.kind == ts::MoveKind::kFollow) {
      d[k.card] = py::int_(int(m.arg));
    } else if (m.kind == ts::MoveKind::kMarriage) {
      d[k.suit] = k.suits[m.arg & 3];
      d[k.value] = py::int_(ts::marriage_points(m.arg, trump));
      if (m.card) d[k.card] = py::int_(int(m.card));
    }
    return py::object(std::move(d));
  });
}

}  // namespace

py::dict move_dict(int trump, ts::Move m) {
  return fast::steal_checked<py::dict>(new_move_dict(trump, m));
}

py::dict logged_move_dict(ts::SeatMove m) {
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = seat_obj(m.seat);
  d[k.kind] = k.move_kinds[int(m.move.kind)];
  if (m.move.kind == ts::MoveKind::kLead || m.move.kind == ts::MoveKind::kFollow)
    d[k.card] = py::int_(int(m.move.arg));
  else if (m.move.kind == ts::MoveKind::kMarriage) {
    d[k.suit] = k.suits[m.move.arg & 3];
    if (m.move.card) d[k.card] = py::int_(int(m.move.card));
  }
  return d;
}

py::list moves_obj(int trump, const ts::Move* moves, int n) {
  py::list l(n);
  for (int i = 0; i < n; ++i)
    PyList_SET_ITEM(l.ptr(), i, fast::checked(new_move_dict(trump, moves[i])));
  return l;
}

py::list legal_obj(const ts::DealState& s, ts::Seat seat, bool match_over) {
  ts::Move moves[ts::kMaxMoves];
  const int n = match_over ? 0 : ts::legal_moves(s, seat, moves);
  const int trump = s.trump;  // `s` may be the live state: read nothing after Python runs
  return moves_obj(trump, moves, n);
}

namespace {

// A deal's result, narrow or wide (deal_result of any figures).
template <class R>
py::dict result_dict_of(const R& r, bool with_kind) {
  const Keys& k = keys();
  py::dict d;
  if (with_kind) d[k.kind] = k.event_kinds[int(ts::EventKind::kDealEnd)];
  d[k.drawn] = py::bool_(r.drawn);
  d[k.points] = per_seat(py::int_(r.points[0]), py::int_(r.points[1]));
  d[k.tricks] = per_seat(py::int_(r.tricks[0]), py::int_(r.tricks[1]));
  d[k.closed_by] = seat_obj(r.closed_by);
  d[k.last_trick] = seat_obj(r.last_trick);
  d[k.how] = k.hows[int(r.how)];
  d[k.winner] = seat_obj(r.winner);
  d[k.loser] = seat_obj(r.loser);
  d[k.game_points] = py::int_(int(r.game_points));
  return d;
}

}  // namespace

py::dict result_dict(const ts::Result& r, bool with_kind) { return result_dict_of(r, with_kind); }
py::dict result_dict(const ts::WideResult& r, bool with_kind) {
  return result_dict_of(r, with_kind);
}

py::dict game_end_dict(ts::Seat winner, const std::int16_t scores[2], int deals, bool with_kind) {
  const Keys& k = keys();
  py::dict d;
  if (with_kind) d[k.kind] = k.event_kinds[int(ts::EventKind::kGameEnd)];
  d[k.winner] = seat_obj(winner);
  d[k.loser] = seat_obj(ts::other(winner));
  d[k.scores] = per_seat(py::int_(scores[0]), py::int_(scores[1]));
  d[k.deals] = py::int_(deals);
  return d;
}

namespace {

py::dict event_dict(const ts::Entry& entry) {
  const Keys& k = keys();
  const ts::Event& e = entry.e;
  if (e.kind == ts::EventKind::kDealEnd) return result_dict(entry.result, true);
  if (e.kind == ts::EventKind::kGameEnd)
    return game_end_dict(e.seat, entry.scores, entry.deals, true);
  if (e.kind == ts::EventKind::kLead || e.kind == ts::EventKind::kFollow) {
    // The commonest events: one template per (kind, seat, card).
    static auto* templates = new fast::DictTemplates(2 * 2 * 32);
    const std::size_t key = (e.kind == ts::EventKind::kLead ? 0 : 64) + e.seat * 32 + (e.card & 31);
    return templates->get(key, [&] {
      py::dict d;
      d[k.kind] = k.event_kinds[int(e.kind)];
      d[k.seat] = seat_obj(e.seat);
      d[k.card] = py::int_(int(e.card));
      return d;
    });
  }
  if (e.kind == ts::EventKind::kTrick) {
    static auto* templates = new fast::DictTemplates(2);
    return templates->get(e.seat & 1, [&] {
      py::dict d;
      d[k.kind] = k.event_kinds[int(e.kind)];
      d[k.winner] = seat_obj(e.seat);
      return d;
    });
  }
  py::dict d;
  d[k.kind] = k.event_kinds[int(e.kind)];
  if (e.kind == ts::EventKind::kMarriage) {
    d[k.seat] = seat_obj(e.seat);
    d[k.suit] = k.suits[e.suit & 3];
    d[k.value] = py::int_(int(e.value));
  } else if (e.kind == ts::EventKind::kDeal) {
    d[k.number] = py::int_(entry.number);
    d[k.dealer] = seat_obj(e.seat);
    d[k.trump] = k.suits[entry.trump & 3];
    d[k.turn_up] = py::int_(int(entry.turn_up));
  } else {
    d[k.seat] = seat_obj(e.seat);
  }
  return d;
}

}  // namespace

py::list events_obj(const ts::Entry* snapshot, std::size_t n) {
  py::list l{py::ssize_t(n)};
  for (std::size_t i = 0; i < n; ++i)
    PyList_SET_ITEM(l.ptr(), py::ssize_t(i), event_dict(snapshot[i]).release().ptr());
  return l;
}

py::list events_at(const std::vector<ts::Entry>& live, std::size_t from, std::size_t n) {
  py::list l{py::ssize_t(n)};
  for (std::size_t i = 0; i < n; ++i) {
    const ts::Entry entry = live[from + i];
    PyList_SET_ITEM(l.ptr(), py::ssize_t(i), event_dict(entry).release().ptr());
  }
  return l;
}

py::dict trick_dict(const ts::Trick& t) {
  const Keys& k = keys();
  py::dict d;
  d[k.leader] = seat_obj(t.leader);
  d[k.lead] = py::int_(int(t.lead));
  d[k.follow] = py::int_(int(t.follow));
  d[k.winner] = seat_obj(t.winner);
  return d;
}

py::list tricks_obj(const std::vector<ts::Trick>& snapshot) {
  py::list l{py::ssize_t(snapshot.size())};
  for (std::size_t i = 0; i < snapshot.size(); ++i)
    PyList_SET_ITEM(l.ptr(), py::ssize_t(i), trick_dict(snapshot[i]).release().ptr());
  return l;
}

py::object close_state_obj(const ts::DealState& s) {
  return close_state_obj(s.closed_by, s.close_state);
}

py::object close_state_obj(ts::Seat closed_by, const ts::CloseState& c) {
  if (closed_by == ts::kNoSeat) return py::none();
  const Keys& k = keys();
  py::dict d;
  d[k.by] = seat_obj(c.by);
  for (int i = 0; i < 2; ++i) {
    py::dict x;
    x[k.tricks] = py::int_(int(c.tricks[i]));
    x[k.points] = py::int_(c.points[i]);
    d[k.seats[i]] = x;
  }
  return std::move(d);
}

py::list melds_obj(const ts::DealState& s) {
  bool counted[4] = {};
  for (int i = 0; i < s.n_melds; ++i) counted[i] = ts::meld_counted(s, s.melds[i]);
  return melds_obj(s.melds, counted, s.n_melds);
}

py::list melds_obj(const ts::Meld* melds, const bool* counted, int n) {
  const Keys& k = keys();
  py::list l;
  for (int i = 0; i < n; ++i) {
    const ts::Meld& m = melds[i];
    py::dict d;
    d[k.seat] = seat_obj(m.seat);
    d[k.suit] = k.suits[m.suit & 3];
    d[k.value] = py::int_(int(m.value));
    d[k.counted] = py::bool_(counted[i]);
    l.append(d);
  }
  return l;
}

py::object must_lead_obj(const ts::DealState& s) {
  if (!s.must_lead[0]) return py::none();
  return cards_obj(s.must_lead, 2);
}

py::list can_marry_obj(const ts::DealState& s, ts::Seat seat) {
  const Keys& k = keys();
  std::uint8_t suits[4];
  const int n = ts::can_marry(s, seat, suits);
  py::list l(n);
  for (int i = 0; i < n; ++i) {
    py::dict d;
    d[k.suit] = k.suits[suits[i]];
    d[k.value] = py::int_(ts::marriage_value(s, suits[i]));
    d[k.king] = py::int_(int(ts::card_of(suits[i], ts::kRankKing)));
    d[k.queen] = py::int_(int(ts::card_of(suits[i], ts::kRankQueen)));
    PyList_SET_ITEM(l.ptr(), i, d.release().ptr());
  }
  return l;
}

}  // namespace trumpf::bindings::schnapsen
