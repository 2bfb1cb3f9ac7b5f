// trumpf._core.rl.VectorEnv: the batched environment (cpp/rl/env.hpp). The
// binding reads the arguments, makes the numpy arrays the engine writes and
// runs each call with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <climits>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/common/players.hpp"
#include "bindings/register.hpp"
#include "bindings/rl/position.hpp"
#include "bindings/rl/register.hpp"
#include "durak/actions.hpp"
#include "rl/env.hpp"
#include "rl/episode.hpp"
#include "schnapsen/actions.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace trl = trumpf::rl;
namespace ts = trumpf::schnapsen;

// A writeable array's data, or refuse: copy=False arrays are the caller's
// to look at, and one made read-only is refused here rather than by numpy
// in the middle of a step.
void* writeable(py::array& a) {
  if (!a.writeable())
    refuse("bad_value",
           "the VectorEnv's arrays (copy=False) were made read-only; leave them "
           "writeable, or copy what you keep");
  return a.mutable_data();
}

// The arrays one call writes: new ones for every call, or (copy=False) the
// same ones every time, which keeps a step's memory in cache.
struct Arrays {
  py::array obs;
  py::array_t<bool> mask;
  py::array_t<std::int8_t> player;
  py::array_t<float> rewards;
  py::array_t<bool> terminated;

  explicit Arrays(const trl::Env& env) {
    const py::ssize_t n = py::ssize_t(env.episodes().size()), size = env.obs_size();
    if (env.config().uint8_obs)
      obs = py::array_t<std::uint8_t>({n, size});
    else
      obs = py::array_t<float>({n, size});
    mask = py::array_t<bool>({n, py::ssize_t(trl::kActions)});
    player = py::array_t<std::int8_t>(n);
    rewards = py::array_t<float>({n, py::ssize_t(2)});
    terminated = py::array_t<bool>(n);
  }
  trl::Outputs outputs() {
    trl::Outputs out;
    out.obs = writeable(obs);
    out.mask = static_cast<std::uint8_t*>(writeable(mask));
    out.player = static_cast<std::int8_t*>(writeable(player));
    out.rewards = static_cast<float*>(writeable(rewards));
    out.terminated = static_cast<std::uint8_t*>(writeable(terminated));
    return out;
  }
};

void clear(py::array& a) { std::memset(writeable(a), 0, std::size_t(a.nbytes())); }

struct VectorEnv {
  std::unique_ptr<trl::Env> env;
  // copy=False: the arrays every call writes and returns, made once.
  std::unique_ptr<Arrays> kept;
  // final_obs=True: the final tensors the last step wrote (num_envs x 2 x
  // obs_size), kept here and read through the final_obs property.
  std::unique_ptr<py::array> final;
  bool copy = true;
  // Set while a call runs without the GIL: a second thread's call on the
  // same env is refused rather than racing it.
  std::atomic<bool> busy{false};
};

class Busy {
 public:
  explicit Busy(VectorEnv& v) : v_(v) {
    if (v_.busy.exchange(true))
      refuse("busy", "another thread is stepping this VectorEnv; step one env from one thread");
  }
  ~Busy() { v_.busy.store(false); }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  VectorEnv& v_;
};

const char* const kGames =
    "schnapsen, sixtysix, schnapsen-tjger, each of them with -match, or durak";

trl::Config config_of(py::handle game_h, py::handle rules_h) {
  trl::Config c;
  std::string name;
  if (!text_of(game_h, &name)) refuse("bad_game", "a game is a name (" + std::string(kGames) + ")");
  if (name == "durak") {
    if (!rules_h.is_none()) refuse("bad_variant", "Durak has no house rules");
    c.game = trl::Game::kDurak;
    return c;
  }
  const std::string suffix = "-match";
  const bool match = name.size() > suffix.size() &&
                     name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  if (match) name.resize(name.size() - suffix.size());
  if (!ts::rules_named(name, &c.rules))
    refuse("bad_game", "unknown game " + repr_text(game_h) + " (" + kGames + ")");
  if (!rules_h.is_none()) {
    const ts::Rules r = schnapsen_rules_of(rules_h);
    if (r.base != c.rules.base)
      refuse("bad_variant",
             std::string("the rules are for ") + ts::variant_of(r.base).name + ", not this game");
    c.rules = r;
  }
  const bool sixtysix = c.rules.base == ts::kSixtySix;
  c.game = match ? (sixtysix ? trl::Game::kSixtySixMatch : trl::Game::kSchnapsenMatch)
                 : (sixtysix ? trl::Game::kSixtySix : trl::Game::kSchnapsen);
  return c;
}

players::Player opponent_of(trl::Game game, py::handle h) {
  if (h.is_none()) return players::Player::kNone;
  return player_arg(h, game == trl::Game::kDurak);
}

std::unique_ptr<VectorEnv> make(py::handle game, py::handle num_envs, py::handle seed,
                                py::handle opponent, py::handle threads, py::handle rules,
                                py::handle obs_dtype, py::handle copy, py::handle expert_samples,
                                py::handle expert_budget, py::handle final_obs) {
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
  auto v = std::make_unique<VectorEnv>();
  try {
    v->env = trl::make_env(c);
  } catch (const sim::ThreadsRefused& e) {
    refuse("bad_threads", e.what());
  }
  v->copy = copy.ptr() == Py_True;
  if (!v->copy) v->kept = std::make_unique<Arrays>(*v->env);
  if (final_obs.ptr() == Py_True) {
    const std::vector<py::ssize_t> shape{py::ssize_t(c.num_envs), 2, v->env->obs_size()};
    v->final =
        std::make_unique<py::array>(c.uint8_obs ? py::array(py::dtype::of<std::uint8_t>(), shape)
                                                : py::array(py::dtype::of<float>(), shape));
    clear(*v->final);
  }
  return v;
}

py::tuple reset(py::handle self) {
  VectorEnv& v = self_of<VectorEnv>(self);
  Busy busy(v);
  std::unique_ptr<Arrays> fresh = v.kept ? nullptr : std::make_unique<Arrays>(*v.env);
  Arrays& a = v.kept ? *v.kept : *fresh;
  const trl::Outputs out = a.outputs();
  if (v.final) clear(*v.final);  // no step has ended an episode since
  {
    py::gil_scoped_release nogil;
    v.env->reset(out);
  }
  return py::make_tuple(a.obs, a.mask, a.player);
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

py::tuple step(py::handle self, py::handle actions_h) {
  VectorEnv& v = self_of<VectorEnv>(self);
  // Read before the env is marked busy: reading may run the caller's code.
  const std::vector<std::int64_t> actions = actions_arg(actions_h, v.env->episodes().size());
  Busy busy(v);
  if (!v.env->started()) refuse("not_reset", "call reset() before the first step()");
  const std::vector<std::uint32_t> bad = v.env->illegal(actions.data());
  if (!bad.empty()) refuse_illegal(*v.env, actions, bad);
  std::unique_ptr<Arrays> fresh = v.kept ? nullptr : std::make_unique<Arrays>(*v.env);
  Arrays& a = v.kept ? *v.kept : *fresh;
  trl::Outputs out = a.outputs();
  if (v.final) out.final_obs = writeable(*v.final);
  {
    py::gil_scoped_release nogil;
    v.env->step(actions.data(), out);
  }
  return py::make_tuple(a.obs, a.mask, a.player, a.rewards, a.terminated);
}

}  // namespace

void register_vector(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv", "num_envs games stepped in one C++ call (trumpf.rl).")
      .def(py::init(&make), py::arg("game"), py::arg("num_envs"), py::arg("seed"),
           py::arg("opponent") = py::none(), py::arg("threads") = 1, py::arg("rules") = py::none(),
           py::arg("obs_dtype") = "float32", py::arg("copy") = true, py::arg("expert_samples") = 0,
           py::arg("expert_budget") = 0, py::arg("final_obs") = false)
      .def("reset", &reset,
           "Begins the next episode of every env; returns (obs, mask, player) of each one's "
           "first decision.")
      .def("step", &step, py::arg("actions"),
           "Plays one action per env; returns (obs, mask, player, rewards, terminated), an "
           "env that ended showing its next episode's first decision.")
      .def(
          "reseed",
          [](py::handle self, py::handle seed) {
            const auto sd = seed_arg(seed);
            VectorEnv& v = self_of<VectorEnv>(self);
            Busy busy(v);
            v.env->reseed(sd.data());
          },
          py::arg("seed"), "Makes the next reset begin every env at episode 0 of `seed`.")
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
            if (!v.copy) return *v.final;
            return v.final->attr("copy")();
          },
          "Where the last step ended an episode, each seat's tensor of its final position "
          "(num_envs x 2 x obs_size; the agent's only against an opponent; zero elsewhere).")
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
