// A VectorEnv's copy and its record (vector.hpp). A copy is the engine's
// clone, made here from trusted state; a record is what a pickle keeps and
// is read back as untrusted input: every field checked for type and size
// here, then replayed through the rules by the engine (Env::restore), so a
// tampered pickle is refused with Error bad_log and never trusted.
#include <cstring>
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/interrupt.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/rl/vector.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace trl = trumpf::rl;

// The first item of a record: its format, for a later one to tell apart.
constexpr long long kFormat = 1;

template <class T>
py::bytes bytes_of(const std::vector<T>& v) {
  return py::bytes(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

[[noreturn]] void bad(const std::string& why) {
  refuse("bad_log", "not the record of a VectorEnv: " + why);
}

// Item k of the record: bytes holding `count` values of T (any count when
// count is ~0), little-endian as record() wrote them.
template <class T>
std::vector<T> values_of(py::handle record, int k, std::size_t count, const char* what) {
  PyObject* item = PyTuple_GET_ITEM(record.ptr(), k);
  if (!PyBytes_Check(item)) bad(std::string(what) + " are not bytes");
  const auto size = std::size_t(PyBytes_GET_SIZE(item));
  if (size % sizeof(T) != 0 || (count != ~std::size_t(0) && size != count * sizeof(T)))
    bad(std::string(what) + " are " + std::to_string(size) + " bytes");
  std::vector<T> out(size / sizeof(T));
  if (size) std::memcpy(out.data(), PyBytes_AS_STRING(item), size);
  return out;
}

// Puts v, fresh, in the state of record r by replaying it (Ctrl-C stops a
// replay against a costly opponent); "" or what no play reaches, after
// which v is left fresh.
std::string replayed(VectorEnv& v, const trl::Record& r) {
  const std::unique_ptr<Arrays> scratch = v.kept ? nullptr : std::make_unique<Arrays>(*v.env);
  trl::Outputs out = (v.kept ? *v.kept : *scratch).outputs();
  if (v.final) {
    out.final_obs = v.final->checked();
    std::memset(out.final_obs, 0, v.final->bytes());
  }
  out.truncated = static_cast<std::uint8_t*>(v.truncated->checked());
  std::memset(out.truncated, 0, v.truncated->bytes());
  Interrupt interrupt;
  std::string why;
  {
    py::gil_scoped_release nogil;
    why = v.env->restore(r, out, interrupt.stop());
  }
  if (why.empty()) return why;
  try {
    v.env = trl::make_env(v.env->config());
  } catch (const sim::ThreadsRefused& e) {
    refuse("bad_threads", e.what());
  }
  if (v.final) std::memset(v.final->checked(), 0, v.final->bytes());
  std::memset(v.truncated->checked(), 0, v.truncated->bytes());
  interrupt.raise_if_stopped();
  return why;
}

}  // namespace

std::unique_ptr<VectorEnv> clone(py::handle self) {
  VectorEnv& v = self_of<VectorEnv>(self);
  auto c = std::make_unique<VectorEnv>();
  c->copy = v.copy;
  trl::Record r;
  {
    Busy busy(v);
    try {
      c->env = v.env->clone();
    } catch (const sim::ThreadsRefused& e) {
      refuse("bad_threads", e.what());
    }
    if (!c->copy) c->kept = std::make_unique<Arrays>(*c->env);
    py::array cut = truncated_array(*c->env);
    c->truncated = std::make_unique<Kept>(cut, "truncated");
    const bool same = v.truncated->same_layout() && (!v.final || v.final->same_layout());
    if (same) std::memcpy(cut.mutable_data(), v.truncated->array().data(), v.truncated->bytes());
    if (!v.final && same) return c;
    if (v.final) {
      py::array a = final_array(*c->env);
      c->final = std::make_unique<Kept>(a, "final_obs");
      if (same) {
        std::memcpy(a.mutable_data(), v.final->array().data(), v.final->bytes());
        return c;
      }
    }
    // The caller changed the final tensors' or the truncations' array
    // (copy=False) in place, so they are rebuilt from the record, as a
    // pickle rebuilds them.
    r = v.env->record();
    c->env = trl::make_env(v.env->config());
  }
  const std::string why = replayed(*c, r);
  if (!why.empty()) refuse("bad_log", "the env's own record did not replay: " + why);
  return c;
}

py::tuple record(py::handle self) {
  VectorEnv& v = self_of<VectorEnv>(self);
  trl::Record r;
  {
    Busy busy(v);
    r = v.env->record();
  }
  return py::make_tuple(kFormat, py::bool_(r.started), bytes_of(r.episode), bytes_of(r.length),
                        bytes_of(r.actions), bytes_of(r.ended), bytes_of(r.ended_length),
                        bytes_of(r.ended_actions));
}

void restore(py::handle self, py::handle h) {
  VectorEnv& v = self_of<VectorEnv>(self);
  if (!PyTuple_CheckExact(h.ptr()) || PyTuple_GET_SIZE(h.ptr()) != 8)
    bad("a record is the tuple record() gives, not " + repr_text(h));
  long long format = 0;
  if (!exact_int(PyTuple_GET_ITEM(h.ptr(), 0), kFormat, kFormat, &format))
    bad("its format is " + std::to_string(kFormat) + ", not " +
        repr_text(PyTuple_GET_ITEM(h.ptr(), 0)));
  const std::size_t n = v.env->episodes().size();
  trl::Record r;
  r.started = bool_arg(PyTuple_GET_ITEM(h.ptr(), 1), "bad_log", "whether it was reset");
  r.episode = values_of<std::uint64_t>(h, 2, n, "its episode numbers");
  r.length = values_of<std::uint32_t>(h, 3, n, "its lengths");
  r.actions = values_of<std::uint8_t>(h, 4, ~std::size_t(0), "its actions");
  r.ended = values_of<std::uint64_t>(h, 5, n, "its ended episodes");
  r.ended_length = values_of<std::uint32_t>(h, 6, n, "its ended lengths");
  r.ended_actions = values_of<std::uint8_t>(h, 7, ~std::size_t(0), "its ended actions");
  Busy busy(v);
  if (v.env->started()) refuse("bad_value", "restore puts a fresh VectorEnv in a record's state");
  const std::string why = replayed(v, r);
  if (!why.empty()) bad(why);
}

}  // namespace trumpf::bindings::rl
