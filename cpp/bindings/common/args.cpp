#include "bindings/common/args.hpp"

#include <climits>
#include <cstring>
#include <vector>

#include "bindings/common/errors.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

bool exact_int(py::handle h, long long lo, long long hi, long long* out) noexcept {
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return false;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  if (v < lo || v > hi) return false;
  *out = v;
  return true;
}

bool clamped_int(py::handle h, long long lo, long long hi, long long* out) noexcept {
  if (!h || !PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return false;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  if (overflow) v = overflow > 0 ? hi : lo;
  *out = v < lo ? lo : v > hi ? hi : v;
  return true;
}

long long int_arg(py::handle h, long long lo, long long hi, const char* code, const char* what) {
  long long v = 0;
  if (!exact_int(h, lo, hi, &v))
    refuse(code, std::string(what) + " is an int in [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "], not " + repr_text(h));
  return v;
}

bool text_of(py::handle h, std::string_view* out) noexcept {
  if (!h || !PyUnicode_Check(h.ptr())) return false;
  Py_ssize_t n = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
  if (!s) {
    PyErr_Clear();
    return false;
  }
  *out = std::string_view(s, std::size_t(n));
  return true;
}

bool text_of(py::handle h, std::string* out) noexcept {
  std::string_view view;
  if (!text_of(h, &view)) return false;
  try {
    out->assign(view);
  } catch (...) {
    return false;
  }
  return true;
}

std::string repr_text(py::handle h, std::size_t limit) noexcept {
  try {
    if (!h) return "nothing";
    PyObject* r = PyObject_Repr(h.ptr());
    if (!r) {
      PyErr_Clear();
      return std::string("<unprintable ") + Py_TYPE(h.ptr())->tp_name + ">";
    }
    py::object repr = py::reinterpret_steal<py::object>(r);
    // A huge repr costs a huge message; cut it before encoding it.
    const Py_ssize_t len = PyUnicode_GET_LENGTH(r);
    if (len > Py_ssize_t(limit)) {
      repr = py::reinterpret_steal<py::object>(PyUnicode_Substring(r, 0, Py_ssize_t(limit)));
      if (!repr) {
        PyErr_Clear();
        return "<unprintable>";
      }
    }
    PyObject* bytes = PyUnicode_AsEncodedString(repr.ptr(), "utf-8", "backslashreplace");
    if (!bytes) {
      PyErr_Clear();
      return "<unprintable>";
    }
    std::string out(PyBytes_AS_STRING(bytes), std::size_t(PyBytes_GET_SIZE(bytes)));
    Py_DECREF(bytes);
    if (len > Py_ssize_t(limit)) out += "...";
    return out;
  } catch (...) {
    PyErr_Clear();
    return "<unprintable>";
  }
}

std::array<std::uint8_t, 32> seed_arg(py::handle h) {
  std::array<std::uint8_t, 32> out{};
  if (!h || !PyBytes_Check(h.ptr()) || PyBytes_GET_SIZE(h.ptr()) != 32) {
    const std::string what = (h && PyBytes_Check(h.ptr()))
                                 ? std::to_string(PyBytes_GET_SIZE(h.ptr())) + " bytes"
                                 : std::string(h ? Py_TYPE(h.ptr())->tp_name : "nothing");
    refuse("no_seed", "a seed is exactly 32 bytes of type bytes, not " + what);
  }
  std::memcpy(out.data(), PyBytes_AS_STRING(h.ptr()), 32);
  return out;
}

std::uint64_t number_arg(py::handle h) {
  long long v = 0;
  if (!exact_int(h, 1, LLONG_MAX, &v))
    refuse("bad_deal", "a deal number is an int from 1 to 2**63 - 1, not " + repr_text(h));
  return std::uint64_t(v);
}

py::list items_arg(py::handle h, const char* code, const char* what, std::size_t limit) {
  // A list or a tuple, read by value: its items are taken straight from its
  // storage, so a subclass's __iter__ or __len__ never runs, and each is held
  // before anything can run a finalizer that changes the caller's list.
  // Other iterables (generators, sets) are refused: what they yield depends
  // on code of theirs, and a generator read once is gone for the message.
  if (!h || !(PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())))
    refuse(code, std::string(what) + " must be a list or a tuple, not " + repr_text(h));
  std::vector<py::object> held;
  const bool is_list = PyList_Check(h.ptr());
  for (Py_ssize_t i = 0;; ++i) {
    const Py_ssize_t size = is_list ? PyList_GET_SIZE(h.ptr()) : PyTuple_GET_SIZE(h.ptr());
    if (i >= size) break;
    if (std::size_t(i) >= limit)
      refuse(code, std::string(what) + " holds more than " + std::to_string(limit) + " items");
    PyObject* item = is_list ? PyList_GET_ITEM(h.ptr(), i) : PyTuple_GET_ITEM(h.ptr(), i);
    held.push_back(py::reinterpret_borrow<py::object>(item));
  }
  py::list out(py::ssize_t(held.size()));
  for (std::size_t i = 0; i < held.size(); ++i)
    PyList_SET_ITEM(out.ptr(), py::ssize_t(i), held[i].release().ptr());
  return out;
}

py::object dict_item(py::handle d, py::handle key, const char* code) {
  PyObject* v = PyDict_GetItemWithError(d.ptr(), key.ptr());
  if (!v) {
    if (PyErr_Occurred()) refuse_pending(code, "a dict");
    return py::object();
  }
  return py::reinterpret_borrow<py::object>(v);
}

py::object required_key(py::handle d, const char* key, const char* code, const char* what) {
  py::object v = dict_item(d, py::str(key), code);
  if (!v) refuse(code, std::string(what) + " has no '" + key + "'");
  return v;
}

bool bool_arg(py::handle h, const char* code, const std::string& what) {
  if (!PyBool_Check(h.ptr())) refuse(code, what + " is True or False, not " + repr_text(h));
  return h.ptr() == Py_True;
}

void refuse_pending(const char* code, const std::string& what) {
  if (!PyErr_Occurred()) refuse(code, what + " could not be read");
  if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) || PyErr_ExceptionMatches(PyExc_SystemExit) ||
      PyErr_ExceptionMatches(PyExc_MemoryError))
    throw py::error_already_set();
  py::error_already_set pending;
  std::string text = pending.what();
  if (text.size() > 200) text = text.substr(0, 200) + "...";
  refuse(code, what + " could not be read: " + text);
}

}  // namespace trumpf::bindings
