// trumpf._core.tables: the engine's tables as plain tuples, for trumpf.errors,
// the CLI, the front ends and the docs to read rather than restate.
#include <pybind11/pybind11.h>

#include "bindings/register.hpp"
#include "common/error_codes.hpp"
#include "common/games.hpp"
#include "common/limits.hpp"
#include "players/players.hpp"
#include "schnapsen/variant.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

void register_tables(py::module_& m) {
  py::tuple codes(kErrorCodeCount);
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const ErrorCode& e = kErrorCodes[i];
    codes[i] = py::make_tuple(e.code, e.area, e.sentence);
  }
  m.attr("ERROR_CODES") = codes;

  py::tuple games(kGameCount);
  for (int i = 0; i < kGameCount; ++i) {
    const GameRow& g = kGames[i];
    games[i] = py::make_tuple(g.name, family_name(g.family), kind_name(g.kind), g.title);
  }
  m.attr("GAMES") = games;

  constexpr int kPlayerCount = int(sizeof(players::kPlayers) / sizeof(players::kPlayers[0]));
  py::tuple rows(kPlayerCount);
  for (int i = 0; i < kPlayerCount; ++i) {
    const players::Row& p = players::kPlayers[i];
    py::list families;
    if (p.schnapsen) families.append("schnapsen");
    if (p.durak) families.append("durak");
    rows[i] =
        py::make_tuple(p.name, py::tuple(families), p.fair, players::needs_seed(p.player), p.about);
  }
  m.attr("PLAYERS") = rows;

  py::dict bounds;
  for (int i = 0; i < limits::kLimitCount; ++i) {
    const limits::Limit& l = limits::kLimits[i];
    bounds[l.name] = py::make_tuple(l.value, l.about);
  }
  m.attr("LIMITS") = bounds;

  namespace ts = trumpf::schnapsen;
  constexpr const char* kHouseKinds[] = {"stock", "flag", "choice"};
  const ts::Rules reference = ts::reference_rules(ts::kSchnapsen);
  py::tuple house(ts::kHouseRuleCount);
  for (int k = 0; k < ts::kHouseRuleCount; ++k) {
    const ts::HouseRule& rule = ts::kHouseRules[k];
    const int value = ts::house_value(reference, k);
    py::object fallback;
    py::tuple choices(0);
    py::dict high;
    switch (rule.kind) {
      case ts::HouseKind::kStock:
        fallback = py::int_(value);
        for (int v = 0; v < 2; ++v) high[ts::kVariants[v].name] = ts::stock_of(ts::VariantId(v));
        break;
      case ts::HouseKind::kFlag:
        fallback = py::bool_(value != 0);
        break;
      case ts::HouseKind::kChoice: {
        fallback = py::str(rule.choices[value]);
        py::list names;
        for (int c = 0; c < rule.n_choices; ++c) names.append(py::str(rule.choices[c]));
        choices = py::tuple(names);
        break;
      }
    }
    house[k] =
        py::make_tuple(rule.name, kHouseKinds[int(rule.kind)], fallback, choices, high, rule.about);
  }
  m.attr("HOUSE_RULES") = house;
}

}  // namespace trumpf::bindings
