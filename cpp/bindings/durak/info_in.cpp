// Expert.choose(info) for Durak: a Game.info dict (e.g. one a server sent a
// client) read back into the engine's InfoSet, its plays and its legal
// moves. Only conversion lives here: each key is read by value and
// range-checked, and a dict with a key no table gives is refused; whether
// it is the information set of a position the rules reach is
// durak::info_complete's, on engine values (the legal list too: never
// compared through a caller's __eq__). Any refusal is Error bad_info, never
// a crash: the dict may be hostile.
#include <pybind11/pybind11.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/info_args.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "durak/info.hpp"
#include "durak/names.hpp"
#include "durak/worlds.hpp"

namespace trumpf::bindings::durak {

namespace {

using info_args::flag_of;
using info_args::int_of;
using info_args::kCode;
using info_args::need;

// Each play is an event: an info has no more plays than its ply's range.
constexpr std::size_t kMaxPlayed = 0xFFFF;

td::Card card_of(py::handle v, const std::string& what) {
  return td::Card(int_of(v, 1, td::kPackSize, what));
}

// Every key of `d` is a str among `keys`: a table gives no other.
void only(py::handle d, std::initializer_list<std::string_view> keys, const char* what) {
  PyObject *key = nullptr, *value = nullptr;
  Py_ssize_t pos = 0;
  while (PyDict_Next(d.ptr(), &pos, &key, &value)) {
    std::string_view text;
    bool known = text_of(key, &text);
    if (known) {
      known = false;
      for (std::string_view k : keys) known = known || k == text;
    }
    if (!known)
      refuse(kCode,
             std::string(what) + " has a key " + repr_text(py::handle(key)) + " no table gives");
  }
}

py::object item(py::handle d, const char* key, const char* what) {
  if (!PyDict_Check(d.ptr())) refuse(kCode, std::string(what) + " is a dict, not " + repr_text(d));
  return required_key(d, key, kCode, what);
}

// Distinct cards from a list or tuple, as a set.
td::Cards cards_of(py::handle v, const char* what) {
  td::Cards out = 0;
  for (py::handle c : items_arg(v, kCode, what, td::kPackSize)) {
    const td::Card card = card_of(c, std::string("a card of ") + what);
    if (out & td::bit(card)) refuse(kCode, std::string(what) + " holds a card twice");
    out |= td::bit(card);
  }
  return out;
}

// The bout as Game.info shows it: {attacker, defender, cap, size, taken,
// unbeaten, pairs: [{attack, beat}]}; defender, size and unbeaten must
// restate the rest.
td::Bout bout_of(py::handle v) {
  const char* what = "the bout";
  if (!PyDict_Check(v.ptr())) refuse(kCode, "bout is a dict, not " + repr_text(v));
  only(v, {"attacker", "defender", "cap", "size", "taken", "unbeaten", "pairs"}, what);
  td::Bout b{};
  b.open = 1;
  b.attacker = td::seat_numbered(int_of(item(v, "attacker", what), 1, 2, "attacker"));
  const td::Seat defender = td::seat_numbered(int_of(item(v, "defender", what), 1, 2, "defender"));
  b.cap = std::uint8_t(int_of(item(v, "cap", what), 0, td::kHandSize, "cap"));
  const int size = int(int_of(item(v, "size", what), 0, td::kHandSize, "size"));
  b.taken = flag_of(item(v, "taken", what), "the bout's taken");
  py::object unbeaten = item(v, "unbeaten", what);
  bool open_attack = false;  // attacks are beaten in order: none after an unbeaten one
  for (py::handle p : items_arg(item(v, "pairs", what), kCode, "pairs", td::kHandSize)) {
    if (!PyDict_Check(p.ptr())) refuse(kCode, "a bout's pair is a dict, not " + repr_text(p));
    only(p, {"attack", "beat"}, "a pair");
    const td::Card attack = card_of(item(p, "attack", "a pair"), "an attack");
    b.attacks[b.n_att++] = attack;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(attack)));
    py::object beat = item(p, "beat", "a pair");
    if (beat.is_none()) {
      open_attack = true;
      continue;
    }
    if (open_attack) refuse(kCode, "a bout's attacks are beaten in order");
    const td::Card c = card_of(beat, "a beat");
    b.beats[b.n_beat++] = c;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(c)));
  }
  const td::Card first_open = b.unbeaten();
  const td::Card said = unbeaten.is_none() ? td::Card(0) : card_of(unbeaten, "unbeaten");
  if (defender != b.defender() || size != b.n_att || said != first_open)
    refuse(kCode,
           "the info does not add up: the bout's defender, size or unbeaten do not "
           "restate its pairs");
  return b;
}

std::vector<td::Play> played_of(py::handle v) {
  std::vector<td::Play> out;
  for (py::handle e : items_arg(v, kCode, "played", kMaxPlayed)) {
    const char* what = "a played entry";
    if (!PyDict_Check(e.ptr())) refuse(kCode, "a played entry is a dict, not " + repr_text(e));
    only(e, {"seat", "kind", "card"}, what);
    td::Play p{};
    p.seat = td::seat_numbered(int_of(item(e, "seat", what), 1, 2, "a played seat"));
    py::object kind = item(e, "kind", what);
    const td::Kind parsed = parse_kind(kind);
    if (parsed != td::Kind::kAttack && parsed != td::Kind::kBeat)
      refuse(kCode, "a played kind is attack or beat, not " + repr_text(kind));
    p.attack = parsed == td::Kind::kAttack;
    p.card = card_of(item(e, "card", what), "a played card");
    out.push_back(p);
  }
  return out;
}

// The legal list as engine moves: each a plain dict (no subclass, whose
// methods the caller wrote) of {kind} plus card for an attack or a beat,
// nothing else; any other value is not a table's.
std::vector<td::Move> legal_of(py::handle v) {
  std::vector<td::Move> out;
  for (py::handle m : items_arg(v, kCode, "legal", td::kMaxMoves + 1)) {
    const char* what = "a legal move";
    if (!PyDict_CheckExact(m.ptr()))
      refuse(kCode, "a legal move is a plain dict, not " + repr_text(m));
    py::object kind = item(m, "kind", what);
    const td::Kind parsed = parse_kind(kind);
    if (parsed == td::Kind::kNone || parsed == td::Kind::kResign)
      refuse(kCode, "a legal move's kind is one of attack, beat, take, done, swap, not " +
                        repr_text(kind));
    td::Move move{parsed, 0};
    if (carded(parsed)) {
      only(m, {"kind", "card"}, what);
      move.card = card_of(item(m, "card", what), "a move's card");
    } else {
      only(m, {"kind"}, what);
    }
    out.push_back(move);
  }
  return out;
}

td::InfoSet read(py::handle d) {
  only(d,
       {"seat", "ply", "phase", "turn", "trump", "trump_card", "talon", "discard", "discarded",
        "hand", "counts", "swap", "bout", "played", "known", "unseen", "legal", "over", "result"},
       "the info");
  td::InfoSet i{};
  i.seat = td::seat_numbered(int_of(need(d, "seat"), 1, 2, "seat"));
  i.ply = std::uint16_t(int_of(need(d, "ply"), 0, 0xFFFF, "ply"));
  std::string phase;
  py::object given_phase = need(d, "phase");
  if (!text_of(given_phase, &phase) || !td::phase_named(phase, &i.phase))
    refuse(kCode, "phase is a phase's name, not " + repr_text(given_phase));
  i.turn = td::seat_numbered(int_of(need(d, "turn"), 1, 2, "turn"));
  std::string trump;
  py::object given_trump = need(d, "trump");
  i.trump = text_of(given_trump, &trump) ? td::suit_named(trump) : -1;
  if (i.trump < 0) refuse(kCode, "trump is a suit letter, not " + repr_text(given_trump));
  i.trump_card = card_of(need(d, "trump_card"), "trump_card");
  i.talon = int(int_of(need(d, "talon"), 0, td::kPackSize, "talon"));
  i.discard = int(int_of(need(d, "discard"), 0, td::kPackSize, "discard"));
  i.discarded = cards_of(need(d, "discarded"), "discarded");
  i.hand = cards_of(need(d, "hand"), "hand");
  py::object counts = need(d, "counts");
  if (!PyDict_Check(counts.ptr()))
    refuse(kCode, "counts is {1: n, 2: n}, not " + repr_text(counts));
  for (td::Seat s : {td::kP1, td::kP2}) {
    // A seat is 1 or 2, or "1" or "2" as JSON spells a dict's keys (an info
    // a game server sent).
    const int number = td::seat_number(s);
    py::object n = dict_item(counts, py::int_(number), kCode);
    if (!n) n = dict_item(counts, py::str(std::to_string(number)), kCode);
    if (!n) refuse(kCode, "counts has no " + std::to_string(number));
    i.counts[s] = int(int_of(n, 0, td::kPackSize, "a count"));
  }
  if (PyDict_Size(counts.ptr()) != 2) refuse(kCode, "counts has a key that is not a seat");
  i.swap = flag_of(need(d, "swap"), "swap");
  py::object bout = need(d, "bout");
  if (bout.is_none()) refuse(kCode, "the info has no bout: the game is over");
  i.bout = bout_of(bout);
  i.known = cards_of(need(d, "known"), "known");
  i.unseen = cards_of(need(d, "unseen"), "unseen");
  if (flag_of(need(d, "over"), "over")) refuse(kCode, "the game is over: nobody is to move");
  if (!need(d, "result").is_none()) refuse(kCode, "a game not over has no result");
  return i;
}

}  // namespace

td::InfoSet checked_info(py::handle info, const char* call) {
  if (!PyDict_Check(info.ptr()))
    refuse(kCode, std::string(call) + " takes the dict Game.info gives, not " + repr_text(info));
  td::InfoSet i = read(info);
  const std::vector<td::Play> played = played_of(need(info, "played"));
  const std::vector<td::Move> legal = legal_of(need(info, "legal"));
  const char* wrong =
      td::info_complete(i, played.data(), played.size(), legal.data(), int(legal.size()));
  if (wrong) refuse(kCode, std::string("the info does not add up: ") + wrong);
  return i;
}

py::object expert_info_move(py::handle info, const players::Context& context) {
  const td::InfoSet i = checked_info(info, "choose(info)");
  const td::Move m = players::expert_durak(i, context);
  if (m.kind == td::Kind::kNone) refuse(kCode, "the info leaves the expert no move");
  return move_dict(m);
}

}  // namespace trumpf::bindings::durak
