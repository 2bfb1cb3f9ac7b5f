// trumpf.schnapsen.Deal: one deal with its record (schnapsen/record.hpp).
#include <pybind11/pybind11.h>

#include <array>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/game_class.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "bindings/schnapsen/replay.hpp"
#include "schnapsen/names.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

using Record = ts::DealRecord;

// A copy of the state: conversions below may run Python code that re-enters
// the deal, so nothing reads the record while they run.
ts::DealState state(py::handle self) { return self_of<Record>(self).state; }

const ts::DealState& deal_of(const Record& r) { return r.state; }

Record build(py::handle variant, py::handle seed, py::handle number, py::handle dealer) {
  const ts::Rules rules = rules_arg(variant);
  const auto sd = seed_arg(seed);
  const std::uint64_t n = number_arg(number);
  const ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) refuse("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_text(dealer));
  Record r;
  r.build(rules, sd, n, d);
  return r;
}

// A deal of a chosen order (DealRecord::build_from_order): private, for the
// OpenSpiel games' card-by-card chance and their worlds. It has no seed.
Record from_order(py::handle variant, py::handle number, py::handle dealer, py::handle order) {
  const ts::Rules rules = rules_arg(variant);
  const std::vector<ts::Card> cards = cards_arg(order);
  const std::uint64_t n = number_arg(number);
  const ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) refuse("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_text(dealer));
  Record r;
  if (r.build_from_order(rules, cards.data(), int(cards.size()), n, d) != ts::Code::kOk)
    refuse("bad_deal", "a deal's order is the variant's pack, each card once");
  return r;
}

py::dict replay(py::handle variant, py::handle seed, py::handle number, py::handle dealer,
                py::handle moves) {
  Record r = build(variant, seed, number, dealer);
  replay_moves<Record>(r, &deal_of, moves);
  const std::vector<ts::Entry> events = r.history;
  py::dict out;
  out[keys().deal] = py::cast(std::move(r));
  out[keys().events] = events_obj(events);
  return out;
}

py::list apply(py::handle self, py::handle seat_h, py::handle move_h) {
  return apply_move<Record>(self, seat_h, move_h, &deal_of);
}

// The play loop (common/game_class.hpp).
struct Loop {
  using Record = ts::DealRecord;
  static PyObject* legal(PyObject* self, PyObject* seat) {
    // The live state: legal_obj reads it before it builds anything.
    const ts::DealState& s = self_of<Record>(self).state;
    return legal_obj(s, seat_arg(seat), false).release().ptr();
  }
  static PyObject* apply(PyObject* self, PyObject* seat, PyObject* move) {
    return schnapsen::apply(self, seat, move).release().ptr();
  }
  static PyObject* turn(PyObject* self) {
    return seat_obj(self_of<Record>(self).state.turn).release().ptr();
  }
  static bool over(PyObject* self) { return self_of<Record>(self).state.over; }
  static constexpr const char* kLegalDoc =
      "legal($self, seat)\n--\n\nWhat `seat` may do now, as a new list of move dicts in the "
      "reference order; empty for the seat not on turn and for a finished deal.";
  static constexpr const char* kApplyDoc =
      "apply($self, seat, move)\n--\n\nPlays `move` for `seat` and returns the events it "
      "caused; raises Error with the reference code, changing nothing, when it is refused.";
  static constexpr const char* kTurnDoc = "The seat whose move it is.";
  static constexpr const char* kOverDoc = "Whether the deal has finished.";
};

// A read-only property computed from a copy of the state.
template <class F>
auto from_state(F f) {
  return game_class::from_state<Record>(f);
}
// A method of one seat computed from a copy of the state.
template <class F>
auto for_seat(F f) {
  return [f](py::handle self, py::handle seat) {
    const ts::Seat s = seat_arg(seat);
    return f(state(self), s);
  };
}

}  // namespace

void register_deal(py::module_& m) {
  using S = const ts::DealState&;
  py::class_<Record> cls(m, "Deal", "One deal of Schnapsen or Sixty-Six.");
  cls.def_static("build", &build, py::arg("variant") = "schnapsen", py::arg("seed") = py::none(),
                 py::arg("number") = 1, py::arg("dealer") = "p1",
                 "A new deal, or Error for a variant this engine does not play (bad_variant), a "
                 "seed that is not 32 bytes (no_seed) or a deal number below one (bad_deal).")
      .def_static("replay", &replay, py::arg("variant") = "schnapsen", py::arg("seed") = py::none(),
                  py::arg("number") = 1, py::arg("dealer") = "p1", py::arg("moves") = py::tuple(),
                  "Builds the deal and plays `moves` on it; returns {'deal': Deal, 'events': "
                  "[...]}, or raises Error at the first move the rules refuse, naming it by its "
                  "index.")
      .def_static("_from_order", &from_order, py::arg("variant"), py::arg("number"),
                  py::arg("dealer"), py::arg("order"),
                  "Private: the deal of the cards in `order` (the non-dealer's hand, the "
                  "dealer's, the face-down talon in draw order, the turn-up last), with no seed "
                  "(its seed and its log are Error no_seed); bad_deal for an order that is not "
                  "the variant's pack (bad_card for a value that is not a card id).")
      .def_static("moves_of", &log_moves, py::arg("history"), py::kw_only(),
                  py::arg("variant") = py::none(),
                  "Just the moves in a list of events, as {seat, kind} plus card or suit: what a "
                  "move log stores. The Sixty-Six close-time exchange is the table's and is left "
                  "out; under the house rule marriage_by_lead (give the rules as `variant`) a "
                  "marriage and its lead are one move.")
      .def_property_readonly("variant",
                             from_state([](S s) { return keys().variants[s.rules.base]; }),
                             "The game the deal is played in: 'schnapsen' or 'sixtysix'.")
      .def_property_readonly("rules", from_state([](S s) { return rules_dict(s.rules); }),
                             "The full rules table the deal is played under: the game's fields "
                             "and the house rules.")
      .def_property_readonly(
          "seed",
          [](py::handle self) {
            const Record& r = self_of<Record>(self);
            if (!r.seeded)
              refuse("no_seed",
                     "this deal was dealt from a chosen order, not a seed: no seed "
                     "or log replays it");
            const auto seed = r.seed;
            return py::bytes(reinterpret_cast<const char*>(seed.data()), seed.size());
          },
          "The 32-byte seed the deal was built with.")
      .def_property_readonly("number", from_state([](S s) { return s.number; }),
                             "The deal number (1 or more) the deal was built with.")
      .def_property_readonly("dealer", from_state([](S s) { return seat_obj(s.dealer); }),
                             "The seat that dealt, 'p1' or 'p2'; the non-dealer leads first.")
      .def_property_readonly("trump", from_state([](S s) { return keys().suits[s.trump]; }),
                             "The trump suit the turn-up set, as a suit letter.")
      .def_property_readonly("hands", from_state([](S s) {
                               return per_seat(cards_obj(s.hand[0], s.hand_n[0]),
                                               cards_obj(s.hand[1], s.hand_n[1]));
                             }),
                             "Both hands as {'p1': [...], 'p2': [...]}, card ids in hand order "
                             "(as dealt, drawn cards at the end).")
      .def_property_readonly("talon", from_state([](S s) {
                               return cards_obj(s.talon + s.talon_pos, s.talon_end - s.talon_pos);
                             }),
                             "The face-down cards in draw order, without the turn-up.")
      .def_property_readonly("turn_up", from_state([](S s) { return card_obj(s.turn_up); }),
                             "The face-up trump card; None once it has been drawn.")
      .def_property_readonly("talon_left", from_state([](S s) { return ts::talon_left(s); }),
                             "How many cards are physically there to draw, the turn-up included.")
      .def_property_readonly(
          "draw_left", from_state([](S s) { return ts::draw_left(s); }),
          "How many cards may still be drawn: 0 once the talon is closed, though cards remain.")
      .def_property_readonly("closed", from_state([](S s) { return s.closed_by != ts::kNoSeat; }),
                             "Whether the talon has been closed.")
      .def_property_readonly("closed_by", from_state([](S s) { return seat_obj(s.closed_by); }),
                             "The seat that closed the talon; None while it is open.")
      .def_property_readonly("close_state", from_state([](S s) { return close_state_obj(s); }),
                             "Where both players stood at the instant the talon was closed, as "
                             "{by, p1: {tricks, points}, p2: {tricks, points}}; None while open.")
      .def_property_readonly("drawn", from_state([](S s) { return !s.pending_draw; }),
                             "Whether the draw for the last trick has happened (the opposite of "
                             "pending_draw).")
      .def_property_readonly("pending_draw", from_state([](S s) { return s.pending_draw; }),
                             "Whether the draw for the last trick is still to come: only ever in "
                             "Sixty-Six, where the winner may close before drawing.")
      .def_property_readonly("melds", from_state([](S s) { return melds_obj(s); }),
                             "The marriages declared, as {seat, suit, value, counted}; a marriage "
                             "is not counted until its owner takes a trick.")
      .def_property_readonly("must_lead", from_state([](S s) { return must_lead_obj(s); }),
                             "The two cards [king, queen] a player who has just declared a "
                             "marriage must lead from; None otherwise.")
      .def_property_readonly("phase", from_state([](S s) { return ts::phase(s); }),
                             "1 while anything remains to be drawn, 2 once nothing does, because "
                             "the talon ran out or was closed.")
      .def_property_readonly(
          "tricks",
          [](py::handle self) {
            const std::vector<ts::Trick> tricks = self_of<Record>(self).tricks;
            return tricks_obj(tricks);
          },
          "Every trick so far, as {leader, lead, follow, winner}.")
      .def_property_readonly(
          "last_trick",
          [](py::handle self) -> py::object {
            const Record& r = self_of<Record>(self);
            if (r.tricks.empty()) return py::none();
            const ts::Trick last = r.tricks.back();
            return trick_dict(last);
          },
          "The most recent trick as {leader, lead, follow, winner}; None before the first.")
      .def_property_readonly(
          "taken",
          from_state([](S s) { return per_seat(py::int_(s.taken[0]), py::int_(s.taken[1])); }),
          "The card points each seat has taken, counted marriages included, as {'p1': int, "
          "'p2': int}.")
      .def_property_readonly("leader", from_state([](S s) { return seat_obj(s.leader); }),
                             "The seat on lead in the current trick.")
      .def_property_readonly("lead", from_state([](S s) { return card_obj(s.lead); }),
                             "The card led to the current trick; None between tricks.")
      .def_property_readonly("cards_out",
                             from_state([](S s) { return s.hand_n[0] == 0 && s.hand_n[1] == 0; }),
                             "Whether both hands are empty.")
      .def_property_readonly("result", from_state([](S s) {
                               return s.over ? py::object(result_dict(s.result, false))
                                             : py::object(py::none());
                             }),
                             "How the deal finished, as the scoring dict {drawn, points, tricks, "
                             "closed_by, last_trick, how, winner, loser, game_points}; None "
                             "before it ends.")
      .def_property_readonly(
          "history",
          [](py::handle self) {
            // A copy: converting may run a finalizer that plays on and moves the live one.
            const std::vector<ts::Entry> history = self_of<Record>(self).history;
            return events_obj(history);
          },
          "Every event apply has returned, in order.")
      .def("hand_of",
           for_seat([](S s, ts::Seat seat) { return cards_obj(s.hand[seat], s.hand_n[seat]); }),
           py::arg("seat"), "The cards `seat` holds, in hand order.")
      .def("points_of", for_seat([](S s, ts::Seat seat) { return s.taken[seat]; }), py::arg("seat"),
           "The card points `seat` has taken.")
      .def("tricks_won", for_seat([](S s, ts::Seat seat) { return int(s.tricks_won[seat]); }),
           py::arg("seat"), "How many tricks `seat` has taken.")
      .def("can_exchange",
           for_seat([](S s, ts::Seat seat) { return card_obj(ts::can_exchange(s, seat)); }),
           py::arg("seat"),
           "The id of the card `seat` may exchange for the turn-up (the trump jack, or the nine "
           "in Sixty-Six); None when it may not. Does not look at whose turn it is.")
      .def("can_close", for_seat([](S s, ts::Seat seat) { return ts::can_close(s, seat); }),
           py::arg("seat"),
           "Whether `seat` may close the talon. Does not look at whose turn it is.")
      .def("can_marry", for_seat([](S s, ts::Seat seat) { return can_marry_obj(s, seat); }),
           py::arg("seat"),
           "The marriages `seat` may declare, as {suit, value, king, queen} in suit order C, D, "
           "H, S.")
      .def("can_claim", for_seat([](S s, ts::Seat seat) { return ts::can_claim(s, seat); }),
           py::arg("seat"),
           "Whether `seat` may claim now: on lead, after a trick has been played or after "
           "declaring a marriage. Timing only; it does not check for 66.")
      .def(
          "view",
          [](py::handle self, py::handle seat) {
            const ts::Seat s = seat_arg(seat);
            const Record& r = self_of<Record>(self);
            const ts::DealState st = r.state;
            const bool has_last = !r.tricks.empty();
            const ts::Trick last = has_last ? r.tricks.back() : ts::Trick{};
            const std::size_t ply = r.history.size();
            return view_dict(ts::view_of(st, has_last ? &last : nullptr, s, ply, false));
          },
          py::arg("seat"),
          "Everything `seat` may see, as a dict: its own hand, how many cards each seat holds, "
          "the table, the talon's size, its legal moves and the result once there is one.");
  game_class::add_copies_and_repr(cls, "An independent copy of the deal.", "<Deal not built>",
                                  [](const Record& r) { return ts::describe(r.state); });
  game_class::add_play_loop<Loop>(cls);
}

}  // namespace trumpf::bindings::schnapsen
