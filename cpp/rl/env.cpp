#include "rl/env.hpp"

#include <cstring>

#include "common/derive.hpp"
#include "rl/episode.hpp"

namespace trumpf::rl {

std::unique_ptr<Env> make_schnapsen_env(const Config& config);  // env_schnapsen.cpp
std::unique_ptr<Env> make_durak_env(const Config& config);      // env_durak.cpp

void env_seed(const std::uint8_t seed[32], std::uint64_t env, std::uint8_t out[32]) noexcept {
  derive_seed(seed, "env:", env, out);
}

Env::Env(const Config& config, int obs_size)
    : config_(config),
      key_(sim::Stream::key_of(config.seed)),
      obs_size_(obs_size),
      legal_(config.num_envs, 0),
      episode_(config.num_envs, 0),
      workers_(config.threads) {}

void Env::reseed(const std::uint8_t seed[32]) noexcept {
  std::memcpy(config_.seed, seed, 32);
  key_ = sim::Stream::key_of(seed);
  std::fill(episode_.begin(), episode_.end(), 0);
  started_ = false;
}

void Env::reset(const Outputs& out) {
  if (started_)
    for (std::uint64_t& e : episode_) ++e;  // the episodes in play are abandoned
  started_ = true;
  workers_.run(episode_.size(), [&](std::size_t begin_i, std::size_t end_i) {
    for (std::size_t i = begin_i; i < end_i; ++i) begin(i, out);
  });
}

std::vector<std::uint32_t> Env::illegal(const std::int64_t* actions) const {
  std::vector<std::uint32_t> bad;
  for (std::size_t i = 0; i < legal_.size(); ++i) {
    const std::int64_t a = actions[i];
    if (a < 0 || a >= kActions || !((legal_[i] >> a) & 1)) bad.push_back(std::uint32_t(i));
  }
  return bad;
}

void Env::step(const std::int64_t* actions, const Outputs& out) {
  workers_.run(episode_.size(), [&](std::size_t begin_i, std::size_t end_i) {
    for (std::size_t i = begin_i; i < end_i; ++i) {
      if (!play(i, int(actions[i]), out)) continue;
      ++episode_[i];
      begin(i, out);
    }
  });
}

std::unique_ptr<Env> make_env(const Config& config) {
  if (config.game == Game::kDurak) return make_durak_env(config);
  return make_schnapsen_env(config);
}

}  // namespace trumpf::rl
