// The one table of players: every player the simulator, the
// VectorEnv and the bindings know, by name, and the one choose of each
// family. A player a later issue adds is one more row of kPlayers and one
// more case in each choose_*.
//
//   const Row* row = row_named("expert");
//   Context c{&stream, bot_seed, expert_seed_of(seed, game, player), budget};
//   Move m = choose_schnapsen(row->player, deal, shown, seat, c);
//   Move n = choose_schnapsen(row->player, match, shown, seat, c);  // a deal of a match
//
// The costly players keep a solver and its table a thread (built on first
// use), so any number of threads may choose at once, and a move depends on
// the position, what it has shown and the context alone: never on the
// thread or on the moves chosen before.
#pragma once

#include <cstdint>
#include <string_view>

#include "common/stop.hpp"
#include "common/stream.hpp"
#include "durak/game.hpp"
#include "durak/info.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::players {

enum class Player : std::uint8_t {
  kNone,
  kRandom,
  kBot1,
  kBot2,
  kBot3,
  kExpert,
  kPerfect,
  kExpertPimc,
};

struct Row {
  const char* name;
  Player player;
  bool schnapsen;  // plays the Schnapsen family
  bool durak;
  bool fair;          // chooses from what its seat may know; perfect sees every card
  const char* about;  // one line for help texts
};
constexpr Row kPlayers[] = {
    {"random", Player::kRandom, true, true, true, "a uniformly random legal move"},
    {"bot1", Player::kBot1, true, true, true, "the reference bot, level 1"},
    {"bot2", Player::kBot2, true, true, true, "the reference bot, level 2"},
    {"bot3", Player::kBot3, false, true, true, "the reference Durak bot, level 3"},
    {"expert", Player::kExpert, true, true, true,
     "Monte Carlo over its information set, solving what it can; plays a Schnapsen match for "
     "the match"},
    {"expert-pimc", Player::kExpertPimc, true, true, true,
     "the expert valuing game points alone, in a match too: plain Monte Carlo"},
    {"perfect", Player::kPerfect, true, true, false,
     "sees every card (the other hand, the talon): a ceiling, not a fair player"},
};

// The row of a name, or nullptr.
const Row* row_named(std::string_view name) noexcept;
const Row& row_of(Player player) noexcept;
// Whether the player is one of the experts: it reads what the deal has shown
// (the play loop keeps a Shown).
constexpr bool needs_shown(Player player) noexcept {
  return player == Player::kExpert || player == Player::kExpertPimc;
}
// Whether the player searches: an expert, or perfect. It draws on
// Context::expert_seed (the expert's worlds, and Durak's perfect, whose
// rollouts are noisy: durak/expert.hpp), takes the expert's budget, and may
// run long.
constexpr bool needs_seed(Player player) noexcept {
  return needs_shown(player) || player == Player::kPerfect;
}

// The expert's budget a decision as a caller set it; 0 keeps the family's
// default (schnapsen/expert.hpp, durak/expert.hpp).
struct ExpertBudget {
  std::uint32_t samples = 0;
  std::uint64_t budget = 0;
};

// What a player draws on beyond the position: its random stream, Durak's
// level-1 bot seed text, the expert's seed and budget, and what may stop a
// costly player's search early (common/stop.hpp; null: nothing), after
// which its move is legal but not the one it would have found.
struct Context {
  Stream* stream = nullptr;
  std::string_view bot_seed;
  std::uint64_t expert_seed = 0;
  ExpertBudget expert;
  Stop* stop = nullptr;
};

// The expert seed of player p (0: A, 1: B) in game g of a run with master
// seed `seed`: the first 8 bytes, little-endian, of SHA-256(seed ||
// "expert:<g>:<p>"), shifted right by one bit (63 bits, so it fits an int64).
std::uint64_t expert_seed_of(const std::uint8_t seed[32], std::uint64_t game, int player) noexcept;

// The move `player` makes for `seat`, on turn in a deal (game) not over.
// `shown` is what the deal has shown (read by the expert, through the
// seat's InfoSet); perfect reads the whole position. In a deal of a match
// the expert also reads the match's standing (expert_schnapsen).
schnapsen::Move choose_schnapsen(Player player, const schnapsen::DealState& s,
                                 const schnapsen::Shown& shown, schnapsen::Seat seat,
                                 const Context& context) noexcept;
schnapsen::Move choose_schnapsen(Player player, const schnapsen::MatchState& m,
                                 const schnapsen::Shown& shown, schnapsen::Seat seat,
                                 const Context& context) noexcept;
durak::Move choose_durak(Player player, const durak::GameState& s, const durak::Shown& shown,
                         durak::Seat seat, const Context& context) noexcept;

// The move of an expert (kExpert or kExpertPimc) from the InfoSet of the
// seat on turn, however it was made (info_set, or info_complete on an info a
// caller passed). kExpert values a world's result by the match it leaves when
// the InfoSet is of a match whose variant schnapsen::kMatchAware marks;
// kExpertPimc, and kExpert elsewhere, by its game points. Durak has no
// matches: both play alike.
schnapsen::Move expert_schnapsen(Player player, const schnapsen::InfoSet& info,
                                 const Context& context) noexcept;
durak::Move expert_durak(const durak::InfoSet& info, const Context& context) noexcept;

}  // namespace trumpf::players
