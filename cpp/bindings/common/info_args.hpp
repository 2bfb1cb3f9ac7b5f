// The readers Expert.choose(info) uses in both families: the helpers of
// args.hpp with the one code an info dict is refused with, bad_info.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "bindings/common/args.hpp"

namespace trumpf::bindings::info_args {

inline constexpr const char* kCode = "bad_info";

inline pybind11::object need(pybind11::handle d, const char* key) {
  return required_key(d, key, kCode, "the info");
}
inline long long int_of(pybind11::handle v, long long lo, long long hi, const std::string& what) {
  return int_arg(v, lo, hi, kCode, what.c_str());
}
inline bool flag_of(pybind11::handle v, const std::string& what) {
  return bool_arg(v, kCode, what);
}

}  // namespace trumpf::bindings::info_args
