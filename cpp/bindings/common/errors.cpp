#include "bindings/common/errors.hpp"

#include <string>

#include "bindings/common/objects.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

namespace {
// Held for the life of the process: translators run after module objects may
// be gone, and the class must outlive every refusal.
PyObject* error_type = nullptr;
}  // namespace

py::handle error_class() { return error_type; }

void refuse_not_built(py::handle self, const char* how) {
  // tp_name is "trumpf._core.x.Deal": a person knows it as Deal.
  std::string name = self ? Py_TYPE(self.ptr())->tp_name : "nothing";
  name = name.substr(name.rfind('.') + 1);
  refuse("not_built", "this " + name + " was never built: make one with " +
                          (how ? std::string(how) : name + ".build(), .replay() or .from_log()"));
}

void register_errors(py::module_& m) {
  py::object cls = py::module_::import("trumpf.errors").attr("Error");
  error_type = cls.release().ptr();
  m.attr("Error") = py::handle(error_type);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Refusal& r) {
      // "replace": a message is built from engine text and reprs, and must
      // reach the caller even if some byte of it is not UTF-8.
      py::object code = py::reinterpret_steal<py::object>(
          PyUnicode_DecodeUTF8(r.code.data(), Py_ssize_t(r.code.size()), "replace"));
      py::object message = py::reinterpret_steal<py::object>(
          PyUnicode_DecodeUTF8(r.message.data(), Py_ssize_t(r.message.size()), "replace"));
      if (!code || !message) return;  // MemoryError is already set
      PyObject* err = PyObject_CallFunctionObjArgs(error_type, code.ptr(), message.ptr(), nullptr);
      if (!err) return;
      PyErr_SetObject(error_type, err);
      Py_DECREF(err);
    }
  });
}

}  // namespace trumpf::bindings
