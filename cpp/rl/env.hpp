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
//   env->step(actions, out, nullptr, hold);  // the envs with hold[i] set are left out
//   std::unique_ptr<Env> twin = env->clone();                 // an independent copy
//   Record r = env->record();              // what a pickle keeps: replayed by restore
//
// An env's episode is a deal, a match or a Durak game; when it ends inside a
// step its reward is in that step's `rewards` and the observation, mask and
// player written are the next episode's first decision (docs/rl.md). The
// final position's tensors, which that reset replaces, go to `final_obs`
// when the caller gives one. Two options end an episode early, and the env
// resets as after any end: Config::penalize ends it on an action that is
// not legal, paying the seat that played it the game's worst reward (as the
// single env does), and Config::max_steps truncates it after that many
// actions played in it (`truncated`). A step may leave envs out (`hold`):
// such an env keeps its state and decision, which are written again, with
// reward 0 and no end; this gives NEXT_STEP autoreset on top of the in-step
// reset (the step after an env's episode ended holds that env).
//
// A reset or step given a Stop (common/stop.hpp) can be interrupted: it
// copies the env's state aside first, and when the Stop is requested before
// it finished it puts that state back and returns false, as if it had never
// been called (the caller's arrays excepted: they are the caller's to keep).
// A step against a costly opponent (expert, perfect) is the one that can
// take long; the others are not worth the copy.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/stop.hpp"
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
  bool uint8_obs = false;       // raw uint8 observations instead of float32
  bool penalize = false;        // an action not legal ends the episode (else: refused)
  std::uint32_t max_steps = 0;  // actions an episode is truncated after (0: never)
};

// Rows of the caller's arrays, env i at row i.
struct Outputs {
  void* obs;                          // num_envs x obs_size(), float32 or uint8
  std::uint8_t* mask;                 // num_envs x kActions, 0/1
  std::int8_t* player;                // num_envs: the seat to act, 0 or 1
  float* rewards;                     // num_envs x 2, by seat (step only)
  std::uint8_t* terminated;           // num_envs, 0/1 (step only)
  std::uint8_t* truncated = nullptr;  // num_envs, 0/1, or null (step only): cut at max_steps
  // num_envs x 2 x obs_size by seat, as obs, or null (step only): where an
  // episode ended, each seat's tensor of the position it ended in (against
  // an opponent only the agent's: the opponent's hand stays hidden); zero
  // in every other row.
  void* final_obs = nullptr;
};

// What an env's state follows from: each env's episode and the actions
// played in it, which replayed through the rules (Env::restore) give back
// the env, and the episodes the last step ended, whose final positions
// final_obs shows. A pickle keeps this, never the state itself. An action
// byte is the action played (0 .. 39), kHeld for a step that held the env,
// or kPenalized plus the action for one not legal that ended the episode
// with the penalty; a truncation follows from Config::max_steps.
struct Record {
  static constexpr std::uint8_t kHeld = 0xFF;
  static constexpr std::uint8_t kPenalized = 0x80;
  static constexpr std::uint64_t kNone = ~std::uint64_t(0);
  bool started = false;                // reset has been called (since the last reseed)
  std::vector<std::uint64_t> episode;  // each env's episode in play
  std::vector<std::uint32_t> length;   // how many actions each env has played in it
  std::vector<std::uint8_t> actions;   // those actions, env 0's first
  // Where the last step ended an episode: its number (kNone elsewhere) and
  // all its actions, the last of which ended it.
  std::vector<std::uint64_t> ended;
  std::vector<std::uint32_t> ended_length;
  std::vector<std::uint8_t> ended_actions;
};

// The seat the agent plays in single-agent mode.
constexpr int kAgentSeat = 0;

class Env {
 public:
  virtual ~Env() = default;
  Env& operator=(const Env&) = delete;
  int obs_size() const noexcept { return obs_size_; }
  const Config& config() const noexcept { return config_; }
  // The episode each env is playing (the number of episodes it began before).
  const std::vector<std::uint64_t>& episodes() const noexcept { return episode_; }
  // Whether a step can run long: against an opponent that searches.
  bool costly() const noexcept { return players::needs_seed(config_.opponent); }

  // Starts the next episode of every env (episode 0 on the first reset) and
  // writes each one's first decision. With `seed`, every env begins episode
  // 0 of that seed instead. False when `stop` (may be null) stopped it: the
  // env is then as it was before the call.
  bool reset(const Outputs& out, const std::uint8_t* seed = nullptr, Stop* stop = nullptr);
  // Whether reset has been called: step needs a decision to answer.
  bool started() const noexcept { return started_; }
  // The envs whose action is refused, in order: out of range, or (without
  // Config::penalize) not legal now; held envs (hold may be null) excepted.
  std::vector<std::uint32_t> illegal(const std::int64_t* actions,
                                     const std::uint8_t* hold = nullptr) const;
  // Plays every env's action (none refused: check with illegal first),
  // except where hold (num_envs 0/1, may be null) is set. False when `stop`
  // (may be null) stopped it: the env is then as it was before.
  bool step(const std::int64_t* actions, const Outputs& out, Stop* stop = nullptr,
            const std::uint8_t* hold = nullptr);

  // An independent env in the same state, with threads of its own; throws
  // sim::ThreadsRefused when the system will not start them.
  virtual std::unique_ptr<Env> clone() const = 0;
  // The record of this env's state (above).
  Record record() const;
  // Puts a fresh env (make_env of the same Config, never reset) in the state
  // `r` describes by replaying it, writing each env's decision into `out`
  // (final_obs zeroed by the caller) with the last step's final tensors.
  // Returns what is wrong with a record no play reaches ("" when it was
  // replayed); the env is then unusable. Stopped: "stopped".
  std::string restore(const Record& r, const Outputs& out, Stop* stop = nullptr);

 protected:
  Env(const Config& config, int obs_size);
  // A copy in the same state with threads of its own (clone).
  Env(const Env& other);
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
  // Makes the next reset start every env at episode 0 of this seed.
  virtual void reseed(const std::uint8_t seed[32]) noexcept;
  // Begins episode episode_[i] of env i, plays the opponent up to the
  // agent's first decision and writes it into row i. An episode that ends
  // before the agent has a decision is skipped: episode_[i] moves on.
  virtual void begin(std::size_t i, const Outputs& out) noexcept = 0;
  // Plays action a in env i; writes its rewards and termination and, unless
  // it ended (then begin() follows), its next decision.
  virtual bool play(std::size_t i, int a, const Outputs& out) noexcept = 0;
  // Writes env i's decision (its observation, mask and player) into row i.
  virtual void decide(std::size_t i, const Outputs& out) noexcept = 0;
  // Writes env i's final tensors of its position as it is (out.final_obs set).
  virtual void observe_final(std::size_t i, const Outputs& out) const noexcept = 0;
  // The seat to act in env i, 0 or 1.
  virtual int turn(std::size_t i) const noexcept = 0;
  // The envs' own state, copied aside before a call that may be stopped and
  // put back when it was (the subclass's slots; the base keeps the rest).
  virtual void save_slots() = 0;
  virtual void restore_slots() noexcept = 0;
  // The Stop the opponents' searches poll during the call in progress.
  Stop* stop_ = nullptr;

  Config config_;
  sim::Stream::Key key_;  // of config_.seed: the random opponents' streams (episode.hpp)
  int obs_size_;
  std::vector<std::uint64_t> legal_;    // the legal actions of each env's decision
  std::vector<std::uint64_t> episode_;  // the episode each env plays
  bool started_ = false;

 private:
  // The base's part of the state a stoppable call may change.
  struct Book {
    std::uint8_t seed[32];
    sim::Stream::Key key;
    std::vector<std::uint64_t> legal, episode, begun, ended_episode, ended_begun, ended_at;
    std::vector<std::uint32_t> played;
    std::vector<std::uint8_t> log;
    std::uint64_t log_first, steps;
    bool started;
  };
  Book book() const;
  void put_back(Book& b) noexcept;
  // Replays env i's part of `r` (restore); what is wrong, or "".
  std::string replay(std::size_t i, const Record& r, std::size_t from, std::size_t ended_from,
                     const Outputs& out);
  // Drops the steps of log_ no episode in play (or ended in the last step) needs.
  void trim() noexcept;
  // A held env's answer: its decision again, reward 0, no end.
  void hold_one(std::size_t i, const Outputs& out) noexcept;
  // Ends env i's episode on action a, not legal: the penalty to the seat on turn.
  void penalize_one(std::size_t i, const Outputs& out) noexcept;
  // Whether env i's episode, not over, is cut at max_steps by the action
  // just played (then its final tensors are written).
  bool truncate_one(std::size_t i, const Outputs& out) noexcept;

  // The actions a record is cut from: one byte an env a step, steps
  // log_first_ .. steps_ - 1, env i's at log_[(step - log_first_) * n + i].
  std::vector<std::uint8_t> log_;
  std::uint64_t log_first_ = 0;
  std::uint64_t steps_ = 0;           // steps since the last reset
  std::vector<std::uint64_t> begun_;  // the step each env's episode in play began at
  // The episode an env ended last, the step it began at and (plus one) the
  // step it ended in (0: none since the last reset).
  std::vector<std::uint64_t> ended_episode_, ended_begun_, ended_at_;
  std::vector<std::uint32_t> played_;  // actions played in each env's episode in play
  float penalty_;                      // the game's worst reward (games.hpp)
  Workers workers_;
};

std::unique_ptr<Env> make_env(const Config& config);

}  // namespace trumpf::rl
