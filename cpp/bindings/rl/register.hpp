// trumpf._core.rl, area by area: the scalar API (integer actions,
// observations, masks, names) and the VectorEnv.
#pragma once

#include <pybind11/pybind11.h>

namespace trumpf::bindings::rl {

void register_scalar(pybind11::module_& m);
void register_vector(pybind11::module_& m);

}  // namespace trumpf::bindings::rl
