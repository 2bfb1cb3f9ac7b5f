// trumpf.rl.VectorEnv's engine: num_envs games stepped in one call, their
// observations, action masks, players, rewards and terminations written
// into arrays the caller owns (numpy's, in the bindings). Plain C++: no
// Python here.
//
//   Config c;  c.game = Game::kSchnapsen;  c.num_envs = 1024;  ...
//   std::unique_ptr<Env> env = make_env(c);
//   env->reset(out);                       // every env begins its next episode
//   std::vector<std::uint32_t> bad = env->illegal(actions);   // refuse when not empty
//   env->step(actions, out);               // each env plays its action, then auto-resets
//
// An env's episode is a deal, a match or a Durak game; when it ends inside a
// step its reward is in that step's `rewards` and the observation, mask and
// player written are the next episode's first decision (docs/rl.md). The
// final position's tensors, which that reset replaces, go to `final_obs`
// when the caller gives one.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "players/players.hpp"
#include "rl/workers.hpp"
#include "schnapsen/variant.hpp"
#include "sim/stream.hpp"

namespace trumpf::rl {

enum class Game : std::uint8_t { kSchnapsen, kSixtySix, kSchnapsenMatch, kSixtySixMatch, kDurak };

constexpr int kActions = 40;  // both families (schnapsen/actions.hpp, durak/actions.hpp)
constexpr std::uint32_t kMaxEnvs = 1u << 20;  // a million envs: over a GiB of state and arrays
constexpr int kMaxThreads = 256;

struct Config {
  Game game = Game::kSchnapsen;
  schnapsen::Rules rules{};  // the Schnapsen family's; the base must be the game's
  players::Player opponent = players::Player::kNone;  // kNone: self-play
  players::ExpertBudget expert;                       // an expert opponent's budget
  std::uint8_t seed[32] = {};
  std::uint32_t num_envs = 1;
  int threads = 1;
  bool uint8_obs = false;  // raw uint8 observations instead of float32
};

// Rows of the caller's arrays, env i at row i.
struct Outputs {
  void* obs;                 // num_envs x obs_size(), float32 or uint8
  std::uint8_t* mask;        // num_envs x kActions, 0/1
  std::int8_t* player;       // num_envs: the seat to act, 0 or 1
  float* rewards;            // num_envs x 2, by seat (step only)
  std::uint8_t* terminated;  // num_envs, 0/1 (step only)
  // num_envs x 2 x obs_size by seat, as obs, or null (step only): where an
  // episode ended, each seat's tensor of the position it ended in (against
  // an opponent only the agent's: the opponent's hand stays hidden); zero
  // in every other row.
  void* final_obs = nullptr;
};

// The seat the agent plays in single-agent mode.
constexpr int kAgentSeat = 0;

class Env {
 public:
  virtual ~Env() = default;
  int obs_size() const noexcept { return obs_size_; }
  const Config& config() const noexcept { return config_; }
  // The episode each env is playing (the number of episodes it began before).
  const std::vector<std::uint64_t>& episodes() const noexcept { return episode_; }

  // Starts the next episode of every env (episode 0 on the first reset, or
  // after reseed) and writes each one's first decision.
  void reset(const Outputs& out);
  // Makes the next reset start every env at episode 0 of this seed.
  virtual void reseed(const std::uint8_t seed[32]) noexcept;
  // Whether reset has been called: step needs a decision to answer.
  bool started() const noexcept { return started_; }
  // The envs whose action is out of range or not legal now, in order.
  std::vector<std::uint32_t> illegal(const std::int64_t* actions) const;
  // Plays every env's action (all legal: check with illegal first).
  void step(const std::int64_t* actions, const Outputs& out);

 protected:
  Env(const Config& config, int obs_size);
  // Row `row` of an observation array of this env's dtype.
  void* obs_row(void* base, std::size_t row) const noexcept {
    return static_cast<char*>(base) + row * std::size_t(obs_size_) * obs_bytes();
  }
  std::size_t obs_bytes() const noexcept { return config_.uint8_obs ? 1 : sizeof(float); }
  // Whether `seat` (0 or 1) is shown its final tensor: both seats in
  // self-play, only the agent against an opponent.
  bool final_shown(int seat) const noexcept {
    return config_.opponent == players::Player::kNone || seat == kAgentSeat;
  }
  // Zeroes env i's final_obs rows, if the caller asked for them.
  void clear_final(std::size_t i, const Outputs& out) const noexcept {
    if (out.final_obs) std::memset(obs_row(out.final_obs, 2 * i), 0, 2 * obs_size_ * obs_bytes());
  }
  // Begins episode episode_[i] of env i, plays the opponent up to the
  // agent's first decision and writes it into row i. An episode that ends
  // before the agent has a decision is skipped: episode_[i] moves on.
  virtual void begin(std::size_t i, const Outputs& out) noexcept = 0;
  // Plays action a in env i; writes its rewards and termination and, unless
  // it ended (then begin() follows), its next decision.
  virtual bool play(std::size_t i, int a, const Outputs& out) noexcept = 0;

  Config config_;
  sim::Stream::Key key_;  // of config_.seed: the random opponents' streams (episode.hpp)
  int obs_size_;
  std::vector<std::uint64_t> legal_;    // the legal actions of each env's decision
  std::vector<std::uint64_t> episode_;  // the episode each env plays
  bool started_ = false;

 private:
  Workers workers_;
};

std::unique_ptr<Env> make_env(const Config& config);

}  // namespace trumpf::rl
