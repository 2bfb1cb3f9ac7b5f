// Python bindings of the schnapsen engine.
#include "bindings/register.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

void register_schnapsen(py::module_& m) { (void)m; }

}  // namespace trumpf::bindings
