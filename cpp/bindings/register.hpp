// One registration function per area; module.cpp calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

#include "durak/game.hpp"
#include "schnapsen/deal.hpp"

namespace trumpf::bindings {

void register_common(pybind11::module_& m);
void register_schnapsen(pybind11::module_& m);
void register_durak(pybind11::module_& m);
void register_sim(pybind11::module_& m);
void register_scheme(pybind11::module_& m);
void register_rl(pybind11::module_& m);
void register_players(pybind11::module_& m);
void register_tables(pybind11::module_& m);

// A copy of the engine state inside a bound Deal or Match (the current deal),
// or a Durak Game; Error bad_game for anything else. A copy, so nothing
// borrowed outlives a call that may run Python code.
::trumpf::schnapsen::DealState deal_state_of(pybind11::handle game);
::trumpf::durak::GameState game_state_of(pybind11::handle game);
// The rules a Schnapsen-family variant value stands for; Error bad_variant.
::trumpf::schnapsen::Rules schnapsen_rules_of(pybind11::handle variant);

}  // namespace trumpf::bindings
