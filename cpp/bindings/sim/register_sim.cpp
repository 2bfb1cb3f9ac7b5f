// trumpf._core.sim: the batch simulator, run off the GIL.
//
// The games run on worker threads while the calling thread, holding the GIL
// only briefly, reports progress and watches for Ctrl-C; an interrupt or an
// exception from the progress callback cancels the workers cleanly and the
// rows finished so far are kept.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/common/players.hpp"
#include "bindings/register.hpp"
#include "sim/simulate.hpp"
#include "sim/stream.hpp"

namespace py = pybind11;

namespace trumpf::bindings {
namespace {

// Bounds the Python API documents (trumpf.simulation): beyond them a call is
// a mistake, and a thread count past the system's limits would only fail.
constexpr long long kMaxGames = 1LL << 40, kMaxThreads = 1024, kMaxFirst = 1LL << 62;

sim::Game game_named(py::handle name) {
  std::string s;
  if (text_of(name, &s)) {
    if (s == "schnapsen") return sim::Game::kSchnapsenDeal;
    if (s == "sixtysix") return sim::Game::kSixtySixDeal;
    if (s == "schnapsen-match") return sim::Game::kSchnapsenMatch;
    if (s == "sixtysix-match") return sim::Game::kSixtySixMatch;
    if (s == "durak") return sim::Game::kDurak;
  }
  refuse("bad_game", "unknown game " + repr_text(name) +
                         " (schnapsen, sixtysix, schnapsen-match, sixtysix-match, durak)");
}

schnapsen::Rules rules_for(sim::Game game, py::handle rules) {
  const bool sixtysix = game == sim::Game::kSixtySixDeal || game == sim::Game::kSixtySixMatch;
  const schnapsen::VariantId base = sixtysix ? schnapsen::kSixtySix : schnapsen::kSchnapsen;
  if (rules.is_none()) return schnapsen::reference_rules(base);
  if (game == sim::Game::kDurak) refuse("bad_variant", "Durak has no house rules");
  const schnapsen::Rules r = schnapsen_rules_of(rules);
  if (r.base != base)
    refuse("bad_variant", "the rules are for " + std::string(schnapsen::variant_of(r.base).name) +
                              ", not this game");
  return r;
}

// Runs the games on a thread of their own; `failure` holds what stopped it.
// The calling thread sleeps on `woken` between progress reports, and the
// worker wakes it when the games are done, so a short run (a shard of a Ray
// task) returns as soon as it finishes rather than at the next poll.
struct Worker {
  std::thread thread;
  std::mutex lock;
  std::condition_variable woken;
  bool finished = false;
  std::exception_ptr failure;

  void finish() {
    {
      std::lock_guard<std::mutex> hold(lock);
      finished = true;
    }
    woken.notify_all();
  }
  // Waits up to `ms` for the games to end; whether they have.
  bool wait(int ms) {
    std::unique_lock<std::mutex> hold(lock);
    return woken.wait_for(hold, std::chrono::milliseconds(ms), [this] { return finished; });
  }
};

py::dict run(py::handle game_name, py::handle games_h, py::handle a, py::handle b, py::handle seed,
             py::handle threads_h, py::object progress, py::handle rules, py::handle first_h,
             py::handle expert_samples, py::handle expert_budget) {
  sim::Spec spec{};
  spec.game = game_named(game_name);
  spec.rules = rules_for(spec.game, rules);
  const bool durak = spec.game == sim::Game::kDurak;
  spec.players[0] = player_arg(a, durak);
  spec.players[1] = player_arg(b, durak);
  spec.expert = expert_budget_arg(expert_samples, expert_budget);
  const auto sd = seed_arg(seed);
  std::memcpy(spec.seed, sd.data(), 32);
  spec.count = std::uint64_t(int_arg(games_h, 0, kMaxGames, "bad_games", "games"));
  spec.threads = int(int_arg(threads_h, 1, kMaxThreads, "bad_threads", "threads"));
  spec.first = std::uint64_t(int_arg(first_h, 0, kMaxFirst, "bad_games", "start"));

  const py::ssize_t n = py::ssize_t(spec.count);
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
  Worker worker;
  try {
    py::gil_scoped_release release;
    worker.thread = std::thread([&]() {
      try {
        sim::run(spec, cols, state);
      } catch (...) {
        worker.failure = std::current_exception();
      }
      worker.finish();
    });
  } catch (const std::system_error& e) {
    refuse("bad_threads", std::string("the system would not start a thread: ") + e.what());
  }
  bool interrupted = false;
  std::optional<py::error_already_set> failure;
  while (true) {
    bool done_now;
    {
      py::gil_scoped_release release;
      done_now = worker.wait(100);
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
    worker.thread.join();
  }
  if (failure) throw *failure;
  if (worker.failure) {
    try {
      std::rethrow_exception(worker.failure);
    } catch (const std::exception& e) {
      refuse("bad_threads", e.what());
    }
  }

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

// A stream's state as Python bytes, and the stream a state names: exactly
// 32 bytes, not all zero (no stream reaches that state), else bad_value.
py::bytes stream_state(const sim::Stream& stream) {
  const auto words = stream.state();
  return py::bytes(reinterpret_cast<const char*>(words.data()), words.size());
}

sim::Stream stream_at(py::handle state) {
  std::array<std::uint8_t, 32> words{};
  if (PyBytes_Check(state.ptr()) && PyBytes_GET_SIZE(state.ptr()) == 32)
    std::memcpy(words.data(), PyBytes_AS_STRING(state.ptr()), 32);
  else
    refuse("bad_value", "a Stream's state is 32 bytes, not " + repr_text(state));
  const auto stream = sim::Stream::from_state(words);
  if (!stream) refuse("bad_value", "no stream reaches the all-zero state");
  return *stream;
}

}  // namespace

void register_sim(py::module_& m) {
  m.attr("Error") = error_class();
  m.def("run", &run, py::arg("game"), py::arg("games"), py::arg("a"), py::arg("b"), py::arg("seed"),
        py::arg("threads"), py::arg("progress") = py::none(), py::kw_only(),
        py::arg("rules") = py::none(), py::arg("start") = 0, py::arg("expert_samples") = 0,
        py::arg("expert_budget") = 0,
        "Plays games start .. start + games - 1 of a run on `threads` threads, into rows 0 .. "
        "games - 1: game i is the same whatever the shard it is played in. `rules` is a "
        "Schnapsen-family rules table for the game; expert_samples and expert_budget the "
        "expert players' budget a decision (0: the default). See trumpf.simulate.");
  py::class_<sim::Stream>(m, "Stream",
                          "Player `player`'s random stream in game `game` of a simulation.")
      .def(py::init([](py::handle seed, py::handle game, py::handle player) {
             const auto sd = seed_arg(seed);
             const auto g =
                 std::uint64_t(int_arg(game, 0, kMaxFirst + kMaxGames, "bad_games", "game"));
             const int p = int(int_arg(player, 0, 1, "bad_player", "player"));
             return sim::Stream(sim::Stream::key_of(sd.data()), g, p);
           }),
           py::arg("seed"), py::arg("game"), py::arg("player"))
      .def(
          "below",
          [](py::handle self, py::handle n) {
            const auto bound = std::uint32_t(int_arg(n, 1, 0xFFFFFFFFLL, "bad_value", "n"));
            return self_of<sim::Stream>(self).below(bound);
          },
          py::arg("n"), "A uniform draw in [0, n), as the random player makes it.")
      // Pickled as stream_at(its generator's state), under every protocol
      // (pybind11's default pickling under protocols 0 and 1 aborts).
      .def("__reduce__", [](py::handle self) {
        return py::make_tuple(py::module_::import("trumpf._core.sim").attr("stream_at"),
                              py::make_tuple(stream_state(self_of<sim::Stream>(self))));
      });
  m.def(
      "stream_at", [](py::handle state) { return stream_at(state); }, py::arg("state"),
      "The stream whose generator is in `state`, 32 bytes a pickled Stream holds "
      "(Error bad_value for anything else, and for the all-zero state no stream reaches).");
  m.def(
      "match_seed",
      [](py::handle seed, py::handle index) {
        const auto sd = seed_arg(seed);
        const auto i =
            std::uint64_t(int_arg(index, 0, kMaxFirst + kMaxGames, "bad_games", "index"));
        std::uint8_t out[32];
        sim::match_seed(sd.data(), i, out);
        return py::bytes(reinterpret_cast<const char*>(out), 32);
      },
      py::arg("seed"), py::arg("index"), "The seed match `index` of a match simulation uses.");
}

}  // namespace trumpf::bindings
