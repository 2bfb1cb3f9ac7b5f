// The Schnapsen family's bindings, one function per area; register.cpp
// calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

namespace trumpf::bindings::schnapsen {

void register_cards(pybind11::module_& m);    // card, deck, trick
void register_scoring(pybind11::module_& m);  // scoring, variant
void register_deal(pybind11::module_& m);     // Deal
void register_match(pybind11::module_& m);    // Match
void register_bot(pybind11::module_& m);      // Bot and the search functions
void register_info(pybind11::module_& m);     // Deal.info and Match.info
void register_solve(pybind11::module_& m);    // the exact solver: solve_value(s)

}  // namespace trumpf::bindings::schnapsen
