// The VectorEnv of two-seat Podkidnoy Durak: an episode is one game.
#include <memory>
#include <string_view>

#include "common/planes.hpp"
#include "durak/actions.hpp"
#include "durak/info.hpp"
#include "durak/observe.hpp"
#include "rl/env.hpp"
#include "rl/episode.hpp"
#include "rl/rewards.hpp"
#include "sim/simulate.hpp"
#include "sim/stream.hpp"

namespace trumpf::rl {

namespace {

namespace td = trumpf::durak;

// The engine's seats are the arrays' 0 and 1, as the env exposes them.
static_assert(td::kP1 == 0 && td::kP2 == 1, "seats index the env's arrays");

struct Slot {
  td::GameState s;
  td::Shown shown;
  sim::Stream stream;         // the random opponent's
  std::uint64_t expert_seed;  // an expert opponent's
  char bot_seed[24];          // "<g>:1", the level-1 bot's seed (episode.hpp)
  std::uint8_t bot_seed_n;
};

class DurakEnv final : public Env {
 public:
  explicit DurakEnv(const Config& c)
      : Env(c, td::kObsSize),
        slots_(c.num_envs, Slot{td::GameState{}, td::Shown{}, sim::Stream(key_, 0, 0), 0, {}, 0}) {}
  // clone(): the envs as they are, nothing saved aside.
  DurakEnv(const DurakEnv& o) : Env(o), slots_(o.slots_) {}
  std::unique_ptr<Env> clone() const override { return std::make_unique<DurakEnv>(*this); }

  void begin(std::size_t i, const Outputs& out) noexcept override {
    Slot& e = slots_[i];
    for (;; ++episode_[i]) {
      const std::uint64_t game = episode_game(i, episode_[i]);
      td::deal_game(config_.seed, game + 1, e.s);
      e.shown = td::Shown{};
      if (config_.opponent == players::Player::kNone) break;
      e.stream = sim::Stream(key_, game, 1);
      if (players::needs_seed(config_.opponent))
        e.expert_seed = players::expert_seed_of(config_.seed, game, 1);
      e.bot_seed_n = std::uint8_t(bot_seed_of(game, e.bot_seed));
      opponent_moves(e);  // it may attack first
      if (!td::is_over(e.s)) break;
    }
    decide(i, out);
  }

  // Flattened, as the simulator's loops are: in the Python module the rules
  // are also called from the bindings, and the inliner's size limits then
  // keep them out of this loop (Durak: 100 ns a decision against 68 in
  // cpp/tools/rl_step.cpp).
  TRUMPF_FLATTEN bool play(std::size_t i, int a, const Outputs& out) noexcept override {
    Slot& e = slots_[i];
    move(e, td::turn_of(e.s), td::move_of(e.s, a));
    if (config_.opponent != players::Player::kNone) opponent_moves(e);
    const bool ended = td::is_over(e.s);
    out.terminated[i] = ended;
    durak_rewards(e.s, out.rewards + 2 * i);
    clear_final(i, out);
    if (ended) {
      if (out.final_obs) observe_final(i, out);
      return true;
    }
    decide(i, out);
    return false;
  }

 private:
  int turn(std::size_t i) const noexcept override { return td::turn_of(slots_[i].s); }
  void save_slots() override { saved_ = slots_; }
  void restore_slots() noexcept override { slots_.swap(saved_); }

  [[gnu::always_inline]] static void move(Slot& e, td::Seat seat, td::Move m) noexcept {
    const td::GameState before = e.s;
    td::apply_legal(e.s, seat, m, nullptr);
    td::shown_update(e.shown, before, seat, m, e.s);
  }

  void opponent_moves(Slot& e) const noexcept {
    const players::Context context{&e.stream, std::string_view(e.bot_seed, e.bot_seed_n),
                                   e.expert_seed, config_.expert, stop_};
    while (!td::is_over(e.s) && td::turn_of(e.s) != kAgentSeat) {
      const td::Seat seat = td::turn_of(e.s);
      move(e, seat, players::choose_durak(config_.opponent, e.s, e.shown, seat, context));
    }
  }

  void observe_to(const td::InfoSet& info, void* row) const noexcept {
    if (config_.uint8_obs)
      td::observe(info, static_cast<std::uint8_t*>(row));
    else
      td::observe(info, static_cast<float*>(row));
  }

  void decide(std::size_t i, const Outputs& out) noexcept override {
    const Slot& e = slots_[i];
    const td::Seat seat = td::turn_of(e.s);
    observe_to(td::info_set(e.s, e.shown, seat), obs_row(out.obs, i));
    legal_[i] = td::legal_actions(e.s, seat);
    put_bits<kActions / 8>(out.mask + i * kActions, legal_[i]);
    out.player[i] = std::int8_t(seat);
  }

  // The ended game's tensors, from each shown seat's information set.
  void observe_final(std::size_t i, const Outputs& out) const noexcept override {
    const Slot& e = slots_[i];
    for (td::Seat seat : {td::kP1, td::kP2})
      if (final_shown(seat))
        observe_to(td::info_set(e.s, e.shown, seat), obs_row(out.final_obs, 2 * i + seat));
  }

  std::vector<Slot> slots_;
  std::vector<Slot> saved_;  // slots_ before a call that may be stopped
};

}  // namespace

std::unique_ptr<Env> make_durak_env(const Config& config) {
  return std::make_unique<DurakEnv>(config);
}

}  // namespace trumpf::rl
