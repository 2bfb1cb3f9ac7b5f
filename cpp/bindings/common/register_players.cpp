// trumpf._core.players: the costly players of the one table (players/players.hpp)
// asked for one move of a live table, for the Python side that replays a
// simulation, plays at the terminal or seats a bot at a served table. The
// expert still reads nothing but the seat's InfoSet: the record's Shown is
// cut down to it in the engine (players::choose_*), never here.
#include <pybind11/pybind11.h>

#include <cstring>
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/interrupt.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/common/players.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "common/limits.hpp"
#include "durak/info.hpp"
#include "durak/record.hpp"
#include "schnapsen/record.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

namespace {

namespace ts = trumpf::schnapsen;
namespace td = trumpf::durak;

constexpr long long kMaxSeed = limits::kMaxSeed;

players::Context context_of(py::handle seed, py::handle samples, py::handle budget) {
  players::Context c;
  c.expert_seed = std::uint64_t(int_arg(seed, 0, kMaxSeed, "bad_seed", "an expert's seed"));
  c.expert = expert_budget_arg(samples, budget);
  return c;
}

players::Player costly_arg(py::handle name, bool durak) {
  const players::Player p = player_arg(name, durak);
  if (!players::needs_seed(p))
    refuse("bad_player",
           "players.choose plays expert, expert-pimc or perfect, not " + repr_text(name));
  return p;
}

}  // namespace

// Refuses not_built for a table of the kind asked for made by __new__, and
// bad_game for anything else that is not one.
[[noreturn]] static void refuse_game(py::handle game, GameKind kind) {
  PyObject* p = game.ptr();
  if (kind != GameKind::kDurak && p) {
    if (PyObject_TypeCheck(p, bound_class<ts::MatchRecord>())) self_of<ts::MatchRecord>(game);
    if (PyObject_TypeCheck(p, bound_class<ts::DealRecord>())) self_of<ts::DealRecord>(game);
  }
  if (kind != GameKind::kSchnapsen && p && PyObject_TypeCheck(p, bound_class<td::GameRecord>()))
    self_of<td::GameRecord>(game);
  const char* what = kind == GameKind::kSchnapsen ? "a built Deal or Match"
                     : kind == GameKind::kDurak   ? "a built Durak Game"
                                                  : "a built Deal, Match or Durak Game";
  refuse("bad_game", std::string("a player plays ") + what + ", not " + repr_text(game));
}

py::object choose_move(py::handle game, py::handle seat_h, players::Player p,
                       const players::Context& context, GameKind kind) {
  players::Context c = context;
  if (auto* g =
          kind != GameKind::kSchnapsen ? value_or_null<td::GameRecord>(game.ptr()) : nullptr) {
    const int seat = durak::seat_arg(seat_h);
    const td::GameRecord r = *g;
    if (td::is_over(r.state) || td::turn_of(r.state) != seat) return py::none();
    const td::Shown shown = td::shown_of(r.dealt, r.history.data(), r.history.size());
    td::Move m;
    Interrupt interrupt;
    c.stop = interrupt.stop();
    {
      py::gil_scoped_release unlocked;  // a search: other Python threads may run meanwhile
      m = players::choose_durak(p, r.state, shown, seat, c);
    }
    interrupt.raise_if_stopped();
    return durak::move_dict(m);
  }
  ts::MatchState match{};  // a Match's, whose deal is the one played; a Deal's deal alone
  ts::Shown shown;
  bool in_match = false;
  if (auto* d = kind != GameKind::kDurak ? value_or_null<ts::DealRecord>(game.ptr()) : nullptr) {
    match.deal = d->state;
    shown = d->shown;
  } else if (auto* mr =
                 kind != GameKind::kDurak ? value_or_null<ts::MatchRecord>(game.ptr()) : nullptr) {
    in_match = true;
    match = mr->state;
    shown = mr->shown;
  } else {
    refuse_game(game, kind);
  }
  const ts::DealState& s = match.deal;
  const ts::Seat seat = schnapsen::seat_arg(seat_h);
  if ((in_match && match.over) || s.over || s.turn != seat) return py::none();
  ts::Move m;
  Interrupt interrupt;
  c.stop = interrupt.stop();
  {
    py::gil_scoped_release unlocked;
    m = in_match ? players::choose_schnapsen(p, match, shown, seat, c)
                 : players::choose_schnapsen(p, s, shown, seat, c);
  }
  interrupt.raise_if_stopped();
  return schnapsen::move_dict(s.trump, m);
}

namespace {

// The move `player` makes for `seat` of a Deal, Match or Durak Game; None
// when the seat is not on turn or the game is over.
py::object choose(py::handle game, py::handle seat_h, py::handle name, py::handle seed,
                  py::handle samples, py::handle budget) {
  const bool durak = value_or_null<td::GameRecord>(game.ptr()) != nullptr;
  const players::Player p = costly_arg(name, durak);
  return choose_move(game, seat_h, p, context_of(seed, samples, budget), GameKind::kAny);
}

}  // namespace

void register_players(py::module_& m) {
  m.attr("Error") = error_class();
  py::list names;
  for (const players::Row& row : players::kPlayers) names.append(py::str(row.name));
  m.attr("NAMES") = py::tuple(names);
  m.def("choose", &choose, py::arg("game"), py::arg("seat"), py::arg("player"), py::arg("seed") = 0,
        py::arg("samples") = 0, py::arg("budget") = 0,
        "The move the expert (from `seat`'s information set alone) or perfect (every card "
        "seen: not a fair player) makes for `seat` of a built Deal, Match or Durak Game; None "
        "when the seat is not on turn. seed 0..2**63-1; samples 0..2**20 and budget "
        "0..10**12 work units a decision, 0 keeping the default.");
  m.def(
      "expert_seed",
      [](py::handle seed, py::handle game, py::handle player) {
        const auto sd = seed_arg(seed);
        const auto g = std::uint64_t(int_arg(game, 0, kMaxSeed, "bad_games", "a game index"));
        const int p = int(int_arg(player, 0, 1, "bad_player", "a player index"));
        return players::expert_seed_of(sd.data(), g, p);
      },
      py::arg("seed"), py::arg("game"), py::arg("player"),
      "The expert seed of player `player` (0: A, 1: B) in game `game` of a simulation with "
      "master seed `seed`, as the simulator gives it (players/players.hpp).");
}

}  // namespace trumpf::bindings
