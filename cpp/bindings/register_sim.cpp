// trumpf._core.sim: the batch simulator, run off the GIL.
//
// The games run on worker threads while the calling thread, holding the GIL
// only briefly, reports progress and watches for Ctrl-C; an interrupt or an
// exception from the progress callback cancels the workers cleanly and the
// rows finished so far are kept.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <thread>

#include "bindings/register.hpp"
#include "sim/simulate.hpp"
#include "sim/stream.hpp"

namespace py = pybind11;

namespace trumpf::bindings {
namespace {

sim::Game game_named(const std::string& name) {
  if (name == "schnapsen") return sim::Game::kSchnapsenDeal;
  if (name == "sixtysix") return sim::Game::kSixtySixDeal;
  if (name == "schnapsen-match") return sim::Game::kSchnapsenMatch;
  if (name == "sixtysix-match") return sim::Game::kSixtySixMatch;
  if (name == "durak") return sim::Game::kDurak;
  throw py::value_error("unknown game '" + name + "'");
}

sim::Policy policy_named(sim::Game game, const std::string& name) {
  sim::Policy p;
  if (name == "random") {
    p = sim::Policy::kRandom;
  } else if (name == "bot1") {
    p = sim::Policy::kBot1;
  } else if (name == "bot2") {
    p = sim::Policy::kBot2;
  } else if (name == "bot3") {
    p = sim::Policy::kBot3;
  } else {
    throw py::value_error("unknown player '" + name + "'");
  }
  if (!sim::offers(game, p)) throw py::value_error("player '" + name + "' does not play this game");
  return p;
}

std::string seed_of(const py::bytes& seed) {
  std::string s = seed;
  if (s.size() != 32) throw py::value_error("a seed is exactly 32 bytes");
  return s;
}

py::dict run(const std::string& game_name, long long games, const std::string& a,
             const std::string& b, const py::bytes& seed, int threads, py::object progress) {
  sim::Spec spec{};
  spec.game = game_named(game_name);
  spec.rules = schnapsen::reference_rules(spec.game == sim::Game::kSixtySixDeal ||
                                                  spec.game == sim::Game::kSixtySixMatch
                                              ? schnapsen::kSixtySix
                                              : schnapsen::kSchnapsen);
  spec.players[0] = policy_named(spec.game, a);
  spec.players[1] = policy_named(spec.game, b);
  if (games < 0) throw py::value_error("games must be >= 0");
  if (threads < 1) throw py::value_error("threads must be >= 1");
  std::string s = seed_of(seed);
  std::memcpy(spec.seed, s.data(), 32);
  spec.count = std::uint64_t(games);
  spec.threads = threads;

  const py::ssize_t n = py::ssize_t(games);
  py::array_t<std::int8_t> winner(n), game_points(n), how(n), seat_a(n), dealer(n), fool(n);
  py::array_t<std::int16_t> points({n, py::ssize_t(2)}), tricks({n, py::ssize_t(2)});
  py::array_t<std::int16_t> deals(n), bouts(n);
  py::array_t<std::int32_t> moves(n);
  sim::Columns cols{winner.mutable_data(), game_points.mutable_data(), how.mutable_data(),
                    points.mutable_data(), tricks.mutable_data(),      moves.mutable_data(),
                    seat_a.mutable_data(), dealer.mutable_data(),      deals.mutable_data(),
                    fool.mutable_data(),   bouts.mutable_data()};
  for (py::ssize_t i = 0; i < n; ++i) cols.moves[i] = -1;

  sim::Progress state;
  std::thread worker;
  {
    py::gil_scoped_release release;
    worker = std::thread([&]() { sim::run(spec, cols, state); });
  }
  bool interrupted = false;
  std::optional<py::error_already_set> failure;
  auto finished = [&]() { return state.done.load() >= spec.count; };
  while (true) {
    bool done_now;
    {
      py::gil_scoped_release release;
      for (int k = 0; k < 10 && !finished(); ++k) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      done_now = finished();
    }
    if (PyErr_CheckSignals() != 0) {
      if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) {
        PyErr_Clear();
        interrupted = true;
      } else {
        failure.emplace();
      }
      state.cancel = true;
      break;
    }
    if (!progress.is_none()) {
      try {
        progress(py::int_(state.done.load()), py::int_(spec.count));
      } catch (py::error_already_set& e) {
        failure.emplace(std::move(e));
        state.cancel = true;
        break;
      }
    }
    if (done_now) break;
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (failure) throw *failure;

  // The rows played are a prefix only when nothing was cancelled; otherwise
  // keep the longest prefix whose games all finished.
  std::uint64_t prefix = 0;
  while (prefix < spec.count && cols.moves[prefix] >= 0) ++prefix;

  py::dict columns;
  columns["winner"] = winner;
  columns["game_points"] = game_points;
  columns["how"] = how;
  columns["points"] = points;
  columns["tricks"] = tricks;
  columns["moves"] = moves;
  columns["seat_a"] = seat_a;
  columns["dealer"] = dealer;
  columns["deals"] = deals;
  if (spec.game == sim::Game::kDurak) {
    columns["fool"] = fool;
    columns["bouts"] = bouts;
  }
  py::dict result;
  result["columns"] = columns;
  result["done"] = prefix;
  result["interrupted"] = interrupted;
  py::list endings;
  for (const auto& e : sim::endings_of(spec.game)) endings.append(e);
  result["endings"] = endings;
  return result;
}

}  // namespace

void register_sim(py::module_& m) {
  m.def("run", &run, py::arg("game"), py::arg("games"), py::arg("a"), py::arg("b"), py::arg("seed"),
        py::arg("threads"), py::arg("progress") = py::none(),
        "Plays `games` games on `threads` threads; see trumpf.simulate.");
  py::class_<sim::Stream>(m, "Stream",
                          "Player `player`'s random stream in game `game` of a simulation.")
      .def(py::init([](const py::bytes& seed, std::uint64_t game, int player) {
             std::string s = seed_of(seed);
             auto key = sim::Stream::key_of(reinterpret_cast<const std::uint8_t*>(s.data()));
             return sim::Stream(key, game, player);
           }),
           py::arg("seed"), py::arg("game"), py::arg("player"))
      .def(
          "below",
          [](sim::Stream& st, std::uint32_t n) {
            if (n == 0) throw py::value_error("below(n) needs n >= 1");
            return st.below(n);
          },
          py::arg("n"), "A uniform draw in [0, n), as the random player makes it.");
  m.def(
      "match_seed",
      [](const py::bytes& seed, std::uint64_t index) {
        std::string s = seed_of(seed);
        std::uint8_t out[32];
        sim::match_seed(reinterpret_cast<const std::uint8_t*>(s.data()), index, out);
        return py::bytes(reinterpret_cast<const char*>(out), 32);
      },
      py::arg("seed"), py::arg("index"), "The seed match `index` of a match simulation uses.");
}

}  // namespace trumpf::bindings
