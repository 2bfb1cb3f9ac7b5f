// The one table of players (players/players.hpp) as the bindings read it:
// a player's name for a game family, and an expert's budget.
#pragma once

#include <pybind11/pybind11.h>

#include "players/players.hpp"

namespace trumpf::bindings {

// The most worlds and work units a caller may give an expert a decision.
constexpr long long kMaxSamples = 1LL << 20, kMaxBudget = 1'000'000'000'000LL;

// The player of that name, if it plays the family; else Error bad_player.
players::Player player_arg(pybind11::handle name, bool durak);

// An expert's budget: samples an int in 0..2**20 and budget one in
// 0..10**12 (0 keeps the family's default); else Error bad_budget.
players::ExpertBudget expert_budget_arg(pybind11::handle samples, pybind11::handle budget);

}  // namespace trumpf::bindings
