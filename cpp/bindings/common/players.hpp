// The one table of players (players/players.hpp) as the bindings read it:
// a player's name for a game family, and an expert's budget.
#pragma once

#include <pybind11/pybind11.h>

#include "common/limits.hpp"
#include "players/players.hpp"

namespace trumpf::bindings {

// The most worlds and work units a caller may give an expert a decision.
constexpr long long kMaxSamples = limits::kMaxExpertSamples, kMaxBudget = limits::kMaxBudget;

// The player of that name, if it plays the family; else Error bad_player.
players::Player player_arg(pybind11::handle name, bool durak);

// An expert's budget: samples an int in 0..2**20 and budget one in
// 0..10**12 (0 keeps the family's default); else Error bad_budget.
players::ExpertBudget expert_budget_arg(pybind11::handle samples, pybind11::handle budget);

// Which tables a caller takes: any, or one family's alone.
enum class GameKind { kAny, kSchnapsen, kDurak };

// The move player `p` (expert or perfect) makes for `seat` of a built Deal,
// Match or Durak Game of `kind`, with `context`'s seed and budget; None
// when the seat is not on turn or the game is over. Error not_built for a
// table made by __new__, bad_game for anything else, bad_seat for a seat
// that is not one.
pybind11::object choose_move(pybind11::handle game, pybind11::handle seat, players::Player p,
                             const players::Context& context, GameKind kind);

// trumpf._core.schnapsen.Expert (kind kSchnapsen) or trumpf._core.durak.Expert.
void register_expert(pybind11::module_& m, GameKind kind);

}  // namespace trumpf::bindings
