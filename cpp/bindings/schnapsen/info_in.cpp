// Expert.choose(info) for the Schnapsen family: an info dict (Deal.info,
// Match.info, e.g. one a server sent a client) read back into the engine's
// InfoSet. Only conversion lives here: each value is read by value and
// range-checked; what the dict carries only implicitly (the played and won
// cards, the voids phase-2 follows showed) and whether it all adds up is
// schnapsen::info_complete's. Any refusal is Error bad_info (bad_variant for
// a rules table that is not one), never a crash: the dict may be hostile.
#include <pybind11/pybind11.h>

#include <iterator>
#include <string>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/info_args.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/names.hpp"
#include "schnapsen/worlds.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

using info_args::flag_of;
using info_args::int_of;
using info_args::kCode;
using info_args::need;

// A seat, or kNoSeat for None when `none` allows it.
ts::Seat seat_of(py::handle v, const std::string& what, bool none = false) {
  if (none && v.is_none()) return ts::kNoSeat;
  const ts::Seat s = parse_seat(v);
  if (s == ts::kNoSeat) refuse(kCode, what + " is 'p1' or 'p2', not " + repr_text(v));
  return s;
}

// A card id, or kNoCard for None when `none` allows it.
ts::Card card_of(py::handle v, const std::string& what, bool none = false) {
  if (none && v.is_none()) return ts::kNoCard;
  return ts::Card(int_of(v, 1, 24, what));
}

int suit_of(py::handle v, const std::string& what) {
  std::string text;
  const int suit = text_of(v, &text) ? ts::suit_named(text) : -1;
  if (suit < 0) refuse(kCode, what + " is a suit letter (S, H, D, C), not " + repr_text(v));
  return suit;
}

py::list list_of(py::handle v, const char* what, std::size_t limit) {
  return items_arg(v, kCode, what, limit);
}

void dict_check(py::handle v, const std::string& what) {
  if (!PyDict_Check(v.ptr())) refuse(kCode, what + " is a dict, not " + repr_text(v));
}

// {p1: x, p2: y} of ints in [lo, hi].
template <class T>
void pair_of(py::handle d, const char* key, long long lo, long long hi, T (&out)[2]) {
  py::object v = need(d, key);
  dict_check(v, key);
  for (int s = 0; s < 2; ++s) {
    const std::string what = std::string(key) + "[" + (s ? "p2" : "p1") + "]";
    py::object x = dict_item(v, keys().seats[s], kCode);
    if (!x) refuse(kCode, what + " is missing");
    out[s] = T(int_of(x, lo, hi, what));
  }
}

py::object item_of(py::handle d, const py::str& key, const std::string& what) {
  py::object v = dict_item(d, key, kCode);
  if (!v) refuse(kCode, what + " has no '" + std::string(key) + "'");
  return v;
}

// Every key of `d` is a plain str and there are `n` of them (the ones read):
// a dict no table gives is not read as one that it does.
void keys_exactly(py::handle d, Py_ssize_t n, const std::string& what) {
  PyObject *key, *value;
  Py_ssize_t at = 0;
  while (PyDict_Next(d.ptr(), &at, &key, &value))
    if (!PyUnicode_CheckExact(key)) refuse(kCode, what + " has a key that is not a plain str");
  if (PyDict_Size(d.ptr()) != n) refuse(kCode, what + " holds keys a table never gives");
}

// A dict of exactly `n` plain-str keys.
void entry_of(py::handle v, Py_ssize_t n, const std::string& what) {
  dict_check(v, what);
  keys_exactly(v, n, what);
}

constexpr const char* kDealKeys[] = {
    "seat",       "variant",   "rules",       "number",       "dealer",    "ply",     "phase",
    "turn",       "leader",    "lead",        "must_lead",    "trump",     "turn_up", "talon_left",
    "draw_left",  "closed_by", "close_state", "pending_draw", "hand",      "counts",  "taken",
    "tricks_won", "melds",     "tricks",      "played",       "exchanges", "known",   "unseen",
    "legal",      "over",      "result"};
constexpr const char* kMatchKeys[] = {"scores", "to_win", "deals", "match_over", "winner"};

// One entry of `legal`: a plain dict of a move's exact shape, as an engine
// move and, for a marriage, the value it states.
ts::Move legal_move(py::handle v, int* value) {
  const Keys& k = keys();
  if (!PyDict_CheckExact(v.ptr()))
    refuse(kCode, "an entry of legal is a plain dict, not " + repr_text(v));
  keys_exactly(v, PyDict_Size(v.ptr()), "a legal move");
  std::string kind_text;
  py::object kind = dict_item(v, k.kind, kCode);
  const ts::MoveKind kind_of =
      kind && text_of(kind, &kind_text) ? ts::move_kind_named(kind_text) : ts::MoveKind::kNone;
  *value = 0;
  switch (kind_of) {
    case ts::MoveKind::kClaim:
    case ts::MoveKind::kClose:
    case ts::MoveKind::kExchange:
    case ts::MoveKind::kDraw:
      keys_exactly(v, 1, "a legal move");
      return ts::Move{kind_of, 0};
    case ts::MoveKind::kLead:
    case ts::MoveKind::kFollow:
      keys_exactly(v, 2, "a legal move");
      return ts::Move{kind_of, card_of(item_of(v, k.card, "a legal move"), "a legal move's card")};
    case ts::MoveKind::kMarriage: {
      py::object card = dict_item(v, k.card, kCode);
      keys_exactly(v, card ? 4 : 3, "a legal marriage");
      const int suit = suit_of(item_of(v, k.suit, "a legal marriage"), "a legal marriage's suit");
      *value =
          int(int_of(item_of(v, k.value, "a legal marriage"), 20, 40, "a legal marriage's value"));
      return ts::Move{kind_of, std::uint8_t(suit),
                      card ? card_of(card, "a legal marriage's card") : ts::kNoCard};
    }
    default:
      refuse(kCode, "an entry of legal is not a move: " + repr_text(kind ? kind : py::none()));
  }
}

// The fields the dict states, its tricks and the rest: everything info_complete reads.
ts::InfoSet read(py::handle d, std::vector<ts::Trick>* tricks, ts::InfoStated* stated) {
  const Keys& k = keys();
  // Every key first, and no other, before any value is read.
  PyObject *key, *value;
  Py_ssize_t at = 0;
  while (PyDict_Next(d.ptr(), &at, &key, &value))
    if (!PyUnicode_CheckExact(key)) refuse(kCode, "the info has a key that is not a plain str");
  bool in_match = false;
  for (const char* key_name : kMatchKeys) in_match |= bool(dict_item(d, py::str(key_name), kCode));
  for (const char* key_name : kDealKeys) need(d, key_name);
  if (in_match)
    for (const char* key_name : kMatchKeys) need(d, key_name);
  const Py_ssize_t n_keys =
      Py_ssize_t(std::size(kDealKeys) + (in_match ? std::size(kMatchKeys) : 0));
  if (PyDict_Size(d.ptr()) != n_keys)
    refuse(kCode, "the info holds keys Deal.info and Match.info never give");
  ts::InfoSet i{};
  i.seat = seat_of(need(d, "seat"), "seat");
  py::object rules = need(d, "rules");
  i.rules = rules_arg(rules);
  // A table gives its rules as the whole table, every field of it.
  if (!PyDict_Check(rules.ptr()) ||
      PyDict_Size(rules.ptr()) != PyDict_Size(rules_dict(i.rules).ptr()))
    refuse(kCode, "rules is the whole rules table, as info gives it");
  std::string variant;
  py::object given_variant = need(d, "variant");
  if (!text_of(given_variant, &variant) || variant != std::string(k.variants[i.rules.base]))
    refuse(kCode, "variant is the rules' game, not " + repr_text(given_variant));
  i.number = std::uint64_t(int_of(need(d, "number"), 1, 0x7FFFFFFFFFFFFFFFLL, "number"));
  i.dealer = seat_of(need(d, "dealer"), "dealer");
  stated->ply = std::uint64_t(int_of(need(d, "ply"), 0, 0x7FFFFFFFFFFFFFFFLL, "ply"));
  i.phase = std::uint8_t(int_of(need(d, "phase"), 1, 2, "phase"));
  i.turn = seat_of(need(d, "turn"), "turn", true);
  i.leader = seat_of(need(d, "leader"), "leader");
  i.lead = card_of(need(d, "lead"), "lead", true);
  py::object must = need(d, "must_lead");
  i.must_lead[0] = i.must_lead[1] = ts::kNoCard;
  if (!must.is_none()) {
    py::list two = list_of(must, "must_lead", 2);
    if (PyList_GET_SIZE(two.ptr()) != 2) refuse(kCode, "must_lead is None or two cards");
    for (int n = 0; n < 2; ++n) i.must_lead[n] = card_of(two[n], "must_lead's card");
  }
  i.trump = std::uint8_t(suit_of(need(d, "trump"), "trump"));
  i.turn_up = card_of(need(d, "turn_up"), "turn_up", true);
  i.talon_left = std::uint8_t(int_of(need(d, "talon_left"), 0, 24, "talon_left"));
  i.draw_left = std::uint8_t(int_of(need(d, "draw_left"), 0, 24, "draw_left"));
  i.closed_by = seat_of(need(d, "closed_by"), "closed_by", true);
  py::object close = need(d, "close_state");
  if (!close.is_none()) {
    entry_of(close, 3, "close_state");
    i.close_state.by = seat_of(item_of(close, k.by, "close_state"), "close_state's by");
    for (int s = 0; s < 2; ++s) {
      py::object x = item_of(close, k.seats[s], "close_state");
      entry_of(x, 2, "close_state's seat");
      i.close_state.tricks[s] =
          std::uint8_t(int_of(item_of(x, k.tricks, "close_state"), 0, 12, "close tricks"));
      i.close_state.points[s] =
          std::int16_t(int_of(item_of(x, k.points, "close_state"), 0, 250, "close points"));
    }
  }
  if (close.is_none() != (i.closed_by == ts::kNoSeat))
    refuse(kCode, "close_state is None exactly when closed_by is");
  i.pending_draw = flag_of(need(d, "pending_draw"), "pending_draw");
  py::list hand = list_of(need(d, "hand"), "hand", 6);
  i.hand_n = 0;
  for (py::handle c : hand) i.hand_cards[i.hand_n++] = card_of(c, "a hand card");
  pair_of(d, "counts", 0, 6, i.counts);
  pair_of(d, "taken", 0, 250, i.taken);
  pair_of(d, "tricks_won", 0, 12, i.tricks_won);
  py::list melds = list_of(need(d, "melds"), "melds", 4);
  i.n_melds = 0;
  for (py::handle m : melds) {
    entry_of(m, 4, "a meld");
    stated->counted[i.n_melds] = flag_of(item_of(m, k.counted, "a meld"), "a meld's counted");
    ts::Meld& x = i.melds[i.n_melds++];
    x.seat = seat_of(item_of(m, k.seat, "a meld"), "a meld's seat");
    x.suit = std::uint8_t(suit_of(item_of(m, k.suit, "a meld"), "a meld's suit"));
    x.value = std::uint8_t(int_of(item_of(m, k.value, "a meld"), 20, 40, "a meld's value"));
  }
  for (py::handle t : list_of(need(d, "tricks"), "tricks", 12)) {
    entry_of(t, 4, "a trick");
    tricks->push_back(ts::Trick{seat_of(item_of(t, k.leader, "a trick"), "a trick's leader"),
                                card_of(item_of(t, k.lead, "a trick"), "a trick's lead"),
                                card_of(item_of(t, k.follow, "a trick"), "a trick's follow"),
                                seat_of(item_of(t, k.winner, "a trick"), "a trick's winner")});
  }
  for (py::handle p : list_of(need(d, "played"), "played", 24)) {
    entry_of(p, 2, "an entry of played");
    stated->played[stated->n_played++] =
        ts::Trick{seat_of(item_of(p, k.seat, "an entry of played"), "a played seat"),
                  card_of(item_of(p, k.card, "an entry of played"), "played"), 0, 0};
  }
  py::list exchanges = list_of(need(d, "exchanges"), "exchanges", 2);
  i.n_exchanges = 0;
  for (py::handle e : exchanges) {
    entry_of(e, 2, "an exchange");
    i.exchanges[i.n_exchanges++] =
        ts::Exchange{seat_of(item_of(e, k.seat, "an exchange"), "an exchange's seat"),
                     card_of(item_of(e, py::str("took"), "an exchange"), "an exchange's card")};
  }
  for (const char* key_name : {"known", "unseen"}) {
    std::uint32_t mask = 0;
    ts::Card last = ts::kNoCard;
    for (py::handle c : list_of(need(d, key_name), key_name, 24)) {
      const ts::Card card = card_of(c, std::string("a card of ") + key_name);
      if (card <= last)
        refuse(kCode, std::string(key_name) + " is not in id order, each card once");
      last = card;
      mask |= ts::bit(card);
    }
    (key_name[0] == 'k' ? i.known : i.unseen) = mask;
  }
  i.over = flag_of(need(d, "over"), "over");
  if (!need(d, "result").is_none())
    refuse(kCode, "result is None until the deal is over, and nobody moves after");
  if (in_match) {
    i.match.in_match = true;
    pair_of(d, "scores", 0, 7, stated->scores);
    pair_of(d, "to_win", 0, 7, stated->to_win);
    stated->deals = std::uint64_t(int_of(need(d, "deals"), 0, 0x7FFFFFFFFFFFFFFELL, "deals"));
    stated->match_over = flag_of(need(d, "match_over"), "match_over");
    stated->winner = seat_of(need(d, "winner"), "winner", true);
  }
  return i;
}

}  // namespace

ts::InfoSet checked_info(py::handle info, const char* call) {
  if (!PyDict_Check(info.ptr()))
    refuse(kCode, std::string(call) + " takes the dict Deal.info or Match.info gives, not " +
                      repr_text(info));
  std::vector<ts::Trick> tricks;
  ts::InfoStated stated;
  ts::InfoSet i = read(info, &tricks, &stated);
  // `legal` as engine moves, before anything is judged: the comparison is
  // the engine's, on its own values, never the caller's __eq__.
  ts::Move given[ts::kMaxMoves];
  int values[ts::kMaxMoves];
  py::list legal = list_of(need(info, "legal"), "legal", ts::kMaxMoves);
  const int n_given = int(PyList_GET_SIZE(legal.ptr()));
  for (int m = 0; m < n_given; ++m) given[m] = legal_move(legal[m], &values[m]);
  if (const char* wrong = ts::info_complete(i, tricks.data(), int(tricks.size()), stated))
    refuse(kCode, std::string("the info does not add up: ") + wrong);
  if (!ts::info_legal_is(i, given, values, n_given))
    refuse(kCode, "the info's legal is not the moves its position allows");
  return i;
}

py::object expert_info_move(py::handle info, players::Player player,
                            const players::Context& context) {
  const ts::InfoSet i = checked_info(info, "choose(info)");
  const ts::Move m = players::expert_schnapsen(player, i, context);
  if (m.kind == ts::MoveKind::kNone) refuse(kCode, "the info leaves the expert no move");
  return move_dict(i.trump, m);
}

}  // namespace trumpf::bindings::schnapsen
