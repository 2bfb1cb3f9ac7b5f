// trumpf._core.rl: the scalar RL API and the VectorEnv.
#include "bindings/rl/register.hpp"

#include "bindings/common/errors.hpp"
#include "bindings/register.hpp"

namespace trumpf::bindings {

void register_rl(pybind11::module_& m) {
  m.attr("Error") = error_class();
  rl::register_scalar(m);
  rl::register_vector(m);
}

}  // namespace trumpf::bindings
