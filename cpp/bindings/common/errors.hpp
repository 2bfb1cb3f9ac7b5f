// The one way the bindings refuse: trumpf.errors.Error(code, message).
//
// Error is a Python class (python/trumpf/errors.py) shared by the core and
// the oracle; the bindings only raise it. A C++ exception carries the code
// and message to the edge, where pybind11's translator (or fast::guarded)
// turns it into the Python error, so no Python object is made while a C++
// stack is being unwound.
#pragma once

#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

namespace trumpf::bindings {

struct Refusal : std::exception {
  std::string code, message;
  Refusal(std::string c, std::string m) : code(std::move(c)), message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

[[noreturn]] inline void refuse(std::string code, std::string message) {
  throw Refusal(std::move(code), std::move(message));
}

// Imports trumpf.errors.Error and registers the translator; module.cpp calls it first.
void register_errors(pybind11::module_& m);
// trumpf.errors.Error, once register_errors has run.
pybind11::handle error_class();

}  // namespace trumpf::bindings
