// trumpf._core.tables: the engine's tables as plain tuples, for trumpf.errors,
// the CLI, the front ends and the docs to read rather than restate.
#include <pybind11/pybind11.h>

#include "bindings/register.hpp"
#include "common/error_codes.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

void register_tables(py::module_& m) {
  py::tuple codes(kErrorCodeCount);
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const ErrorCode& e = kErrorCodes[i];
    codes[i] = py::make_tuple(e.code, e.area, e.sentence);
  }
  m.attr("ERROR_CODES") = codes;
}

}  // namespace trumpf::bindings
