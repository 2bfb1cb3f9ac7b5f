// trumpf.durak.solve: the exact endgame solver (durak/solve.hpp) over a
// Game. Conversions only: the state is a copy taken from the bound object,
// searched with the GIL released; the moves come back as the dicts legal()
// gives.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "bindings/register.hpp"
#include "common/limits.hpp"
#include "durak/solve.hpp"

namespace trumpf::bindings::durak {

namespace {

// One solver a thread, built on first use: each owns its table (allocated
// once), and threads search at once with the GIL released.
td::Solver& solver() {
  thread_local td::Solver s;
  return s;
}

// The most positions one call may search: past this a call runs for days.
constexpr long long kMaxBudget = limits::kMaxBudget;

// A copy of the game to solve: Error not_built for a Game made by __new__,
// bad_game for anything else that is not one, game_over once it is over.
td::GameState live_game(py::handle game) {
  PyObject* p = game.ptr();
  if (p && PyObject_TypeCheck(p, bound_class<td::GameRecord>())) self_of<td::GameRecord>(game);
  const td::GameState s = game_state_of(game);
  if (td::is_over(s)) refuse("game_over", "the game is over: there is nothing to solve");
  return s;
}

std::uint64_t budget_arg(py::handle budget) {
  return std::uint64_t(int_arg(budget, 1, kMaxBudget, "bad_budget", "budget"));
}

py::object verdict_value(td::Verdict v) {
  return v.exact() ? py::object(py::int_(v.lo)) : py::object(py::none());
}

}  // namespace

void register_solve(py::module_& m) {
  m.def(
      "solve_values",
      [](py::handle game, py::handle budget) {
        const td::GameState s = live_game(game);
        const std::uint64_t b = budget_arg(budget);
        td::Move moves[td::kMaxMoves];
        td::Verdict verdicts[td::kMaxMoves];
        int n;
        {
          py::gil_scoped_release unlocked;
          n = solver().values(s, b, moves, verdicts);
        }
        const py::str move("move"), value("value"), low("low"), high("high");
        py::list out(n);
        for (int i = 0; i < n; ++i) {
          py::dict d;
          d[move] = move_dict(moves[i]);
          d[value] = verdict_value(verdicts[i]);
          d[low] = py::int_(verdicts[i].lo);
          d[high] = py::int_(verdicts[i].hi);
          PyList_SET_ITEM(out.ptr(), i, d.release().ptr());
        }
        return out;
      },
      py::arg("game"), py::arg("budget"),
      "Each legal move of the seat on turn in a Game, in legal order, as {move, value, low, "
      "high}: +1 if the other seat ends as the fool, -1 if this one does, 0 for a draw; value "
      "None when `budget` positions were searched before it was proven, with low..high the "
      "bounds proven so far. Error bad_game (not a Game), not_built, game_over, or bad_budget "
      "(an int 1..10**12).");

  m.def(
      "solve_value",
      [](py::handle game, py::handle budget) {
        const td::GameState s = live_game(game);
        const std::uint64_t b = budget_arg(budget);
        td::Verdict v;
        {
          py::gil_scoped_release unlocked;
          v = solver().value(s, b);
        }
        return verdict_value(v);
      },
      py::arg("game"), py::arg("budget"),
      "The value of a Game's position for the seat on turn (+1, 0, -1), or None when `budget` "
      "positions were searched before it was proven; the refusals of solve_values.");
}

}  // namespace trumpf::bindings::durak
