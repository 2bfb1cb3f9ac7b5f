// The one pattern the game objects (trumpf.schnapsen.Deal and Match,
// trumpf.durak.Game) are bound by. Each is a record of the engine's
// (`Record`, with its `.state`), and each gets:
//   - the play loop's four calls, legal(seat), apply(seat, move), turn and
//     over, as plain CPython methods and getters (common/fastcall.hpp), from
//     a `Loop` type that says what each does for its game;
//   - properties and per-seat methods computed from a copy of the state
//     (from_state, for_seat), since converting to Python may run code that
//     re-enters the object;
//   - copy(), copy.copy, copy.deepcopy, and a repr that never refuses.
//
// A Loop holds:
//   using Record = ...;
//   static PyObject* legal(PyObject* self, PyObject* seat);    // new list
//   static PyObject* apply(PyObject* self, PyObject* seat, PyObject* move);
//   static PyObject* turn(PyObject* self);                     // new reference
//   static bool over(PyObject* self);
//   static constexpr const char* kLegalDoc, kApplyDoc, kTurnDoc, kOverDoc;
//
// And each class's replay(moves) plays a move log on a fresh record through
// replay_log.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/fastcall.hpp"
#include "bindings/common/objects.hpp"

namespace trumpf::bindings::game_class {

namespace detail {

inline constexpr const char* kSeatArg[] = {"seat"};
inline constexpr const char* kApplyArgs[] = {"seat", "move"};

template <class Loop>
struct Fast {
  static PyObject* legal(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
    return fast::guarded([&]() -> PyObject* {
      PyObject* a[1];
      if (!fast::parse("legal", args, nargsf, kw, kSeatArg, a)) return nullptr;
      return Loop::legal(self, a[0]);
    });
  }
  static PyObject* apply(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kw) {
    return fast::guarded([&]() -> PyObject* {
      PyObject* a[2];
      if (!fast::parse("apply", args, nargsf, kw, kApplyArgs, a)) return nullptr;
      return Loop::apply(self, a[0], a[1]);
    });
  }
  static PyObject* turn(PyObject* self, void*) {
    return fast::guarded([&]() -> PyObject* { return Loop::turn(self); });
  }
  static PyObject* over(PyObject* self, void*) {
    return fast::guarded([&]() -> PyObject* { return PyBool_FromLong(Loop::over(self)); });
  }

  template <class F>
  static PyCFunction cfunction(F f) {
    return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f));
  }
  // Static storage: CPython keeps pointers to the definitions for as long as
  // the class lives.
  static inline PyMethodDef methods[] = {
      {"legal", cfunction(&Fast::legal), METH_FASTCALL | METH_KEYWORDS, Loop::kLegalDoc},
      {"apply", cfunction(&Fast::apply), METH_FASTCALL | METH_KEYWORDS, Loop::kApplyDoc},
  };
  static inline PyGetSetDef getters[] = {
      {"turn", &Fast::turn, nullptr, Loop::kTurnDoc, nullptr},
      {"over", &Fast::over, nullptr, Loop::kOverDoc, nullptr},
  };
};

}  // namespace detail

// legal, apply, turn and over on `cls`, as `Loop` says.
template <class Loop>
void add_play_loop(pybind11::handle cls) {
  for (auto& def : detail::Fast<Loop>::methods) fast::add_method(cls, &def);
  for (auto& def : detail::Fast<Loop>::getters) fast::add_getter(cls, &def);
}

// A read-only property computed from a copy of the state.
template <class Record, class F>
auto from_state(F f) {
  return [f](pybind11::handle self) {
    const auto s = self_of<Record>(self).state;
    return f(s);
  };
}

// copy(), __copy__, __deepcopy__ (independent copies of the record) and a
// repr: `describe(record)`, or `not_built` for an object made by __new__.
template <class Record, class Describe>
void add_copies_and_repr(pybind11::class_<Record>& cls, const char* copy_doc, const char* not_built,
                         Describe describe) {
  namespace py = pybind11;
  cls.def(
         "copy", [](py::handle self) { return Record(self_of<Record>(self)); }, copy_doc)
      .def("__copy__", [](py::handle self) { return Record(self_of<Record>(self)); })
      .def(
          "__deepcopy__", [](py::handle self, py::handle) { return Record(self_of<Record>(self)); },
          py::arg("memo"))
      .def("__repr__", [not_built, describe](py::handle self) -> std::string {
        // A repr never refuses: debuggers and tracebacks print whatever they meet.
        const Record* r = value_or_null<Record>(self.ptr());
        return r ? describe(*r) : std::string(not_built);
      });
}

// Plays the move log `moves` (a list or a tuple of move dicts, each read by
// `parse`) on `record`, a fresh record, and raises Error at the first move
// the rules refuse, naming it by its index and explaining it in the position
// it was refused in (`state_of(record)`; `given_of` and `seat_key` quote the
// caller's move). The moves are copied into a list of our own first: a
// refusal quotes the move, and a list changed meanwhile must not leave us
// quoting freed memory. The engine's replay, code_name and explain are found
// in the record's own namespace, so one body serves both families.
template <class Record, class Parse, class GivenOf, class StateOf>
void replay_log(Record& record, pybind11::handle moves, Parse parse, GivenOf given_of,
                pybind11::handle seat_key, StateOf state_of) {
  pybind11::list items = items_arg(moves, "not_legal", "moves");
  std::vector<decltype(parse(pybind11::handle()))> parsed;
  parsed.reserve(std::size_t(PyList_GET_SIZE(items.ptr())));
  for (pybind11::handle item : items) parsed.push_back(parse(item));
  std::size_t bad = 0;
  auto code = decltype(replay(record, parsed, &bad))::kOk;
  {
    pybind11::gil_scoped_release nogil;  // the record is ours alone until we return it
    code = replay(record, parsed, &bad);
  }
  if (code == decltype(code)::kOk) return;
  pybind11::object item = items[bad];
  pybind11::object seat =
      PyDict_Check(item.ptr()) ? dict_item(item, seat_key, "not_legal") : pybind11::object();
  const auto given = given_of(seat ? seat : pybind11::none(), item);
  refuse(code_name(code),
         "move " + std::to_string(bad) + " (" + given.move + ") refused: " +
             explain(state_of(record), parsed[bad].seat, parsed[bad].move, code, given));
}

}  // namespace trumpf::bindings::game_class
