// Python bindings of the Durak engine: Game, Bot, Error and the module
// functions behind trumpf.durak's card/deck/rules/result/search modules.
//
// Dicts exist only here. Keys and kind strings are interned once; moves from
// Python are validated into a small Move (garbage becomes a kind or card the
// engine refuses with the reference code) so nothing can crash the engine.
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bindings/common/errors.hpp"
#include "bindings/common/fastcall.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/register.hpp"
#include "common/shuffle.hpp"
#include "durak/deck.hpp"
#include "durak/game.hpp"
#include "durak/search.hpp"

namespace py = pybind11;
using namespace trumpf::durak;

namespace trumpf::bindings {
namespace {

// ---------------------------------------------------------------- strings

struct Names {
  py::str kind, seat, card, taken, how, cards, discard, next_attacker, drawn, talon, outcome, fool,
      places, attacker, defender, cap, attacks, beats, size, unbeaten, pairs, attack, beat, ply,
      phase, turn, trump, trump_card, hand, counts, swap, legal, over, result, bout, game, events,
      seed, number, moves;
  py::str k_attack, k_beat, k_take, k_done, k_swap, k_resign, k_bout_end, k_refill, k_out,
      k_game_end, k_durak;
  py::str how_s[5];
  py::str phase_s[4];
  py::str outcome_s[4];
  py::str suit_s[4];
  py::int_ one{1}, two{2};
};

Names* N =
    nullptr;  // created at module init, never freed (outlives the interpreter's teardown order)

py::str intern(const char* s) {
  PyObject* o = PyUnicode_InternFromString(s);
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

void make_names() {
  N = new Names;
#define K(f) N->f = intern(#f)
  K(kind);
  K(seat);
  K(card);
  K(taken);
  K(how);
  K(cards);
  K(discard);
  K(next_attacker);
  K(drawn);
  K(talon);
  K(outcome);
  K(fool);
  K(places);
  K(attacker);
  K(defender);
  K(cap);
  K(attacks);
  K(beats);
  K(size);
  K(unbeaten);
  K(pairs);
  K(attack);
  K(beat);
  K(ply);
  K(phase);
  K(turn);
  K(trump);
  K(trump_card);
  K(hand);
  K(counts);
  K(swap);
  K(legal);
  K(over);
  K(result);
  K(bout);
  K(game);
  K(events);
  K(seed);
  K(number);
  K(moves);
#undef K
  N->k_attack = intern("attack");
  N->k_beat = intern("beat");
  N->k_take = intern("take");
  N->k_done = intern("done");
  N->k_swap = intern("swap");
  N->k_resign = intern("resign");
  N->k_bout_end = intern("bout_end");
  N->k_refill = intern("refill");
  N->k_out = intern("out");
  N->k_game_end = intern("game_end");
  N->k_durak = intern("durak");
  for (int i = 0; i < 5; ++i) N->how_s[i] = intern(how_name(How(i)));
  for (int i = 0; i < 4; ++i) N->phase_s[i] = intern(phase_name(Phase(i)));
  N->outcome_s[0] = intern("none");
  for (int i = 1; i < 4; ++i) N->outcome_s[i] = intern(outcome_name(Outcome(i)));
  const char* suits[4] = {"S", "H", "D", "C"};
  for (int i = 0; i < 4; ++i) N->suit_s[i] = intern(suits[i]);
}

const py::str& kind_str(Kind k) {
  switch (k) {
    case Kind::kAttack:
      return N->k_attack;
    case Kind::kBeat:
      return N->k_beat;
    case Kind::kTake:
      return N->k_take;
    case Kind::kDone:
      return N->k_done;
    case Kind::kSwap:
      return N->k_swap;
    default:
      return N->k_resign;
  }
}

py::object seat_obj(int seat) {
  if (seat == 1) return N->one;
  if (seat == 2) return N->two;
  return py::none();
}

// ---------------------------------------------------------------- errors

[[noreturn]] void fail(const std::string& code, const std::string& message) {
  refuse(code, message);
}

std::string card_text(int c) {
  if (!valid_card(c)) return std::to_string(c);
  std::string s = std::to_string(c) + " (";
  s += kRankLetters[rank_index_of(Card(c))];
  s += kSuitLetters[suit_of(Card(c))];
  return s + ")";
}

// A hand as a refusal lists it: each card's id, which is what a move carries,
// and its name, which is what a person reads ("5 5S").
std::string hand_text(Cards s) {
  std::string out = "[";
  for (bool first = true; s; s &= s - 1, first = false) {
    const Card c = lowest(s);
    if (!first) out += ", ";
    out += std::to_string(c) + " ";
    out += kRankLetters[rank_index_of(c)];
    out += kSuitLetters[suit_of(c)];
  }
  return out + "]";
}

std::string cards_text(Cards s) {
  std::string out = "[";
  bool first = true;
  while (s) {
    if (!first) out += ", ";
    first = false;
    out += std::to_string(lowest(s));
    s &= s - 1;
  }
  return out + "]";
}

// ---------------------------------------------------------------- inputs

// An exact int (not bool) in [lo, hi], else `bad`.
long long int_or(py::handle h, long long lo, long long hi, long long bad) {
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return bad;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return bad;
  }
  return (v < lo || v > hi) ? bad : v;
}

int seat_of(py::handle h) { return int(int_or(h, 1, 2, 0)); }

int require_seat(py::handle h) {
  int s = seat_of(h);
  if (!s) fail("bad_seat", "a seat is the int 1 or 2, not " + std::string(py::repr(h)));
  return s;
}

Card require_card(py::handle h) {
  long long c = int_or(h, 1, kPackSize, 0);
  if (!c) fail("bad_card", "a card is an int id 1..36, not " + std::string(py::repr(h)));
  return Card(c);
}

Kind kind_of(py::handle h) {
  if (!h || !PyUnicode_Check(h.ptr())) return Kind::kUnknown;
  Py_ssize_t n = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
  if (!s) {
    PyErr_Clear();
    return Kind::kUnknown;
  }
  std::string_view v(s, std::size_t(n));
  if (v == "attack") return Kind::kAttack;
  if (v == "beat") return Kind::kBeat;
  if (v == "take") return Kind::kTake;
  if (v == "done") return Kind::kDone;
  if (v == "swap") return Kind::kSwap;
  if (v == "resign") return Kind::kResign;
  return Kind::kUnknown;
}

py::handle dict_get(py::handle d, py::handle key) {
  return PyDict_GetItemWithError(d.ptr(), key.ptr());  // borrowed, may be null
}

// A move as Python gave it: never trusted. Unknown shapes become kinds/cards
// the engine refuses with the reference code.
Move parse_move(py::handle obj) {
  Move m;
  if (!obj || !PyDict_Check(obj.ptr())) {
    m.kind = Kind::kUnknown;
    return m;
  }
  m.kind = kind_of(dict_get(obj, N->kind));
  if (PyErr_Occurred()) PyErr_Clear();
  if (m.kind == Kind::kAttack || m.kind == Kind::kBeat)
    m.card = Card(int_or(dict_get(obj, N->card), 1, kPackSize, 0));
  if (PyErr_Occurred()) PyErr_Clear();
  return m;
}

std::array<std::uint8_t, 32> require_seed(py::handle h) {
  std::array<std::uint8_t, 32> out{};
  if (!h || !PyBytes_Check(h.ptr()) || PyBytes_GET_SIZE(h.ptr()) != 32)
    fail("no_seed", "a seed is exactly 32 bytes, not " +
                        std::string(py::repr(py::type::handle_of(h).attr("__name__"))) +
                        (h && PyBytes_Check(h.ptr())
                             ? " of length " + std::to_string(PyBytes_GET_SIZE(h.ptr()))
                             : ""));
  std::memcpy(out.data(), PyBytes_AS_STRING(h.ptr()), 32);
  return out;
}

std::uint64_t require_number(py::handle h) {
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr()))
    fail("bad_deal", "a deal number is an int >= 1, not " + std::string(py::repr(h)));
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow > 0) fail("bad_deal", "deal number " + std::string(py::repr(h)) + " is too large");
  if (overflow < 0 || v < 1)
    fail("bad_deal", "a deal number counts from 1, not " + std::string(py::repr(h)));
  return std::uint64_t(v);
}

std::string hex_of(const std::array<std::uint8_t, 32>& s) {
  static const char* d = "0123456789abcdef";
  std::string out;
  for (auto b : s) {
    out += d[b >> 4];
    out += d[b & 15];
  }
  return out;
}

// ---------------------------------------------------------------- outputs

py::list cards_list(Cards s) {
  py::list out(count_of(s));
  Py_ssize_t i = 0;
  while (s) {
    PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(lowest(s)));
    s &= s - 1;
  }
  return out;
}

py::dict move_dict(Move m) {
  // One template per (kind, card).
  static auto* moves = new fast::DictTemplates(8 * 40);
  const bool carded = m.kind == Kind::kAttack || m.kind == Kind::kBeat;
  return moves->get(std::size_t(m.kind) * 40 + (carded ? m.card : 0), [&] {
    py::dict d;
    d[N->kind] = kind_str(m.kind);
    if (carded) d[N->card] = py::int_(int(m.card));
    return d;
  });
}

py::dict seat_map(int a, int b) {
  py::dict d;
  d[N->one] = py::int_(a);
  d[N->two] = py::int_(b);
  return d;
}

py::dict result_dict(Outcome o, int fool) {
  py::dict d;
  d[N->outcome] = N->outcome_s[int(o)];
  d[N->fool] = seat_obj(fool);
  d[N->places] = seat_map(fool == 1 ? 2 : 1, fool == 2 ? 2 : 1);
  return d;
}

py::dict event_dict(const Event& e) {
  if (e.kind == EventKind::kAttack || e.kind == EventKind::kBeat) {
    // The commonest events: one template per (kind, seat, card).
    static auto* plays = new fast::DictTemplates(2 * 3 * 40);
    const std::size_t key = (e.kind == EventKind::kAttack ? 0 : 120) + e.seat * 40 + e.card;
    return plays->get(key, [&] {
      py::dict d;
      d[N->kind] = e.kind == EventKind::kAttack ? N->k_attack : N->k_beat;
      d[N->seat] = seat_obj(e.seat);
      d[N->card] = py::int_(int(e.card));
      return d;
    });
  }
  py::dict d;
  switch (e.kind) {
    case EventKind::kAttack:
    case EventKind::kBeat:
      d[N->kind] = e.kind == EventKind::kAttack ? N->k_attack : N->k_beat;
      d[N->seat] = seat_obj(e.seat);
      d[N->card] = py::int_(int(e.card));
      break;
    case EventKind::kTake:
    case EventKind::kDone:
    case EventKind::kSwap:
    case EventKind::kResign:
      d[N->kind] = kind_str(Kind(int(e.kind) + 1));
      d[N->seat] = seat_obj(e.seat);
      break;
    case EventKind::kBoutEnd:
      d[N->kind] = N->k_bout_end;
      d[N->taken] = py::bool_(e.taken != 0);
      d[N->how] = N->how_s[int(e.how)];
      d[N->cards] = py::int_(int(e.cards));
      d[N->discard] = py::int_(int(e.discard));
      d[N->next_attacker] = seat_obj(e.next_attacker);
      break;
    case EventKind::kRefill:
      d[N->kind] = N->k_refill;
      d[N->drawn] = seat_map(e.drawn[0], e.drawn[1]);
      d[N->talon] = py::int_(int(e.talon));
      break;
    case EventKind::kOut:
      d[N->kind] = N->k_out;
      d[N->seat] = seat_obj(e.seat);
      break;
    case EventKind::kGameEnd: {
      d[N->kind] = N->k_game_end;
      py::dict r = result_dict(e.outcome, e.fool);
      for (auto item : r) d[item.first] = item.second;
      break;
    }
  }
  return d;
}

py::list legal_list(const GameState& s, int seat) {
  Move buf[kMaxMoves];
  int n = legal_moves(s, seat, buf);
  py::list out(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(out.ptr(), i, move_dict(buf[i]).release().ptr());
  return out;
}

// ---------------------------------------------------------------- Game

struct PyGame {
  GameState s{};
  std::array<std::uint8_t, 32> seed{};
  std::uint64_t number = 1;
  std::vector<Event> history;
};

std::string refusal_message(const GameState& s, int seat, Move m, Code c, py::handle seat_h) {
  const std::string who = "seat " + std::to_string(seat);
  const std::string what = m.kind == Kind::kUnknown || m.kind == Kind::kNone
                               ? std::string("move")
                               : std::string(kind_name(m.kind));
  switch (c) {
    case Code::kGameOver:
      return "the game is over: no more moves";
    case Code::kNotYourTurn:
      if (!seat) return "a seat is the int 1 or 2, not " + std::string(py::repr(seat_h));
      return who + " cannot " + what + ": it is seat " + std::to_string(turn_of(s)) + "'s turn";
    case Code::kNotLegal:
      return who +
             ": not a move of this game (a dict with kind attack, beat, take, done, swap or "
             "resign)";
    case Code::kWrongPhase:
      return who + " cannot " + what + " in the " + phase_name(phase_of(s)) + " phase";
    case Code::kCardNotHeld:
      return who + " cannot " + what + " with " +
             (m.card ? card_text(m.card) : std::string("no valid card")) + ": not in hand " +
             hand_text(s.hand(seat));
    case Code::kBoutFull:
      return who + " cannot attack with " + card_text(m.card) + ": the bout is full (cap " +
             std::to_string(s.bout.cap) + ")";
    case Code::kRankNotInBout:
      return who + " cannot attack with " + card_text(m.card) + ": its rank is not on the table";
    case Code::kBeatsNothing:
      return who + " cannot beat with " + card_text(m.card) + ": it does not beat " +
             card_text(s.bout.unbeaten());
    case Code::kMustAttack:
      return who + " cannot say done: the bout is empty, attack first";
    case Code::kNotTheSix:
      return who + " cannot swap: it is not the trump six's owner or does not hold " +
             card_text(s.six());
    case Code::kTalonShut:
      return who + " cannot swap: the turn-up has been drawn";
    default:
      return code_name(c);
  }
}

py::list apply_to(PyGame& g, py::handle seat_h, py::handle move_h) {
  const int seat = seat_of(seat_h);
  const Move m = parse_move(move_h);
  EventSink sink;
  const Code c = apply_move(g.s, seat, m, &sink);
  if (c != Code::kOk) fail(code_name(c), refusal_message(g.s, seat, m, c, seat_h));
  py::list out(sink.n);
  for (int i = 0; i < sink.n; ++i) {
    g.history.push_back(sink.ev[i]);
    PyList_SET_ITEM(out.ptr(), i, event_dict(sink.ev[i]).release().ptr());
  }
  return out;
}

PyGame build_game(py::handle seed, py::handle number, py::handle seats) {
  PyGame g;
  g.seed = require_seed(seed);
  g.number = require_number(number);
  if (int_or(seats, 2, 2, 0) != 2)
    fail("bad_seats", "Durak is for two seats, not " + std::string(py::repr(seats)));
  deal_game(g.seed.data(), g.number, g.s);
  return g;
}

py::object bout_dict(const GameState& s) {
  const Bout& b = s.bout;
  if (!b.open) return py::none();
  py::dict d;
  d[N->attacker] = seat_obj(b.attacker);
  d[N->defender] = seat_obj(b.defender());
  d[N->cap] = py::int_(int(b.cap));
  py::list att(b.n_att), bts(b.n_att);
  for (int i = 0; i < b.n_att; ++i) {
    PyList_SET_ITEM(att.ptr(), i, PyLong_FromLong(b.attacks[i]));
    PyObject* v = i < b.n_beat ? PyLong_FromLong(b.beats[i]) : (Py_INCREF(Py_None), Py_None);
    PyList_SET_ITEM(bts.ptr(), i, v);
  }
  d[N->attacks] = att;
  d[N->beats] = bts;
  d[N->taken] = py::bool_(b.taken != 0);
  return std::move(d);
}

py::object result_of(const GameState& s) {
  if (!s.outcome) return py::none();
  return result_dict(Outcome(s.outcome), s.fool);
}

py::dict view_of(const PyGame& g, int seat) {
  const GameState& s = g.s;
  py::dict v;
  v[N->seat] = seat_obj(seat);
  v[N->ply] = py::int_(int(s.ply));
  v[N->phase] = N->phase_s[int(phase_of(s))];
  v[N->turn] = seat_obj(turn_of(s));
  v[N->trump] = N->suit_s[s.trump];
  v[N->trump_card] = s.turn_up_left() ? py::object(py::int_(int(s.trump_card()))) : py::none();
  v[N->talon] = py::int_(s.talon_left());
  v[N->discard] = py::int_(int(s.discard));
  v[N->hand] = cards_list(s.hand(seat));
  v[N->counts] = seat_map(count_of(s.hands[0]), count_of(s.hands[1]));
  v[N->swap] = py::bool_(can_swap(s, seat));
  v[N->legal] = legal_list(s, seat);
  v[N->over] = py::bool_(is_over(s));
  v[N->result] = result_of(s);
  const Bout& b = s.bout;
  if (!b.open) {
    v[N->bout] = py::none();
  } else {
    py::dict bd;
    bd[N->attacker] = seat_obj(b.attacker);
    bd[N->defender] = seat_obj(b.defender());
    bd[N->cap] = py::int_(int(b.cap));
    bd[N->size] = py::int_(int(b.n_att));
    bd[N->taken] = py::bool_(b.taken != 0);
    Card u = b.unbeaten();
    bd[N->unbeaten] = u ? py::object(py::int_(int(u))) : py::none();
    py::list pairs(b.n_att);
    for (int i = 0; i < b.n_att; ++i) {
      py::dict p;
      p[N->attack] = py::int_(int(b.attacks[i]));
      p[N->beat] = i < b.n_beat ? py::object(py::int_(int(b.beats[i]))) : py::none();
      PyList_SET_ITEM(pairs.ptr(), i, p.release().ptr());
    }
    bd[N->pairs] = pairs;
    v[N->bout] = bd;
  }
  return v;
}

py::list history_list(const std::vector<Event>& h, std::size_t from = 0) {
  py::list out(h.size() - from);
  for (std::size_t i = from; i < h.size(); ++i)
    PyList_SET_ITEM(out.ptr(), Py_ssize_t(i - from), event_dict(h[i]).release().ptr());
  return out;
}

bool is_move_kind(py::handle k) {
  Kind kind = kind_of(k);
  return kind != Kind::kUnknown && kind != Kind::kNone;
}

py::list moves_of(py::handle history) {
  py::list out;
  for (py::handle e : history) {
    if (!PyDict_Check(e.ptr())) continue;
    py::handle k = dict_get(e, N->kind);
    if (!k || !is_move_kind(k)) continue;
    py::dict m;
    py::handle seat = dict_get(e, N->seat);
    m[N->seat] = seat ? py::reinterpret_borrow<py::object>(seat) : py::none();
    m[N->kind] = py::reinterpret_borrow<py::object>(k);
    Kind kind = kind_of(k);
    if (kind == Kind::kAttack || kind == Kind::kBeat) {
      py::handle c = dict_get(e, N->card);
      m[N->card] = c ? py::reinterpret_borrow<py::object>(c) : py::none();
    }
    out.append(m);
  }
  return out;
}

py::list moves_of_game(const PyGame& g) {
  py::list out;
  for (const Event& e : g.history) {
    if (!is_move_event(e.kind)) continue;
    py::dict m;
    m[N->seat] = seat_obj(e.seat);
    m[N->kind] = kind_str(Kind(int(e.kind) + 1));
    if (e.kind == EventKind::kAttack || e.kind == EventKind::kBeat)
      m[N->card] = py::int_(int(e.card));
    out.append(m);
  }
  return out;
}

py::dict replay(py::handle seed, py::handle moves, py::handle number) {
  PyGame g = build_game(seed, number, py::int_(2));
  struct Step {
    int seat;
    Move m;
  };
  std::vector<Step> steps;
  for (py::handle mv : moves) {
    int seat = PyDict_Check(mv.ptr()) ? seat_of(dict_get(mv, N->seat)) : 0;
    if (PyErr_Occurred()) PyErr_Clear();
    steps.push_back(Step{seat, parse_move(mv)});
  }
  Code c = Code::kOk;
  std::size_t bad = 0;
  GameState before{};
  {
    py::gil_scoped_release nogil;
    EventSink sink;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      sink.n = 0;
      before = g.s;
      c = apply_move(g.s, steps[i].seat, steps[i].m, &sink);
      if (c != Code::kOk) {
        bad = i;
        break;
      }
      g.history.insert(g.history.end(), sink.ev, sink.ev + sink.n);
    }
  }
  if (c != Code::kOk) {
    py::handle mv = py::list(py::reinterpret_borrow<py::object>(moves))[bad];
    py::handle seat_h = PyDict_Check(mv.ptr()) ? dict_get(mv, N->seat) : py::handle();
    fail(code_name(c), "move " + std::to_string(bad) + " " + std::string(py::repr(mv)) + ": " +
                           refusal_message(before, steps[bad].seat, steps[bad].m, c,
                                           seat_h ? seat_h : py::handle(Py_None)));
  }
  py::dict out;
  py::list events = history_list(g.history);
  out[N->game] = py::cast(std::move(g));
  out[N->events] = events;
  return out;
}

std::string repr_of(const PyGame& g) {
  const GameState& s = g.s;
  std::string r = "<durak.Game #" + std::to_string(g.number) + " trump " + kSuitLetters[s.trump];
  if (is_over(s)) {
    Outcome o = outcome_of(s);
    r += " over: ";
    r += outcome_name(o);
    if (s.fool) r += ", fool " + std::to_string(s.fool);
  } else {
    r += std::string(" ") + phase_name(phase_of(s)) + " seat " + std::to_string(turn_of(s));
    r += " talon " + std::to_string(s.talon_left());
  }
  r += " hands " + cards_text(s.hands[0]) + " " + cards_text(s.hands[1]);
  const Bout& b = s.bout;
  if (b.open && b.n_att) {
    r += " bout";
    for (int i = 0; i < b.n_att; ++i) {
      r += " " + std::to_string(b.attacks[i]);
      if (i < b.n_beat) r += "/" + std::to_string(b.beats[i]);
    }
  }
  return r + ">";
}

// ---------------------------------------------------------------- Bot

int suit_index(py::handle h) {
  if (h && PyUnicode_Check(h.ptr())) {
    std::string s = py::str(h);
    if (s.size() == 1)
      for (int i = 0; i < 4; ++i)
        if (s[0] == kSuitLetters[i] || s[0] == kSuitLetters[i] + 32) return i;
  }
  fail("bad_card", "a trump is a suit letter S, H, D or C, not " +
                       std::string(py::repr(h ? h : py::handle(Py_None))));
}

Cards cards_from(py::handle list) {
  Cards s = 0;
  for (py::handle c : list) s |= bit_of(require_card(c));
  return s;
}

py::object choose_from_view(py::handle view, int level, std::uint32_t word, bool* needs_word) {
  if (!PyDict_Check(view.ptr())) fail("bad_view", "a view is the dict Game.view(seat) returns");
  py::handle legal = dict_get(view, N->legal);
  if (!legal) fail("bad_view", "the view has no legal moves");
  std::vector<Move> moves;
  std::vector<py::handle> entries;
  for (py::handle m : legal) {
    Move mv = parse_move(m);
    moves.push_back(mv);
    entries.push_back(m);
  }
  if (moves.empty()) return py::none();
  if (needs_word) *needs_word = true;
  Cards hand = 0;
  py::handle h = dict_get(view, N->hand);
  if (h) hand = cards_from(h);
  int trump = suit_index(dict_get(view, N->trump));
  py::handle t = dict_get(view, N->talon);
  int talon = int(int_or(t, 0, 36, 0));
  int att = 0;
  py::handle b = dict_get(view, N->bout);
  if (b && PyDict_Check(b.ptr())) att = int(int_or(dict_get(b, N->size), 0, 36, 0));
  py::handle ph = dict_get(view, N->phase);
  bool defending = ph && PyUnicode_Check(ph.ptr()) && std::string(py::str(ph)) == "defend";
  Move pick =
      choose_move(moves.data(), int(moves.size()), hand, trump, talon, att, defending, level, word);
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].kind == pick.kind && moves[i].card == pick.card)
      return py::reinterpret_borrow<py::object>(entries[i]).attr("copy")();
  return py::none();
}

std::string text_of_seed(py::handle seed) {
  if (seed.is_none()) return "";
  if (PyBytes_Check(seed.ptr()))
    return std::string(PyBytes_AS_STRING(seed.ptr()), std::size_t(PyBytes_GET_SIZE(seed.ptr())));
  if (PyUnicode_Check(seed.ptr())) return py::str(seed);
  fail("bad_seed", "a bot seed is a str or bytes, not " + std::string(py::repr(seed)));
}

std::uint32_t word_for(const std::string& seed, int seat, long long ply) {
  std::string text = seed + ":" + std::to_string(seat) + ":" + std::to_string(ply);
  return trumpf::first_word_of(text);
}

struct PyBot {
  int level = 1;
  std::string seed;
  py::object seed_obj;
};

int level_for(long long n) {
  static const int ladder[5] = {1, 1, 2, 3, 3};
  if (n < 1) n = 1;
  if (n > 5) n = 5;
  return ladder[n - 1];
}

int clamp_level(py::handle h) {
  long long v = int_or(h, -(1LL << 62), 1LL << 62, 1);
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr()))
    fail("bad_level", "a bot level is an int, not " + std::string(py::repr(h)));
  return v < 1 ? 1 : v > 3 ? 3 : int(v);
}

py::object bot_choose_view(py::handle view, int level, const std::string& seed) {
  if (level <= 1) {
    if (!PyDict_Check(view.ptr())) fail("bad_view", "a view is the dict Game.view(seat) returns");
    int seat = seat_of(dict_get(view, N->seat));
    long long ply = int_or(dict_get(view, N->ply), 0, 1LL << 40, 0);
    return choose_from_view(view, 1, word_for(seed, seat, ply), nullptr);
  }
  return choose_from_view(view, level, 0, nullptr);
}

// ---------------------------------------------------------------- rules input

Bout bout_from(py::handle b) {
  Bout out{};
  if (!b || b.is_none()) {
    out.cap = kHandSize;
    return out;
  }
  if (!PyDict_Check(b.ptr())) fail("bad_bout", "a bout is the dict Game.bout returns");
  out.open = 1;
  out.attacker =
      std::uint8_t(seat_of(dict_get(b, N->attacker)) ? seat_of(dict_get(b, N->attacker)) : 1);
  out.cap = std::uint8_t(int_or(dict_get(b, N->cap), 0, 6, 6));
  py::handle att = dict_get(b, N->attacks), bts = dict_get(b, N->beats);
  if (att)
    for (py::handle c : att) {
      if (out.n_att >= kHandSize) fail("bad_bout", "a bout holds at most six attacks");
      Card x = require_card(c);
      out.attacks[out.n_att++] = x;
      out.ranks = std::uint16_t(out.ranks | (1u << rank_index_of(x)));
    }
  if (bts)
    for (py::handle c : bts) {
      if (c.is_none()) continue;
      if (out.n_beat >= kHandSize) fail("bad_bout", "a bout holds at most six beats");
      Card x = require_card(c);
      out.beats[out.n_beat++] = x;
      out.ranks = std::uint16_t(out.ranks | (1u << rank_index_of(x)));
    }
  py::handle tk = dict_get(b, N->taken);
  out.taken = tk && PyObject_IsTrue(tk.ptr()) == 1;
  return out;
}

}  // namespace

namespace {

// The play loop's four calls (turn, over, legal, apply) as plain CPython
// methods and getters: see bindings/fastcall.hpp.
const char* const kSeatArg[] = {"seat"};
const char* const kApplyArgs[] = {"seat", "move"};

PyObject* game_legal(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
  return fast::guarded([&]() -> PyObject* {
    PyObject* a[1];
    if (!fast::parse("legal", args, nargsf, kw, kSeatArg, a)) return nullptr;
    PyGame* g = &self_of<PyGame>(self);
    return g ? legal_list(g->s, require_seat(a[0])).release().ptr() : nullptr;
  });
}

PyObject* game_apply(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
  return fast::guarded([&]() -> PyObject* {
    PyObject* a[2];
    if (!fast::parse("apply", args, nargsf, kw, kApplyArgs, a)) return nullptr;
    PyGame* g = &self_of<PyGame>(self);
    return g ? apply_to(*g, a[0], a[1]).release().ptr() : nullptr;
  });
}

PyObject* game_turn(PyObject* self, void*) {
  return fast::guarded([&]() -> PyObject* {
    PyGame* g = &self_of<PyGame>(self);
    return g ? seat_obj(turn_of(g->s)).release().ptr() : nullptr;
  });
}

PyObject* game_over(PyObject* self, void*) {
  return fast::guarded(
      [&]() -> PyObject* { return PyBool_FromLong(is_over(self_of<PyGame>(self).s)); });
}

PyMethodDef kGameMethods[] = {
    {"legal", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(game_legal)),
     METH_FASTCALL | METH_KEYWORDS,
     "legal($self, seat)\n--\n\nWhat `seat` may do now, as a new list of move dicts in the "
     "reference order; empty for the seat not on turn."},
    {"apply", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(game_apply)),
     METH_FASTCALL | METH_KEYWORDS,
     "apply($self, seat, move)\n--\n\nPlays `move` for `seat` and returns the events it "
     "caused; raises Error with the reference code, changing nothing, when it is refused."},
};
PyGetSetDef kGameGetters[] = {
    {"turn", game_turn, nullptr, "The seat the game waits on (1 or 2); None once it is over.",
     nullptr},
    {"over", game_over, nullptr, "Whether the deal has ended.", nullptr},
};

}  // namespace

GameState game_state_of(py::handle game) {
  if (!py::isinstance<PyGame>(game))
    fail("bad_game", "not a durak Game: " + std::string(py::repr(game)));
  return py::cast<const PyGame&>(game).s;
}

void register_durak(py::module_& m) {
  make_names();

  m.attr("Error") = error_class();

  // ------------------------------------------------------------ card
  m.def(
      "rank_of",
      [](py::object c) { return std::string(1, kRankLetters[rank_index_of(require_card(c))]); },
      "The rank letter of a card id 1..36: A, K, Q, J, T, 9, 8, 7 or 6. Error bad_card for "
      "anything that is not a card id.");
  m.def(
      "suit_of",
      [](py::object c) { return std::string(1, kSuitLetters[suit_of(require_card(c))]); },
      "The suit letter of a card id: S, H, D or C.");
  m.def(
      "power_of", [](py::object c) { return power_of(require_card(c)); },
      "A card's power inside its suit: the ace 8 down to the six 0.");
  m.def(
      "name_of",
      [](py::object c) {
        Card x = require_card(c);
        return std::string{kRankLetters[rank_index_of(x)], kSuitLetters[suit_of(x)]};
      },
      "A card's name: rank letter then suit letter, a ten as 'TS'.");
  m.def(
      "face_of",
      [](py::object c) {
        Card x = require_card(c);
        return rank_index_of(x) == 4 ? std::string("10")
                                     : std::string(1, kRankLetters[rank_index_of(x)]);
      },
      "A card's rank as its face shows it: '10' for a ten, else the rank letter.");
  m.def(
      "long_name_of",
      [](py::object c) {
        static const char* ranks[9] = {"Ace",  "King",  "Queen", "Jack", "Ten",
                                       "Nine", "Eight", "Seven", "Six"};
        static const char* suits[4] = {"Spades", "Hearts", "Diamonds", "Clubs"};
        Card x = require_card(c);
        return std::string(ranks[rank_index_of(x)]) + " of " + suits[suit_of(x)];
      },
      "A card's name in words, as 'Ten of Spades'.");
  m.def(
      "id_of",
      [](py::object name) {
        if (!PyUnicode_Check(name.ptr()))
          fail("bad_card", "a card name is a str like 'TS', not " + std::string(py::repr(name)));
        std::string s = py::str(name);
        for (auto& ch : s) ch = char(std::toupper(static_cast<unsigned char>(ch)));
        if (s.size() == 3 && s[0] == '1' && s[1] == '0') s = std::string("T") + s[2];
        if (s.size() == 2) {
          int r = -1, su = -1;
          for (int i = 0; i < 9; ++i)
            if (kRankLetters[i] == s[0]) r = i;
          for (int i = 0; i < 4; ++i)
            if (kSuitLetters[i] == s[1]) su = i;
          if (r >= 0 && su >= 0) return su * 9 + r + 1;
        }
        fail("bad_card", "not a card name: " + std::string(py::repr(name)));
      },
      "The card id of a name such as 'TS' or '10S', read case-insensitively. Error bad_card for "
      "anything else.");
  m.def(
      "beats",
      [](py::object card, py::object attack, py::object trump) {
        return beats(require_card(card), require_card(attack), suit_index(trump));
      },
      "Whether `card` beats the attack card `attack` under `trump`: a higher trump on a trump, any "
      "trump on a non-trump, or a higher card of the same suit.");

  // ------------------------------------------------------------ deck
  m.def(
      "pack", []() { return cards_list((Cards(1) << kPackSize) - 1); },
      "The 36 card ids of the pack, in id order.");
  m.def(
      "order_for",
      [](py::object seed, py::object number) {
        auto sd = require_seed(seed);
        Card o[kPackSize];
        order_for(sd.data(), require_number(number), o);
        py::list out;
        for (Card c : o) out.append(int(c));
        return out;
      },
      py::arg("seed"), py::arg("number") = 1,
      "The seeded shuffle of deal `number` (1 or more), as the 36 card ids in dealing order.");
  m.def(
      "deal_for",
      [](py::object seed, py::object number) {
        auto sd = require_seed(seed);
        Deal d = deal_for(sd.data(), require_number(number));
        py::dict out;
        py::dict hands;
        hands[N->one] = cards_list(d.hands[0]);
        hands[N->two] = cards_list(d.hands[1]);
        out["hands"] = hands;
        py::list talon;
        for (Card c : d.talon) talon.append(int(c));
        out["talon"] = talon;
        out["trump_card"] = int(d.trump_card);
        out["trump"] = N->suit_s[d.trump];
        out["first_attacker"] = d.first_attacker;
        out["six_of_trumps"] = int(six_of(d.trump));
        out["six_owner"] = seat_obj(d.six_owner);
        return out;
      },
      py::arg("seed"), py::arg("number") = 1,
      "The deal as {hands, talon, trump_card, trump, first_attacker, six_of_trumps, six_owner}: "
      "hands sorted by id, the talon in draw order with the trump card last, six_owner None when "
      "nobody was dealt the six.");

  // ------------------------------------------------------------ rules
  m.def(
      "cap_for", [](py::object n) { return cap_for(int(int_or(n, -1000, 1000, 0))); },
      "A bout's cap for a defender holding `n` cards when it opens: min(6, n).");
  m.def(
      "legal_attacks",
      [](py::object hand, py::object bout) {
        return cards_list(legal_attacks(cards_from(hand), bout_from(bout)));
      },
      "The cards of `hand` the attacker may put on `bout` (a bout dict, or None for an empty one): "
      "any card first, then a rank already on the table while under the cap. Ignores whose turn it "
      "is.");
  m.def(
      "legal_beats",
      [](py::object hand, py::object attack, py::object trump) {
        return cards_list(legal_beats(cards_from(hand), require_card(attack), suit_index(trump)));
      },
      "The cards of `hand` that beat the attack card `attack` under `trump`.");
  m.def(
      "forced",
      [](py::object hand, py::object bout, py::object trump, bool swap) -> py::object {
        Kind k = forced(cards_from(hand), bout_from(bout), suit_index(trump), swap);
        if (k == Kind::kNone) return py::none();
        return kind_str(k);
      },
      "What the engine resolves by itself for the seat on turn holding `hand`: 'take' for a "
      "defender who cannot beat, 'done' for an attacker with nothing to throw; None when the seat "
      "has a choice (a possible swap is one).");
  m.def(
      "closes",
      [](py::object bout, py::object defender_cards) -> py::object {
        How how;
        if (closes(bout_from(bout), int(int_or(defender_cards, 0, 36, 0)), &how))
          return N->how_s[int(how)];
        return py::none();
      },
      "How a bout with every attack beaten ends by itself: 'spent' when the defender has no cards "
      "left, 'capped' at the cap; None when it goes on.");

  // ------------------------------------------------------------ result
  m.def(
      "outcome",
      [](py::object counts, py::object talon_left) -> py::object {
        if (!PyDict_Check(counts.ptr())) fail("bad_counts", "counts is {1: n, 2: n}");
        int c1 = int(int_or(dict_get(counts, N->one), 0, 36, 0));
        int c2 = int(int_or(dict_get(counts, N->two), 0, 36, 0));
        Result r = outcome_of(c1, c2, int(int_or(talon_left, 0, 36, 0)));
        if (r.outcome == Outcome::kNone) return py::none();
        return result_dict(r.outcome, r.fool);
      },
      "The result after a refill, from the hand sizes {1: n, 2: n} and the talon's size: {outcome, "
      "fool, places} for a fool or a draw, None while the deal goes on.");
  m.def(
      "resigned",
      [](py::object seat) {
        Result r = resigned(require_seat(seat));
        return result_dict(r.outcome, r.fool);
      },
      "The result when `seat` resigns: {outcome: 'resign', fool: seat, places}; the seat that "
      "resigns is the fool.");

  // ------------------------------------------------------------ search
  m.def(
      "word_for",
      [](py::object seed, py::object seat, py::object ply) {
        return word_for(text_of_seed(seed), int(int_or(seat, -(1LL << 40), 1LL << 40, 0)),
                        int_or(ply, -(1LL << 62), 1LL << 62, 0));
      },
      "The level-1 bot's word: the first big-endian 32-bit word of SHA-256 of the text "
      "'{seed}:{seat}:{ply}'.");
  m.def(
      "cost",
      [](py::object card, py::object hand, py::object trump, py::object level, bool attacking) {
        return search_cost(require_card(card), cards_from(hand), suit_index(trump),
                           clamp_level(level), attacking);
      },
      "What the bot of `level` counts as the cost of playing `card` from `hand`: its power, +20 "
      "for a trump, +1 for a rank held twice or more (level 3 attacking: -2 instead).");
  m.def(
      "choose",
      [](py::object view, py::object level, py::object word) {
        return choose_from_view(view, clamp_level(level),
                                std::uint32_t(int_or(word, 0, 0xFFFFFFFFLL, 0)), nullptr);
      },
      "The move (a dict from view['legal']) the bot of `level` picks from a seat's view, level 1 "
      "picking legal[word mod len(legal)]; None when nothing is legal.");

  // ------------------------------------------------------------ Game
  py::class_<PyGame> game(m, "Game", "A two-seat Podkidnoy Durak deal (Game::Durak).");
  game.attr("__module__") = "trumpf.durak";
  game.def_static(
          "build",
          [](py::object seed, py::object number, py::object seats) {
            return build_game(seed, number, seats);
          },
          py::kw_only(), py::arg("seed"), py::arg("number") = 1, py::arg("seats") = 2,
          "A dealt game with the first bout open, or Error: no_seed unless the seed is exactly 32 "
          "bytes, bad_deal for a deal number below one, bad_seats for anything but two.")
      .def_property_readonly(
          "seed",
          [](const PyGame& g) {
            return py::bytes(reinterpret_cast<const char*>(g.seed.data()), 32);
          },
          "The 32-byte seed the deal was made from.")
      .def_property_readonly(
          "number", [](const PyGame& g) { return g.number; },
          "The deal number (1 or more) the deal was made from.")
      .def_property_readonly(
          "trump", [](const PyGame& g) { return N->suit_s[g.s.trump]; },
          "The trump suit, as a suit letter.")
      .def_property_readonly(
          "trump_card", [](const PyGame& g) { return int(g.s.trump_card()); },
          "The id of the face-up trump card, the last card of the talon; an exchange puts the "
          "trump six there instead. Kept after the card has been drawn.")
      .def_property_readonly(
          "six_of_trumps", [](const PyGame& g) { return int(g.s.six()); },
          "The id of the six of the trump suit.")
      .def_property_readonly(
          "turn_up_left", [](const PyGame& g) { return g.s.turn_up_left(); },
          "Whether the turn-up is still in the talon.")
      .def_property_readonly(
          "six_owner", [](const PyGame& g) { return seat_obj(g.s.six_owner); },
          "The seat (1 or 2) that was dealt the trump six or drew it, which may exchange it; None "
          "while the six is in the talon, once the other seat has picked it up, and after the "
          "exchange.")
      .def_property_readonly(
          "hands",
          [](const PyGame& g) {
            py::dict d;
            d[N->one] = cards_list(g.s.hands[0]);
            d[N->two] = cards_list(g.s.hands[1]);
            return d;
          },
          "Both hands as {1: [...], 2: [...]}, card ids sorted ascending.")
      .def_property_readonly(
          "talon",
          [](const PyGame& g) {
            py::list out;
            for (int i = g.s.talon_pos; i < 24; ++i) out.append(int(g.s.talon[i]));
            return out;
          },
          "The cards still to be drawn, in draw order with the turn-up last.")
      .def_property_readonly(
          "talon_left", [](const PyGame& g) { return g.s.talon_left(); },
          "How many cards are left to draw.")
      .def_property_readonly(
          "discard", [](const PyGame& g) { return int(g.s.discard); },
          "How many cards are in the discard heap: a count and never a list, because a player may "
          "not look through it.")
      .def_property_readonly(
          "bout", [](const PyGame& g) { return bout_dict(g.s); },
          "The open bout as {attacker, defender, cap, attacks, beats, taken}, beats parallel to "
          "attacks with None for an unbeaten card; None when no bout is open.")
      .def_property_readonly(
          "result", [](const PyGame& g) { return result_of(g.s); },
          "How the deal ended, as {outcome, fool, places}; None until it ends.")
      .def_property_readonly(
          "history", [](const PyGame& g) { return history_list(g.history); },
          "Every event so far, in order.")
      .def_property_readonly(
          "seats",
          [](const PyGame&) {
            py::list l;
            l.append(N->one);
            l.append(N->two);
            return l;
          },
          "The seat numbers, [1, 2].")
      .def_property_readonly(
          "phase", [](const PyGame& g) { return N->phase_s[int(phase_of(g.s))]; },
          "The stage of the bout: 'attack', 'defend', 'pile_on' or 'over'.")
      .def_property_readonly(
          "ply", [](const PyGame& g) { return int(g.s.ply); }, "The number of events so far.")
      .def(
          "hand_of",
          [](const PyGame& g, py::object seat) { return cards_list(g.s.hand(require_seat(seat))); },
          "The cards `seat` holds, sorted by id.")
      .def(
          "count_of",
          [](const PyGame& g, py::object seat) { return count_of(g.s.hand(require_seat(seat))); },
          "How many cards `seat` holds.")
      .def(
          "can_swap",
          [](const PyGame& g, py::object seat) { return can_swap(g.s, require_seat(seat)); },
          "Whether `seat` may exchange the trump six for the turn-up now: it is six_owner, still "
          "holds the six, the turn-up is still in the talon and the deal is not over.")
      .def(
          "view", [](const PyGame& g, py::object seat) { return view_of(g, require_seat(seat)); },
          "Everything `seat` can see and nothing else: its hand, the bout as attack and beat "
          "pairs, the trump, the turn-up while it is in the talon, the talon's and heap's sizes, "
          "the counts, whether it may swap, its legal moves, ply and the result.")
      .def(
          "copy", [](const PyGame& g) { return PyGame(g); }, "An independent copy of the game.")
      .def("__copy__", [](const PyGame& g) { return PyGame(g); })
      .def("__deepcopy__", [](const PyGame& g, py::object) { return PyGame(g); })
      .def("__repr__", &repr_of)
      .def_static(
          "replay",
          [](py::object seed, py::object moves, py::object number) {
            return replay(seed, moves, number);
          },
          py::kw_only(), py::arg("seed"), py::arg("moves"), py::arg("number") = 1,
          "Builds the deal and plays `moves` on it; returns {'game': Game, 'events': [...]}, or "
          "raises Error at the first move the rules refuse.")
      .def_static(
          "moves_of", [](py::object history) { return moves_of(history); },
          "Just the moves in a list of events, as {seat, kind} plus card: what a move log stores.")
      .def_static(
          "is_move", [](py::object kind) { return is_move_kind(kind); },
          "Whether an event kind is somebody's move (attack, beat, take, done, swap, resign) "
          "rather than what the table did in consequence.")
      .def(
          "to_log",
          [](const PyGame& g) {
            py::dict d;
            d["game"] = N->k_durak;
            d["kind"] = "game";
            d["seed"] = hex_of(g.seed);
            d["number"] = g.number;
            d["moves"] = moves_of_game(g);
            return d;
          },
          "The deal's move log, {game, kind, seed (hex), number, moves}.")
      .def_static(
          "from_log",
          [](py::object log) -> py::object {
            if (PyUnicode_Check(log.ptr()) || PyBytes_Check(log.ptr())) {
              try {
                log = py::module_::import("json").attr("loads")(log);
              } catch (py::error_already_set&) {
                fail("bad_log", "a log is the dict to_log returns or its JSON text");
              }
            }
            if (!PyDict_Check(log.ptr()))
              fail("bad_log", "a log is the dict to_log returns or its JSON text");
            py::handle game_h = dict_get(log, N->game);
            if (game_h &&
                !(PyUnicode_Check(game_h.ptr()) && std::string(py::str(game_h)) == "durak"))
              fail("bad_log", "not a durak log: game " + std::string(py::repr(game_h)));
            py::handle seed_h = dict_get(log, N->seed);
            py::object seed = py::none();
            if (seed_h && PyUnicode_Check(seed_h.ptr())) {
              try {
                seed = py::module_::import("builtins").attr("bytes").attr("fromhex")(seed_h);
              } catch (py::error_already_set&) {
                fail("no_seed", "the log's seed is not hex");
              }
            } else if (seed_h) {
              seed = py::reinterpret_borrow<py::object>(seed_h);
            }
            py::handle num = dict_get(log, N->number);
            py::handle moves = dict_get(log, N->moves);
            py::object mv = moves ? py::reinterpret_borrow<py::object>(moves) : py::list();
            return replay(seed, mv, num ? num : py::handle(N->one))[N->game];
          },
          "The game a log (the dict to_log returns, or its JSON text) replays to.");

  // ------------------------------------------------------------ Bot
  py::class_<PyBot> bot(m, "Bot", "The reference Durak bot (Game::Durak::Search), levels 1..3.");
  bot.attr("__module__") = "trumpf.durak";
  bot.def(py::init([](py::object level, py::object seed) {
            PyBot b;
            b.level = clamp_level(level);
            b.seed = text_of_seed(seed);
            b.seed_obj = seed;
            return b;
          }),
          py::arg("level") = 1, py::arg("seed") = py::none())
      .def_property_readonly(
          "level", [](const PyBot& b) { return b.level; },
          "The level the bot plays, 1 to 3 (the asked level clamped).")
      .def_property_readonly(
          "seed", [](const PyBot& b) { return b.seed_obj; },
          "The seed the bot was built with, as given (a str, bytes or None); level 1 hashes it as "
          "text for its word.")
      .def(
          "choose",
          [](const PyBot& b, py::object view) { return bot_choose_view(view, b.level, b.seed); },
          "The move (a dict from view['legal']) the bot of this level picks from a seat's view; "
          "None when nothing is legal.")
      .def_static(
          "hint", [](py::object view) { return choose_from_view(view, 3, 0, nullptr); },
          "The class-level hint for a seat's view: the level 3 choice with word 0.")
      .def_static(
          "level_for",
          [](py::object n) { return level_for(int_or(n, -(1LL << 62), 1LL << 62, 1)); },
          "The bot level an asked level 1..5 plays, on the ladder 1, 1, 2, 3, 3 (clamped).")
      .def("__repr__", [](const PyBot& b) {
        return "<durak.Bot level " + std::to_string(b.level) + " seed " +
               std::string(py::repr(b.seed_obj)) + ">";
      });
  // legal, apply, turn and over are defined only here, as plain CPython
  // methods (bindings/fastcall.hpp): they are the play loop's hot path.
  for (auto& def : kGameMethods) fast::add_method(m.attr("Game"), &def);
  for (auto& def : kGameGetters) fast::add_getter(m.attr("Game"), &def);
}

}  // namespace trumpf::bindings
