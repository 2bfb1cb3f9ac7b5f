// Python bindings of the schnapsen engine: trumpf._core.schnapsen.
//
// The engine works on small values (DealState, MatchState, Move, Event); this
// file is the only place that turns them into the reference's dicts. Keys and
// fixed values are interned once (Strs); event records are kept as C++ values
// beside the state and become dicts only when Python asks for them.
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "bindings/common/errors.hpp"
#include "bindings/common/fastcall.hpp"
#include "bindings/register.hpp"
#include "schnapsen/bot.hpp"
#include "schnapsen/card.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/deck.hpp"
#include "schnapsen/match.hpp"
#include "schnapsen/scoring.hpp"
#include "schnapsen/trick.hpp"
#include "schnapsen/variant.hpp"

namespace py = pybind11;
namespace ts = trumpf::schnapsen;

namespace trumpf::bindings {

namespace {

// ---------------------------------------------------------------- strings

struct Strs {
#define K(name) \
  py::str name { #name }
  K(seat);
  K(kind);
  K(card);
  K(suit);
  K(value);
  K(king);
  K(queen);
  K(winner);
  K(loser);
  K(drawn);
  K(points);
  K(tricks);
  K(closed_by);
  K(last_trick);
  K(how);
  K(game_points);
  K(by);
  K(counted);
  K(leader);
  K(lead);
  K(follow);
  K(number);
  K(dealer);
  K(trump);
  K(turn_up);
  K(scores);
  K(deals);
  K(hands);
  K(talon);
  K(variant);
  K(ply);
  K(phase);
  K(turn);
  K(talon_left);
  K(draw_left);
  K(closed);
  K(close_state);
  K(pending_draw);
  K(hand);
  K(counts);
  K(taken);
  K(tricks_won);
  K(melds);
  K(must_lead);
  K(legal);
  K(over);
  K(result);
  K(to_win);
  K(match_over);
  K(game);
  K(seed);
  K(moves);
  K(name);
  K(deck_size);
  K(hand_size);
  K(exchange_rank);
  K(exchange_needs_trick);
  K(marriage_after_close);
  K(false_claim_schwarz);
  K(beaten_closer_flat);
  K(last_trick_rule);
  K(close_counts_tricks_at);
  K(close_before_draw);
  K(exchange_on_close);
  K(next_dealer);
  K(match_start);
  K(match_target);
  K(match);
  K(events);
#undef K
  py::str seats[2] = {py::str("p1"), py::str("p2")};
  py::str suits[4] = {py::str("S"), py::str("H"), py::str("D"), py::str("C")};
  py::str move_kinds[8];
  py::str event_kinds[11];
  py::str hows[7];
  py::str variants[2] = {py::str("schnapsen"), py::str("sixtysix")};
  Strs() {
    for (int i = 0; i < 8; ++i) move_kinds[i] = py::str(ts::kMoveKindNames[i]);
    for (int i = 0; i < 11; ++i) event_kinds[i] = py::str(ts::kEventKindNames[i]);
    for (int i = 0; i < 7; ++i) hows[i] = py::str(ts::kHowNames[i]);
  }
};
Strs* S = nullptr;  // created at import, never freed (outlives every object)

// ---------------------------------------------------------------- errors

[[noreturn]] void raise(const char* code, const std::string& message) { refuse(code, message); }
[[noreturn]] void raise(ts::Code code, const std::string& message) {
  raise(ts::kCodeNames[int(code)], message);
}

std::string seat_name(ts::Seat s) { return s == 0 ? "p1" : s == 1 ? "p2" : "nobody"; }

std::string card_name(ts::Card c) {
  if (!ts::is_card(c)) return "?";
  return std::string(1, ts::kRankLetters[ts::rank_of(c)]) + ts::kSuitLetters[ts::suit_of(c)];
}

// A card as a refusal names it: its id, which is what the move carried, and
// its name, which is what a person reads ("11 KD").
std::string card_label(ts::Card c) { return std::to_string(int(c)) + " " + card_name(c); }

std::string card_list(const ts::Card* cs, int n) {
  std::string r = "[";
  for (int i = 0; i < n; ++i) {
    if (i) r += ", ";
    r += card_label(cs[i]);
  }
  return r + "]";
}

std::string repr_of(py::handle h) { return py::repr(h).cast<std::string>(); }

// ---------------------------------------------------------------- parsing

// An exact int (not bool) that fits in long long, or false.
bool as_int(py::handle h, long long& out) {
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return false;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  out = v;
  return true;
}

// 0/1, or kNoSeat for anything that is not "p1"/"p2".
ts::Seat parse_seat(py::handle h) {
  if (!h || !PyUnicode_Check(h.ptr())) return ts::kNoSeat;
  Py_ssize_t n = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
  if (!s) {
    PyErr_Clear();
    return ts::kNoSeat;
  }
  if (n == 2 && s[0] == 'p' && (s[1] == '1' || s[1] == '2')) return ts::Seat(s[1] - '1');
  return ts::kNoSeat;
}

ts::Seat seat_arg(py::handle h) {
  ts::Seat s = parse_seat(h);
  if (s == ts::kNoSeat) raise("bad_seat", "not a seat: " + repr_of(h) + " (expected 'p1' or 'p2')");
  return s;
}

int parse_suit(py::handle h) {
  if (!h || !PyUnicode_Check(h.ptr())) return -1;
  Py_ssize_t n = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
  if (!s) {
    PyErr_Clear();
    return -1;
  }
  return n == 1 ? ts::suit_index(s[0]) : -1;
}

ts::MoveKind parse_kind(py::handle h) {
  if (!h || !PyUnicode_Check(h.ptr())) return ts::MoveKind::kInvalid;
  Py_ssize_t n = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
  if (!s) {
    PyErr_Clear();
    return ts::MoveKind::kInvalid;
  }
  for (int i = 0; i < 7; ++i)
    if (std::strlen(ts::kMoveKindNames[i]) == size_t(n) &&
        std::memcmp(ts::kMoveKindNames[i], s, n) == 0)
      return ts::MoveKind(i);
  return ts::MoveKind::kInvalid;
}

// A hand-built move: never trusted. Anything malformed becomes a Move the
// engine refuses with the reference's code (INVALID kind: not_legal; a card
// that is not an id: not_held; a suit that is not a suit: no_marriage).
ts::Move parse_move(py::handle h) {
  ts::Move m{ts::MoveKind::kInvalid, 0};
  if (!h || !PyDict_Check(h.ptr())) return m;
  PyObject* kind = PyDict_GetItemWithError(h.ptr(), S->kind.ptr());
  if (!kind) {
    PyErr_Clear();
    return m;
  }
  m.kind = parse_kind(kind);
  if (m.kind == ts::MoveKind::kLead || m.kind == ts::MoveKind::kFollow) {
    PyObject* card = PyDict_GetItemWithError(h.ptr(), S->card.ptr());
    if (!card) PyErr_Clear();
    long long v = 0;
    m.arg = (card && as_int(card, v) && ts::is_card(v)) ? ts::Card(v) : ts::kNoCard;
  } else if (m.kind == ts::MoveKind::kMarriage) {
    PyObject* suit = PyDict_GetItemWithError(h.ptr(), S->suit.ptr());
    if (!suit) PyErr_Clear();
    int si = suit ? parse_suit(suit) : -1;
    m.arg = si < 0 ? 0xFF : std::uint8_t(si);
  }
  return m;
}

ts::VariantId variant_arg(py::handle h) {
  if (h && PyUnicode_Check(h.ptr())) {
    Py_ssize_t n = 0;
    const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
    if (s) {
      int v = ts::variant_by_name(s, size_t(n));
      if (v >= 0) return ts::VariantId(v);
    } else {
      PyErr_Clear();
    }
  }
  raise(ts::Code::kBadVariant,
        "unknown variant " + repr_of(h) + " (expected 'schnapsen' or 'sixtysix')");
}

std::array<std::uint8_t, 32> seed_arg(py::handle h) {
  std::array<std::uint8_t, 32> out{};
  if (!h || !PyBytes_Check(h.ptr()) || PyBytes_GET_SIZE(h.ptr()) != 32) {
    std::string what =
        (h && PyBytes_Check(h.ptr()))
            ? std::to_string(PyBytes_GET_SIZE(h.ptr())) + " bytes"
            : std::string(h ? py::str(py::type::handle_of(h).attr("__name__")).cast<std::string>()
                            : "nothing");
    raise(ts::Code::kNoSeed, "a seed is exactly 32 bytes of type bytes, not " + what);
  }
  std::memcpy(out.data(), PyBytes_AS_STRING(h.ptr()), 32);
  return out;
}

std::uint64_t number_arg(py::handle h) {
  long long v = 0;
  if (!as_int(h, v) || v < 1)
    raise(ts::Code::kBadDeal, "a deal number is an int >= 1, not " + repr_of(h));
  return std::uint64_t(v);
}

ts::Card card_arg(py::handle h) {
  long long v = 0;
  if (!as_int(h, v) || !ts::is_card(v))
    raise(ts::Code::kBadCard, "not a card id (1..24): " + repr_of(h));
  return ts::Card(v);
}

int trump_arg(py::handle h) {
  int s = parse_suit(h);
  if (s < 0) raise("bad_suit", "not a suit letter (S, H, D, C): " + repr_of(h));
  return s;
}

std::vector<ts::Card> cards_arg(py::handle h) {
  std::vector<ts::Card> out;
  if (!py::isinstance<py::sequence>(h) || py::isinstance<py::str>(h))
    raise(ts::Code::kBadCard, "not a list of card ids: " + repr_of(h));
  for (auto item : py::reinterpret_borrow<py::sequence>(h)) out.push_back(card_arg(item));
  return out;
}

// ---------------------------------------------------------------- records

struct TrickRec {
  ts::Seat leader;
  ts::Card lead, follow;
  ts::Seat winner;
};

// One event as the object history keeps it: the engine's Event plus the
// figures that DEAL_END, DEAL and GAME_END carry.
struct Rec {
  ts::Event e;
  ts::Result r;
  std::uint64_t number = 0;
  std::int16_t scores[2] = {0, 0};
  std::uint16_t deals = 0;
  std::uint8_t trump = 0;
  ts::Card turn_up = 0;
};

struct DealBox {
  ts::DealState s;
  std::array<std::uint8_t, 32> seed;
  std::vector<Rec> history;
  std::vector<TrickRec> tricks;
};

struct DealResultRec {
  std::uint64_t number;
  ts::Result r;
};

struct MatchBox {
  ts::MatchState m;
  std::vector<Rec> history;
  std::vector<Rec> deal_history;  // the current deal's own events
  std::vector<TrickRec> tricks;   // the current deal's tricks
  std::vector<DealResultRec> deals;
  ts::Seat first_dealer = 0;
};

// Records what one accepted move did to a deal (`before` is the state before it).
void record_deal(const ts::DealState& before, const ts::DealState& after, const ts::EventSink& sink,
                 std::vector<Rec>& history, std::vector<TrickRec>& tricks, std::vector<Rec>* also) {
  for (int i = 0; i < sink.n; ++i) {
    const ts::Event& e = sink.ev[i];
    if (e.kind == ts::EventKind::kDeal || e.kind == ts::EventKind::kGameEnd) break;
    Rec r;
    r.e = e;
    if (e.kind == ts::EventKind::kDealEnd) r.r = after.result;
    if (e.kind == ts::EventKind::kTrick) {
      ts::Card follow = i > 0 ? sink.ev[i - 1].card : 0;
      tricks.push_back(TrickRec{before.leader, before.lead, follow, e.seat});
    }
    history.push_back(r);
    if (also) also->push_back(r);
  }
}

// ---------------------------------------------------------------- dicts

py::object seat_obj(ts::Seat s) {
  if (s > 1) return py::none();
  return S->seats[s];
}
py::object card_obj(ts::Card c) {
  if (!c) return py::none();
  return py::int_(int(c));
}

py::dict per_seat(py::object a, py::object b) {
  py::dict d;
  d[S->seats[0]] = std::move(a);
  d[S->seats[1]] = std::move(b);
  return d;
}

py::list card_list_obj(const ts::Card* cs, int n) {
  py::list l(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(l.ptr(), i, py::int_(int(cs[i])).release().ptr());
  return l;
}

py::dict result_dict(const ts::Result& r, bool with_kind) {
  py::dict d;
  if (with_kind) d[S->kind] = S->event_kinds[int(ts::EventKind::kDealEnd)];
  d[S->drawn] = py::bool_(r.drawn);
  d[S->points] = per_seat(py::int_(r.points[0]), py::int_(r.points[1]));
  d[S->tricks] = per_seat(py::int_(int(r.tricks[0])), py::int_(int(r.tricks[1])));
  d[S->closed_by] = seat_obj(r.closed_by);
  d[S->last_trick] = seat_obj(r.last_trick);
  d[S->how] = S->hows[int(r.how)];
  d[S->winner] = seat_obj(r.winner);
  d[S->loser] = seat_obj(r.loser);
  d[S->game_points] = py::int_(int(r.game_points));
  return d;
}

py::dict game_end_dict(ts::Seat winner, const std::int16_t scores[2], int deals, bool with_kind) {
  py::dict d;
  if (with_kind) d[S->kind] = S->event_kinds[int(ts::EventKind::kGameEnd)];
  d[S->winner] = seat_obj(winner);
  d[S->loser] = seat_obj(ts::other(winner));
  d[S->scores] = per_seat(py::int_(scores[0]), py::int_(scores[1]));
  d[S->deals] = py::int_(deals);
  return d;
}

py::dict event_dict(const Rec& r) {
  const ts::Event& e = r.e;
  switch (e.kind) {
    case ts::EventKind::kDealEnd:
      return result_dict(r.r, true);
    case ts::EventKind::kGameEnd:
      return game_end_dict(e.seat, r.scores, r.deals, true);
    default:
      break;
  }
  if (e.kind == ts::EventKind::kLead || e.kind == ts::EventKind::kFollow) {
    // The commonest events: one template per (kind, seat, card).
    static auto* leads = new fast::DictTemplates(2 * 2 * 32);
    const std::size_t key = (e.kind == ts::EventKind::kLead ? 0 : 64) + e.seat * 32 + e.card;
    return leads->get(key, [&] {
      py::dict d;
      d[S->kind] = S->event_kinds[int(e.kind)];
      d[S->seat] = seat_obj(e.seat);
      d[S->card] = py::int_(int(e.card));
      return d;
    });
  }
  if (e.kind == ts::EventKind::kTrick) {
    static auto* tricks = new fast::DictTemplates(2);
    return tricks->get(e.seat, [&] {
      py::dict d;
      d[S->kind] = S->event_kinds[int(e.kind)];
      d[S->winner] = seat_obj(e.seat);
      return d;
    });
  }
  py::dict d;
  d[S->kind] = S->event_kinds[int(e.kind)];
  switch (e.kind) {
    case ts::EventKind::kMarriage:
      d[S->seat] = seat_obj(e.seat);
      d[S->suit] = S->suits[e.suit];
      d[S->value] = py::int_(int(e.value));
      break;
    case ts::EventKind::kDeal:
      d[S->number] = py::int_(r.number);
      d[S->dealer] = seat_obj(e.seat);
      d[S->trump] = S->suits[r.trump];
      d[S->turn_up] = py::int_(int(r.turn_up));
      break;
    default:
      d[S->seat] = seat_obj(e.seat);
      break;
  }
  return d;
}

py::list events_list(const std::vector<Rec>& recs, size_t from = 0) {
  py::list l(recs.size() - from);
  for (size_t i = from; i < recs.size(); ++i)
    PyList_SET_ITEM(l.ptr(), Py_ssize_t(i - from), event_dict(recs[i]).release().ptr());
  return l;
}

py::dict move_dict(const ts::DealState& s, ts::Move m) {
  // One template per (kind, card) or (marriage, suit, value).
  static auto* moves = new fast::DictTemplates(8 * 32);
  const int value = m.kind == ts::MoveKind::kMarriage ? ts::marriage_value(s, m.arg) : 0;
  const std::size_t key =
      std::size_t(m.kind) * 32 +
      (m.kind == ts::MoveKind::kMarriage ? m.arg + (value == 40 ? 4 : 0) : std::size_t(m.arg & 31));
  return moves->get(key, [&] {
    py::dict d;
    d[S->kind] = S->move_kinds[int(m.kind)];
    if (m.kind == ts::MoveKind::kLead || m.kind == ts::MoveKind::kFollow) {
      d[S->card] = py::int_(int(m.arg));
    } else if (m.kind == ts::MoveKind::kMarriage) {
      d[S->suit] = S->suits[m.arg];
      d[S->value] = py::int_(value);
    }
    return d;
  });
}

py::list legal_list(const ts::DealState& s, ts::Seat seat, bool match_over = false) {
  ts::Move moves[ts::kMaxMoves];
  int n = match_over ? 0 : ts::legal_moves(s, seat, moves);
  py::list l(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(l.ptr(), i, move_dict(s, moves[i]).release().ptr());
  return l;
}

py::object close_state_obj(const ts::DealState& s) {
  if (s.closed_by == ts::kNoSeat) return py::none();
  const ts::CloseState& c = s.close_state;
  py::dict d;
  d[S->by] = seat_obj(c.by);
  for (int i = 0; i < 2; ++i) {
    py::dict x;
    x[S->tricks] = py::int_(int(c.tricks[i]));
    x[S->points] = py::int_(c.points[i]);
    d[S->seats[i]] = x;
  }
  return std::move(d);
}

py::list melds_list(const ts::DealState& s) {
  py::list l;
  for (int i = 0; i < s.n_melds; ++i) {
    const ts::Meld& m = s.melds[i];
    py::dict d;
    d[S->seat] = seat_obj(m.seat);
    d[S->suit] = S->suits[m.suit];
    d[S->value] = py::int_(int(m.value));
    d[S->counted] = py::bool_(ts::meld_counted(s, m));
    l.append(d);
  }
  return l;
}

py::object must_lead_obj(const ts::DealState& s) {
  if (!s.must_lead[0]) return py::none();
  return card_list_obj(s.must_lead, 2);
}

py::dict trick_dict(const TrickRec& t) {
  py::dict d;
  d[S->leader] = seat_obj(t.leader);
  d[S->lead] = py::int_(int(t.lead));
  d[S->follow] = py::int_(int(t.follow));
  d[S->winner] = seat_obj(t.winner);
  return d;
}

py::object last_trick_obj(const std::vector<TrickRec>& tricks) {
  if (tricks.empty()) return py::none();
  return trick_dict(tricks.back());
}

py::list can_marry_list(const ts::DealState& s, ts::Seat seat) {
  std::uint8_t suits[4];
  int n = ts::can_marry(s, seat, suits);
  py::list l(n);
  for (int i = 0; i < n; ++i) {
    py::dict d;
    d[S->suit] = S->suits[suits[i]];
    d[S->value] = py::int_(ts::marriage_value(s, suits[i]));
    d[S->king] = py::int_(int(ts::card_of(suits[i], ts::kRankKing)));
    d[S->queen] = py::int_(int(ts::card_of(suits[i], ts::kRankQueen)));
    PyList_SET_ITEM(l.ptr(), i, d.release().ptr());
  }
  return l;
}

py::dict view_dict(const ts::DealState& s, const std::vector<TrickRec>& tricks, ts::Seat seat,
                   size_t ply, bool match_over) {
  py::dict d;
  d[S->seat] = S->seats[seat];
  d[S->variant] = S->variants[s.variant];
  d[S->number] = py::int_(s.number);
  d[S->dealer] = seat_obj(s.dealer);
  d[S->ply] = py::int_(ply);
  d[S->phase] = py::int_(ts::phase(s));
  d[S->turn] = (match_over ? py::object(py::none()) : seat_obj(s.turn));
  d[S->leader] = seat_obj(s.leader);
  d[S->trump] = S->suits[s.trump];
  d[S->turn_up] = card_obj(s.turn_up);
  d[S->talon_left] = py::int_(ts::talon_left(s));
  d[S->draw_left] = py::int_(ts::draw_left(s));
  d[S->closed] = py::bool_(s.closed_by != ts::kNoSeat);
  d[S->closed_by] = seat_obj(s.closed_by);
  d[S->close_state] = close_state_obj(s);
  d[S->pending_draw] = py::bool_(s.pending_draw);
  d[S->hand] = card_list_obj(s.hand[seat], s.hand_n[seat]);
  d[S->counts] = per_seat(py::int_(int(s.hand_n[0])), py::int_(int(s.hand_n[1])));
  d[S->taken] = per_seat(py::int_(s.taken[0]), py::int_(s.taken[1]));
  d[S->tricks_won] = per_seat(py::int_(int(s.tricks_won[0])), py::int_(int(s.tricks_won[1])));
  d[S->melds] = melds_list(s);
  d[S->lead] = card_obj(s.lead);
  d[S->must_lead] = must_lead_obj(s);
  d[S->last_trick] = last_trick_obj(tricks);
  d[S->legal] = legal_list(s, seat, match_over);
  d[S->over] = py::bool_(s.over);
  d[S->result] = s.over ? py::object(result_dict(s.result, false)) : py::object(py::none());
  return d;
}

// ---------------------------------------------------------------- messages

std::string refusal_message(const ts::DealState& s, ts::Seat seat, ts::Move m, ts::Code c,
                            py::handle raw_seat, py::handle raw_move) {
  std::string who = seat <= 1 ? seat_name(seat) : repr_of(raw_seat);
  std::string kind = ts::kMoveKindNames[int(m.kind)];
  switch (c) {
    case ts::Code::kDealOver:
      return "the deal is over; " + who + " cannot move";
    case ts::Code::kGameOver:
      return "the match is over; " + who + " cannot move";
    case ts::Code::kNotYourTurn:
      if (seat > 1) return repr_of(raw_seat) + " is not a seat (expected 'p1' or 'p2')";
      return "it is " + seat_name(s.turn) + "'s turn, not " + who + "'s";
    case ts::Code::kNotLegal: {
      std::string what = m.kind == ts::MoveKind::kInvalid ? repr_of(raw_move) + " is not a move"
                                                          : who + " cannot " + kind + " now";
      if (s.lead)
        return what + ": " + std::to_string(int(s.lead)) + " is led, only follow is a move";
      if (s.pending_draw)
        return what + ": the draw is pending, only claim, close and draw are moves";
      return what + ": " + who + " is on lead (claim, exchange, close, marriage or lead)";
    }
    case ts::Code::kNotHeld:
      return who + " cannot " + kind + " " +
             repr_of(PyDict_Check(raw_move.ptr()) && PyDict_GetItem(raw_move.ptr(), S->card.ptr())
                         ? py::handle(PyDict_GetItem(raw_move.ptr(), S->card.ptr()))
                         : py::handle(py::none())) +
             ": not in hand " + card_list(s.hand[seat], s.hand_n[seat]);
    case ts::Code::kMustFollow: {
      ts::Card legal[6];
      int n = ts::legal_follows(s.hand[seat], s.hand_n[seat], s.lead, s.trump, ts::phase(s), legal);
      ts::Band b = ts::follow_band(s.hand[seat], s.hand_n[seat], s.lead, s.trump, ts::phase(s));
      return who + " cannot follow " + card_label(m.arg) + " to " + card_label(s.lead) +
             ": the rule is '" + ts::kBandNames[int(b)] + "', allowed " + card_list(legal, n);
    }
    case ts::Code::kMustLead:
      return who + " cannot lead " + card_label(m.arg) + ": after the marriage the lead is " +
             card_list(s.must_lead, 2);
    case ts::Code::kCannotClaim:
      return who + " cannot claim now: a claim needs a trick played or a marriage declared";
    case ts::Code::kCannotClose:
      return who + " cannot close: " +
             (s.closed_by != ts::kNoSeat ? std::string("the talon is already closed")
                                         : std::string("nothing is left to draw"));
    case ts::Code::kNoExchange:
      return who + " cannot exchange: needs the trump " +
             (ts::variant_of(s.variant).exchange_rank == ts::kRankJack ? "jack" : "nine") +
             ", something left to draw" +
             (ts::variant_of(s.variant).exchange_needs_trick ? ", a trick won" : "") +
             " and an open talon";
    case ts::Code::kNoMarriage: {
      py::object suit = py::none();
      if (PyDict_Check(raw_move.ptr()) && PyDict_GetItem(raw_move.ptr(), S->suit.ptr()))
        suit = py::reinterpret_borrow<py::object>(PyDict_GetItem(raw_move.ptr(), S->suit.ptr()));
      return who + " cannot declare a marriage in " + repr_of(suit) + ": not on offer";
    }
    default:
      return std::string("refused: ") + ts::kCodeNames[int(c)];
  }
}

// ---------------------------------------------------------------- Deal

DealBox build_deal(py::handle variant, py::handle seed, py::handle number, py::handle dealer) {
  ts::VariantId v = variant_arg(variant);
  auto sd = seed_arg(seed);
  std::uint64_t n = number_arg(number);
  ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) raise("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_of(dealer));
  DealBox b;
  b.seed = sd;
  ts::deal_new(b.s, v, sd.data(), n, d);
  return b;
}

py::list deal_apply(DealBox& b, py::handle seat_h, py::handle move_h) {
  ts::Seat seat = parse_seat(seat_h);
  ts::Move m = parse_move(move_h);
  ts::EventSink sink;
  ts::DealState before = b.s;
  ts::Code c = ts::apply_move(b.s, seat, m, &sink);
  if (c != ts::Code::kOk) raise(c, refusal_message(before, seat, m, c, seat_h, move_h));
  size_t from = b.history.size();
  record_deal(before, b.s, sink, b.history, b.tricks, nullptr);
  return events_list(b.history, from);
}

std::string hex_of(const std::array<std::uint8_t, 32>& seed) {
  static const char* digits = "0123456789abcdef";
  std::string h;
  for (auto byte : seed) {
    h += digits[byte >> 4];
    h += digits[byte & 15];
  }
  return h;
}

// Moves are {seat, kind} plus card or suit; the Sixty-Six close-time
// exchange (an exchange right after the other seat's close) is the table's.
py::list moves_of(py::handle history) {
  py::list out;
  py::object prev_kind = py::none(), prev_seat = py::none();
  for (auto ev : py::reinterpret_borrow<py::iterable>(history)) {
    if (!PyDict_Check(ev.ptr())) raise("bad_history", "not an event: " + repr_of(ev));
    py::dict e = py::reinterpret_borrow<py::dict>(ev);
    py::object kind = e.contains(S->kind) ? py::object(e[S->kind]) : py::object(py::none());
    py::object seat = e.contains(S->seat) ? py::object(e[S->seat]) : py::object(py::none());
    ts::MoveKind mk = parse_kind(kind);
    bool auto_exchange = mk == ts::MoveKind::kExchange && !prev_kind.is_none() &&
                         prev_kind.equal(S->move_kinds[int(ts::MoveKind::kClose)]) &&
                         !seat.equal(prev_seat);
    prev_kind = kind;
    prev_seat = seat;
    if (mk == ts::MoveKind::kInvalid || auto_exchange) continue;
    py::dict m;
    m[S->seat] = seat;
    m[S->kind] = S->move_kinds[int(mk)];
    if (mk == ts::MoveKind::kLead || mk == ts::MoveKind::kFollow) m[S->card] = e[S->card];
    if (mk == ts::MoveKind::kMarriage) m[S->suit] = e[S->suit];
    out.append(m);
  }
  return out;
}

struct ParsedMove {
  ts::Seat seat;
  ts::Move move;
};

std::vector<ParsedMove> parse_moves(py::handle moves) {
  std::vector<ParsedMove> out;
  if (!py::isinstance<py::iterable>(moves) || py::isinstance<py::str>(moves) ||
      PyDict_Check(moves.ptr()))
    raise(ts::Code::kNotLegal, "moves must be a list of move dicts, not " + repr_of(moves));
  for (auto mv : py::reinterpret_borrow<py::iterable>(moves)) {
    ts::Seat seat = ts::kNoSeat;
    if (PyDict_Check(mv.ptr())) {
      PyObject* s = PyDict_GetItem(mv.ptr(), S->seat.ptr());
      if (s) seat = parse_seat(s);
    }
    out.push_back(ParsedMove{seat, parse_move(mv)});
  }
  return out;
}

// Refuses a move log at its first bad move, naming the move by its index.
[[noreturn]] void refuse_log(py::handle moves, std::size_t bad, const ParsedMove& parsed,
                             const ts::DealState& at_bad, ts::Code code) {
  py::list seq(py::reinterpret_borrow<py::iterable>(moves));
  py::object mv = seq[bad];
  py::object seat =
      PyDict_Check(mv.ptr()) && PyDict_GetItem(mv.ptr(), S->seat.ptr())
          ? py::reinterpret_borrow<py::object>(PyDict_GetItem(mv.ptr(), S->seat.ptr()))
          : py::object(py::none());
  raise(code, "move " + std::to_string(bad) + " (" + repr_of(mv) + ") refused: " +
                  refusal_message(at_bad, parsed.seat, parsed.move, code, seat, mv));
}

py::dict log_dict(ts::VariantId v, const std::array<std::uint8_t, 32>& seed, const char* kind,
                  const std::uint64_t* number, ts::Seat dealer, py::list moves) {
  py::dict d;
  d[S->game] = S->variants[v];
  d[S->kind] = py::str(kind);
  d[S->seed] = py::str(hex_of(seed));
  if (number) d[S->number] = py::int_(*number);
  d[S->dealer] = seat_obj(dealer);
  d[S->moves] = moves;
  return d;
}

py::dict log_arg(py::handle log) {
  py::object obj = py::reinterpret_borrow<py::object>(log);
  if (py::isinstance<py::str>(log) || py::isinstance<py::bytes>(log))
    obj = py::module_::import("json").attr("loads")(log);
  if (!PyDict_Check(obj.ptr()))
    raise("bad_log", "a log is a dict or its JSON text, not " + repr_of(log));
  return py::reinterpret_borrow<py::dict>(obj);
}

py::bytes seed_from_hex(py::handle h) {
  if (!py::isinstance<py::str>(h))
    raise(ts::Code::kNoSeed, "a log's seed is 64 hex digits, not " + repr_of(h));
  try {
    return py::bytes(py::module_::import("builtins").attr("bytes").attr("fromhex")(h));
  } catch (py::error_already_set&) {
    raise(ts::Code::kNoSeed, "a log's seed is 64 hex digits, not " + repr_of(h));
  }
}

py::object get_or(py::dict d, py::handle key, py::object dflt) {
  return d.contains(key) ? py::object(d[key]) : dflt;
}

py::dict replay_deal(py::handle variant, py::handle seed, py::handle number, py::handle dealer,
                     py::handle moves) {
  DealBox b = build_deal(variant, seed, number, dealer);
  std::vector<ParsedMove> pm = parse_moves(moves);
  size_t bad = pm.size();
  ts::Code code = ts::Code::kOk;
  ts::DealState at_bad{};
  {
    py::gil_scoped_release nogil;
    for (size_t i = 0; i < pm.size(); ++i) {
      ts::EventSink sink;
      ts::DealState before = b.s;
      code = ts::apply_move(b.s, pm[i].seat, pm[i].move, &sink);
      if (code != ts::Code::kOk) {
        bad = i;
        at_bad = before;
        break;
      }
      record_deal(before, b.s, sink, b.history, b.tricks, nullptr);
    }
  }
  if (bad < pm.size()) refuse_log(moves, bad, pm[bad], at_bad, code);
  py::dict out;
  out[py::str("deal")] = py::cast(std::move(b));
  out[S->events] = events_list(py::cast<DealBox&>(out[py::str("deal")]).history);
  return out;
}

std::string deal_repr(const DealBox& b) {
  const ts::DealState& s = b.s;
  std::string r = "<Deal " + std::string(ts::variant_of(s.variant).name) + " #" +
                  std::to_string(s.number) + " trump " + ts::kSuitLetters[s.trump];
  if (s.turn_up) r += " turn-up " + card_name(s.turn_up);
  r += " talon " + std::to_string(ts::talon_left(s));
  if (s.closed_by != ts::kNoSeat) r += " closed by " + seat_name(s.closed_by);
  for (int i = 0; i < 2; ++i) {
    r += " | p" + std::to_string(i + 1) + ":";
    for (int k = 0; k < s.hand_n[i]; ++k) r += " " + card_name(s.hand[i][k]);
    r += " (" + std::to_string(s.taken[i]) + " pts, " + std::to_string(int(s.tricks_won[i])) +
         " tricks)";
  }
  if (s.lead) r += " | led " + card_name(s.lead);
  if (s.over) {
    const ts::Result& res = s.result;
    r += std::string(" | over: ") + ts::kHowNames[int(res.how)];
    if (!res.drawn)
      r += ", " + seat_name(res.winner) + " wins " + std::to_string(int(res.game_points));
  } else {
    r += " | " + seat_name(s.turn) + " to " +
         (s.lead           ? "follow"
          : s.pending_draw ? "draw"
                           : "lead");
  }
  return r + ">";
}

// ---------------------------------------------------------------- Match

void match_record(MatchBox& b, const ts::DealState& before, const ts::EventSink& sink) {
  bool ended = false;
  for (int i = 0; i < sink.n; ++i)
    if (sink.ev[i].kind == ts::EventKind::kDealEnd) ended = true;
  // The deal part (up to DEAL_END) against the finished deal.
  ts::DealState finished = before;
  if (ended) finished.result = b.m.last_result;
  record_deal(before, finished, sink, b.deal_history, b.tricks, &b.history);
  if (ended) b.deals.push_back(DealResultRec{before.number, b.m.last_result});
  for (int i = 0; i < sink.n; ++i) {
    const ts::Event& e = sink.ev[i];
    if (e.kind == ts::EventKind::kDeal) {
      Rec r;
      r.e = e;
      r.number = b.m.deal.number;
      r.trump = b.m.deal.trump;
      r.turn_up = b.m.deal.turn_up;
      b.history.push_back(r);
      b.deal_history.clear();
      b.tricks.clear();
    } else if (e.kind == ts::EventKind::kGameEnd) {
      Rec r;
      r.e = e;
      r.scores[0] = b.m.scores[0];
      r.scores[1] = b.m.scores[1];
      r.deals = b.m.deals_done;
      b.history.push_back(r);
    }
  }
}

MatchBox build_match(py::handle variant, py::handle seed, py::handle dealer) {
  ts::VariantId v = variant_arg(variant);
  auto sd = seed_arg(seed);
  ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) raise("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_of(dealer));
  MatchBox b;
  ts::match_new(b.m, v, sd.data(), d);
  b.first_dealer = d;
  return b;
}

py::list match_apply(MatchBox& b, py::handle seat_h, py::handle move_h) {
  ts::Seat seat = parse_seat(seat_h);
  ts::Move m = parse_move(move_h);
  ts::EventSink sink;
  ts::DealState before = b.m.deal;
  ts::Code c = ts::match_apply(b.m, seat, m, &sink);
  if (c != ts::Code::kOk) raise(c, refusal_message(before, seat, m, c, seat_h, move_h));
  size_t from = b.history.size();
  match_record(b, before, sink);
  return events_list(b.history, from);
}

DealBox current_deal(const MatchBox& b) {
  DealBox d;
  d.s = b.m.deal;
  std::memcpy(d.seed.data(), b.m.seed, 32);
  d.history = b.deal_history;
  d.tricks = b.tricks;
  return d;
}

py::list deals_list(const MatchBox& b) {
  py::list l;
  for (const auto& d : b.deals) {
    py::dict r = result_dict(d.r, false);
    r[S->number] = py::int_(d.number);
    l.append(r);
  }
  return l;
}

py::object match_result(const MatchBox& b) {
  if (!b.m.over) return py::none();
  return game_end_dict(b.m.winner, b.m.scores, b.m.deals_done, false);
}

py::dict replay_match(py::handle variant, py::handle seed, py::handle dealer, py::handle moves) {
  MatchBox b = build_match(variant, seed, dealer);
  std::vector<ParsedMove> pm = parse_moves(moves);
  size_t bad = pm.size();
  ts::Code code = ts::Code::kOk;
  ts::DealState at_bad{};
  {
    py::gil_scoped_release nogil;
    for (size_t i = 0; i < pm.size(); ++i) {
      ts::EventSink sink;
      ts::DealState before = b.m.deal;
      code = ts::match_apply(b.m, pm[i].seat, pm[i].move, &sink);
      if (code != ts::Code::kOk) {
        bad = i;
        at_bad = before;
        break;
      }
      match_record(b, before, sink);
    }
  }
  if (bad < pm.size()) refuse_log(moves, bad, pm[bad], at_bad, code);
  py::dict out;
  out[S->match] = py::cast(std::move(b));
  out[S->events] = events_list(py::cast<MatchBox&>(out[S->match]).history);
  return out;
}

std::string match_repr(const MatchBox& b) {
  const ts::MatchState& m = b.m;
  std::string r = "<Match " + std::string(ts::variant_of(m.deal.variant).name) + " p1 " +
                  std::to_string(m.scores[0]) + " : p2 " + std::to_string(m.scores[1]);
  if (m.over)
    return r + " | over: " + seat_name(m.winner) + " wins after " + std::to_string(m.deals_done) +
           " deals>";
  return r + " | deal #" + std::to_string(m.deal.number) + " dealt by " + seat_name(m.deal.dealer) +
         ", " + seat_name(m.deal.turn) + " to move>";
}

// ---------------------------------------------------------------- Bot

struct BotObj {
  int level = 1;
  py::object seed;
};

const ts::DealState* state_of(py::handle game, bool* match_over) {
  *match_over = false;
  if (py::isinstance<MatchBox>(game)) {
    const MatchBox& b = py::cast<const MatchBox&>(game);
    *match_over = b.m.over;
    return &b.m.deal;
  }
  if (py::isinstance<DealBox>(game)) return &py::cast<const DealBox&>(game).s;
  raise("bad_game", "a bot plays a Match or a Deal, not " + repr_of(game));
}

ts::VariantId variant_for(py::handle game) {
  bool mo;
  return state_of(game, &mo)->variant;
}

// ---------------------------------------------------------------- variant dict

py::dict variant_dict(ts::VariantId id) {
  const ts::Variant& v = ts::variant_of(id);
  py::dict d;
  d[S->name] = S->variants[id];
  d[S->deck_size] = v.deck_size;
  d[S->hand_size] = v.hand_size;
  d[S->exchange_rank] = v.exchange_rank == ts::kRankJack ? "J" : "9";
  d[S->exchange_needs_trick] = v.exchange_needs_trick;
  d[S->marriage_after_close] = v.marriage_after_close;
  d[S->false_claim_schwarz] = v.false_claim_schwarz;
  d[S->beaten_closer_flat] = v.beaten_closer_flat;
  d[S->last_trick_rule] = v.last_trick_ten ? "ten_points" : "one_point";
  d[S->close_counts_tricks_at] = v.close_counts_at_close ? "close" : "end";
  d[S->close_before_draw] = v.close_before_draw;
  d[S->exchange_on_close] = v.exchange_on_close;
  d[S->next_dealer] = v.next_dealer_winner ? "winner" : "alternate";
  d[S->match_start] = v.match_start;
  d[S->match_target] = v.match_target;
  return d;
}

ts::Seat opt_seat(py::handle h) {
  if (h.is_none()) return ts::kNoSeat;
  return seat_arg(h);
}

std::int16_t int_field(py::handle d, py::handle seat_key) {
  long long v = 0;
  py::object x = py::reinterpret_borrow<py::dict>(d)[seat_key];
  if (!as_int(x, v)) raise("bad_value", "not an int: " + repr_of(x));
  return std::int16_t(v);
}

}  // namespace

namespace {

// The play loop's four calls (turn, over, legal, apply) on Deal and Match,
// installed as plain CPython methods: see bindings/fastcall.hpp.
const char* const kSeatArg[] = {"seat"};
const char* const kApplyArgs[] = {"seat", "move"};

template <class Box, py::list (*Legal)(const Box&, py::handle)>
PyObject* fast_legal(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
  return fast::guarded([&]() -> PyObject* {
    PyObject* a[1];
    if (!fast::parse("legal", args, nargsf, kw, kSeatArg, a)) return nullptr;
    Box* b = fast::value_of<Box>(self);
    return b ? Legal(*b, a[0]).release().ptr() : nullptr;
  });
}

template <class Box, py::list (*Apply)(Box&, py::handle, py::handle)>
PyObject* fast_apply(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
  return fast::guarded([&]() -> PyObject* {
    PyObject* a[2];
    if (!fast::parse("apply", args, nargsf, kw, kApplyArgs, a)) return nullptr;
    Box* b = fast::value_of<Box>(self);
    return b ? Apply(*b, a[0], a[1]).release().ptr() : nullptr;
  });
}

py::list deal_legal(const DealBox& b, py::handle seat) { return legal_list(b.s, seat_arg(seat)); }
py::list match_legal(const MatchBox& b, py::handle seat) {
  return legal_list(b.m.deal, seat_arg(seat), b.m.over);
}

PyObject* deal_turn(PyObject* self, void*) {
  return fast::guarded([&]() -> PyObject* {
    DealBox* b = fast::value_of<DealBox>(self);
    return b ? seat_obj(b->s.turn).release().ptr() : nullptr;
  });
}
PyObject* deal_over(PyObject* self, void*) {
  DealBox* b = fast::value_of<DealBox>(self);
  return b ? PyBool_FromLong(b->s.over) : nullptr;
}
PyObject* match_turn(PyObject* self, void*) {
  return fast::guarded([&]() -> PyObject* {
    MatchBox* b = fast::value_of<MatchBox>(self);
    return b ? seat_obj(ts::match_turn(b->m)).release().ptr() : nullptr;
  });
}
PyObject* match_over(PyObject* self, void*) {
  MatchBox* b = fast::value_of<MatchBox>(self);
  return b ? PyBool_FromLong(b->m.over) : nullptr;
}

#define TRUMPF_FASTCALL(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f))
PyMethodDef kDealMethods[] = {
    {"legal", TRUMPF_FASTCALL((fast_legal<DealBox, deal_legal>)), METH_FASTCALL | METH_KEYWORDS,
     "legal($self, seat)\n--\n\nWhat `seat` may do now, as a new list of move dicts in the "
     "reference order; empty for the seat not on turn and for a finished deal."},
    {"apply", TRUMPF_FASTCALL((fast_apply<DealBox, deal_apply>)), METH_FASTCALL | METH_KEYWORDS,
     "apply($self, seat, move)\n--\n\nPlays `move` for `seat` and returns the events it "
     "caused; raises Error with the reference code, changing nothing, when it is refused."},
};
PyMethodDef kMatchMethods[] = {
    {"legal", TRUMPF_FASTCALL((fast_legal<MatchBox, match_legal>)), METH_FASTCALL | METH_KEYWORDS,
     "legal($self, seat)\n--\n\nWhat `seat` may do now in the current deal; empty once the "
     "match is over."},
    {"apply", TRUMPF_FASTCALL((fast_apply<MatchBox, match_apply>)), METH_FASTCALL | METH_KEYWORDS,
     "apply($self, seat, move)\n--\n\nPlays `move` for `seat`; after a deal ends also the "
     "`deal` event for the next deal or `game_end`. Raises Error when refused."},
};
#undef TRUMPF_FASTCALL
PyGetSetDef kDealGetters[] = {
    {"turn", deal_turn, nullptr, "The seat whose move it is.", nullptr},
    {"over", deal_over, nullptr, "Whether the deal has finished.", nullptr},
};
PyGetSetDef kMatchGetters[] = {
    {"turn", match_turn, nullptr, "The seat whose move it is; None once the match is over.",
     nullptr},
    {"over", match_over, nullptr, "Whether the match has finished.", nullptr},
};

}  // namespace

ts::DealState deal_state_of(py::handle game) {
  bool match_over = false;
  return *state_of(game, &match_over);
}

void register_schnapsen(py::module_& m) {
  S = new Strs();
  m.attr("Error") = error_class();

  m.def(
      "other", [](py::handle seat) { return S->seats[ts::other(seat_arg(seat))]; }, py::arg("seat"),
      "The other seat: 'p2' for 'p1' and 'p1' for 'p2'.");

  // ---- card
  m.def(
      "rank_of",
      [](py::handle c) { return std::string(1, ts::kRankLetters[ts::rank_of(card_arg(c))]); },
      "The rank letter of a card id 1..24: A, T, K, Q, J or 9. Error bad_card for anything that is "
      "not a card id.");
  m.def(
      "suit_of", [](py::handle c) { return S->suits[ts::suit_of(card_arg(c))]; },
      "The suit letter of a card id: S, H, D or C.");
  m.def(
      "power_of", [](py::handle c) { return ts::power_of(card_arg(c)); },
      "A card's power inside its suit: A 5, T 4, K 3, Q 2, J 1, 9 0 (the ten beats the king).");
  m.def(
      "points_of", [](py::handle c) { return ts::points_of(card_arg(c)); },
      "A card's card points: A 11, T 10, K 4, Q 3, J 2, 9 0.");
  m.def(
      "name_of", [](py::handle c) { return card_name(card_arg(c)); },
      "A card's name: rank letter then suit letter, as 'TD'.");
  m.def(
      "long_name_of",
      [](py::handle c) {
        static const char* ranks[6] = {"Ace", "Ten", "King", "Queen", "Jack", "Nine"};
        static const char* suits[4] = {"Spades", "Hearts", "Diamonds", "Clubs"};
        ts::Card k = card_arg(c);
        return std::string(ranks[ts::rank_of(k)]) + " of " + suits[ts::suit_of(k)];
      },
      "A card's name in words, as 'Ten of Diamonds'.");
  m.def(
      "id_of",
      [](py::handle name) {
        std::string s;
        if (py::isinstance<py::str>(name)) s = name.cast<std::string>();
        for (auto& ch : s) ch = char(std::toupper(static_cast<unsigned char>(ch)));
        std::string rank = s.size() == 3 && s.compare(0, 2, "10") == 0 ? "T"
                           : s.size() == 2                             ? s.substr(0, 1)
                                                                       : "";
        char suit = s.empty() ? 0 : s.back();
        const char* rp = rank.size() == 1 ? std::strchr(ts::kRankLetters, rank[0]) : nullptr;
        int si = ts::suit_index(suit);
        if (!rp || !*rp || si < 0) raise(ts::Code::kBadCard, "not a card name: " + repr_of(name));
        return int(ts::card_of(si, int(rp - ts::kRankLetters)));
      },
      "The card id of a name such as 'TD' or '10D', read case-insensitively. Error bad_card for "
      "anything else.");

  // ---- deck
  m.def(
      "pack_for",
      [](py::handle variant) {
        ts::Card cs[24];
        int n = ts::pack_for(variant_arg(variant), cs);
        return card_list_obj(cs, n);
      },
      "The variant's pack in id order: Schnapsen's 20 ids without the nines, Sixty-Six's 24.");
  m.def(
      "order_for",
      [](py::handle variant, py::handle seed, py::handle number) {
        ts::VariantId v = variant_arg(variant);
        auto sd = seed_arg(seed);
        std::uint64_t n = number_arg(number);
        ts::Card cs[24];
        int k = ts::order_for(v, sd.data(), n, cs);
        return card_list_obj(cs, k);
      },
      py::arg("variant"), py::arg("seed"), py::arg("number"),
      "The seeded shuffle of deal `number` (1 or more), as a list of card ids: the hands are dealt "
      "off its front and its last card is the turn-up.");
  m.def(
      "deal_for",
      [](py::handle variant, py::handle seed, py::handle number, py::handle dealer) {
        DealBox b = build_deal(variant, seed, number, dealer);
        py::dict d;
        d[S->hands] = per_seat(card_list_obj(b.s.hand[0], b.s.hand_n[0]),
                               card_list_obj(b.s.hand[1], b.s.hand_n[1]));
        d[S->talon] = card_list_obj(b.s.talon + b.s.talon_pos, b.s.talon_end - b.s.talon_pos);
        d[S->turn_up] = int(b.s.turn_up);
        d[S->trump] = S->suits[b.s.trump];
        return d;
      },
      py::arg("variant"), py::arg("seed"), py::arg("number"), py::arg("dealer") = "p1",
      "The deal as {hands, talon, turn_up, trump}: the non-dealer's hand first off the order, then "
      "the dealer's, the talon in draw order without the turn-up, and the trump suit the turn-up "
      "sets.");

  // ---- trick
  m.def(
      "winner_of",
      [](py::handle lead, py::handle follow, py::handle trump) {
        return int(ts::winner_of(card_arg(lead), card_arg(follow), trump_arg(trump)));
      },
      "The id of the winning card of a trick. Trump beats non-trump; otherwise the higher card of "
      "the suit led wins.");
  m.def(
      "value_of",
      [](py::handle lead, py::handle follow) {
        return ts::value_of(card_arg(lead), card_arg(follow));
      },
      "The card points in a trick, which go to whoever took it.");
  m.def(
      "follow_band",
      [](py::handle hand, py::handle lead, py::handle trump, int phase) {
        auto h = cards_arg(hand);
        return std::string(ts::kBandNames[int(
            ts::follow_band(h.data(), int(h.size()), card_arg(lead), trump_arg(trump), phase))]);
      },
      "Which rule applies to an answer to `lead`: 'beat', 'follow', 'trump' or 'free' ('free' "
      "always in phase 1).");
  m.def(
      "legal_follows",
      [](py::handle hand, py::handle lead, py::handle trump, int phase) {
        auto h = cards_arg(hand);
        std::vector<ts::Card> out(h.size() + 1);
        int n = ts::legal_follows(h.data(), int(h.size()), card_arg(lead), trump_arg(trump), phase,
                                  out.data());
        return card_list_obj(out.data(), n);
      },
      "The cards of `hand` that may answer this lead, in the hand's own order: any card in phase "
      "1, exactly one band of the cascade in phase 2.");

  // ---- scoring
  m.def(
      "scale", [](int pts, int tricks) { return ts::scale(pts, tricks); },
      "Game points read off the opponent's cards: 1 when it has 33 card points or more, 2 "
      "(Schneider) below that with a trick, 3 (Schwarz) with no trick at all.");
  m.def(
      "deal_result",
      [](py::handle variant, py::handle how, py::handle by, py::handle points, py::handle tricks,
         py::handle closed_by, py::handle close_state, py::handle last_trick) {
        ts::VariantId v = variant_arg(variant);
        std::string h = py::isinstance<py::str>(how) ? how.cast<std::string>() : "";
        if (h != "claim" && h != "exhausted")
          raise("bad_how", "how is 'claim' or 'exhausted', not " + repr_of(how));
        ts::Ending e = h == "claim" ? ts::Ending::kClaim : ts::Ending::kExhausted;
        ts::Seat b = opt_seat(by);
        if (e == ts::Ending::kClaim && b == ts::kNoSeat)
          raise("bad_seat", "a claim needs the claimer in `by`");
        std::int16_t p[2] = {int_field(points, S->seats[0]), int_field(points, S->seats[1])};
        std::uint8_t t[2] = {std::uint8_t(int_field(tricks, S->seats[0])),
                             std::uint8_t(int_field(tricks, S->seats[1]))};
        ts::CloseState cs;
        if (!close_state.is_none()) {
          py::dict c = py::reinterpret_borrow<py::dict>(close_state);
          cs.by = opt_seat(c.contains(S->by) ? py::object(c[S->by]) : py::object(py::none()));
          for (int i = 0; i < 2; ++i) {
            py::object x = c[S->seats[i]];
            cs.tricks[i] = std::uint8_t(int_field(x, S->tricks));
            cs.points[i] = int_field(x, S->points);
          }
        }
        return result_dict(
            ts::deal_result(v, e, b, p, t, opt_seat(closed_by), cs, opt_seat(last_trick)), false);
      },
      py::kw_only(), py::arg("variant"), py::arg("how"), py::arg("by") = py::none(),
      py::arg("points"), py::arg("tricks"), py::arg("closed_by") = py::none(),
      py::arg("close_state") = py::none(), py::arg("last_trick") = py::none(),
      "What a deal was worth and to whom, as the dict a deal_end carries. `how` going in is "
      "'claim' or 'exhausted'; coming back it is claim, closed_out, false_claim, beat_closer, "
      "failed_close, last_trick or drawn.");
  m.attr("TARGET_POINTS") = ts::kTargetPoints;
  m.attr("SCHNEIDER_AT") = ts::kSchneiderAt;
  m.attr("LAST_TRICK_BONUS") = ts::kLastTrickBonus;
  m.attr("PENALTY") = ts::kPenalty;
  m.attr("PENALTY_SCHWARZ") = ts::kPenaltySchwarz;

  // ---- variant
  m.def(
      "variants", []() { return py::list(py::make_tuple(S->variants[0], S->variants[1])); },
      "The names of the variants this engine plays: ['schnapsen', 'sixtysix'].");
  m.def(
      "get_variant", [](py::handle name) { return variant_dict(variant_arg(name)); },
      "The variant's row of rule switches as a dict; Error bad_variant for an unknown name.");

  // ---- Deal
  py::class_<DealBox>(m, "Deal", "One deal of Schnapsen or Sixty-Six.")
      .def_static("build", &build_deal, py::arg("variant") = "schnapsen",
                  py::arg("seed") = py::none(), py::arg("number") = 1, py::arg("dealer") = "p1",
                  "A new deal, or Error for a variant this engine does not play (bad_variant), a "
                  "seed that is not 32 bytes (no_seed) or a deal number below one (bad_deal).")
      .def_static(
          "replay", &replay_deal, py::kw_only(), py::arg("variant") = "schnapsen",
          py::arg("seed") = py::none(), py::arg("number") = 1, py::arg("dealer") = "p1",
          py::arg("moves") = py::list(),
          "Builds the deal and plays `moves` on it; returns {'deal': Deal, 'events': [...]}, or "
          "raises Error at the first move the rules refuse, naming it by its index.")
      .def_static(
          "moves_of", &moves_of, py::arg("history"),
          "Just the moves in a list of events, as {seat, kind} plus card or suit: what a move log "
          "stores. The Sixty-Six close-time exchange is the table's and is left out.")
      .def_static(
          "from_log",
          [](py::handle log) {
            py::dict d = log_arg(log);
            py::dict r = replay_deal(
                get_or(d, S->game, py::none()), seed_from_hex(get_or(d, S->seed, py::none())),
                get_or(d, S->number, py::int_(1)), get_or(d, S->dealer, S->seats[0]),
                get_or(d, S->moves, py::list()));
            return py::object(r[py::str("deal")]);
          },
          py::arg("log"), "The deal a log (the dict to_log returns, or its JSON text) replays to.")
      .def(
          "to_log",
          [](const DealBox& b) {
            return log_dict(b.s.variant, b.seed, "deal", &b.s.number, b.s.dealer,
                            moves_of(events_list(b.history)));
          },
          "The deal's move log, {game, kind, seed (hex), number, dealer, moves}: rebuilding from "
          "the seed and replaying the moves is the serialisation.")
      .def_property_readonly(
          "variant", [](const DealBox& b) { return S->variants[b.s.variant]; },
          "The variant the deal was built with: 'schnapsen' or 'sixtysix'.")
      .def_property_readonly(
          "seed",
          [](const DealBox& b) {
            return py::bytes(reinterpret_cast<const char*>(b.seed.data()), 32);
          },
          "The 32-byte seed the deal was built with.")
      .def_property_readonly(
          "number", [](const DealBox& b) { return b.s.number; },
          "The deal number (1 or more) the deal was built with.")
      .def_property_readonly(
          "dealer", [](const DealBox& b) { return seat_obj(b.s.dealer); },
          "The seat that dealt, 'p1' or 'p2'; the non-dealer leads to the first trick.")
      .def_property_readonly(
          "trump", [](const DealBox& b) { return S->suits[b.s.trump]; },
          "The trump suit the turn-up set, as a suit letter.")
      .def_property_readonly(
          "hands",
          [](const DealBox& b) {
            return per_seat(card_list_obj(b.s.hand[0], b.s.hand_n[0]),
                            card_list_obj(b.s.hand[1], b.s.hand_n[1]));
          },
          "Both hands as {'p1': [...], 'p2': [...]}, card ids in hand order (as dealt, drawn cards "
          "at the end).")
      .def_property_readonly(
          "talon",
          [](const DealBox& b) {
            return card_list_obj(b.s.talon + b.s.talon_pos, b.s.talon_end - b.s.talon_pos);
          },
          "The face-down cards in draw order, without the turn-up.")
      .def_property_readonly(
          "turn_up", [](const DealBox& b) { return card_obj(b.s.turn_up); },
          "The face-up trump card; None once it has been drawn.")
      .def_property_readonly(
          "talon_left", [](const DealBox& b) { return ts::talon_left(b.s); },
          "How many cards are physically there to draw, the turn-up included.")
      .def_property_readonly(
          "draw_left", [](const DealBox& b) { return ts::draw_left(b.s); },
          "How many cards may still be drawn: 0 once the talon is closed, though cards remain.")
      .def_property_readonly(
          "closed", [](const DealBox& b) { return b.s.closed_by != ts::kNoSeat; },
          "Whether the talon has been closed.")
      .def_property_readonly(
          "closed_by", [](const DealBox& b) { return seat_obj(b.s.closed_by); },
          "The seat that closed the talon; None while it is open.")
      .def_property_readonly(
          "close_state", [](const DealBox& b) { return close_state_obj(b.s); },
          "Where both players stood at the instant the talon was closed, as {by, p1: {tricks, "
          "points}, p2: {tricks, points}}; None while it is open.")
      .def_property_readonly(
          "drawn", [](const DealBox& b) { return !b.s.pending_draw; },
          "Whether the draw for the last trick has happened (the opposite of pending_draw).")
      .def_property_readonly(
          "pending_draw", [](const DealBox& b) { return b.s.pending_draw; },
          "Whether the draw for the last trick is still to come: only ever in Sixty-Six, where the "
          "winner may close before drawing.")
      .def_property_readonly(
          "melds", [](const DealBox& b) { return melds_list(b.s); },
          "The marriages declared, as {seat, suit, value, counted}; a marriage is not counted "
          "until its owner takes a trick.")
      .def_property_readonly(
          "must_lead", [](const DealBox& b) { return must_lead_obj(b.s); },
          "The two cards [king, queen] a player who has just declared a marriage must lead from; "
          "None otherwise.")
      .def_property_readonly(
          "phase", [](const DealBox& b) { return ts::phase(b.s); },
          "1 while anything remains to be drawn, 2 once nothing does, because the talon ran out or "
          "was closed.")
      .def_property_readonly(
          "tricks",
          [](const DealBox& b) {
            py::list l;
            for (const auto& t : b.tricks) l.append(trick_dict(t));
            return l;
          },
          "Every trick so far, as {leader, lead, follow, winner}.")
      .def_property_readonly(
          "last_trick", [](const DealBox& b) { return last_trick_obj(b.tricks); },
          "The most recent trick as {leader, lead, follow, winner}; None before the first.")
      .def_property_readonly(
          "taken",
          [](const DealBox& b) { return per_seat(py::int_(b.s.taken[0]), py::int_(b.s.taken[1])); },
          "The card points each seat has taken, counted marriages included, as {'p1': int, 'p2': "
          "int}.")
      .def_property_readonly(
          "leader", [](const DealBox& b) { return seat_obj(b.s.leader); },
          "The seat on lead in the current trick.")
      .def_property_readonly(
          "lead", [](const DealBox& b) { return card_obj(b.s.lead); },
          "The card led to the current trick; None between tricks.")
      .def_property_readonly(
          "cards_out", [](const DealBox& b) { return b.s.hand_n[0] == 0 && b.s.hand_n[1] == 0; },
          "Whether both hands are empty.")
      .def_property_readonly(
          "result",
          [](const DealBox& b) {
            return b.s.over ? py::object(result_dict(b.s.result, false)) : py::object(py::none());
          },
          "How the deal finished, as the scoring dict {drawn, points, tricks, closed_by, "
          "last_trick, how, winner, loser, game_points}; None before it ends.")
      .def_property_readonly(
          "history", [](const DealBox& b) { return events_list(b.history); },
          "Every event apply has returned, in order.")
      .def(
          "hand_of",
          [](const DealBox& b, py::handle seat) {
            ts::Seat s = seat_arg(seat);
            return card_list_obj(b.s.hand[s], b.s.hand_n[s]);
          },
          py::arg("seat"), "The cards `seat` holds, in hand order.")
      .def(
          "points_of", [](const DealBox& b, py::handle seat) { return b.s.taken[seat_arg(seat)]; },
          py::arg("seat"), "The card points `seat` has taken.")
      .def(
          "tricks_won",
          [](const DealBox& b, py::handle seat) { return int(b.s.tricks_won[seat_arg(seat)]); },
          py::arg("seat"), "How many tricks `seat` has taken.")
      .def(
          "can_exchange",
          [](const DealBox& b, py::handle seat) {
            return card_obj(ts::can_exchange(b.s, seat_arg(seat)));
          },
          py::arg("seat"),
          "The id of the card `seat` may exchange for the turn-up (the trump jack, or the nine in "
          "Sixty-Six); None when it may not. Does not look at whose turn it is.")
      .def(
          "can_close",
          [](const DealBox& b, py::handle seat) { return ts::can_close(b.s, seat_arg(seat)); },
          py::arg("seat"), "Whether `seat` may close the talon. Does not look at whose turn it is.")
      .def(
          "can_marry",
          [](const DealBox& b, py::handle seat) { return can_marry_list(b.s, seat_arg(seat)); },
          py::arg("seat"),
          "The marriages `seat` may declare, as {suit, value, king, queen} in suit order C, D, H, "
          "S.")
      .def(
          "can_claim",
          [](const DealBox& b, py::handle seat) { return ts::can_claim(b.s, seat_arg(seat)); },
          py::arg("seat"),
          "Whether `seat` may claim now: on lead, after a trick has been played or after declaring "
          "a marriage. Timing only; it does not check for 66.")
      .def(
          "view",
          [](const DealBox& b, py::handle seat) {
            return view_dict(b.s, b.tricks, seat_arg(seat), b.history.size(), false);
          },
          py::arg("seat"),
          "Everything `seat` may see, as a dict: its own hand, how many cards each seat holds, the "
          "table, the talon's size, its legal moves and the result once there is one.")
      .def(
          "copy", [](const DealBox& b) { return DealBox(b); }, "An independent copy of the deal.")
      .def("__copy__", [](const DealBox& b) { return DealBox(b); })
      .def(
          "__deepcopy__", [](const DealBox& b, py::handle) { return DealBox(b); }, py::arg("memo"))
      .def("__repr__", &deal_repr);

  // ---- Match
  py::class_<MatchBox>(m, "Match", "A match of deals (Game::Schnapsen).")
      .def_static("build", &build_match, py::arg("variant") = "schnapsen",
                  py::arg("seed") = py::none(), py::arg("dealer") = "p1",
                  "A new match with deal 1 dealt by `dealer`, or Error for a variant this engine "
                  "does not play or a seed that is not 32 bytes.")
      .def_static(
          "variants", []() { return py::list(py::make_tuple(S->variants[0], S->variants[1])); },
          "The names of the variants this engine plays: ['schnapsen', 'sixtysix'].")
      .def_static("replay", &replay_match, py::kw_only(), py::arg("variant") = "schnapsen",
                  py::arg("seed") = py::none(), py::arg("dealer") = "p1",
                  py::arg("moves") = py::list(),
                  "Builds the match and plays `moves` on it; returns {'match': Match, 'events': "
                  "[...]}, or raises Error at the first move the rules refuse.")
      .def_static(
          "moves_of", &moves_of, py::arg("history"),
          "Just the moves in a list of events, as {seat, kind} plus card or suit: what a move log "
          "stores. The Sixty-Six close-time exchange is the table's and is left out.")
      .def_static(
          "from_log",
          [](py::handle log) {
            py::dict d = log_arg(log);
            py::dict r = replay_match(
                get_or(d, S->game, py::none()), seed_from_hex(get_or(d, S->seed, py::none())),
                get_or(d, S->dealer, S->seats[0]), get_or(d, S->moves, py::list()));
            return py::object(r[S->match]);
          },
          py::arg("log"), "The match a log (the dict to_log returns, or its JSON text) replays to.")
      .def(
          "to_log",
          [](const MatchBox& b) {
            std::array<std::uint8_t, 32> sd;
            std::memcpy(sd.data(), b.m.seed, 32);
            return log_dict(b.m.deal.variant, sd, "match", nullptr, b.first_dealer,
                            moves_of(events_list(b.history)));
          },
          "The match's move log, {game, kind, seed (hex), dealer, moves}.")
      .def_property_readonly(
          "variant", [](const MatchBox& b) { return S->variants[b.m.deal.variant]; },
          "The variant the match is played in: 'schnapsen' or 'sixtysix'.")
      .def_property_readonly(
          "seed",
          [](const MatchBox& b) { return py::bytes(reinterpret_cast<const char*>(b.m.seed), 32); },
          "The 32-byte seed; every deal uses it with the next deal number.")
      .def_property_readonly(
          "dealer", [](const MatchBox& b) { return seat_obj(b.m.deal.dealer); },
          "The seat that dealt the current deal.")
      .def_property_readonly(
          "deal", [](const MatchBox& b) { return current_deal(b); },
          "A copy of the current deal, as a Deal.")
      .def_property_readonly(
          "number", [](const MatchBox& b) { return b.m.deal.number; }, "The current deal's number.")
      .def_property_readonly(
          "scores",
          [](const MatchBox& b) {
            return per_seat(py::int_(b.m.scores[0]), py::int_(b.m.scores[1]));
          },
          "The running game-point scores as {'p1': int, 'p2': int}: Schnapsen counts down from 7 "
          "to 0, Sixty-Six up from 0 to 7.")
      .def_property_readonly("deals", &deals_list,
                             "Each finished deal's result with its number, in order.")
      .def_property_readonly("result", &match_result,
                             "{winner, loser, scores, deals} once the match is over; None before.")
      .def_property_readonly(
          "winner", [](const MatchBox& b) { return seat_obj(b.m.winner); },
          "The seat that won the match; None while it goes on.")
      .def_property_readonly(
          "history", [](const MatchBox& b) { return events_list(b.history); },
          "Every event of the match so far, in order, deal and game_end events included.")
      .def(
          "to_win",
          [](const MatchBox& b, py::handle seat) { return ts::to_win(b.m, seat_arg(seat)); },
          py::arg("seat"), "How far `seat` still is from the target, never below 0.")
      .def(
          "view",
          [](const MatchBox& b, py::handle seat) {
            ts::Seat s = seat_arg(seat);
            py::dict d = view_dict(b.m.deal, b.tricks, s, b.history.size(), b.m.over);
            d[S->scores] = per_seat(py::int_(b.m.scores[0]), py::int_(b.m.scores[1]));
            d[S->to_win] = per_seat(py::int_(ts::to_win(b.m, 0)), py::int_(ts::to_win(b.m, 1)));
            d[S->deals] = py::int_(int(b.m.deals_done));
            d[S->match_over] = py::bool_(b.m.over);
            d[S->winner] = seat_obj(b.m.winner);
            return d;
          },
          py::arg("seat"),
          "What `seat` may see of the current deal, plus scores, to_win, deals, match_over and "
          "winner.")
      .def(
          "copy", [](const MatchBox& b) { return MatchBox(b); },
          "An independent copy of the match.")
      .def("__copy__", [](const MatchBox& b) { return MatchBox(b); })
      .def(
          "__deepcopy__", [](const MatchBox& b, py::handle) { return MatchBox(b); },
          py::arg("memo"))
      .def("__repr__", &match_repr);

  // ---- Bot and search
  py::class_<BotObj>(
      m, "Bot", "The reference bot, levels 1 and 2 (asked levels 1..5 on the ladder 1,1,2,2,2).")
      .def(py::init([](py::handle level, py::object seed) {
             long long n = 1;
             if (!as_int(level, n))
               raise("bad_level", "a bot level is an int, not " + repr_of(level));
             BotObj b;
             // Bot(level=L) plays level L (REFERENCE.md; the transcripts' "2"
             // is Bot(level=2)); the 1,1,2,2,2 ladder is level_for's business.
             b.level = n < 1 ? 1 : n > 2 ? 2 : int(n);
             b.seed = std::move(seed);
             return b;
           }),
           py::arg("level") = 1, py::arg("seed") = py::none())
      .def_property_readonly(
          "level", [](const BotObj& b) { return b.level; },
          "The level the bot plays, 1 or 2 (the asked level clamped).")
      .def_property_readonly(
          "seed", [](const BotObj& b) { return b.seed; },
          "The seed the bot was built with, as given (None by default); these bots are "
          "deterministic and do not draw on it.")
      .def_static(
          "level_for",
          [](py::handle n) {
            long long v = 1;
            if (!as_int(n, v)) raise("bad_level", "a bot level is an int, not " + repr_of(n));
            return ts::bot_level_for(v);
          },
          py::arg("n"),
          "The bot level an asked level 1..5 plays, on the ladder 1, 1, 2, 2, 2 (clamped).")
      .def(
          "choose",
          [](const BotObj& b, py::handle game, py::handle seat) -> py::object {
            bool match_over = false;
            const ts::DealState* s = state_of(game, &match_over);
            ts::Seat st = seat_arg(seat);
            if (match_over) return py::none();
            ts::Move mv = ts::bot_choose(*s, st, b.level);
            if (mv.kind == ts::MoveKind::kInvalid) return py::none();
            return move_dict(*s, mv);
          },
          py::arg("game"), py::arg("seat"),
          "The move (a dict from game.legal(seat)) the reference bot of this level makes for "
          "`seat` in a Deal or Match; None when the seat has nothing to do.")
      .def("__repr__",
           [](const BotObj& b) { return "<Bot level " + std::to_string(b.level) + ">"; });

  m.def(
      "hand_strength",
      [](py::handle hand, py::handle trump) {
        auto h = cards_arg(hand);
        return ts::hand_strength(h.data(), int(h.size()), trump_arg(trump));
      },
      "The bots' hand strength: card points, plus 5 per trump and 3 per ace.");
  m.def(
      "cheapest",
      [](py::handle cards) {
        auto h = cards_arg(cards);
        if (h.empty()) raise(ts::Code::kBadCard, "no cards to choose from");
        return int(ts::cheapest(h.data(), int(h.size())));
      },
      "The cheapest card of `cards`: fewest card points, then lowest power, then lowest id. Error "
      "bad_card for an empty list.");
  m.def(
      "dearest",
      [](py::handle cards) {
        auto h = cards_arg(cards);
        if (h.empty()) raise(ts::Code::kBadCard, "no cards to choose from");
        return int(ts::dearest(h.data(), int(h.size())));
      },
      "The dearest card of `cards`: most card points, then highest power, then lowest id. Error "
      "bad_card for an empty list.");
  m.def(
      "best_marriage",
      [](py::handle game, py::handle seat) -> py::object {
        bool mo;
        const ts::DealState* s = state_of(game, &mo);
        int suit = ts::best_marriage(*s, seat_arg(seat));
        if (suit < 0) return py::none();
        return move_dict(*s, ts::Move{ts::MoveKind::kMarriage, std::uint8_t(suit)});
      },
      "The marriage move the bot declares in a Deal or Match: the highest-valued one on offer to "
      "`seat`, ties to the first in C, D, H, S; None when there is none.");
  m.def(
      "should_claim",
      [](py::handle game, py::handle seat) {
        bool mo;
        return ts::should_claim(*state_of(game, &mo), seat_arg(seat));
      },
      "Whether the bot claims: only when a claim is on offer to `seat` and it really holds 66.");
  m.def(
      "should_close",
      [](py::handle game, py::handle seat, int level) {
        bool mo;
        return ts::should_close(*state_of(game, &mo), seat_arg(seat), level);
      },
      "Whether the bot closes: level 2 only, holding two trumps or more and a hand strength of at "
      "least the points still needed plus 20.");
  m.def(
      "best_lead",
      [](py::handle game, py::handle seat, int level) -> py::object {
        bool mo;
        return card_obj(ts::best_lead(*state_of(game, &mo), seat_arg(seat), level));
      },
      "The card the bot of `level` leads (from the married pair right after a marriage): level 1 "
      "the cheapest; level 2 the cheapest non-trump in phase 1, the dearest ace, else dearest "
      "non-trump, else dearest card in phase 2. None with an empty hand.");
  m.def(
      "best_follow",
      [](py::handle game, py::handle seat) -> py::object {
        bool mo;
        const ts::DealState* s = state_of(game, &mo);
        if (!s->lead) return py::none();
        return card_obj(ts::best_follow(*s, seat_arg(seat)));
      },
      "The card the bot follows with: the cheapest winning card, preferring a non-trump, else the "
      "cheapest card. None when no card is led.");
  // legal, apply, turn and over are defined only here, as plain CPython
  // methods (bindings/fastcall.hpp): they are the play loop's hot path.
  for (auto& def : kDealMethods) fast::add_method(m.attr("Deal"), &def);
  for (auto& def : kDealGetters) fast::add_getter(m.attr("Deal"), &def);
  for (auto& def : kMatchMethods) fast::add_method(m.attr("Match"), &def);
  for (auto& def : kMatchGetters) fast::add_getter(m.attr("Match"), &def);
}

}  // namespace trumpf::bindings
