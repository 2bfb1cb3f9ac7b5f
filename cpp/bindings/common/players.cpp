#include "bindings/common/players.hpp"

#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

players::Player player_arg(py::handle name, bool durak) {
  std::string text;
  const players::Row* row = text_of(name, &text) ? players::row_named(text) : nullptr;
  if (!row) {
    std::string names;
    for (const players::Row& r : players::kPlayers)
      if (durak ? r.durak : r.schnapsen) names += (names.empty() ? "" : ", ") + std::string(r.name);
    refuse("bad_player", "unknown player " + repr_text(name) + " (" + names + ")");
  }
  if (!(durak ? row->durak : row->schnapsen))
    refuse("bad_player", "player " + repr_text(name) + " does not play this game");
  return row->player;
}

players::ExpertBudget expert_budget_arg(py::handle samples, py::handle budget) {
  players::ExpertBudget b;
  b.samples = std::uint32_t(int_arg(samples, 0, kMaxSamples, "bad_budget", "samples"));
  b.budget = std::uint64_t(int_arg(budget, 0, kMaxBudget, "bad_budget", "budget"));
  return b;
}

}  // namespace trumpf::bindings
