// The VectorEnv's numpy arrays (vector.hpp): made here, and checked before
// every write that their buffer is still the one handed out.
#include <cstring>
#include <string>

#include "bindings/common/errors.hpp"
#include "bindings/rl/vector.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace trl = trumpf::rl;

Kept::Kept(py::array array, const char* name)
    : array_(std::move(array)),
      name_(name),
      data_(array_.data()),
      ndim_(int(array_.ndim())),
      dtype_(array_.dtype()),
      bytes_(std::size_t(array_.nbytes())) {
  for (int k = 0; k < ndim_; ++k) {
    shape_[std::size_t(k)] = array_.shape(k);
    strides_[std::size_t(k)] = array_.strides(k);
  }
}

bool Kept::same_layout() const {
  bool same = array_.data() == data_ && int(array_.ndim()) == ndim_ &&
              std::size_t(array_.nbytes()) == bytes_ && array_.dtype().equal(dtype_) &&
              array_.dtype().itemsize() == dtype_.itemsize() &&
              (array_.flags() & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_) != 0;
  for (int k = 0; same && k < ndim_; ++k)
    same =
        array_.shape(k) == shape_[std::size_t(k)] && array_.strides(k) == strides_[std::size_t(k)];
  return same;
}

void* Kept::checked() const {
  if (!same_layout())
    refuse("bad_value", std::string("the VectorEnv's ") + name_ +
                            " array (copy=False) was resized, reshaped or retyped in place; "
                            "leave the arrays as they are handed out, or copy what you keep");
  if (!array_.writeable())
    refuse("bad_value", std::string("the VectorEnv's ") + name_ +
                            " array (copy=False) was made read-only; leave it writeable, or "
                            "copy what you keep");
  py::array writable = array_;  // a second handle to the same array: checked above
  return writable.mutable_data();
}

Arrays::Arrays(const trl::Env& env) {
  const py::ssize_t n = py::ssize_t(env.episodes().size()), size = env.obs_size();
  all.reserve(5);
  if (env.config().uint8_obs)
    all.emplace_back(py::array_t<std::uint8_t>({n, size}), "obs");
  else
    all.emplace_back(py::array_t<float>({n, size}), "obs");
  all.emplace_back(py::array_t<bool>({n, py::ssize_t(trl::kActions)}), "mask");
  all.emplace_back(py::array_t<std::int8_t>(n), "player");
  all.emplace_back(py::array_t<float>({n, py::ssize_t(2)}), "rewards");
  all.emplace_back(py::array_t<bool>(n), "terminated");
}

trl::Outputs Arrays::outputs() const {
  trl::Outputs out;
  out.obs = all[0].checked();
  out.mask = static_cast<std::uint8_t*>(all[1].checked());
  out.player = static_cast<std::int8_t*>(all[2].checked());
  out.rewards = static_cast<float*>(all[3].checked());
  out.terminated = static_cast<std::uint8_t*>(all[4].checked());
  return out;
}

py::tuple Arrays::decision() const {
  return py::make_tuple(all[0].array(), all[1].array(), all[2].array());
}

py::tuple Arrays::step() const {
  return py::make_tuple(all[0].array(), all[1].array(), all[2].array(), all[3].array(),
                        all[4].array());
}

py::array final_array(const trl::Env& env) {
  const std::vector<py::ssize_t> shape{py::ssize_t(env.episodes().size()), 2, env.obs_size()};
  py::array a = env.config().uint8_obs ? py::array(py::dtype::of<std::uint8_t>(), shape)
                                       : py::array(py::dtype::of<float>(), shape);
  std::memset(a.mutable_data(), 0, std::size_t(a.nbytes()));
  return a;
}

py::array truncated_array(const trl::Env& env) {
  py::array_t<bool> a(py::ssize_t(env.episodes().size()));
  std::memset(a.mutable_data(), 0, std::size_t(a.nbytes()));
  return a;
}

void Backup::add(const Kept& k) {
  void* data = k.checked();
  const char* bytes = static_cast<const char*>(data);
  saved_.emplace_back(data, std::vector<char>(bytes, bytes + k.bytes()));
}

void Backup::put_back() const noexcept {
  for (const auto& [data, bytes] : saved_) std::memcpy(data, bytes.data(), bytes.size());
}

Busy::Busy(VectorEnv& v) : v_(v) {
  if (v_.busy.exchange(true))
    refuse("busy", "another thread is stepping this VectorEnv; step one env from one thread");
}

}  // namespace trumpf::bindings::rl
