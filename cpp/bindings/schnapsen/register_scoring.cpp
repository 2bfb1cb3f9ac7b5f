// trumpf.schnapsen scoring and variant functions.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/scoring.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

// Card points a deal can hold (120 in cards, 10 for the last trick, four
// marriages) and tricks it can take, with room to spare: beyond these a
// figure is a mistake, not a deal.
constexpr long long kMaxPoints = 1000, kMaxTricks = 12;

// figures[seat] of a {"p1": int, "p2": int} dict.
void per_seat_ints(py::handle d, const char* what, long long hi, std::int16_t out[2]) {
  if (!d || !PyDict_Check(d.ptr()))
    refuse("bad_value",
           std::string(what) + " is a dict {'p1': int, 'p2': int}, not " + repr_text(d));
  for (int i = 0; i < 2; ++i) {
    py::object v = dict_item(d, keys().seats[i], "bad_value");
    long long x = 0;
    if (!v || !exact_int(v, 0, hi, &x))
      refuse("bad_value", std::string(what) + "['" + (i ? "p2" : "p1") + "'] is an int in [0, " +
                              std::to_string(hi) + "], not " + (v ? repr_text(v) : "missing"));
    out[i] = std::int16_t(x);
  }
}

ts::CloseState close_state_arg(py::handle h) {
  ts::CloseState cs;
  if (h.is_none()) return cs;
  if (!PyDict_Check(h.ptr()))
    refuse("bad_value",
           "close_state is None or {by, p1: {tricks, points}, p2: {...}}, not " + repr_text(h));
  const Keys& k = keys();
  py::object by = dict_item(h, k.by, "bad_value");
  cs.by = by ? seat_or_none(by) : ts::kNoSeat;
  for (int i = 0; i < 2; ++i) {
    py::object side = dict_item(h, k.seats[i], "bad_value");
    py::object t, p;
    if (side && PyDict_Check(side.ptr())) {
      t = dict_item(side, k.tricks, "bad_value");
      p = dict_item(side, k.points, "bad_value");
    }
    long long tricks = 0, points = 0;
    if (!t || !p || !exact_int(t, 0, kMaxTricks, &tricks) || !exact_int(p, 0, kMaxPoints, &points))
      refuse("bad_value", std::string("close_state['") + (i ? "p2" : "p1") +
                              "'] is {tricks: int, points: int}, not " +
                              (side ? repr_text(side) : "missing"));
    cs.tricks[i] = std::uint8_t(tricks);
    cs.points[i] = std::int16_t(points);
  }
  return cs;
}

py::dict deal_result(py::handle variant, py::handle how, py::handle by, py::handle points,
                     py::handle tricks, py::handle closed_by, py::handle close_state,
                     py::handle last_trick) {
  const ts::VariantId v = variant_arg(variant);
  std::string h;
  if (!text_of(how, &h) || (h != "claim" && h != "exhausted"))
    refuse("bad_how", "how is 'claim' or 'exhausted', not " + repr_text(how));
  const ts::Ending e = h == "claim" ? ts::Ending::kClaim : ts::Ending::kExhausted;
  const ts::Seat claimer = seat_or_none(by);
  if (e == ts::Ending::kClaim && claimer == ts::kNoSeat)
    refuse("bad_seat", "a claim needs the claimer in `by`");
  std::int16_t p[2], t16[2];
  per_seat_ints(points, "points", kMaxPoints, p);
  per_seat_ints(tricks, "tricks", kMaxTricks, t16);
  const std::uint8_t t[2] = {std::uint8_t(t16[0]), std::uint8_t(t16[1])};
  const ts::CloseState cs = close_state_arg(close_state);
  return result_dict(
      ts::deal_result(v, e, claimer, p, t, seat_or_none(closed_by), cs, seat_or_none(last_trick)),
      false);
}

}  // namespace

void register_scoring(py::module_& m) {
  m.def(
      "scale",
      [](py::handle points, py::handle tricks) {
        return ts::scale(int(int_arg(points, 0, kMaxPoints, "bad_value", "opponent_points")),
                         int(int_arg(tricks, 0, kMaxTricks, "bad_value", "opponent_tricks")));
      },
      py::arg("opponent_points"), py::arg("opponent_tricks"),
      "Game points read off the opponent's cards: 1 when it has 33 card points or more, 2 "
      "(Schneider) below that with a trick, 3 (Schwarz) with no trick at all.");
  m.def("deal_result", &deal_result, py::kw_only(), py::arg("variant"), py::arg("how"),
        py::arg("by") = py::none(), py::arg("points"), py::arg("tricks"),
        py::arg("closed_by") = py::none(), py::arg("close_state") = py::none(),
        py::arg("last_trick") = py::none(),
        "What a deal was worth and to whom, as the dict a deal_end carries. `how` going in is "
        "'claim' or 'exhausted'; coming back it is claim, closed_out, false_claim, beat_closer, "
        "failed_close, last_trick or drawn.");
  m.attr("TARGET_POINTS") = ts::kTargetPoints;
  m.attr("SCHNEIDER_AT") = ts::kSchneiderAt;
  m.attr("LAST_TRICK_BONUS") = ts::kLastTrickBonus;
  m.attr("PENALTY") = ts::kPenalty;
  m.attr("PENALTY_SCHWARZ") = ts::kPenaltySchwarz;

  m.def(
      "variants", []() { return py::list(py::make_tuple(keys().variants[0], keys().variants[1])); },
      "The names of the variants this engine plays: ['schnapsen', 'sixtysix'].");
  m.def(
      "get_variant", [](py::handle name) { return variant_dict(variant_arg(name)); },
      py::arg("name"),
      "The variant's row of rule switches as a dict; Error bad_variant for an unknown name.");
}

}  // namespace trumpf::bindings::schnapsen
