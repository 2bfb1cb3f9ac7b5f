#include "bindings/common/interrupt.hpp"

#include "bindings/common/errors.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

namespace {

// Set while the watch runs Python's signal handlers on this thread.
thread_local bool in_handlers = false;

// Whether this is the main thread, the one Python runs signal handlers on.
bool on_main_thread() {
  PyObject* threading = PyImport_ImportModule("threading");
  if (!threading) {
    PyErr_Clear();
    return false;
  }
  py::object module = py::reinterpret_steal<py::object>(threading);
  try {
    const py::object ident = module.attr("main_thread")().attr("ident");
    return !ident.is_none() && ident.cast<unsigned long>() == PyThread_get_thread_ident();
  } catch (py::error_already_set&) {
    return false;
  } catch (py::cast_error&) {
    return false;
  }
}

}  // namespace

Interrupt::Interrupt() : stop_(on_main_thread() ? &Interrupt::watch : nullptr, this) {
  if (in_handlers)
    refuse("busy",
           "a signal handler cannot start a long call while one runs on its thread: the two "
           "would share the thread's solvers");
}

Interrupt::~Interrupt() {
  Py_XDECREF(type_);
  Py_XDECREF(value_);
  Py_XDECREF(traceback_);
}

bool Interrupt::watch(void* self) noexcept {
  Interrupt& me = *static_cast<Interrupt*>(self);
  const PyGILState_STATE gil = PyGILState_Ensure();
  in_handlers = true;
  const bool raised = PyErr_CheckSignals() != 0;
  in_handlers = false;
  if (raised) PyErr_Fetch(&me.type_, &me.value_, &me.traceback_);
  PyGILState_Release(gil);
  return raised;
}

void Interrupt::raise_if_stopped() {
  if (!stop_.requested()) return;
  if (!type_) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
  } else {
    PyErr_Restore(type_, value_, traceback_);
    type_ = value_ = traceback_ = nullptr;
  }
  throw py::error_already_set();
}

}  // namespace trumpf::bindings
