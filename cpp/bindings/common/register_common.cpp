// What both game families share: SHA-256 and the seeded shuffle's word source.
#include <pybind11/pybind11.h>

#include "bindings/register.hpp"
#include "common/sha256.hpp"
#include "common/shuffle.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

void register_common(py::module_& m) {
  m.def(
      "sha256",
      [](py::bytes data, bool hardware) {
        std::string_view s = data;
        Digest d = sha256_via(reinterpret_cast<const std::uint8_t*>(s.data()), s.size(), hardware);
        return py::bytes(reinterpret_cast<const char*>(d.data()), d.size());
      },
      py::arg("data"), py::arg("hardware") = true,
      "SHA-256 of `data` (FIPS 180-4); `hardware=False` forces the portable path.");
  m.def("sha256_uses_hardware", &sha256_uses_hardware,
        "Whether this machine's CPU runs SHA-256 on the x86 SHA extensions.");
}

}  // namespace trumpf::bindings
