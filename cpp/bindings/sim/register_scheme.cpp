// trumpf._core.sim's seating scheme (sim/scheme.hpp): player A's seat and the
// first dealer of games of a run, for one game or a numpy array of them, and
// the dealer of a VectorEnv episode. Seats are 1 and 2, as the columns hold them.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/register.hpp"
#include "sim/scheme.hpp"

namespace py = pybind11;

namespace trumpf::bindings {
namespace {

constexpr long long kLast = 0x7FFFFFFFFFFFFFFFLL;

// `f` of game `games` (an int) or of each of a 1-d integer array's games (an
// int8 array); Error bad_games for a game out of [0, 2**63) or another value.
template <class F>
py::object per_game(py::handle games, F f) {
  if (py::isinstance<py::array>(games)) {
    const py::array given = py::reinterpret_borrow<py::array>(games);
    if (given.ndim() != 1 || given.dtype().kind() != 'i')
      refuse("bad_games", "games are a 1-d integer array, not " + repr_text(games));
    // As int64 (the caller's own array when it is one); nothing below runs Python code.
    const py::array_t<std::int64_t> in = py::array_t<std::int64_t>::ensure(given);
    if (!in) throw py::error_already_set();
    const std::int64_t* g = in.data();
    py::array_t<std::int8_t> out(in.size());
    std::int8_t* o = out.mutable_data();
    for (py::ssize_t k = 0; k < in.size(); ++k) {
      if (g[k] < 0) refuse("bad_games", "a game index is at least 0, not " + std::to_string(g[k]));
      o[k] = std::int8_t(1 + f(std::uint64_t(g[k])));
    }
    return std::move(out);
  }
  const auto g = std::uint64_t(int_arg(games, 0, kLast, "bad_games", "a game index"));
  return py::int_(1 + f(g));
}

}  // namespace

void register_scheme(py::module_& m) {
  m.def(
      "seat_a", [](py::handle games) { return per_game(games, sim::seat_of_a); }, py::arg("games"),
      "Player A's seat (1 or 2) in game `games` of a run, or in each of an integer array of "
      "games (an int8 array): 1 in even games, 2 in odd (sim/scheme.hpp).");
  m.def(
      "first_dealer", [](py::handle games) { return per_game(games, sim::first_dealer_of); },
      py::arg("games"),
      "The first dealer's seat (1 or 2) in game `games` of a Schnapsen-family run, or in each "
      "of an integer array of games: 1, 1, 2, 2, 1, 1, ... (sim/scheme.hpp).");
  m.def(
      "episode_dealer",
      [](py::handle env, py::handle episode) {
        const auto i = std::uint64_t(int_arg(env, 0, kLast, "bad_envs", "an env index"));
        const auto e = std::uint64_t(int_arg(episode, 0, kLast, "bad_value", "an episode number"));
        return 1 + sim::episode_dealer_of(i, e);
      },
      py::arg("env"), py::arg("episode"),
      "The dealer's seat (1 or 2) of episode `episode` of VectorEnv env `env`: 1 when env + "
      "episode is even (sim/scheme.hpp).");
}

}  // namespace trumpf::bindings
