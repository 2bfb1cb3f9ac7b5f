// The bound trumpf._core.rl.VectorEnv (register_vector.cpp): the engine's
// env (cpp/rl/env.hpp), the numpy arrays it writes, and the guard that
// keeps two threads from stepping it at once. Shared with vector_arrays.cpp
// (the arrays and their checks) and vector_state.cpp (copies and pickles).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "rl/env.hpp"

namespace trumpf::bindings::rl {

// An array the VectorEnv hands out and writes again (copy=False, and the
// final tensors), with the layout it was made with. A caller may resize,
// reshape, retype or lock it in place; every write checks first that data
// pointer, shape, strides, dtype and flags are still those, and refuses
// with Error bad_value otherwise, so nothing is written through a buffer
// that moved or shrank.
class Kept {
 public:
  Kept(pybind11::array array, const char* name);
  const pybind11::array& array() const noexcept { return array_; }
  // Whether the array is still laid out as it was handed out (read-only or not).
  bool same_layout() const;
  // The data to write, after the check (above).
  void* checked() const;
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  pybind11::array array_;
  const char* name_;
  const void* data_;
  int ndim_;
  std::array<pybind11::ssize_t, 3> shape_{}, strides_{};  // the arrays have 1 to 3 dimensions
  pybind11::dtype dtype_;
  std::size_t bytes_;
};

// The arrays one call writes: new ones for every call, or (copy=False) the
// same ones every time, which keeps a step's memory in cache.
struct Arrays {
  std::vector<Kept> all;  // obs, mask, player, rewards, terminated
  explicit Arrays(const trumpf::rl::Env& env);
  // Every array checked, then their data as the engine's outputs.
  trumpf::rl::Outputs outputs() const;
  pybind11::tuple decision() const;  // (obs, mask, player)
  pybind11::tuple step() const;      // (obs, mask, player, rewards, terminated)
};

// The final tensors' array (final_obs=True): num_envs x 2 x obs_size.
pybind11::array final_array(const trumpf::rl::Env& env);
// The truncations' array: num_envs bool, zero.
pybind11::array truncated_array(const trumpf::rl::Env& env);

// Copies of kept arrays' bytes, taken before a call that may be stopped and
// written back when it was: a stopped call leaves them as they were.
class Backup {
 public:
  void add(const Kept& k);
  void put_back() const noexcept;

 private:
  std::vector<std::pair<void*, std::vector<char>>> saved_;
};

struct VectorEnv {
  std::unique_ptr<trumpf::rl::Env> env;
  // copy=False: the arrays every call writes and returns, made once.
  std::unique_ptr<Arrays> kept;
  // final_obs=True: the final tensors the last step wrote, kept here and
  // read through the final_obs property (a copy unless copy=False).
  std::unique_ptr<Kept> final;
  // Where the last step cut an episode at max_episode_steps (num_envs
  // bool), read through the truncated property as final_obs is.
  std::unique_ptr<Kept> truncated;
  bool copy = true;
  // Set while a call runs without the GIL: a second thread's call on the
  // same env is refused rather than racing it.
  std::atomic<bool> busy{false};
};

class Busy {
 public:
  explicit Busy(VectorEnv& v);
  ~Busy() { v_.busy.store(false); }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  VectorEnv& v_;
};

// vector_state.cpp: the VectorEnv's copy, its record (what a pickle keeps)
// and a fresh env put back in a record's state.
std::unique_ptr<VectorEnv> clone(pybind11::handle self);
pybind11::tuple record(pybind11::handle self);
void restore(pybind11::handle self, pybind11::handle record);

}  // namespace trumpf::bindings::rl
