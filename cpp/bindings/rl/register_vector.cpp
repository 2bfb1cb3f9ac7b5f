// trumpf._core.rl.VectorEnv: the batched environment (cpp/rl/env.hpp). The
// binding reads the arguments, makes the numpy arrays the engine writes and
// runs each call with the GIL released. A call against a costly opponent
// (expert, perfect) can run long: Ctrl-C stops it (common/interrupt.hpp),
// leaving the env and its arrays as they were before the call.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/interrupt.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/common/players.hpp"
#include "bindings/register.hpp"
#include "bindings/rl/position.hpp"
#include "bindings/rl/register.hpp"
#include "bindings/rl/vector.hpp"
#include "durak/actions.hpp"
#include "rl/episode.hpp"
#include "rl/games.hpp"
#include "schnapsen/actions.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace trl = trumpf::rl;
namespace ts = trumpf::schnapsen;

// The game names, for a refusal: "schnapsen, sixtysix, ..., durak".
std::string game_list() {
  std::string out;
  for (const std::string& name : trl::game_names()) out += (out.empty() ? "" : ", ") + name;
  return out;
}

trl::Config config_of(py::handle game_h, py::handle rules_h) {
  trl::Config c;
  std::string name;
  if (!text_of(game_h, &name)) refuse("bad_game", "a game is a name (" + game_list() + ")");
  if (!trl::game_named(name, &c.game, &c.rules))
    refuse("bad_game", "unknown game " + repr_text(game_h) + " (" + game_list() + ")");
  if (c.game == trl::Game::kDurak) {
    if (!rules_h.is_none()) refuse("bad_variant", "Durak has no house rules");
    return c;
  }
  if (!rules_h.is_none()) {
    const ts::Rules r = schnapsen_rules_of(rules_h);
    if (r.base != c.rules.base)
      refuse("bad_variant",
             std::string("the rules are for ") + ts::variant_of(r.base).name + ", not this game");
    c.rules = r;
  }
  return c;
}

players::Player opponent_of(trl::Game game, py::handle h) {
  if (h.is_none()) return players::Player::kNone;
  return player_arg(h, game == trl::Game::kDurak);
}

std::unique_ptr<VectorEnv> make(py::handle game, py::handle num_envs, py::handle seed,
                                py::handle opponent, py::handle threads, py::handle rules,
                                py::handle obs_dtype, py::handle copy, py::handle expert_samples,
                                py::handle expert_budget, py::handle final_obs, py::handle illegal,
                                py::handle max_episode_steps) {
  trl::Config c = config_of(game, rules);
  c.opponent = opponent_of(c.game, opponent);
  c.expert = expert_budget_arg(expert_samples, expert_budget);
  const auto sd = seed_arg(seed);
  std::copy(sd.begin(), sd.end(), c.seed);
  c.num_envs = std::uint32_t(int_arg(num_envs, 1, trl::kMaxEnvs, "bad_envs", "num_envs"));
  c.threads = int(int_arg(threads, 1, trl::kMaxThreads, "bad_threads", "threads"));
  c.uint8_obs = uint8_obs_arg(obs_dtype);
  for (const auto& [name, flag] : {std::pair{"copy", copy}, std::pair{"final_obs", final_obs}})
    if (!PyBool_Check(flag.ptr()))
      refuse("bad_value", std::string(name) + " is True or False, not " + repr_text(flag));
  std::string rule;
  if (!text_of(illegal, &rule) || (rule != "raise" && rule != "terminate"))
    refuse("bad_illegal", "illegal is 'raise' or 'terminate', not " + repr_text(illegal));
  c.penalize = rule == "terminate";
  if (!max_episode_steps.is_none())
    c.max_steps = std::uint32_t(int_arg(max_episode_steps, 1, UINT32_MAX, "bad_value",
                                        "max_episode_steps (None or an int)"));
  auto v = std::make_unique<VectorEnv>();
  try {
    v->env = trl::make_env(c);
  } catch (const sim::ThreadsRefused& e) {
    refuse("bad_threads", e.what());
  }
  v->copy = copy.ptr() == Py_True;
  if (!v->copy) v->kept = std::make_unique<Arrays>(*v->env);
  if (final_obs.ptr() == Py_True)
    v->final = std::make_unique<Kept>(final_array(*v->env), "final_obs");
  v->truncated = std::make_unique<Kept>(truncated_array(*v->env), "truncated");
  return v;
}

// One reset or step: its arrays checked, and against a costly opponent what
// it writes in the arrays that outlive it copied aside, so that a stopped
// call puts them back.
struct Call {
  std::unique_ptr<Arrays> fresh;
  const Arrays* arrays;
  trl::Outputs out;
  std::optional<Interrupt> interrupt;
  Backup backup;

  explicit Call(const VectorEnv& v) {
    if (!v.kept) fresh = std::make_unique<Arrays>(*v.env);
    arrays = v.kept ? v.kept.get() : fresh.get();
    out = arrays->outputs();  // checks the kept arrays first: a refused call writes nothing
    if (v.final) out.final_obs = v.final->checked();
    out.truncated = static_cast<std::uint8_t*>(v.truncated->checked());
    if (!v.env->costly()) return;
    interrupt.emplace();
    if (v.kept)
      for (const Kept& k : v.kept->all) backup.add(k);
    if (v.final) backup.add(*v.final);
    backup.add(*v.truncated);
  }
  Stop* stop() noexcept { return interrupt ? interrupt->stop() : nullptr; }
  // After a call the engine reports stopped: the arrays back, then what stopped it.
  void stopped() {
    backup.put_back();
    interrupt->raise_if_stopped();
  }
};

py::tuple reset(py::handle self, py::handle seed_h) {
  VectorEnv& v = self_of<VectorEnv>(self);
  std::optional<std::array<std::uint8_t, 32>> seed;
  if (!seed_h.is_none()) seed = seed_arg(seed_h);
  Busy busy(v);
  Call call(v);
  if (v.final) std::memset(call.out.final_obs, 0, v.final->bytes());  // no step ended an episode
  std::memset(call.out.truncated, 0, v.truncated->bytes());
  bool done;
  {
    py::gil_scoped_release nogil;
    done = v.env->reset(call.out, seed ? seed->data() : nullptr, call.stop());
  }
  if (!done) call.stopped();
  return call.arrays->decision();
}

// The actions as int64, from any array of integers of the right length.
std::vector<std::int64_t> actions_arg(py::handle h, std::size_t n) {
  py::array a = py::array::ensure(h);
  if (!a) {
    PyErr_Clear();
    refuse("bad_actions", "actions are an array of ints, not " + repr_text(h));
  }
  const char kind = a.dtype().kind();
  if (kind != 'i' && kind != 'u')
    refuse("bad_actions",
           "actions are integers, not an array of dtype " + std::string(py::str(a.dtype())));
  if (a.ndim() != 1 || std::size_t(a.shape(0)) != n)
    refuse("bad_actions", "actions are one per env: shape (" + std::to_string(n) + ",), not " +
                              std::string(py::str(a.attr("shape"))));
  std::vector<std::int64_t> out(n);
  if (kind == 'u' && a.itemsize() == 8) {
    // Past int64 is out of range all the same: clamp rather than wrap.
    auto u = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(a);
    for (std::size_t i = 0; i < n; ++i)
      out[i] = u.data()[i] > std::uint64_t(LLONG_MAX) ? LLONG_MAX : std::int64_t(u.data()[i]);
  } else {
    auto s = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
    std::copy(s.data(), s.data() + n, out.begin());
  }
  return out;
}

// The envs a step leaves out: None, or one bool (or 0/1 uint8) per env.
std::vector<std::uint8_t> hold_arg(py::handle h, std::size_t n) {
  std::vector<std::uint8_t> out;
  if (h.is_none()) return out;
  py::array a = py::array::ensure(h);
  if (!a) PyErr_Clear();
  const char kind = a ? a.dtype().kind() : 0;
  if (!a || !(kind == 'b' || (kind == 'u' && a.itemsize() == 1)) || a.ndim() != 1 ||
      std::size_t(a.shape(0)) != n)
    refuse("bad_value", "hold is None or a bool array of shape (" + std::to_string(n) + ",), not " +
                            repr_text(h));
  auto u = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(a);
  out.assign(u.data(), u.data() + n);
  for (const std::uint8_t x : out)
    if (x > 1) refuse("bad_value", "hold is 0 or 1 in each env, not " + std::to_string(x));
  return out;
}

[[noreturn]] void refuse_illegal(const trl::Env& env, const std::vector<std::int64_t>& actions,
                                 const std::vector<std::uint32_t>& bad) {
  const bool durak = env.config().game == trl::Game::kDurak;
  std::string which, why;
  for (std::size_t k = 0; k < bad.size() && k < 10; ++k) {
    const std::int64_t a = actions[bad[k]];
    which += (k ? ", " : "") + std::to_string(bad[k]);
    why += "; env " + std::to_string(bad[k]) + ": action " + std::to_string(a);
    if (a < 0 || a >= trl::kActions)
      why += " is out of range (0..39)";
    else
      why += std::string(" (") +
             (durak ? trumpf::durak::action_name(int(a)) : ts::action_name(int(a))) +
             ") is not legal now";
  }
  if (bad.size() > 10) which += ", ... (" + std::to_string(bad.size()) + " in all)";
  refuse("not_legal", "illegal actions in envs [" + which + "]; nothing was played" + why);
}

py::tuple step(py::handle self, py::handle actions_h, py::handle hold_h) {
  VectorEnv& v = self_of<VectorEnv>(self);
  // Read before the env is marked busy: reading may run the caller's code.
  const std::vector<std::int64_t> actions = actions_arg(actions_h, v.env->episodes().size());
  const std::vector<std::uint8_t> hold = hold_arg(hold_h, actions.size());
  const std::uint8_t* held = hold.empty() ? nullptr : hold.data();
  Busy busy(v);
  if (!v.env->started()) refuse("not_reset", "call reset() before the first step()");
  const std::vector<std::uint32_t> bad = v.env->illegal(actions.data(), held);
  if (!bad.empty()) refuse_illegal(*v.env, actions, bad);
  Call call(v);
  bool done;
  {
    py::gil_scoped_release nogil;
    done = v.env->step(actions.data(), call.out, call.stop(), held);
  }
  if (!done) call.stopped();
  return call.arrays->step();
}

}  // namespace

void register_vector(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv", "num_envs games stepped in one C++ call (trumpf.rl).")
      .def(py::init(&make), py::arg("game"), py::arg("num_envs"), py::arg("seed"),
           py::arg("opponent") = py::none(), py::arg("threads") = 1, py::arg("rules") = py::none(),
           py::arg("obs_dtype") = "float32", py::arg("copy") = true, py::arg("expert_samples") = 0,
           py::arg("expert_budget") = 0, py::arg("final_obs") = false, py::arg("illegal") = "raise",
           py::arg("max_episode_steps") = py::none())
      .def("reset", &reset, py::arg("seed") = py::none(),
           "Begins the next episode of every env (with `seed`, 32 bytes: episode 0 of that "
           "seed); returns (obs, mask, player) of each one's first decision.")
      .def("step", &step, py::arg("actions"), py::arg("hold") = py::none(),
           "Plays one action per env, except where `hold` is set; returns (obs, mask, player, "
           "rewards, terminated), an env that ended showing its next episode's first decision.")
      .def("clone", &clone, "An independent env in the same state, with arrays of its own.")
      .def("record", &record,
           "What the env's state follows from (each env's episode and the actions played in "
           "it), as plain bytes: what a pickle keeps.")
      .def("restore", &restore, py::arg("record"),
           "Puts a fresh env (never reset) in the state a record describes by replaying it "
           "through the rules; Error bad_log for a record no play reaches.")
      .def("__reduce_ex__",
           [](py::handle, py::handle) -> py::object {
             throw py::type_error(
                 "trumpf._core.rl.VectorEnv does not pickle: pickle the trumpf.rl.VectorEnv "
                 "that holds it");
           })
      .def_property_readonly(
          "episodes",
          [](py::handle self) {
            VectorEnv& v = self_of<VectorEnv>(self);
            Busy busy(v);  // a step on another thread writes them
            const std::vector<std::uint64_t> e = v.env->episodes();
            py::array_t<std::uint64_t> out(py::ssize_t(e.size()));
            std::copy(e.begin(), e.end(), out.mutable_data());
            return out;
          },
          "The episode number each env is playing.")
      .def_property_readonly(
          "final_obs",
          [](py::handle self) -> py::object {
            VectorEnv& v = self_of<VectorEnv>(self);
            Busy busy(v);  // a step on another thread writes it
            if (!v.final)
              refuse("bad_value",
                     "this VectorEnv keeps no final observations: make it with final_obs=True");
            if (!v.copy) return v.final->array();
            return v.final->array().attr("copy")();
          },
          "Where the last step ended an episode, each seat's tensor of its final position "
          "(num_envs x 2 x obs_size; the agent's only against an opponent; zero elsewhere).")
      .def_property_readonly(
          "truncated",
          [](py::handle self) -> py::object {
            VectorEnv& v = self_of<VectorEnv>(self);
            Busy busy(v);  // a step on another thread writes it
            if (!v.copy) return v.truncated->array();
            return v.truncated->array().attr("copy")();
          },
          "Where the last step cut an episode at max_episode_steps (num_envs bool).")
      .def_property_readonly(
          "num_envs",
          [](py::handle self) { return self_of<VectorEnv>(self).env->episodes().size(); },
          "How many envs there are.")
      .def_property_readonly(
          "obs_size", [](py::handle self) { return self_of<VectorEnv>(self).env->obs_size(); },
          "The length of one observation.");
  m.def(
      "env_seed",
      [](py::handle seed, py::handle env) {
        const auto sd = seed_arg(seed);
        const auto i = std::uint64_t(int_arg(env, 0, trl::kMaxEnvs - 1, "bad_envs", "env"));
        std::uint8_t out[32];
        trl::env_seed(sd.data(), i, out);
        return py::bytes(reinterpret_cast<const char*>(out), 32);
      },
      py::arg("seed"), py::arg("env"),
      "The seed env `env`'s Schnapsen-family deals are shuffled from: "
      "SHA-256(seed || \"env:<env>\") (rl/episode.hpp).");
}

}  // namespace trumpf::bindings::rl
