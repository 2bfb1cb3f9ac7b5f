// The Schnapsen family's bindings, one function per area; register.cpp
// calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

#include "players/players.hpp"
#include "schnapsen/info.hpp"

namespace trumpf::bindings::schnapsen {

void register_cards(pybind11::module_& m);    // card, deck, trick
void register_scoring(pybind11::module_& m);  // scoring, variant
void register_deal(pybind11::module_& m);     // Deal
void register_match(pybind11::module_& m);    // Match
void register_bot(pybind11::module_& m);      // Bot and the search functions
void register_info(pybind11::module_& m);     // Deal.info and Match.info
void register_solve(pybind11::module_& m);    // the exact solver: solve_value(s)

void register_world(pybind11::module_& m);  // sample_world

// The engine's InfoSet of a Deal.info or Match.info dict of a seat on turn, every check
// Expert.choose(info) makes made (info_in.cpp): Error bad_info otherwise. `call`
// names the call in the refusal of a value that is not a dict.
::trumpf::schnapsen::InfoSet checked_info(pybind11::handle info, const char* call);

// Expert.choose(info): the expert's move for the seat a Deal.info or Match.info dict is of
// (info_in.cpp); Error bad_info for a dict that is not a seat's on turn.
pybind11::object expert_info_move(pybind11::handle info, players::Player player,
                                  const players::Context& context);

}  // namespace trumpf::bindings::schnapsen
