// trumpf.schnapsen scoring and variant functions.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/scoring.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

// scoring answers for any figures a caller gives, not only for those a deal
// can reach, up to what a 32-bit count holds (the contract's range).
constexpr long long kMaxPoints = 2147483647, kMaxTricks = 2147483647;

// figures[seat] of a {"p1": int, "p2": int} dict.
void per_seat_ints(py::handle d, const char* what, long long hi, long long out[2]) {
  if (!d || !PyDict_Check(d.ptr()))
    refuse("bad_value",
           std::string(what) + " is a dict {'p1': int, 'p2': int}, not " + repr_text(d));
  if (PyDict_GET_SIZE(d.ptr()) != 2)
    refuse("bad_value",
           std::string(what) + " is exactly {'p1': int, 'p2': int}, not " + repr_text(d));
  for (int i = 0; i < 2; ++i) {
    py::object v = dict_item(d, keys().seats[i], "bad_value");
    long long x = 0;
    if (!v || !exact_int(v, 0, hi, &x))
      refuse("bad_value", std::string(what) + "['" + (i ? "p2" : "p1") + "'] is an int in [0, " +
                              std::to_string(hi) + "], not " + (v ? repr_text(v) : "missing"));
    out[i] = x;
  }
}

ts::WideCloseState close_state_arg(py::handle h) {
  ts::WideCloseState cs;
  if (h.is_none()) return cs;
  if (!PyDict_Check(h.ptr()))
    refuse("bad_value",
           "close_state is None or {by, p1: {tricks, points}, p2: {...}}, not " + repr_text(h));
  const Keys& k = keys();
  py::object by = dict_item(h, k.by, "bad_value");
  cs.by = by ? parse_seat(by) : ts::kNoSeat;
  if (PyDict_GET_SIZE(h.ptr()) != 3 || cs.by == ts::kNoSeat)
    refuse("bad_value",
           "close_state is exactly {by, p1: {tricks, points}, p2: {...}}, not " + repr_text(h));
  for (int i = 0; i < 2; ++i) {
    py::object side = dict_item(h, k.seats[i], "bad_value");
    py::object t, p;
    if (side && PyDict_Check(side.ptr()) && PyDict_GET_SIZE(side.ptr()) == 2) {
      t = dict_item(side, k.tricks, "bad_value");
      p = dict_item(side, k.points, "bad_value");
    }
    long long tricks = 0, points = 0;
    if (!t || !p || !exact_int(t, 0, kMaxTricks, &tricks) || !exact_int(p, 0, kMaxPoints, &points))
      refuse("bad_value", std::string("close_state['") + (i ? "p2" : "p1") +
                              "'] is {tricks: int, points: int}, not " +
                              (side ? repr_text(side) : "missing"));
    cs.tricks[i] = tricks;
    cs.points[i] = points;
  }
  return cs;
}

py::dict deal_result(py::handle variant, py::handle how, py::handle by, py::handle points,
                     py::handle tricks, py::handle closed_by, py::handle close_state,
                     py::handle last_trick) {
  const ts::Rules rules = rules_arg(variant);
  std::string h;
  if (!text_of(how, &h) || (h != "claim" && h != "exhausted"))
    refuse("bad_how", "how is 'claim' or 'exhausted', not " + repr_text(how));
  const ts::Ending e = h == "claim" ? ts::Ending::kClaim : ts::Ending::kExhausted;
  const ts::Seat claimer = seat_or_none(by);
  if (e == ts::Ending::kClaim && claimer == ts::kNoSeat)
    refuse("bad_seat", "a claim needs the claimer in `by`");
  long long p[2], t[2];
  per_seat_ints(points, "points", kMaxPoints, p);
  per_seat_ints(tricks, "tricks", kMaxTricks, t);
  const ts::Seat closer = seat_or_none(closed_by), last = seat_or_none(last_trick);
  if (e == ts::Ending::kExhausted && closer == ts::kNoSeat && last == ts::kNoSeat)
    refuse("bad_seat", "cards run out without a close need the last trick's winner in last_trick");
  if (closer != ts::kNoSeat && close_state.is_none())
    refuse("bad_value", "a close needs close_state, where both stood at the close");
  const ts::WideCloseState cs = close_state_arg(close_state);
  return result_dict(ts::deal_result(rules, e, claimer, p, t, closer, cs, last), false);
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
  m.attr("MARRIAGE_POINTS") = ts::kMarriagePoints;
  m.attr("TRUMP_MARRIAGE_POINTS") = ts::kTrumpMarriagePoints;

  m.def(
      "variants", []() { return py::list(py::make_tuple(keys().variants[0], keys().variants[1])); },
      "The names of the variants this engine plays: ['schnapsen', 'sixtysix'].");
  m.def(
      "get_variant", [](py::handle v) { return rules_dict(rules_arg(v)); }, py::arg("name"),
      "The full rules table of a variant value (a game's or preset's name, or a table, whole or "
      "in part); Error bad_variant naming the field that is wrong.");
  m.def(
      "presets",
      []() {
        py::list l;
        for (const ts::Preset& p : ts::kPresets) l.append(py::str(p.name));
        return l;
      },
      "The names of the house-rule presets, each accepted wherever a variant name is.");
  m.def(
      "custom",
      [](py::handle base, py::kwargs fields) {
        const ts::Rules rules = rules_arg(base);
        py::dict table = rules_dict(rules);
        const std::string game = ts::variant_of(rules.base).name;
        for (auto item : fields) table[item.first] = item.second;
        std::string given;
        if (!text_of(table["name"], &given) || given != game)
          refuse("bad_variant", "bad variant field name: custom keeps the game '" + game + "'");
        return rules_dict(rules_arg(table));
      },
      py::arg("base"),
      "The full rules table of `base` with the given house rules changed, e.g. "
      "custom('schnapsen', marriage_by_lead=True); Error bad_variant naming a bad field.");
}

}  // namespace trumpf::bindings::schnapsen
