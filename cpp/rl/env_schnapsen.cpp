// The VectorEnv of the Schnapsen family: deals or matches of Schnapsen and
// Sixty-Six, under any house rules.
#include <memory>

#include "common/planes.hpp"
#include "rl/env.hpp"
#include "rl/episode.hpp"
#include "rl/rewards.hpp"
#include "schnapsen/actions.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"
#include "schnapsen/observe.hpp"
#include "sim/scheme.hpp"
#include "sim/simulate.hpp"
#include "sim/stream.hpp"

namespace trumpf::rl {

namespace {

namespace ts = trumpf::schnapsen;

struct Slot {
  ts::MatchState m;  // a deal episode plays m.deal alone
  ts::Shown shown;
  sim::Stream stream;          // the random opponent's
  std::uint64_t expert_seed;   // an expert opponent's
  std::uint8_t deal_seed[32];  // env_seed(seed, i): a deal episode's shuffle (episode.hpp)
};

class SchnapsenEnv final : public Env {
 public:
  explicit SchnapsenEnv(const Config& c)
      : Env(c, ts::kObsSize),
        match_(c.game == Game::kSchnapsenMatch || c.game == Game::kSixtySixMatch),
        slots_(c.num_envs, Slot{ts::MatchState{}, ts::Shown{}, sim::Stream(key_, 0, 0), 0, {}}) {
    seed_deals();
  }

  // clone(): the envs as they are, nothing saved aside.
  SchnapsenEnv(const SchnapsenEnv& o) : Env(o), match_(o.match_), slots_(o.slots_) {}
  std::unique_ptr<Env> clone() const override { return std::make_unique<SchnapsenEnv>(*this); }

  void begin(std::size_t i, const Outputs& out) noexcept override {
    Slot& e = slots_[i];
    for (;; ++episode_[i]) {
      const std::uint64_t game = episode_game(i, episode_[i]);
      const ts::Seat dealer = ts::Seat(sim::episode_dealer_of(i, episode_[i]));
      if (match_) {
        std::uint8_t seed[32];
        sim::match_seed(config_.seed, game, seed);
        ts::match_new(e.m, config_.rules, seed, dealer);
      } else {
        ts::deal_new(e.m.deal, config_.rules, e.deal_seed, (episode_[i] & 0xFFFFFFFFu) + 1, dealer);
      }
      ts::shown_start(e.shown, e.m.deal);
      if (config_.opponent == players::Player::kNone) break;
      e.stream = sim::Stream(key_, game, 1);
      if (players::needs_seed(config_.opponent))
        e.expert_seed = players::expert_seed_of(config_.seed, game, 1);
      opponent_moves(e);  // it may be first to move
      if (!over(e)) break;
    }
    decide(i, out);
  }

  // Flattened, as the simulator's loops are: in the Python module the rules
  // are also called from the bindings, and the inliner's size limits then
  // keep them out of this loop (Durak: 100 ns a decision against 68 in
  // cpp/tools/rl_step.cpp).
  TRUMPF_FLATTEN bool play(std::size_t i, int a, const Outputs& out) noexcept override {
    Slot& e = slots_[i];
    const ts::Seat seat = e.m.deal.turn;
    move(e, seat, ts::move_of(e.m.deal, a), kLegal);
    if (config_.opponent != players::Player::kNone) opponent_moves(e);
    const bool ended = over(e);
    out.terminated[i] = ended;
    if (match_)
      match_rewards(e.m, out.rewards + 2 * i);
    else
      deal_rewards(e.m.deal, out.rewards + 2 * i);
    clear_final(i, out);
    if (ended) {
      if (out.final_obs) observe_final(i, out);
      return true;
    }
    decide(i, out);
    return false;
  }

 private:
  void reseed(const std::uint8_t seed[32]) noexcept override {
    Env::reseed(seed);
    seed_deals();
  }
  int turn(std::size_t i) const noexcept override { return int(slots_[i].m.deal.turn); }
  void save_slots() override { saved_ = slots_; }
  void restore_slots() noexcept override { slots_.swap(saved_); }

  bool over(const Slot& e) const noexcept { return match_ ? e.m.over : e.m.deal.over; }

  void seed_deals() noexcept {
    if (match_) return;  // a match's deals come from its match_seed
    for (std::size_t i = 0; i < slots_.size(); ++i) env_seed(config_.seed, i, slots_[i].deal_seed);
  }

  // The agent's action is legal: Env::illegal refused the step otherwise,
  // and its move is move_of an action in the mask, so its checks (a branch
  // on the position's kind that no predictor can learn across envs) are
  // skipped. The opponent's moves are checked as any player's are.
  enum Checks : bool { kLegal = false, kChecked = true };

  // Inlined: called apart, its Move argument went through the stack byte by
  // byte and was read back whole, a store-forwarding stall on every move.
  [[gnu::always_inline]] void move(Slot& e, ts::Seat seat, ts::Move mv, Checks checks) noexcept {
    const ts::Before before = ts::before_of(e.m.deal);
    const std::uint64_t number = e.m.deal.number;
    if (match_ && checks)
      ts::match_apply(e.m, seat, mv, nullptr);
    else if (match_)
      ts::match_apply_legal(e.m, seat, mv, nullptr);
    else if (checks)
      ts::apply_move(e.m.deal, seat, mv, nullptr);
    else
      ts::apply_legal(e.m.deal, seat, mv, nullptr);
    if (e.m.deal.number == number)
      ts::shown_update(e.shown, before, seat, mv, e.m.deal);
    else
      ts::shown_start(e.shown, e.m.deal);  // the match dealt the next deal
  }

  // The opponent plays until it is the agent's turn or the episode is over.
  void opponent_moves(Slot& e) noexcept {
    const players::Context context{&e.stream, {}, e.expert_seed, config_.expert, stop_};
    while (!over(e) && e.m.deal.turn != kAgentSeat) {
      const ts::Seat seat = e.m.deal.turn;
      const ts::Move m =
          match_ ? players::choose_schnapsen(config_.opponent, e.m, e.shown, seat, context)
                 : players::choose_schnapsen(config_.opponent, e.m.deal, e.shown, seat, context);
      move(e, seat, m, kChecked);
    }
  }

  // `seat`'s tensor of env e's position into `row`.
  void observe_to(const Slot& e, ts::Seat seat, void* row) const noexcept {
    const ts::InfoSet info =
        match_ ? ts::info_set(e.m, e.shown, seat) : ts::info_set(e.m.deal, e.shown, seat);
    if (config_.uint8_obs)
      ts::observe(info, static_cast<std::uint8_t*>(row));
    else
      ts::observe(info, static_cast<float*>(row));
  }

  // The ended episode's tensors, from each shown seat's information set.
  void observe_final(std::size_t i, const Outputs& out) const noexcept override {
    for (int seat = 0; seat < 2; ++seat)
      if (final_shown(seat))
        observe_to(slots_[i], ts::Seat(seat), obs_row(out.final_obs, 2 * i + seat));
  }

  void decide(std::size_t i, const Outputs& out) noexcept override {
    const Slot& e = slots_[i];
    const ts::Seat seat = e.m.deal.turn;
    observe_to(e, seat, obs_row(out.obs, i));
    legal_[i] = ts::legal_actions(e.m.deal, seat);
    put_bits<kActions / 8>(out.mask + i * kActions, legal_[i]);
    out.player[i] = std::int8_t(seat);
  }

  const bool match_;
  std::vector<Slot> slots_;
  std::vector<Slot> saved_;  // slots_ before a call that may be stopped
};

}  // namespace

std::unique_ptr<Env> make_schnapsen_env(const Config& config) {
  return std::make_unique<SchnapsenEnv>(config);
}

}  // namespace trumpf::rl
