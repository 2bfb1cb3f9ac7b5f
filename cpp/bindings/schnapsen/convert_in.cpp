// Python -> engine: seats, moves, variants, cards, histories.
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/names.hpp"

namespace trumpf::bindings::schnapsen {

namespace {
Keys* the_keys = nullptr;
}  // namespace

Keys::Keys() {
  for (int i = 0; i < 8; ++i) move_kinds[i] = py::str(ts::kMoveKindNames[i]);
  for (int i = 0; i < 11; ++i) event_kinds[i] = py::str(ts::kEventKindNames[i]);
  for (int i = 0; i < 7; ++i) hows[i] = py::str(ts::kHowNames[i]);
}

const Keys& keys() { return *the_keys; }
void make_keys() {
  if (!the_keys) the_keys = new Keys();
}

ts::Seat parse_seat(py::handle h) noexcept {
  // The seats turn and legal hand out are our own interned strs: by identity.
  if (the_keys && h.ptr() == the_keys->seats[0].ptr()) return ts::kP1;
  if (the_keys && h.ptr() == the_keys->seats[1].ptr()) return ts::kP2;
  std::string_view s;
  return text_of(h, &s) ? ts::seat_named(s) : ts::kNoSeat;
}

ts::Seat seat_arg(py::handle h) {
  const ts::Seat s = parse_seat(h);
  if (s == ts::kNoSeat)
    refuse("bad_seat", "not a seat: " + repr_text(h) + " (expected 'p1' or 'p2')");
  return s;
}

ts::Seat seat_or_none(py::handle h) { return h.is_none() ? ts::kNoSeat : seat_arg(h); }

ts::Move parse_move(py::handle h) {
  ts::Move m{ts::MoveKind::kNone, 0};
  if (!h || !PyDict_Check(h.ptr())) return m;
  const Keys& k = keys();
  std::string_view text;
  py::object kind = dict_item(h, k.kind, "not_legal");
  if (!kind) return m;
  // A move from legal() carries our own interned kind: found by identity,
  // which is the play loop's path; anything else is read as text.
  m.kind = ts::MoveKind::kNone;
  for (int i = 0; i < int(ts::MoveKind::kNone); ++i)
    if (kind.ptr() == k.move_kinds[i].ptr()) m.kind = ts::MoveKind(i);
  if (m.kind == ts::MoveKind::kNone) {
    if (!text_of(kind, &text)) return m;
    m.kind = ts::move_kind_named(text);
  }
  long long v = 0;
  if (m.kind == ts::MoveKind::kLead || m.kind == ts::MoveKind::kFollow) {
    py::object card = dict_item(h, k.card, "not_held");
    m.arg = card && exact_int(card, 1, 24, &v) ? ts::Card(v) : ts::kNoCard;
  } else if (m.kind == ts::MoveKind::kMarriage) {
    py::object suit = dict_item(h, k.suit, "no_marriage");
    const int si = suit && text_of(suit, &text) ? ts::suit_named(text) : -1;
    m.arg = si < 0 ? 0xFF : std::uint8_t(si);
    // Read always, used only under marriage_by_lead, where the engine checks it.
    py::object card = dict_item(h, k.card, "must_lead");
    m.card = card && exact_int(card, 1, 24, &v) ? ts::Card(v) : ts::kNoCard;
  }
  return m;
}

ts::SeatMove parse_logged_move(py::handle h) {
  ts::SeatMove sm{ts::kNoSeat, parse_move(h)};
  if (h && PyDict_Check(h.ptr())) {
    py::object seat = dict_item(h, keys().seat, "not_your_turn");
    if (seat) sm.seat = parse_seat(seat);
  }
  return sm;
}

ts::Given given_of(py::handle seat, py::handle move) {
  ts::Given g;
  g.seat = repr_text(seat);
  g.move = repr_text(move);
  g.card = g.suit = "None";
  if (move && PyDict_Check(move.ptr())) {
    // Each value is held while its repr runs: the repr may change the dict.
    py::object card = dict_item(move, keys().card, "not_held");
    if (card) g.card = repr_text(card);
    py::object suit = dict_item(move, keys().suit, "no_marriage");
    if (suit) g.suit = repr_text(suit);
  }
  return g;
}

ts::Card card_arg(py::handle h) {
  long long v = 0;
  if (!exact_int(h, 1, 24, &v)) refuse("bad_card", "not a card id (1..24): " + repr_text(h));
  return ts::Card(v);
}

int suit_arg(py::handle h) {
  std::string s;
  const int suit = text_of(h, &s) ? ts::suit_named(s) : -1;
  if (suit < 0) refuse("bad_suit", "not a suit letter (S, H, D, C): " + repr_text(h));
  return suit;
}

std::vector<ts::Card> cards_arg(py::handle h) {
  py::list items = items_arg(h, "bad_card", "a list of card ids", 64);
  std::vector<ts::Card> out;
  for (py::handle item : items) out.push_back(card_arg(item));
  return out;
}

std::vector<ts::Entry> history_arg(py::handle h) {
  py::list items = items_arg(h, "bad_history", "a history");
  const Keys& k = keys();
  std::vector<ts::Entry> out;
  out.reserve(std::size_t(PyList_GET_SIZE(items.ptr())));
  std::size_t index = 0;
  for (py::handle item : items) {
    const std::string where = "history entry " + std::to_string(index++);
    if (!PyDict_Check(item.ptr()))
      refuse("bad_history", where + " is not an event: " + repr_text(item));
    std::string text;
    py::object kind = dict_item(item, k.kind, "bad_history");
    ts::Entry e;
    if (!kind || !text_of(kind, &text) || !ts::event_kind_named(text, &e.e.kind))
      refuse("bad_history", where + " has no known kind: " + repr_text(item));
    const bool move = e.e.kind <= ts::EventKind::kDraw && e.e.kind != ts::EventKind::kTrick;
    if (move) {
      py::object seat = dict_item(item, k.seat, "bad_history");
      e.e.seat = seat ? parse_seat(seat) : ts::kNoSeat;
      long long v = 0;
      bool ok = e.e.seat != ts::kNoSeat;
      if (e.e.kind == ts::EventKind::kLead || e.e.kind == ts::EventKind::kFollow) {
        py::object card = dict_item(item, k.card, "bad_history");
        ok = ok && card && exact_int(card, 1, 24, &v);
        e.e.card = ts::Card(v);
      } else if (e.e.kind == ts::EventKind::kMarriage) {
        py::object suit = dict_item(item, k.suit, "bad_history");
        const int si = suit && text_of(suit, &text) ? ts::suit_named(text) : -1;
        ok = ok && si >= 0;
        e.e.suit = std::uint8_t(si);
      }
      if (!ok) refuse("bad_history", where + " is not a whole move event: " + repr_text(item));
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace trumpf::bindings::schnapsen
