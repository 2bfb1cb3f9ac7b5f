// Python -> engine: seats, moves, cards, hands, bouts, counts, histories.
#include <climits>
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "durak/bot.hpp"
#include "durak/names.hpp"

namespace trumpf::bindings::durak {

namespace {

Keys* the_keys = nullptr;

py::str interned(const char* s) {
  PyObject* o = PyUnicode_InternFromString(s);
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

}  // namespace

// A card id 1..36, or 0. Runs no Python code.
td::Card parse_card(py::handle h) noexcept {
  long long v = 0;
  return exact_int(h, 1, td::kPackSize, &v) ? td::Card(v) : td::Card(0);
}

td::Kind parse_kind(py::handle h) {
  // A move from legal() carries our own interned kind: found by identity,
  // which is the play loop's path.
  const Keys& k = keys();
  for (int i = int(td::Kind::kAttack); i <= int(td::Kind::kResign); ++i)
    if (h.ptr() == k.kinds[i].ptr()) return td::Kind(i);
  std::string text;
  return text_of(h, &text) ? td::kind_named(text) : td::Kind::kNone;
}

// Distinct card ids from a list or tuple (read by value), in order, or
// Error(code, "<what> ...").
std::vector<td::Card> distinct_cards(py::handle h, const char* code, const std::string& what) {
  py::list items = items_arg(h, code, what.c_str(), td::kPackSize);
  std::vector<td::Card> out;
  td::Cards seen = 0;
  for (py::handle item : items) {
    const td::Card c = parse_card(item);
    if (!c) refuse(code, what + " holds " + repr_text(item) + ", which is not a card id 1..36");
    if (seen & td::bit(c)) refuse(code, what + " holds card " + std::to_string(c) + " twice");
    seen |= td::bit(c);
    out.push_back(c);
  }
  return out;
}

// d[key], which must be there: Error(code, "<what> has no '<key>'") otherwise.
py::object required(py::handle d, const py::str& key, const char* code, const char* what) {
  py::object v = dict_item(d, key, code);
  if (!v) refuse(code, std::string(what) + " has no '" + std::string(key) + "'");
  return v;
}

long long int_item(py::handle d, const py::str& key, long long lo, long long hi, const char* code,
                   const char* what) {
  py::object v = required(d, key, code, what);
  long long out = 0;
  if (!exact_int(v, lo, hi, &out))
    refuse(code, std::string(what) + "'s " + std::string(key) + " is an int in [" +
                     std::to_string(lo) + ", " + std::to_string(hi) + "], not " + repr_text(v));
  return out;
}

Keys::Keys() {
#define TRUMPF_KEY(name) name = interned(#name)
  TRUMPF_KEY(kind), TRUMPF_KEY(seat), TRUMPF_KEY(card), TRUMPF_KEY(taken), TRUMPF_KEY(how);
  TRUMPF_KEY(cards), TRUMPF_KEY(discard), TRUMPF_KEY(next_attacker), TRUMPF_KEY(drawn);
  TRUMPF_KEY(talon), TRUMPF_KEY(outcome), TRUMPF_KEY(fool), TRUMPF_KEY(places);
  TRUMPF_KEY(attacker), TRUMPF_KEY(defender), TRUMPF_KEY(cap), TRUMPF_KEY(attacks);
  TRUMPF_KEY(beats), TRUMPF_KEY(size), TRUMPF_KEY(unbeaten), TRUMPF_KEY(pairs);
  TRUMPF_KEY(attack), TRUMPF_KEY(beat), TRUMPF_KEY(ply), TRUMPF_KEY(phase), TRUMPF_KEY(turn);
  TRUMPF_KEY(trump), TRUMPF_KEY(trump_card), TRUMPF_KEY(hand), TRUMPF_KEY(counts);
  TRUMPF_KEY(swap), TRUMPF_KEY(legal), TRUMPF_KEY(over), TRUMPF_KEY(result), TRUMPF_KEY(bout);
  TRUMPF_KEY(game), TRUMPF_KEY(events), TRUMPF_KEY(hands), TRUMPF_KEY(first_attacker);
  TRUMPF_KEY(six_of_trumps), TRUMPF_KEY(six_owner);
#undef TRUMPF_KEY
  seats[td::kP1] = py::int_(td::seat_number(td::kP1));
  seats[td::kP2] = py::int_(td::seat_number(td::kP2));
  for (int i = 0; i < 4; ++i) suits[i] = interned(std::string(1, td::kSuitLetters[i]).c_str());
  for (int i = 1; i <= int(td::Kind::kResign); ++i) kinds[i] = interned(td::kind_name(td::Kind(i)));
  for (int i = 0; i < 10; ++i) event_kinds[i] = interned(td::event_kind_name(td::EventKind(i)));
  for (int i = 0; i < 5; ++i) hows[i] = interned(td::how_name(td::How(i)));
  for (int i = 0; i < 4; ++i) phases[i] = interned(td::phase_name(td::Phase(i)));
  for (int i = 0; i < 4; ++i) outcomes[i] = interned(td::outcome_name(td::Outcome(i)));
}

const Keys& keys() { return *the_keys; }
void make_keys() {
  if (!the_keys) the_keys = new Keys();
}

td::Seat parse_seat(py::handle h) noexcept {
  long long v = 0;
  return exact_int(h, 1, 2, &v) ? td::seat_numbered(v) : td::kNoSeat;
}

td::Seat seat_arg(py::handle h) {
  const td::Seat s = parse_seat(h);
  if (s == td::kNoSeat)
    refuse("bad_seat", "not a seat: " + repr_text(h) + " (expected the int 1 or 2)");
  return s;
}

td::Move parse_move(py::handle h) {
  td::Move m{td::Kind::kNone, 0};
  if (!h || !PyDict_Check(h.ptr())) return m;
  const Keys& k = keys();
  py::object kind = dict_item(h, k.kind, "not_legal");
  if (!kind) return m;
  m.kind = parse_kind(kind);
  if (carded(m.kind)) {
    py::object card = dict_item(h, k.card, "card_not_held");
    m.card = card ? parse_card(card) : td::Card(0);
  }
  return m;
}

td::SeatMove parse_logged_move(py::handle h) {
  td::SeatMove sm{td::kNoSeat, parse_move(h)};
  if (h && PyDict_Check(h.ptr())) {
    py::object seat = dict_item(h, keys().seat, "not_your_turn");
    if (seat) sm.seat = parse_seat(seat);
  }
  return sm;
}

td::Given given_of(py::handle seat, py::handle move) {
  td::Given g;
  g.seat = repr_text(seat);
  g.move = repr_text(move);
  g.card = "None";
  if (move && PyDict_Check(move.ptr())) {
    // The value is held while its repr runs: the repr may change the dict.
    py::object card = dict_item(move, keys().card, "card_not_held");
    if (card) g.card = repr_text(card);
  }
  return g;
}

td::Card card_arg(py::handle h) {
  const td::Card c = parse_card(h);
  if (!c) refuse("bad_card", "not a card id (1..36): " + repr_text(h));
  return c;
}

int suit_arg(py::handle h) {
  std::string s;
  const int suit = text_of(h, &s) ? td::suit_named(s) : -1;
  if (suit < 0) refuse("bad_suit", "a trump is a suit letter S, H, D or C, not " + repr_text(h));
  return suit;
}

std::vector<td::Card> hand_arg(py::handle h) { return distinct_cards(h, "bad_card", "a hand"); }

td::Cards mask_of(const std::vector<td::Card>& cards) noexcept {
  td::Cards s = 0;
  for (td::Card c : cards) s |= td::bit(c);
  return s;
}

td::Bout bout_arg(py::handle h) {
  if (!h || !PyDict_Check(h.ptr()))
    refuse("bad_bout", "a bout is the dict Game.bout gives, not " + repr_text(h));
  const Keys& k = keys();
  const char* what = "the bout";
  td::Bout b{};
  b.open = 1;
  b.attacker = td::seat_numbered(int_item(h, k.attacker, 1, 2, "bad_bout", what));
  int_item(h, k.defender, 1, 2, "bad_bout", what);  // read and checked; the engine derives it
  py::list attacks =
      items_arg(required(h, k.attacks, "bad_bout", what), "bad_bout", "a bout's attacks", 6);
  py::list beats =
      items_arg(required(h, k.beats, "bad_bout", what), "bad_bout", "a bout's beats", 6);
  if (PyList_GET_SIZE(beats.ptr()) != PyList_GET_SIZE(attacks.ptr()))
    refuse("bad_bout", "a bout's beats run parallel to its attacks, one entry each");
  for (py::handle item : attacks) {
    const td::Card c = parse_card(item);
    if (!c) refuse("bad_bout", "a bout's attack " + repr_text(item) + " is not a card id 1..36");
    b.attacks[b.n_att++] = c;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(c)));
  }
  bool unbeaten = false;  // the attacks are answered in order: no beat after a None
  for (py::handle item : beats) {
    if (item.is_none()) {
      unbeaten = true;
      continue;
    }
    const td::Card c = parse_card(item);
    if (!c) refuse("bad_bout", "a bout's beat " + repr_text(item) + " is not a card id 1..36");
    if (unbeaten)
      refuse("bad_bout", "a bout's attacks are beaten in order: beat " + std::to_string(c) +
                             " follows an unbeaten attack");
    b.beats[b.n_beat++] = c;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(c)));
  }
  b.cap = std::uint8_t(int_item(h, k.cap, 0, td::kHandSize, "bad_bout", what));
  py::object taken = required(h, k.taken, "bad_bout", what);
  if (!PyBool_Check(taken.ptr()))
    refuse("bad_bout", "a bout's taken is True or False, not " + repr_text(taken));
  b.taken = taken.ptr() == Py_True;
  return b;
}

int count_arg(py::handle h, const char* what) {
  return int(int_arg(h, 0, td::kPackSize, "bad_counts", what));
}

std::array<int, 2> counts_arg(py::handle h) {
  if (!h || !PyDict_Check(h.ptr()))
    refuse("bad_counts", "counts is a dict {1: n, 2: n}, not " + repr_text(h));
  // Read from the dict's storage: the keys must be the ints 1 and 2 themselves,
  // so nothing of the caller's is hashed or compared.
  PyObject* held[2] = {nullptr, nullptr};
  bool exact = PyDict_GET_SIZE(h.ptr()) == 2;
  Py_ssize_t pos = 0;
  PyObject *key = nullptr, *value = nullptr;
  while (exact && PyDict_Next(h.ptr(), &pos, &key, &value)) {
    const td::Seat seat = PyLong_CheckExact(key) ? parse_seat(key) : td::kNoSeat;
    exact = seat != td::kNoSeat;
    if (exact) held[seat] = value;
  }
  if (!exact || !held[0] || !held[1])
    refuse("bad_counts", "counts is exactly {1: n, 2: n}, not " + repr_text(h));
  const py::object one = py::reinterpret_borrow<py::object>(held[0]);
  const py::object two = py::reinterpret_borrow<py::object>(held[1]);
  return {count_arg(one, "counts[1]"), count_arg(two, "counts[2]")};
}

bool flag_arg(py::handle h, const char* what) {
  if (!h || !PyBool_Check(h.ptr()))
    refuse("bad_value", std::string(what) + " is True or False, not " + repr_text(h));
  return h.ptr() == Py_True;
}

std::vector<td::Event> history_arg(py::handle h) {
  py::list items = items_arg(h, "bad_history", "a history");
  const Keys& k = keys();
  std::vector<td::Event> out;
  out.reserve(std::size_t(PyList_GET_SIZE(items.ptr())));
  std::size_t index = 0;
  for (py::handle item : items) {
    const std::string where = "history entry " + std::to_string(index++);
    if (!PyDict_Check(item.ptr()))
      refuse("bad_history", where + " is not an event: " + repr_text(item));
    std::string text;
    py::object kind = dict_item(item, k.kind, "bad_history");
    td::Event e{};
    if (!kind || !text_of(kind, &text) || !td::event_kind_named(text, &e.kind))
      refuse("bad_history", where + " has no known kind: " + repr_text(item));
    if (td::is_move_event(e.kind)) {
      py::object seat = dict_item(item, k.seat, "bad_history");
      e.seat = seat ? parse_seat(seat) : td::kNoSeat;
      bool whole = e.seat != td::kNoSeat;
      if (carded(td::kind_of_event(e.kind))) {
        py::object card = dict_item(item, k.card, "bad_history");
        e.card = card ? parse_card(card) : td::Card(0);
        whole = whole && e.card != 0;
      }
      if (!whole) refuse("bad_history", where + " is not a whole move event: " + repr_text(item));
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace trumpf::bindings::durak
