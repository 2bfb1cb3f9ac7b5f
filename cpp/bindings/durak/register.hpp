// The Durak bindings, one function per area; register.cpp calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

#include "players/players.hpp"

namespace trumpf::bindings::durak {

void register_cards(pybind11::module_& m);  // card and deck
void register_rules(pybind11::module_& m);  // rules and result
void register_game(pybind11::module_& m);   // Game
void register_bot(pybind11::module_& m);    // Bot and search
void register_info(pybind11::module_& m);   // Game.info
void register_solve(pybind11::module_& m);  // the exact endgame solver: solve_value(s)

// Expert.choose(info): the expert's move for the seat a Game.info dict is of
// (info_in.cpp); Error bad_info for a dict that is not a seat's on turn.
pybind11::object expert_info_move(pybind11::handle info, const players::Context& context);

}  // namespace trumpf::bindings::durak
