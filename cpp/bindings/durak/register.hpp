// The Durak bindings, one function per area; register.cpp calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

namespace trumpf::bindings::durak {

void register_cards(pybind11::module_& m);  // card and deck
void register_rules(pybind11::module_& m);  // rules and result
void register_game(pybind11::module_& m);   // Game
void register_bot(pybind11::module_& m);    // Bot and search
void register_info(pybind11::module_& m);   // Game.info
void register_solve(pybind11::module_& m);  // the exact endgame solver: solve_value(s)

}  // namespace trumpf::bindings::durak
