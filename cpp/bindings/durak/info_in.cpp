// Expert.choose(info) for Durak: a Game.info dict (e.g. one a server sent a
// client) read back into the engine's InfoSet. Only conversion lives here:
// each value is read by value and range-checked; whether it all adds up
// (the cards split the pack, the bout gives the phase and turn) is
// durak::info_complete's. Any refusal is Error bad_info, never a crash: the
// dict may be hostile. The view's redundant keys (the bout's defender, size
// and unbeaten; played, result) are not read: the bout's pairs say it all.
#include <pybind11/pybind11.h>

#include <string>

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

td::Card card_of(py::handle v, const std::string& what) {
  return td::Card(int_of(v, 1, td::kPackSize, what));
}

// Distinct cards from a list or tuple, as a set.
td::Cards cards_of(py::handle v, const char* what) {
  td::Cards out = 0;
  for (py::handle c : items_arg(v, kCode, what, td::kPackSize)) {
    const td::Card card = card_of(c, std::string("a card of ") + what);
    if (out & td::bit_of(card)) refuse(kCode, std::string(what) + " holds a card twice");
    out |= td::bit_of(card);
  }
  return out;
}

// The bout as Game.info shows it: {attacker, cap, taken, pairs: [{attack, beat}]}.
td::Bout bout_of(py::handle v) {
  if (!PyDict_Check(v.ptr())) refuse(kCode, "bout is a dict, not " + repr_text(v));
  const Keys& k = keys();
  td::Bout b{};
  b.open = 1;
  b.attacker = std::uint8_t(int_of(required(v, k.attacker, kCode, "the bout"), 1, 2, "attacker"));
  b.cap = std::uint8_t(int_of(required(v, k.cap, kCode, "the bout"), 0, td::kHandSize, "cap"));
  b.taken = flag_of(required(v, k.taken, kCode, "the bout"), "the bout's taken");
  bool unbeaten = false;  // attacks are beaten in order: none after an unbeaten one
  for (py::handle p :
       items_arg(required(v, k.pairs, kCode, "the bout"), kCode, "pairs", td::kHandSize)) {
    if (!PyDict_Check(p.ptr())) refuse(kCode, "a bout's pair is a dict, not " + repr_text(p));
    const td::Card attack = card_of(required(p, k.attack, kCode, "a pair"), "an attack");
    b.attacks[b.n_att++] = attack;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(attack)));
    py::object beat = required(p, k.beat, kCode, "a pair");
    if (beat.is_none()) {
      unbeaten = true;
      continue;
    }
    if (unbeaten) refuse(kCode, "a bout's attacks are beaten in order");
    const td::Card c = card_of(beat, "a beat");
    b.beats[b.n_beat++] = c;
    b.ranks = std::uint16_t(b.ranks | (1u << td::rank_index_of(c)));
  }
  return b;
}

td::InfoSet read(py::handle d) {
  td::InfoSet i{};
  i.seat = int(int_of(need(d, "seat"), 1, 2, "seat"));
  i.ply = std::uint16_t(int_of(need(d, "ply"), 0, 0xFFFF, "ply"));
  std::string phase;
  py::object given_phase = need(d, "phase");
  if (!text_of(given_phase, &phase) || !td::phase_named(phase, &i.phase))
    refuse(kCode, "phase is a phase's name, not " + repr_text(given_phase));
  i.turn = int(int_of(need(d, "turn"), 1, 2, "turn"));
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
  for (int s = 0; s < 2; ++s) {
    // A seat is 1 or 2, or "1" or "2" as JSON spells a dict's keys (an info
    // a game server sent).
    py::object n = dict_item(counts, py::int_(s + 1), kCode);
    if (!n) n = dict_item(counts, py::str(std::to_string(s + 1)), kCode);
    if (!n) refuse(kCode, "counts has no " + std::to_string(s + 1));
    i.counts[s] = int(int_of(n, 0, td::kPackSize, "a count"));
  }
  i.swap = flag_of(need(d, "swap"), "swap");
  py::object bout = need(d, "bout");
  if (bout.is_none()) refuse(kCode, "the info has no bout: the game is over");
  i.bout = bout_of(bout);
  i.known = cards_of(need(d, "known"), "known");
  i.unseen = cards_of(need(d, "unseen"), "unseen");
  if (flag_of(need(d, "over"), "over")) refuse(kCode, "the game is over: nobody is to move");
  return i;
}

}  // namespace

py::object expert_info_move(py::handle info, const players::Context& context) {
  if (!PyDict_Check(info.ptr()))
    refuse(kCode, "choose(info) takes the dict Game.info gives, not " + repr_text(info));
  td::InfoSet i = read(info);
  if (const char* wrong = td::info_complete(i))
    refuse(kCode, std::string("the info does not add up: ") + wrong);
  // The legal moves follow from the info; a dict whose `legal` says other
  // is not one a table gave, and the move must be one the caller offered.
  td::Move moves[td::kMaxMoves];
  const int n = td::info_legal(i, moves);
  py::list legal = legal_obj(moves, n);
  py::object given = need(info, "legal");
  const int same = PyObject_RichCompareBool(legal.ptr(), given.ptr(), Py_EQ);
  if (same < 0) refuse_pending(kCode, "the info's legal");
  if (n == 0 || !same) refuse(kCode, "the info's legal is not the moves its position allows");
  const td::Move m = players::expert_durak(i, context);
  if (m.kind == td::Kind::kNone) refuse(kCode, "the info leaves the expert no move");
  return move_dict(m);
}

}  // namespace trumpf::bindings::durak
