// Python bindings of the exact solvers (trumpf._core.solve): conversions
// only. The state is a copy taken from the bound object; the moves are the
// object's own legal() dicts, so a move reads exactly as legal() gives it.
#include <pybind11/pybind11.h>

#include <string>

#include "bindings/register.hpp"
#include "durak/solve.hpp"
#include "schnapsen/solve.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

namespace {

// The packages' Error classes, looked up once at import (never freed, as
// they outlive every call).
py::object* schnapsen_error = nullptr;
py::object* durak_error = nullptr;

[[noreturn]] void raise(const py::object& error, const char* code, const std::string& message) {
  py::object e = error(py::str(code), py::str(message));
  PyErr_SetObject(error.ptr(), e.ptr());
  throw py::error_already_set();
}

// One solver a thread, built on first use: each owns its table, and the
// GIL is released while it searches.
schnapsen::Solver& schnapsen_solver() {
  thread_local schnapsen::Solver solver;
  return solver;
}
durak::Solver& durak_solver() {
  thread_local durak::Solver solver;
  return solver;
}

constexpr long long kMaxBudget = 1'000'000'000'000LL;

std::uint64_t budget_arg(py::handle budget) {
  if (!PyLong_Check(budget.ptr()) || PyBool_Check(budget.ptr()))
    raise(*durak_error, "bad_budget",
          "budget is a number of positions, an int, not " + std::string(py::repr(budget)));
  int overflow = 0;
  const long long b = PyLong_AsLongLongAndOverflow(budget.ptr(), &overflow);
  if (overflow || b < 1 || b > kMaxBudget)
    raise(*durak_error, "bad_budget",
          "budget must be 1.." + std::to_string(kMaxBudget) + ", not " +
              std::string(py::repr(budget)));
  return std::uint64_t(b);
}

// The game's legal() for the seat on turn, checked against the engine's count.
py::list legal_of(py::handle game, py::object seat, int n) {
  py::list legal = game.attr("legal")(seat);
  if (py::len(legal) != std::size_t(n))
    throw std::logic_error("legal() and the engine's legal_moves disagree");
  return legal;
}

schnapsen::DealState live_deal(py::handle deal) {
  const schnapsen::DealState s = deal_state_of(deal);
  if (s.over) raise(*schnapsen_error, "deal_over", "the deal is over: there is nothing to solve");
  return s;
}

durak::GameState live_game(py::handle game) {
  const durak::GameState s = game_state_of(game);
  if (durak::is_over(s)) raise(*durak_error, "game_over", "the game is over: nothing to solve");
  return s;
}

py::object verdict_value(durak::Verdict v) {
  return v.exact() ? py::object(py::int_(v.lo)) : py::object(py::none());
}

}  // namespace

void register_solve(py::module_& core) {
  schnapsen_error = new py::object(core.attr("schnapsen").attr("Error"));
  durak_error = new py::object(core.attr("durak").attr("Error"));
  py::module_ m = core.def_submodule("solve", "The exact solvers, with every card known.");

  m.def(
      "schnapsen_values",
      [](py::handle deal) {
        const schnapsen::DealState s = live_deal(deal);
        schnapsen::Move moves[schnapsen::kMaxMoves];
        int values[schnapsen::kMaxMoves];
        int n;
        {
          py::gil_scoped_release unlocked;
          n = schnapsen_solver().values(s, moves, values);
        }
        py::list legal = legal_of(deal, py::str(s.turn == schnapsen::kP1 ? "p1" : "p2"), n);
        py::list out(n);
        for (int i = 0; i < n; ++i) {
          py::dict d;
          d["move"] = legal[i];
          d["value"] = values[i];
          PyList_SET_ITEM(out.ptr(), i, d.release().ptr());
        }
        return out;
      },
      py::arg("deal"),
      "Each legal move of the seat on turn in a Deal or Match (its current deal), in legal "
      "order, as {move, value}: the game points the move is worth to that seat with every card "
      "known, -3..3 (0: a drawn Sixty-Six deal). Error bad_game for anything else, deal_over "
      "for a finished deal.");

  m.def(
      "schnapsen_value",
      [](py::handle deal) {
        const schnapsen::DealState s = live_deal(deal);
        py::gil_scoped_release unlocked;
        return schnapsen_solver().value(s);
      },
      py::arg("deal"),
      "The game points the position is worth to the seat on turn with every card known, -3..3.");

  m.def(
      "durak_values",
      [](py::handle game, py::handle budget) {
        const durak::GameState s = live_game(game);
        const std::uint64_t b = budget_arg(budget);
        durak::Move moves[durak::kMaxMoves];
        durak::Verdict verdicts[durak::kMaxMoves];
        int n;
        {
          py::gil_scoped_release unlocked;
          n = durak_solver().values(s, b, moves, verdicts);
        }
        py::list legal = legal_of(game, py::int_(durak::turn_of(s)), n);
        py::list out(n);
        for (int i = 0; i < n; ++i) {
          py::dict d;
          d["move"] = legal[i];
          d["value"] = verdict_value(verdicts[i]);
          d["low"] = verdicts[i].lo;
          d["high"] = verdicts[i].hi;
          PyList_SET_ITEM(out.ptr(), i, d.release().ptr());
        }
        return out;
      },
      py::arg("game"), py::arg("budget"),
      "Each legal move of the seat on turn in a Durak Game, in legal order, as {move, value, "
      "low, high}: +1 if the other seat ends as the fool, -1 if this one does, 0 for a draw; "
      "value None when `budget` positions were searched before it was proven, with low..high "
      "the bounds proven so far. Error bad_game, game_over or bad_budget.");

  m.def(
      "durak_value",
      [](py::handle game, py::handle budget) {
        const durak::GameState s = live_game(game);
        const std::uint64_t b = budget_arg(budget);
        durak::Verdict v;
        {
          py::gil_scoped_release unlocked;
          v = durak_solver().value(s, b);
        }
        return verdict_value(v);
      },
      py::arg("game"), py::arg("budget"),
      "The value of the position for the seat on turn (+1, 0, -1), or None when `budget` "
      "positions were searched before it was proven.");
}

}  // namespace trumpf::bindings
