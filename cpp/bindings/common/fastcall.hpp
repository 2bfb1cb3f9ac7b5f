// Hot methods as plain CPython METH_FASTCALL functions and getters.
//
// A pybind11 call costs ~150 ns of dispatch (argument loaders, overload
// records) before any game code runs; a caller's play loop makes four such
// calls a move (turn, over, legal, apply), which was most of its time. These
// helpers install a few methods straight into the bound class as CPython
// descriptors, so a move costs what its work costs; they reach their value
// through self_of (objects.hpp) like every other method. Everything else
// stays on pybind11.
#pragma once

#include <pybind11/pybind11.h>

#include <cstring>
#include <exception>
#include <vector>

namespace trumpf::bindings::fast {

// Runs `body`, turning a C++ exception into the Python error it stands for,
// through the same registered translators pybind11's own dispatcher uses.
template <class F>
PyObject* guarded(F&& body) noexcept {
  try {
    return body();
  } catch (...) {
    pybind11::detail::try_translate_exceptions();
  }
  return nullptr;
}

// `p`, a new reference from the C API, or the Python error its null stands for.
inline PyObject* checked(PyObject* p) {
  if (!p) throw pybind11::error_already_set();
  return p;
}

// The same, owned as T.
template <class T>
T steal_checked(PyObject* p) {
  return pybind11::reinterpret_steal<T>(checked(p));
}

// Installs `def` (static storage) on the bound class, replacing any pybind11 method.
inline void add_method(pybind11::handle cls, PyMethodDef* def) {
  pybind11::object d = pybind11::reinterpret_steal<pybind11::object>(
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), def));
  if (!d) throw pybind11::error_already_set();
  if (PyObject_SetAttrString(cls.ptr(), def->ml_name, d.ptr()) != 0)
    throw pybind11::error_already_set();
}

inline void add_getter(pybind11::handle cls, PyGetSetDef* def) {
  pybind11::object d = pybind11::reinterpret_steal<pybind11::object>(
      PyDescr_NewGetSet(reinterpret_cast<PyTypeObject*>(cls.ptr()), def));
  if (!d) throw pybind11::error_already_set();
  if (PyObject_SetAttrString(cls.ptr(), def->name, d.ptr()) != 0)
    throw pybind11::error_already_set();
}

}  // namespace trumpf::bindings::fast

namespace trumpf::bindings::fast {

// The positional-or-keyword arguments of a METH_FASTCALL | METH_KEYWORDS call,
// named `names` (all required), into `out`. False with a TypeError set when
// they do not fit.
template <std::size_t N>
bool parse(const char* fn, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames,
           const char* const (&names)[N], PyObject* (&out)[N]) {
  const Py_ssize_t npos = PyVectorcall_NARGS(nargsf);
  if (npos > Py_ssize_t(N)) {
    PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", fn, Py_ssize_t(N), npos);
    return false;
  }
  for (std::size_t i = 0; i < N; ++i) out[i] = i < std::size_t(npos) ? args[i] : nullptr;
  if (kwnames) {
    const Py_ssize_t nkw = PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; ++k) {
      const char* key = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
      if (!key) return false;
      std::size_t i = 0;
      while (i < N && std::strcmp(key, names[i]) != 0) ++i;
      if (i == N) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'", fn, key);
        return false;
      }
      if (out[i]) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn, key);
        return false;
      }
      out[i] = args[npos + k];
    }
  }
  for (std::size_t i = 0; i < N; ++i) {
    if (!out[i]) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn, names[i]);
      return false;
    }
  }
  return true;
}

}  // namespace trumpf::bindings::fast

namespace trumpf::bindings::fast {

// Small dicts that recur (a legal move, a lead event), built once per key and
// handed out as fresh copies: PyDict_Copy of a two-key dict is several times
// cheaper than building it key by key, and every caller still gets its own
// dict to keep or change. Created at import and never freed, like the
// interned strings, because it must outlive every object that uses it.
class DictTemplates {
 public:
  explicit DictTemplates(std::size_t keys) : dicts_(keys) {}

  // A new dict equal to template `key`, which build() makes the first time;
  // nullptr with a Python error set when the copy fails. Inline, with the
  // first build out of line: a legal list makes one of these a move, and as
  // a call of its own each cost some 20 instructions more.
  template <class Build>
  [[gnu::always_inline]] PyObject* new_copy(std::size_t key, Build&& build) {
    PyObject* t = dicts_[key].ptr();
    if (!t) [[unlikely]]
      t = make(key, build);
    return PyDict_Copy(t);
  }

  template <class Build>
  pybind11::dict get(std::size_t key, Build&& build) {
    return steal_checked<pybind11::dict>(new_copy(key, build));
  }

 private:
  template <class Build>
  [[gnu::noinline, gnu::cold]] PyObject* make(std::size_t key, Build& build) {
    dicts_[key] = build();
    return dicts_[key].ptr();
  }

  std::vector<pybind11::object> dicts_;
};

}  // namespace trumpf::bindings::fast
