// Ctrl-C for the engine's long calls: the polling glue between a Stop
// (common/stop.hpp) and Python's signal handlers.
//
//   Interrupt interrupt;                       // with the GIL, on the calling thread
//   {
//     py::gil_scoped_release unlocked;
//     v = solver().value(s, budget, interrupt.stop());
//   }
//   interrupt.raise_if_stopped();              // KeyboardInterrupt, the result dropped
//
// While the call runs, the engine polls the Stop between units of work; on
// the main thread (the only one Python runs signal handlers on) a poll at
// most every Stop::kInterval takes the GIL back and runs PyErr_CheckSignals.
// A handler that raises (Ctrl-C's default raises KeyboardInterrupt) stops
// the call, and raise_if_stopped raises what it raised once the engine has
// returned. A call on another thread polls nothing: Python delivers signals
// to the main thread alone.
#pragma once

#include <pybind11/pybind11.h>

#include "common/stop.hpp"

namespace trumpf::bindings {

class Interrupt {
 public:
  // Error busy when a signal handler starts a long call while one runs
  // under it on the same thread: the two would share the thread's solvers.
  Interrupt();
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  Stop* stop() noexcept { return &stop_; }
  bool stopped() const noexcept { return stop_.requested(); }
  // With the GIL held: raises what the signal handler raised, if it stopped the call.
  void raise_if_stopped();

 private:
  static bool watch(void* self) noexcept;

  Stop stop_;
  PyObject* type_ = nullptr;  // what the handler raised, held until raise_if_stopped
  PyObject* value_ = nullptr;
  PyObject* traceback_ = nullptr;
};

}  // namespace trumpf::bindings
