// trumpf.durak.Game: one deal with its record (durak/record.hpp).
#include <pybind11/pybind11.h>

#include <array>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/game_class.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "bindings/register.hpp"
#include "durak/names.hpp"

namespace trumpf::bindings::durak {

namespace {

using Record = td::GameRecord;

// A copy of the state: conversions below may run Python code that re-enters
// the game, so nothing reads the record while they run.
td::GameState state(py::handle self) { return self_of<Record>(self).state; }

Record build(py::handle seed, py::handle number, py::handle seats) {
  const td::Seed s = seed_arg(seed);
  const std::uint64_t n = number_arg(number);
  long long count = 0;
  if (!exact_int(seats, 2, 2, &count))
    refuse("bad_seats", "Durak is for two seats, not " + repr_text(seats));
  Record r;
  r.build(s, n);
  return r;
}

// A game of a chosen order (GameRecord::build_from_order): private, for the
// OpenSpiel game's card-by-card chance and its worlds. It has no seed.
Record from_order(py::handle order) {
  const std::vector<td::Card> cards = distinct_cards(order, "bad_deal", "a deal's order");
  Record r;
  if (r.build_from_order(cards.data(), int(cards.size())) != td::Code::kOk)
    refuse("bad_deal", "a deal's order is the 36 cards, each once");
  return r;
}

py::dict replay(py::handle seed, py::handle moves, py::handle number) {
  Record r = build(seed, number, py::int_(2));  // two seats
  game_class::replay_log(r, moves, &parse_logged_move, &given_of, keys().seat,
                         [](const Record& rec) -> const td::GameState& { return rec.state; });
  const std::vector<td::Event> events = r.history;
  py::dict out;
  out[keys().game] = py::cast(std::move(r));
  out[keys().events] = events_obj(events);
  return out;
}

py::list moves_of(py::handle history) {
  const std::vector<td::SeatMove> moves = td::moves_of(history_arg(history));
  py::list out(py::ssize_t(moves.size()));
  for (std::size_t i = 0; i < moves.size(); ++i)
    PyList_SET_ITEM(out.ptr(), py::ssize_t(i), logged_move_dict(moves[i]).release().ptr());
  return out;
}

py::list apply(py::handle self, py::handle seat_h, py::handle move_h) {
  const td::Seat seat = parse_seat(seat_h);
  const td::Move move = parse_move(move_h);  // may run Python code: before the record is read
  Record& r = self_of<Record>(self);
  const std::size_t from = r.history.size();
  const td::Code c = r.apply(seat, move);
  if (c != td::Code::kOk) {
    // A refusal leaves the state as it was; copied before given_of runs reprs.
    const td::GameState before = r.state;
    refuse(td::code_name(c), td::explain(before, seat, move, c, given_of(seat_h, move_h)));
  }
  std::array<td::Event, 8> fresh;
  const std::size_t n = r.history.size() - from;
  std::copy(r.history.begin() + std::ptrdiff_t(from), r.history.end(), fresh.begin());
  return events_obj(fresh.data(), n);
}

// The play loop (common/game_class.hpp).
struct Loop {
  using Record = td::GameRecord;
  static PyObject* legal(PyObject* self, PyObject* seat_h) {
    const Record& r = self_of<Record>(self);
    const td::Seat seat = seat_arg(seat_h);  // runs Python code only to refuse
    td::Move moves[td::kMaxMoves];           // read before any dict is made
    const int n = td::legal_moves(r.state, seat, moves);
    return legal_obj(moves, n).release().ptr();
  }
  static PyObject* apply(PyObject* self, PyObject* seat, PyObject* move) {
    return durak::apply(self, seat, move).release().ptr();
  }
  static PyObject* turn(PyObject* self) {
    return seat_obj(td::turn_of(self_of<Record>(self).state)).release().ptr();
  }
  static bool over(PyObject* self) { return td::is_over(self_of<Record>(self).state); }
  static constexpr const char* kLegalDoc =
      "legal($self, seat)\n--\n\nWhat `seat` may do now, as a new list of move dicts in the "
      "reference order; empty for the seat not on turn.";
  static constexpr const char* kApplyDoc =
      "apply($self, seat, move)\n--\n\nPlays `move` for `seat` and returns the events it "
      "caused; raises Error with the reference code, changing nothing, when it is refused.";
  static constexpr const char* kTurnDoc =
      "The seat the game waits on (1 or 2); None once it is over.";
  static constexpr const char* kOverDoc = "Whether the deal has ended.";
};

// A read-only property computed from a copy of the state.
template <class F>
auto from_state(F f) {
  return game_class::from_state<Record>(f);
}
// A method of one seat computed from a copy of the state (a Game never built
// refuses before its argument is looked at).
template <class F>
auto for_seat(F f) {
  return [f](py::handle self, py::handle seat) {
    const td::GameState s = state(self);
    return f(s, seat_arg(seat));
  };
}

}  // namespace

void register_game(py::module_& m) {
  using S = const td::GameState&;
  py::class_<Record> cls(m, "Game", "A two-seat Podkidnoy Durak deal (Game::Durak).");
  cls.def_static("build", &build, py::arg("seed"), py::arg("number") = 1, py::arg("seats") = 2,
                 "A dealt game with the first bout open, or Error: no_seed unless the seed is "
                 "exactly 32 bytes, bad_deal for a deal number below one, bad_seats for anything "
                 "but two.")
      .def_static("replay", &replay, py::arg("seed"), py::arg("moves"), py::arg("number") = 1,
                  "Builds the deal and plays `moves` (a list or tuple of {seat, kind, card}, else "
                  "Error not_legal) on it; returns {'game': Game, 'events': [...]}, or raises "
                  "Error at the first move the rules refuse, naming it by its index.")
      .def_static("_from_order", &from_order, py::arg("order"),
                  "Private: the game of the pack in `order` (dealt one card at a time, seat 1 "
                  "first, twelve cards, then the trump card, then the talon), with no seed (its "
                  "seed and its log are Error no_seed); bad_deal for an order that is not the 36 "
                  "cards.")
      .def_static("moves_of", &moves_of, py::arg("history"),
                  "Just the moves in a list of events, as {seat, kind} plus card: what a move log "
                  "stores. Error bad_history for an entry that is not an event.")
      .def_static(
          "is_move",
          [](py::handle kind) {
            std::string text;
            return text_of(kind, &text) && td::kind_named(text) != td::Kind::kNone;
          },
          py::arg("kind"),
          "Whether an event kind is somebody's move (attack, beat, take, done, swap, resign) "
          "rather than what the table did in consequence.")
      .def_property_readonly(
          "seed",
          [](py::handle self) {
            const Record& r = self_of<Record>(self);
            if (!r.seeded)
              refuse("no_seed",
                     "this game was dealt from a chosen order, not a seed: no seed "
                     "or log replays it");
            const td::Seed seed = r.seed;
            return py::bytes(reinterpret_cast<const char*>(seed.data()), seed.size());
          },
          "The 32-byte seed the deal was made from.")
      .def_property_readonly(
          "number", [](py::handle self) { return self_of<Record>(self).number; },
          "The deal number (1 or more) the deal was made from.")
      .def_property_readonly("trump", from_state([](S s) { return keys().suits[s.trump]; }),
                             "The trump suit, as a suit letter.")
      .def_property_readonly("trump_card", from_state([](S s) { return int(s.trump_card()); }),
                             "The id of the face-up trump card, the last card of the talon; an "
                             "exchange puts the trump six there instead. Kept after the card has "
                             "been drawn.")
      .def_property_readonly("six_of_trumps", from_state([](S s) { return int(s.six()); }),
                             "The id of the six of the trump suit.")
      .def_property_readonly("turn_up_left", from_state([](S s) { return s.turn_up_left(); }),
                             "Whether the turn-up is still in the talon.")
      .def_property_readonly("six_owner", from_state([](S s) { return seat_obj(s.six_owner); }),
                             "The seat (1 or 2) that was dealt the trump six or drew it, which "
                             "may exchange it; None while the six is in the talon, once the other "
                             "seat has picked it up, and after the exchange.")
      .def_property_readonly("hands", from_state([](S s) {
                               return per_seat(cards_obj(s.hands[td::kP1]),
                                               cards_obj(s.hands[td::kP2]));
                             }),
                             "Both hands as {1: [...], 2: [...]}, card ids sorted ascending.")
      .def_property_readonly(
          "talon", from_state([](S s) {
            return cards_obj(std::vector<td::Card>(s.talon + s.talon_pos, s.talon + 24));
          }),
          "The cards still to be drawn, in draw order with the turn-up last.")
      .def_property_readonly("talon_left", from_state([](S s) { return s.talon_left(); }),
                             "How many cards are left to draw.")
      .def_property_readonly("discard", from_state([](S s) { return int(s.discard); }),
                             "How many cards are in the discard heap: a count and never a list, "
                             "because a player may not look through it.")
      .def_property_readonly("bout", from_state([](S s) { return bout_obj(s.bout); }),
                             "The open bout as {attacker, defender, cap, attacks, beats, taken}, "
                             "beats parallel to attacks with None for an unbeaten card; None when "
                             "no bout is open.")
      .def_property_readonly("result", from_state([](S s) { return result_obj(s); }),
                             "How the deal ended, as {outcome, fool, places}; None until it ends.")
      .def_property_readonly(
          "history",
          [](py::handle self) {
            const std::vector<td::Event> snapshot = self_of<Record>(self).history;
            return events_obj(snapshot);
          },
          "Every event so far, in order.")
      .def_property_readonly(
          "seats",
          [](py::handle self) {
            self_of<Record>(self);
            py::list l(2);
            for (td::Seat seat : {td::kP1, td::kP2})
              PyList_SET_ITEM(l.ptr(), seat, seat_obj(seat).release().ptr());
            return l;
          },
          "The seat numbers, [1, 2].")
      .def_property_readonly("phase",
                             from_state([](S s) { return keys().phases[int(td::phase_of(s))]; }),
                             "The stage of the bout: 'attack', 'defend', 'pile_on' or 'over'.")
      .def_property_readonly("ply", from_state([](S s) { return int(s.ply); }),
                             "The number of events so far.")
      .def("hand_of", for_seat([](S s, td::Seat seat) { return cards_obj(s.hand(seat)); }),
           py::arg("seat"), "The cards `seat` holds, sorted by id.")
      .def("count_of", for_seat([](S s, td::Seat seat) { return td::count_of(s.hand(seat)); }),
           py::arg("seat"), "How many cards `seat` holds.")
      .def("can_swap", for_seat([](S s, td::Seat seat) { return td::can_swap(s, seat); }),
           py::arg("seat"),
           "Whether `seat` may exchange the trump six for the turn-up now: it is six_owner, still "
           "holds the six, the turn-up is still in the talon and the deal is not over.")
      .def("view", for_seat([](S s, td::Seat seat) { return view_dict(td::view_of(s, seat)); }),
           py::arg("seat"),
           "Everything `seat` can see and nothing else: its hand, the bout as attack and beat "
           "pairs, the trump, the turn-up while it is in the talon, the talon's and heap's "
           "sizes, the counts, whether it may swap, its legal moves, ply and the result.");
  game_class::add_copies_and_repr(cls, "An independent copy of the game.", "<durak.Game not built>",
                                  [](const Record& r) { return td::describe(r.state, r.number); });
  game_class::add_play_loop<Loop>(cls);
}

}  // namespace trumpf::bindings::durak

namespace trumpf::bindings {

trumpf::durak::GameState game_state_of(pybind11::handle game) {
  const auto* r = value_or_null<trumpf::durak::GameRecord>(game.ptr());
  if (!r) refuse("bad_game", "not a built durak Game: " + repr_text(game));
  return r->state;
}

}  // namespace trumpf::bindings
