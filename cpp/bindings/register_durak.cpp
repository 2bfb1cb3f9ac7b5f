// Python bindings of the durak engine.
#include "bindings/register.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

void register_durak(py::module_& m) { (void)m; }

}  // namespace trumpf::bindings
