// trumpf.schnapsen.Expert and trumpf.durak.Expert: the expert of the
// one table of players (players/players.hpp) as an object with its budget and
// seed, asked like a Bot: expert.choose(game, seat). The search reads the
// seat's information set alone (the engine cuts the table down to it), so
// equal infos give equal moves. A Schnapsen-family Expert(pimc=True) is the
// table's expert-pimc, which values game points alone in a match too.
#include <pybind11/pybind11.h>

#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/interrupt.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/common/players.hpp"
#include "bindings/durak/register.hpp"
#include "bindings/schnapsen/register.hpp"
#include "common/limits.hpp"

namespace py = pybind11;

namespace trumpf::bindings {

namespace {

constexpr long long kMaxSeed = limits::kMaxSeed;

// Defaults of schnapsen/expert.hpp and durak/expert.hpp (both 64 and 200,000).
constexpr long long kDefaultSamples = 64, kDefaultBudget = 200'000;

template <GameKind K>
struct ExpertObj {
  long long samples = kDefaultSamples, budget = kDefaultBudget, seed = 0;
  bool pimc = false;  // the Schnapsen family's only: expert-pimc
};

template <GameKind K>
players::Player player_of(const ExpertObj<K>& e) {
  return e.pimc ? players::Player::kExpertPimc : players::Player::kExpert;
}

// The fields every Expert takes, checked.
template <GameKind K>
ExpertObj<K> expert_of(py::handle samples, py::handle budget, py::handle seed) {
  ExpertObj<K> e;
  e.samples = int_arg(samples, 1, kMaxSamples, "bad_budget", "samples");
  e.budget = int_arg(budget, 1, kMaxBudget, "bad_budget", "budget");
  e.seed = int_arg(seed, 0, kMaxSeed, "bad_seed", "an expert's seed");
  return e;
}

// The seed and budget of an Expert, as the players table takes them.
template <GameKind K>
players::Context context_of(py::handle self) {
  const ExpertObj<K> e = self_of<ExpertObj<K>>(self, "Expert()");
  players::Context c;
  c.expert_seed = std::uint64_t(e.seed);
  c.expert.samples = std::uint32_t(e.samples);
  c.expert.budget = std::uint64_t(e.budget);
  return c;
}

template <GameKind K>
void define(py::module_& m) {
  using E = ExpertObj<K>;
  const char* doc =
      K == GameKind::kDurak
          ? "The expert bot of Durak: Monte Carlo over the worlds its seat's information set "
            "allows, each played out by the level-3 bot or solved once the talon is down; the "
            "move with the best chance of not being the fool (docs/bots.md)."
          : "The expert bot of Schnapsen and Sixty-Six: Monte Carlo over the worlds its seat's "
            "information set allows, each solved exactly or rolled out then solved; the move "
            "with the best expected game points, or in a Schnapsen match the best chance of "
            "winning the match (pimc=True: game points there too; docs/bots.md).";
  py::class_<E> c(m, "Expert", doc);
  if constexpr (K == GameKind::kDurak) {
    c.def(py::init(&expert_of<K>), py::arg("samples") = kDefaultSamples,
          py::arg("budget") = kDefaultBudget, py::arg("seed") = 0);
  } else {
    c.def(py::init([](py::handle samples, py::handle budget, py::handle seed, py::handle pimc) {
            E e = expert_of<K>(samples, budget, seed);
            e.pimc = bool_arg(pimc, "bad_player", "pimc");
            return e;
          }),
          py::arg("samples") = kDefaultSamples, py::arg("budget") = kDefaultBudget,
          py::arg("seed") = 0, py::arg("pimc") = false)
        .def_property_readonly(
            "pimc", [](py::handle self) { return self_of<E>(self, "Expert()").pimc; },
            "True for expert-pimc, which values a deal's game points in a match too; False "
            "for the expert, which plays a Schnapsen match for the match (docs/bots.md).");
  }
  c.def_property_readonly(
       "samples", [](py::handle self) { return self_of<E>(self, "Expert()").samples; },
       "The most worlds a decision, 1..2**20.")
      .def_property_readonly(
          "budget", [](py::handle self) { return self_of<E>(self, "Expert()").budget; },
          "The most work units a decision (solver positions plus rollout moves; a Durak "
          "solver position counts twice), 1..10**12.")
      .def_property_readonly(
          "seed", [](py::handle self) { return self_of<E>(self, "Expert()").seed; },
          "The seed its worlds are drawn from, 0..2**63-1.")
      .def(
          "choose",
          [](py::handle self, py::handle game, py::handle seat) {
            return choose_move(game, seat, player_of(self_of<E>(self, "Expert()")),
                               context_of<K>(self), K);
          },
          py::arg("game"), py::arg("seat"),
          "The move (a dict from game.legal(seat)) the expert makes for `seat`, from what "
          "game.info(seat) holds alone; None when the seat is not on turn or the game is over. "
          "The same seed and the same information set give the same move.")
      // A second overload, tried when one argument is given: choose(info).
      .def(
          "choose",
          [](py::handle self, py::handle info) {
            players::Context c = context_of<K>(self);
            Interrupt interrupt;  // Ctrl-C stops the search (interrupt.hpp)
            c.stop = interrupt.stop();
            const players::Player p = player_of(self_of<E>(self, "Expert()"));
            py::object move = K == GameKind::kDurak ? durak::expert_info_move(info, c)
                                                    : schnapsen::expert_info_move(info, p, c);
            interrupt.raise_if_stopped();
            return move;
          },
          py::arg("info"),
          "The move (a dict from info['legal']) the expert makes from `info` alone, the dict "
          "info(seat) gave (e.g. one a server sent a client): the move choose(game, seat) makes. "
          "Error bad_info for a dict that is not a seat's on turn in a game not over.")
      .def("__reduce__",
           [](py::handle self) -> py::tuple {
             const E& e = self_of<E>(self, "Expert()");
             if constexpr (K == GameKind::kDurak)
               return py::make_tuple(py::type::of(self),
                                     py::make_tuple(e.samples, e.budget, e.seed));
             return py::make_tuple(py::type::of(self),
                                   py::make_tuple(e.samples, e.budget, e.seed, e.pimc));
           })
      .def("__repr__", [](py::handle self) -> std::string {
        const E* e = value_or_null<E>(self.ptr());
        if (!e) return "<Expert not built>";
        return "<Expert samples " + std::to_string(e->samples) + ", budget " +
               std::to_string(e->budget) + ", seed " + std::to_string(e->seed) +
               (e->pimc ? ", pimc>" : ">");
      });
}

}  // namespace

void register_expert(py::module_& m, GameKind kind) {
  if (kind == GameKind::kDurak)
    define<GameKind::kDurak>(m);
  else
    define<GameKind::kSchnapsen>(m);
}

}  // namespace trumpf::bindings
