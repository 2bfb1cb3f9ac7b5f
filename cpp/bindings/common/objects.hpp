// The C++ value inside a bound object, checked: every method and property
// reaches its value through self_of, so an object made by Cls.__new__(Cls)
// without build(), or a method called on something that is not a Cls,
// refuses with Error instead of reading memory that holds no value.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "bindings/common/errors.hpp"

namespace trumpf::bindings {

// The Python class bound to T, looked up once (classes live as long as the
// process): the play loop's methods check their self on every call, and
// pybind11's own lookup goes through two type maps each time.
template <class T>
PyTypeObject* bound_class() noexcept {
  static PyTypeObject* cls = nullptr;
  if (!cls)
    cls =
        reinterpret_cast<PyTypeObject*>(pybind11::detail::get_type_handle(typeid(T), false).ptr());
  return cls;
}

// The value, or nullptr when `self` is not an initialised T (no error set).
// Inlined with self_of: every call of the play loop (turn, over, legal,
// apply) checks its self, and as a call of its own the check cost about 40
// instructions, 1% of a random deal through the Python API.
template <class T>
[[gnu::always_inline]] inline T* value_or_null(PyObject* self) noexcept {
  PyTypeObject* cls = self ? bound_class<T>() : nullptr;
  if (!cls || !PyObject_TypeCheck(self, cls)) [[unlikely]]
    return nullptr;
  auto* inst = reinterpret_cast<pybind11::detail::instance*>(self);
  if (inst->simple_layout) [[likely]] {
    if (!inst->simple_holder_constructed) [[unlikely]]
      return nullptr;
    return static_cast<T*>(inst->simple_value_holder[0]);
  }
  auto vh = inst->get_value_and_holder(pybind11::detail::get_type_info(typeid(T)));
  if (!vh || !vh.holder_constructed()) return nullptr;
  return vh.template holder<std::unique_ptr<T>>().get();
}

// Raises Error not_built for `self`, which is no built object: saying how
// one is made (`how`, e.g. "Bot(level, seed)"), or by default with build(),
// replay() or from_log(). Out of line, so that self_of inlines to its check.
[[noreturn, gnu::cold, gnu::noinline]] void refuse_not_built(pybind11::handle self,
                                                             const char* how);

// The value, or Error not_built naming the class.
template <class T>
[[gnu::always_inline]] inline T& self_of(pybind11::handle self) {
  T* v = value_or_null<T>(self.ptr());
  if (!v) [[unlikely]]
    refuse_not_built(self, nullptr);
  return *v;
}

// The value, or Error not_built saying how one is made (`how`, e.g. "Bot(level, seed)").
template <class T>
[[gnu::always_inline]] inline T& self_of(pybind11::handle self, const char* how) {
  T* v = value_or_null<T>(self.ptr());
  if (!v) [[unlikely]]
    refuse_not_built(self, how);
  return *v;
}

}  // namespace trumpf::bindings
