// trumpf._core: the only Python-facing code. The engine itself (cpp/common,
// cpp/schnapsen, cpp/durak) knows nothing of Python.
#include "bindings/common/errors.hpp"
#include "bindings/common/players.hpp"
#include "bindings/register.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "trumpf's C++ core: Schnapsen, Sixty-Six and Podkidnoy Durak.";
  trumpf::bindings::register_errors(m);
  trumpf::bindings::register_common(m);
  auto tables =
      m.def_submodule("tables", "The engine's tables: error codes, players, games, limits.");
  trumpf::bindings::register_tables(tables);
  auto schnapsen = m.def_submodule("schnapsen", "Schnapsen and Sixty-Six: deals, matches, bots.");
  trumpf::bindings::register_schnapsen(schnapsen);
  auto durak = m.def_submodule("durak", "Two-seat Podkidnoy Durak: the game and its bots.");
  trumpf::bindings::register_durak(durak);
  auto sim = m.def_submodule("sim", "The batch simulator: many whole games on threads.");
  trumpf::bindings::register_sim(sim);
  trumpf::bindings::register_scheme(sim);
  auto rl =
      m.def_submodule("rl", "Agents at the engine's speed: actions, observations, VectorEnv.");
  trumpf::bindings::register_rl(rl);
  auto players =
      m.def_submodule("players", "The costly players (expert, perfect) asked for one move.");
  trumpf::bindings::register_players(players);
  trumpf::bindings::register_expert(schnapsen, trumpf::bindings::GameKind::kSchnapsen);
  trumpf::bindings::register_expert(durak, trumpf::bindings::GameKind::kDurak);
}
