// trumpf.schnapsen.solve: the exact solver (schnapsen/solve.hpp) over a Deal
// or a Match's current deal. Conversions only: the state is a copy taken
// from the bound object, searched with the GIL released (and stopped by
// Ctrl-C: interrupt.hpp); the moves come back as the dicts legal() gives.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/interrupt.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/solve.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

// One solver a thread, built on first use: each owns its table (allocated
// once), and threads search at once with the GIL released.
ts::Solver& solver() {
  thread_local ts::Solver s;
  return s;
}

// A copy of the deal to solve: Error not_built for a Deal or Match made by
// __new__, bad_game for anything else that is not one, deal_over once the
// deal (or the match) is over.
ts::DealState live_deal(py::handle deal) {
  PyObject* p = deal.ptr();
  if (!value_or_null<ts::DealRecord>(p) && !value_or_null<ts::MatchRecord>(p)) {
    // self_of refuses not_built, naming the class.
    if (p && PyObject_TypeCheck(p, bound_class<ts::MatchRecord>())) self_of<ts::MatchRecord>(deal);
    if (p && PyObject_TypeCheck(p, bound_class<ts::DealRecord>())) self_of<ts::DealRecord>(deal);
    refuse("bad_game", "a solver solves a Deal or a Match, not " + repr_text(deal));
  }
  const ts::DealState s = deal_state_of(deal);
  if (s.over) refuse("deal_over", "the deal is over: there is nothing to solve");
  return s;
}

}  // namespace

void register_solve(py::module_& m) {
  m.def(
      "solve_values",
      [](py::handle deal) {
        const ts::DealState s = live_deal(deal);
        ts::Move moves[ts::kMaxMoves];
        int values[ts::kMaxMoves];
        int n;
        Interrupt interrupt;
        {
          py::gil_scoped_release unlocked;
          n = solver().values(s, moves, values, interrupt.stop());
        }
        interrupt.raise_if_stopped();
        const py::str move("move"), value("value");
        py::list out(n);
        for (int i = 0; i < n; ++i) {
          py::dict d;
          d[move] = move_dict(s.trump, moves[i]);
          d[value] = py::int_(values[i]);
          PyList_SET_ITEM(out.ptr(), i, d.release().ptr());
        }
        return out;
      },
      py::arg("deal"),
      "Each legal move of the seat on turn in a Deal or Match (its current deal), in legal "
      "order, as {move, value}: the game points the move is worth to that seat with every card "
      "known, -3..3 (0: a drawn Sixty-Six deal). Error bad_game for anything else, not_built "
      "for an unbuilt one, deal_over for a finished deal.");

  m.def(
      "solve_value",
      [](py::handle deal) {
        const ts::DealState s = live_deal(deal);
        int v;
        Interrupt interrupt;
        {
          py::gil_scoped_release unlocked;
          v = solver().value(s, interrupt.stop());
        }
        interrupt.raise_if_stopped();
        return v;
      },
      py::arg("deal"),
      "The game points the position of a Deal or Match is worth to the seat on turn with every "
      "card known, -3..3; the refusals of solve_values.");
}

}  // namespace trumpf::bindings::schnapsen
