// trumpf.schnapsen.Match: a match of deals with its record (schnapsen/record.hpp).
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

using Record = ts::MatchRecord;

// A copy: conversions may run Python code that re-enters the match.
ts::MatchState state(py::handle self) { return self_of<Record>(self).state; }

const ts::DealState& deal_of(const Record& r) { return r.state.deal; }

Record build(py::handle variant, py::handle seed, py::handle dealer) {
  const ts::Rules rules = rules_arg(variant);
  const auto sd = seed_arg(seed);
  const ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) refuse("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_text(dealer));
  Record r;
  r.build(rules, sd, d);
  return r;
}

py::dict replay(py::handle variant, py::handle seed, py::handle dealer, py::handle moves) {
  Record r = build(variant, seed, dealer);
  replay_moves<Record>(r, &deal_of, moves);
  const std::vector<ts::Entry> events = r.history;
  py::dict out;
  out[keys().match] = py::cast(std::move(r));
  out[keys().events] = events_obj(events);
  return out;
}

py::list apply(py::handle self, py::handle seat_h, py::handle move_h) {
  return apply_move<Record>(self, seat_h, move_h, &deal_of);
}

py::dict scores_obj(const ts::MatchState& m) {
  return per_seat(py::int_(m.scores[0]), py::int_(m.scores[1]));
}

// The play loop (common/game_class.hpp).
struct Loop {
  using Record = ts::MatchRecord;
  static PyObject* legal(PyObject* self, PyObject* seat) {
    // The live state: legal_obj reads it before it builds anything.
    const ts::MatchState& m = self_of<Record>(self).state;
    return legal_obj(m.deal, seat_arg(seat), m.over).release().ptr();
  }
  static PyObject* apply(PyObject* self, PyObject* seat, PyObject* move) {
    return schnapsen::apply(self, seat, move).release().ptr();
  }
  static PyObject* turn(PyObject* self) {
    return seat_obj(ts::match_turn(self_of<Record>(self).state)).release().ptr();
  }
  static bool over(PyObject* self) { return self_of<Record>(self).state.over; }
  static constexpr const char* kLegalDoc =
      "legal($self, seat)\n--\n\nWhat `seat` may do now in the current deal; empty once the "
      "match is over.";
  static constexpr const char* kApplyDoc =
      "apply($self, seat, move)\n--\n\nPlays `move` for `seat`; after a deal ends also the "
      "`deal` event for the next deal or `game_end`. Raises Error when refused.";
  static constexpr const char* kTurnDoc = "The seat whose move it is; None once the match is over.";
  static constexpr const char* kOverDoc = "Whether the match has finished.";
};

// A read-only property computed from a copy of the state.
template <class F>
auto from_state(F f) {
  return game_class::from_state<Record>(f);
}

}  // namespace

void register_match(py::module_& m) {
  using M = const ts::MatchState&;
  py::class_<Record> cls(m, "Match", "A match of deals (Game::Schnapsen).");
  cls.def_static("build", &build, py::arg("variant") = "schnapsen", py::arg("seed") = py::none(),
                 py::arg("dealer") = "p1",
                 "A new match with deal 1 dealt by `dealer`, or Error for a variant this engine "
                 "does not play or a seed that is not 32 bytes.")
      .def_static(
          "variants",
          []() { return py::list(py::make_tuple(keys().variants[0], keys().variants[1])); },
          "The names of the variants this engine plays: ['schnapsen', 'sixtysix'].")
      .def_static("replay", &replay, py::arg("variant") = "schnapsen", py::arg("seed") = py::none(),
                  py::arg("dealer") = "p1", py::arg("moves") = py::tuple(),
                  "Builds the match and plays `moves` on it; returns {'match': Match, 'events': "
                  "[...]}, or raises Error at the first move the rules refuse.")
      .def_static("moves_of", &log_moves, py::arg("history"), py::kw_only(),
                  py::arg("variant") = py::none(),
                  "Just the moves in a list of events, as {seat, kind} plus card or suit: what a "
                  "move log stores; as Deal.moves_of.")
      .def_property_readonly("variant",
                             from_state([](M s) { return keys().variants[s.deal.rules.base]; }),
                             "The game the match is played in: 'schnapsen' or 'sixtysix'.")
      .def_property_readonly("rules", from_state([](M s) { return rules_dict(s.deal.rules); }),
                             "The full rules table every deal of the match is played under.")
      .def_property_readonly("seed", from_state([](M s) {
                               return py::bytes(reinterpret_cast<const char*>(s.seed), 32);
                             }),
                             "The 32-byte seed; every deal uses it with the next deal number.")
      .def_property_readonly("dealer", from_state([](M s) { return seat_obj(s.deal.dealer); }),
                             "The seat that dealt the current deal.")
      .def_property_readonly(
          "first_dealer",
          [](py::handle self) { return seat_obj(self_of<Record>(self).first_dealer); },
          "The seat that dealt the first deal: with the seed, what a log starts from.")
      .def_property_readonly(
          "deal", [](py::handle self) { return self_of<Record>(self).current_deal(); },
          "A copy of the current deal, as a Deal.")
      .def_property_readonly("number", from_state([](M s) { return s.deal.number; }),
                             "The current deal's number.")
      .def_property_readonly("scores", from_state([](M s) { return scores_obj(s); }),
                             "The running game-point scores as {'p1': int, 'p2': int}: Schnapsen "
                             "counts down from 7 to 0, Sixty-Six up from 0 to 7.")
      .def_property_readonly(
          "deals",
          [](py::handle self) {
            const std::vector<ts::FinishedDeal> deals = self_of<Record>(self).deals;
            py::list l;
            for (const ts::FinishedDeal& d : deals) {
              py::dict r = result_dict(d.result, false);
              r[keys().number] = py::int_(d.number);
              l.append(r);
            }
            return l;
          },
          "Each finished deal's result with its number, in order.")
      .def_property_readonly("result", from_state([](M s) -> py::object {
                               if (!s.over) return py::none();
                               return game_end_dict(s.winner, s.scores, s.deals_done, false);
                             }),
                             "{winner, loser, scores, deals} once the match is over; None before.")
      .def_property_readonly("winner", from_state([](M s) { return seat_obj(s.winner); }),
                             "The seat that won the match; None while it goes on.")
      .def_property_readonly(
          "history",
          [](py::handle self) {
            // A copy: converting may run a finalizer that plays on and moves the live one.
            const std::vector<ts::Entry> history = self_of<Record>(self).history;
            return events_obj(history);
          },
          "Every event of the match so far, in order, deal and game_end events included.")
      .def(
          "to_win",
          [](py::handle self, py::handle seat) {
            const ts::Seat s = seat_arg(seat);
            return ts::to_win(state(self), s);
          },
          py::arg("seat"), "How far `seat` still is from the target, never below 0.")
      .def(
          "view",
          [](py::handle self, py::handle seat) {
            const ts::Seat s = seat_arg(seat);
            const Record& r = self_of<Record>(self);
            const ts::MatchState st = r.state;
            const bool has_last = !r.tricks.empty();
            const ts::Trick last = has_last ? r.tricks.back() : ts::Trick{};
            const std::size_t ply = r.history.size();
            py::dict d =
                view_dict(ts::view_of(st.deal, has_last ? &last : nullptr, s, ply, st.over));
            const Keys& k = keys();
            d[k.scores] = scores_obj(st);
            d[k.to_win] =
                per_seat(py::int_(ts::to_win(st, ts::kP1)), py::int_(ts::to_win(st, ts::kP2)));
            d[k.deals] = py::int_(int(st.deals_done));
            d[k.match_over] = py::bool_(st.over);
            d[k.winner] = seat_obj(st.winner);
            return d;
          },
          py::arg("seat"),
          "What `seat` may see of the current deal, plus scores, to_win, deals, match_over and "
          "winner.");
  game_class::add_copies_and_repr(cls, "An independent copy of the match.", "<Match not built>",
                                  [](const Record& r) { return ts::describe(r.state); });
  game_class::add_play_loop<Loop>(cls);
}

}  // namespace trumpf::bindings::schnapsen
