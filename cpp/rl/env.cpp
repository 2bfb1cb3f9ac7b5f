#include "rl/env.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#include "common/derive.hpp"
#include "rl/episode.hpp"
#include "rl/games.hpp"

namespace trumpf::rl {

std::unique_ptr<Env> make_schnapsen_env(const Config& config);  // env_schnapsen.cpp
std::unique_ptr<Env> make_durak_env(const Config& config);      // env_durak.cpp

namespace {

// Steps between two trims of the log: often enough to bound it, seldom
// enough that the scan over every env costs nothing a step.
constexpr std::uint64_t kTrimEvery = 64;

}  // namespace

void env_seed(const std::uint8_t seed[32], std::uint64_t env, std::uint8_t out[32]) noexcept {
  derive_seed(seed, "env:", env, out);
}

Env::Env(const Config& config, int obs_size)
    : config_(config),
      key_(sim::Stream::key_of(config.seed)),
      obs_size_(obs_size),
      legal_(config.num_envs, 0),
      episode_(config.num_envs, 0),
      begun_(config.num_envs, 0),
      ended_episode_(config.num_envs, 0),
      ended_begun_(config.num_envs, 0),
      ended_at_(config.num_envs, 0),
      played_(config.num_envs, 0),
      penalty_(worst_reward(config.game)),
      workers_(config.threads) {}

Env::Env(const Env& other)
    : config_(other.config_),
      key_(other.key_),
      obs_size_(other.obs_size_),
      legal_(other.legal_),
      episode_(other.episode_),
      started_(other.started_),
      log_(other.log_),
      log_first_(other.log_first_),
      steps_(other.steps_),
      begun_(other.begun_),
      ended_episode_(other.ended_episode_),
      ended_begun_(other.ended_begun_),
      ended_at_(other.ended_at_),
      played_(other.played_),
      penalty_(other.penalty_),
      workers_(other.config_.threads) {}

void Env::reseed(const std::uint8_t seed[32]) noexcept {
  std::memcpy(config_.seed, seed, 32);
  key_ = sim::Stream::key_of(seed);
  std::fill(episode_.begin(), episode_.end(), 0);
  started_ = false;
}

Env::Book Env::book() const {
  Book b;
  std::memcpy(b.seed, config_.seed, 32);
  b.key = key_;
  b.legal = legal_;
  b.episode = episode_;
  b.begun = begun_;
  b.ended_episode = ended_episode_;
  b.ended_begun = ended_begun_;
  b.ended_at = ended_at_;
  b.played = played_;
  b.log = log_;
  b.log_first = log_first_;
  b.steps = steps_;
  b.started = started_;
  return b;
}

void Env::put_back(Book& b) noexcept {
  std::memcpy(config_.seed, b.seed, 32);
  key_ = b.key;
  legal_.swap(b.legal);
  episode_.swap(b.episode);
  begun_.swap(b.begun);
  ended_episode_.swap(b.ended_episode);
  ended_begun_.swap(b.ended_begun);
  ended_at_.swap(b.ended_at);
  played_.swap(b.played);
  log_.swap(b.log);
  log_first_ = b.log_first;
  steps_ = b.steps;
  started_ = b.started;
  restore_slots();
}

bool Env::reset(const Outputs& out, const std::uint8_t* seed, Stop* stop) {
  std::unique_ptr<Book> saved;
  if (stop) {
    saved = std::make_unique<Book>(book());
    save_slots();
  }
  if (seed) reseed(seed);
  if (started_)
    for (std::uint64_t& e : episode_) ++e;  // the episodes in play are abandoned
  started_ = true;
  steps_ = log_first_ = 0;
  log_.clear();
  std::fill(begun_.begin(), begun_.end(), 0);
  std::fill(ended_at_.begin(), ended_at_.end(), 0);
  std::fill(played_.begin(), played_.end(), 0);
  stop_ = stop;
  workers_.run(
      episode_.size(),
      [&](std::size_t begin_i, std::size_t end_i) {
        for (std::size_t i = begin_i; i < end_i && !stop_polled(stop); ++i) begin(i, out);
      },
      stop);
  stop_ = nullptr;
  if (!stop || !stop->requested()) return true;
  put_back(*saved);
  return false;
}

std::vector<std::uint32_t> Env::illegal(const std::int64_t* actions,
                                        const std::uint8_t* hold) const {
  std::vector<std::uint32_t> bad;
  for (std::size_t i = 0; i < legal_.size(); ++i) {
    if (hold && hold[i]) continue;
    const std::int64_t a = actions[i];
    if (a < 0 || a >= kActions || (!config_.penalize && !((legal_[i] >> a) & 1)))
      bad.push_back(std::uint32_t(i));
  }
  return bad;
}

void Env::hold_one(std::size_t i, const Outputs& out) noexcept {
  out.rewards[2 * i] = out.rewards[2 * i + 1] = 0;
  out.terminated[i] = 0;
  clear_final(i, out);
  decide(i, out);
}

void Env::penalize_one(std::size_t i, const Outputs& out) noexcept {
  const int seat = turn(i);
  out.rewards[2 * i + seat] = penalty_;
  out.rewards[2 * i + 1 - seat] = 0;
  out.terminated[i] = 1;
  clear_final(i, out);
  if (out.final_obs) observe_final(i, out);
}

bool Env::truncate_one(std::size_t i, const Outputs& out) noexcept {
  if (config_.max_steps == 0 || ++played_[i] < config_.max_steps) return false;
  if (out.truncated) out.truncated[i] = 1;
  if (out.final_obs) observe_final(i, out);
  return true;
}

bool Env::step(const std::int64_t* actions, const Outputs& out, Stop* stop,
               const std::uint8_t* hold) {
  std::unique_ptr<Book> saved;
  if (stop) {
    saved = std::make_unique<Book>(book());
    save_slots();
  }
  const std::size_t n = episode_.size();
  const std::uint64_t step = steps_;
  // The log takes each action as its env plays it (Record's bytes): in
  // range (illegal() was empty), so it fits a byte, and already loaded there.
  const std::size_t at = log_.size();
  log_.resize(at + n);
  std::uint8_t* logged = log_.data() + at;
  const auto play_one = [&](std::size_t i) {
    if (out.truncated) out.truncated[i] = 0;
    if (hold && hold[i]) {
      logged[i] = Record::kHeld;
      hold_one(i, out);
      return;
    }
    const int a = int(actions[i]);
    if (config_.penalize && !((legal_[i] >> a) & 1)) {
      logged[i] = std::uint8_t(Record::kPenalized | a);
      penalize_one(i, out);
    } else {
      logged[i] = std::uint8_t(a);
      if (!play(i, a, out) && !truncate_one(i, out)) return;
    }
    played_[i] = 0;
    ended_episode_[i] = episode_[i];
    ended_begun_[i] = begun_[i];
    ended_at_[i] = step + 1;
    begun_[i] = step + 1;
    ++episode_[i];
    begin(i, out);
  };
  stop_ = stop;
  workers_.run(
      n,
      [&](std::size_t begin_i, std::size_t end_i) {
        if (!stop) {
          for (std::size_t i = begin_i; i < end_i; ++i) play_one(i);
          return;
        }
        for (std::size_t i = begin_i; i < end_i && !stop->poll(); ++i) play_one(i);
      },
      stop);
  stop_ = nullptr;
  if (stop && stop->requested()) {
    put_back(*saved);
    return false;
  }
  steps_ = step + 1;
  if (steps_ % kTrimEvery == 0) trim();
  return true;
}

void Env::trim() noexcept {
  std::uint64_t need = steps_;
  for (std::size_t i = 0; i < begun_.size(); ++i)
    need = std::min(need, ended_at_[i] == steps_ ? ended_begun_[i] : begun_[i]);
  if (need <= log_first_) return;
  const std::size_t cut = std::size_t(need - log_first_) * begun_.size();
  log_.erase(log_.begin(), log_.begin() + std::ptrdiff_t(cut));
  log_first_ = need;
}

Record Env::record() const {
  const std::size_t n = episode_.size();
  Record r;
  r.started = started_;
  r.episode = episode_;
  r.length.resize(n);
  r.ended.assign(n, Record::kNone);
  r.ended_length.assign(n, 0);
  const auto cut = [&](std::uint64_t from, std::size_t i, std::vector<std::uint8_t>& into) {
    for (std::uint64_t s = from; s < steps_; ++s) into.push_back(log_[(s - log_first_) * n + i]);
    return std::uint32_t(steps_ - from);
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (!started_) continue;
    r.length[i] = cut(begun_[i], i, r.actions);
    if (steps_ > 0 && ended_at_[i] == steps_) {
      r.ended[i] = ended_episode_[i];
      r.ended_length[i] = cut(ended_begun_[i], i, r.ended_actions);
    }
  }
  return r;
}

std::string Env::replay(std::size_t i, const Record& r, std::size_t from, std::size_t ended_from,
                        const Outputs& out) {
  const std::string env = "env " + std::to_string(i) + ": ";
  // Plays `count` actions from `a` in env i's episode in play; whether the
  // last one ended it, or what was wrong.
  const auto play_all = [&](const std::uint8_t* a, std::uint32_t count, bool* ended) {
    played_[i] = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
      if (*ended) return env + "actions go on after the episode ended";
      if (a[k] == Record::kHeld) continue;
      const int action = a[k] & ~Record::kPenalized;
      const bool legal = action < kActions && ((legal_[i] >> action) & 1);
      if (a[k] & Record::kPenalized) {
        if (!config_.penalize) return env + "a penalty in an env that refuses actions not legal";
        if (action >= kActions || legal)
          return env + "step " + std::to_string(k) + " penalizes action " + std::to_string(action) +
                 ", which is legal or none";
        penalize_one(i, out);
        *ended = true;
        continue;
      }
      if (!legal)
        return env + "action " + std::to_string(a[k]) + " is not legal after " + std::to_string(k) +
               " steps";
      *ended = play(i, action, out) || truncate_one(i, out);
    }
    return std::string();
  };
  // Begins episode e, which must be one the agent has a decision in.
  const auto begin_at = [&](std::uint64_t e) {
    episode_[i] = e;
    begin(i, out);
    if (episode_[i] == e) return std::string();
    return env + "episode " + std::to_string(e) + " ends before the agent's first decision";
  };
  std::string why;
  bool ended = false;
  if (r.ended[i] != Record::kNone) {
    if (r.length[i] != 0) return env + "the last step ended its episode: no actions since";
    if (r.ended_length[i] == 0) return env + "an episode ended without an action";
    if (!(why = begin_at(r.ended[i])).empty()) return why;
    if (!(why = play_all(r.ended_actions.data() + ended_from, r.ended_length[i], &ended)).empty())
      return why;
    if (!ended) return env + "the ended episode did not end";
    // As step() goes on: the next episode the agent has a decision in.
    ++episode_[i];
    played_[i] = 0;
    begin(i, out);
    if (episode_[i] != r.episode[i])
      return env + "the episode after " + std::to_string(r.ended[i]) + " is " +
             std::to_string(episode_[i]) + ", not " + std::to_string(r.episode[i]);
    return std::string();
  }
  if (!(why = begin_at(r.episode[i])).empty()) return why;
  if (!(why = play_all(r.actions.data() + from, r.length[i], &ended)).empty()) return why;
  if (ended) return env + "its episode in play is over";
  return std::string();
}

std::string Env::restore(const Record& r, const Outputs& out, Stop* stop) {
  const std::size_t n = episode_.size();
  if (r.episode.size() != n || r.length.size() != n || r.ended.size() != n ||
      r.ended_length.size() != n)
    return "the record is of " + std::to_string(r.episode.size()) + " envs, not " +
           std::to_string(n);
  std::vector<std::size_t> from(n), ended_from(n);
  std::size_t total = 0, ended_total = 0;
  std::uint64_t steps = 0;
  for (std::size_t i = 0; i < n; ++i) {
    from[i] = total;
    ended_from[i] = ended_total;
    total += r.length[i];
    ended_total += r.ended_length[i];
    if (r.ended[i] == Record::kNone && r.ended_length[i] != 0)
      return "env " + std::to_string(i) + ": actions of an ended episode, but none ended";
    steps = std::max<std::uint64_t>(steps,
                                    r.ended[i] == Record::kNone ? r.length[i] : r.ended_length[i]);
  }
  if (total != r.actions.size() || ended_total != r.ended_actions.size())
    return "the actions do not add up to their lengths";
  if (!r.started) {
    for (std::size_t i = 0; i < n; ++i)
      if (r.episode[i] != 0 || r.length[i] != 0 || r.ended[i] != Record::kNone)
        return "an env that was never reset has played nothing";
    return std::string();
  }
  started_ = true;
  std::vector<std::string> why(n);
  stop_ = stop;
  workers_.run(
      n,
      [&](std::size_t begin_i, std::size_t end_i) {
        for (std::size_t i = begin_i; i < end_i && !stop_polled(stop); ++i) {
          try {
            why[i] = replay(i, r, from[i], ended_from[i], out);
          } catch (const std::bad_alloc&) {
            why[i] = "out of memory";
          }
        }
      },
      stop);
  stop_ = nullptr;
  if (stop && stop->requested()) return "stopped";
  for (const std::string& w : why)
    if (!w.empty()) return w;
  // The log as if the last `steps` steps had played these actions.
  steps_ = steps;
  log_first_ = 0;
  log_.assign(std::size_t(steps) * n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const bool ended = r.ended[i] != Record::kNone;
    begun_[i] = steps - r.length[i];
    for (std::uint32_t k = 0; k < r.length[i]; ++k)
      log_[(begun_[i] + k) * n + i] = r.actions[from[i] + k];
    ended_at_[i] = ended ? steps : 0;
    if (!ended) continue;
    ended_episode_[i] = r.ended[i];
    ended_begun_[i] = steps - r.ended_length[i];
    for (std::uint32_t k = 0; k < r.ended_length[i]; ++k)
      log_[(ended_begun_[i] + k) * n + i] = r.ended_actions[ended_from[i] + k];
  }
  return std::string();
}

std::unique_ptr<Env> make_env(const Config& config) {
  if (config.game == Game::kDurak) return make_durak_env(config);
  return make_schnapsen_env(config);
}

}  // namespace trumpf::rl
