// The Durak bindings, one function per area; register.cpp calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

#include "durak/info.hpp"
#include "players/players.hpp"

namespace trumpf::bindings::durak {

void register_cards(pybind11::module_& m);  // card and deck
void register_rules(pybind11::module_& m);  // rules and result
void register_game(pybind11::module_& m);   // Game
void register_bot(pybind11::module_& m);    // Bot and search
void register_info(pybind11::module_& m);   // Game.info
void register_solve(pybind11::module_& m);  // the exact endgame solver: solve_value(s)

void register_world(pybind11::module_& m);  // sample_world

// The engine's InfoSet of a Game.info dict of a seat on turn, every check
// Expert.choose(info) makes made (info_in.cpp): Error bad_info otherwise. `call`
// names the call in the refusal of a value that is not a dict.
::trumpf::durak::InfoSet checked_info(pybind11::handle info, const char* call);

// Expert.choose(info): the expert's move for the seat a Game.info dict is of
// (info_in.cpp); Error bad_info for a dict that is not a seat's on turn.
pybind11::object expert_info_move(pybind11::handle info, const players::Context& context);

}  // namespace trumpf::bindings::durak
