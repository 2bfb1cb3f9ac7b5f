// One registration function per area; module.cpp calls them in turn.
#pragma once

#include <pybind11/pybind11.h>

namespace trumpf::bindings {

void register_common(pybind11::module_& m);
void register_schnapsen(pybind11::module_& m);
void register_durak(pybind11::module_& m);
void register_sim(pybind11::module_& m);

}  // namespace trumpf::bindings
