// Expert.choose(info) for the Schnapsen family: an info dict (Deal.info,
// Match.info, e.g. one a server sent a client) read back into the engine's
// InfoSet. Only conversion lives here: each value is read by value and
// range-checked; what the dict carries only implicitly (the played and won
// cards, the voids phase-2 follows showed) and whether it all adds up is
// schnapsen::info_complete's. Any refusal is Error bad_info (bad_variant for
// a rules table that is not one), never a crash: the dict may be hostile.
#include <pybind11/pybind11.h>

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

// The fields the dict states, and its tricks: everything info_complete reads.
ts::InfoSet read(py::handle d, std::vector<ts::Trick>* tricks) {
  const Keys& k = keys();
  ts::InfoSet i{};
  i.seat = seat_of(need(d, "seat"), "seat");
  i.rules = rules_arg(need(d, "rules"));
  std::string variant;
  py::object given_variant = need(d, "variant");
  if (!text_of(given_variant, &variant) || variant != std::string(k.variants[i.rules.base]))
    refuse(kCode, "variant is the rules' game, not " + repr_text(given_variant));
  i.number = std::uint64_t(int_of(need(d, "number"), 1, 0x7FFFFFFFFFFFFFFFLL, "number"));
  i.dealer = seat_of(need(d, "dealer"), "dealer");
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
    dict_check(close, "close_state");
    i.close_state.by = seat_of(item_of(close, k.by, "close_state"), "close_state's by");
    for (int s = 0; s < 2; ++s) {
      py::object x = item_of(close, k.seats[s], "close_state");
      dict_check(x, "close_state's seat");
      i.close_state.tricks[s] =
          std::uint8_t(int_of(item_of(x, k.tricks, "close_state"), 0, 12, "close tricks"));
      i.close_state.points[s] =
          std::int16_t(int_of(item_of(x, k.points, "close_state"), 0, 200, "close points"));
    }
  }
  if (close.is_none() != (i.closed_by == ts::kNoSeat))
    refuse(kCode, "close_state is None exactly when closed_by is");
  i.pending_draw = flag_of(need(d, "pending_draw"), "pending_draw");
  i.over = flag_of(need(d, "over"), "over");
  py::object match_over = dict_item(d, k.match_over, kCode);  // Match.info's only
  i.match.over = match_over && flag_of(match_over, "match_over");
  py::list hand = list_of(need(d, "hand"), "hand", 6);
  i.hand_n = 0;
  for (py::handle c : hand) i.hand_cards[i.hand_n++] = card_of(c, "a hand card");
  pair_of(d, "counts", 0, 6, i.counts);
  pair_of(d, "taken", 0, 200, i.taken);
  pair_of(d, "tricks_won", 0, 12, i.tricks_won);
  py::list melds = list_of(need(d, "melds"), "melds", 4);
  i.n_melds = 0;
  for (py::handle m : melds) {
    dict_check(m, "a meld");
    ts::Meld& x = i.melds[i.n_melds++];
    x.seat = seat_of(item_of(m, k.seat, "a meld"), "a meld's seat");
    x.suit = std::uint8_t(suit_of(item_of(m, k.suit, "a meld"), "a meld's suit"));
    x.value = std::uint8_t(int_of(item_of(m, k.value, "a meld"), 20, 40, "a meld's value"));
  }
  for (py::handle t : list_of(need(d, "tricks"), "tricks", 12)) {
    dict_check(t, "a trick");
    tricks->push_back(ts::Trick{seat_of(item_of(t, k.leader, "a trick"), "a trick's leader"),
                                card_of(item_of(t, k.lead, "a trick"), "a trick's lead"),
                                card_of(item_of(t, k.follow, "a trick"), "a trick's follow"),
                                seat_of(item_of(t, k.winner, "a trick"), "a trick's winner")});
  }
  py::list exchanges = list_of(need(d, "exchanges"), "exchanges", 2);
  i.n_exchanges = 0;
  for (py::handle e : exchanges) {
    dict_check(e, "an exchange");
    i.exchanges[i.n_exchanges++] =
        ts::Exchange{seat_of(item_of(e, k.seat, "an exchange"), "an exchange's seat"),
                     card_of(item_of(e, py::str("took"), "an exchange"), "an exchange's card")};
  }
  for (const char* key : {"known", "unseen"}) {
    std::uint32_t mask = 0;
    for (py::handle c : list_of(need(d, key), key, 24)) {
      const ts::Card card = card_of(c, std::string("a card of ") + key);
      if (mask & ts::bit(card)) refuse(kCode, std::string(key) + " holds a card twice");
      mask |= ts::bit(card);
    }
    (key[0] == 'k' ? i.known : i.unseen) = mask;
  }
  return i;
}

}  // namespace

py::object expert_info_move(py::handle info, const players::Context& context) {
  if (!PyDict_Check(info.ptr()))
    refuse(kCode,
           "choose(info) takes the dict Deal.info or Match.info gives, not " + repr_text(info));
  std::vector<ts::Trick> tricks;
  ts::InfoSet i = read(info, &tricks);
  if (const char* wrong = ts::info_complete(i, tricks.data(), int(tricks.size())))
    refuse(kCode, std::string("the info does not add up: ") + wrong);
  // The legal moves follow from the info; a dict whose `legal` says other
  // is not one a table gave, and the move must be one the caller offered.
  ts::Move moves[ts::kMaxMoves];
  const int n = ts::info_legal(i, moves);
  py::list legal;
  for (int m = 0; m < n; ++m) legal.append(move_dict(i.trump, moves[m]));
  py::object given = need(info, "legal");
  const int same = PyObject_RichCompareBool(legal.ptr(), given.ptr(), Py_EQ);
  if (same < 0) refuse_pending(kCode, "the info's legal");
  if (n == 0 || !same) refuse(kCode, "the info's legal is not the moves its position allows");
  const ts::Move m = players::expert_schnapsen(i, context);
  if (m.kind == ts::MoveKind::kInvalid) refuse(kCode, "the info leaves the expert no move");
  return move_dict(i.trump, m);
}

}  // namespace trumpf::bindings::schnapsen
