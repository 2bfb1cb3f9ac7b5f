// The VectorEnv's games by name: each Schnapsen-family variant and preset
// played as a deal, the same with "-match" (a whole match), and "durak".
// Kind and family come from the games table (common/games.hpp), the rules
// from the variant and preset tables (schnapsen/variant.hpp); the bindings,
// cpp/tools and trumpf.rl.GAMES read this, and nothing else parses a name.
//
//   Game g; schnapsen::Rules r;
//   if (game_named("schnapsen-tjger-match", &g, &r)) ...  // kSchnapsenMatch, the preset's rules
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rl/env.hpp"

namespace trumpf::rl {

// The game and rules `name` stands for; false for a name that is none.
bool game_named(std::string_view name, Game* game, schnapsen::Rules* rules) noexcept;

// Every name game_named takes: the deals, then the matches, then durak.
std::vector<std::string> game_names();

// The worst reward an episode of `game` can pay a seat (rl/rewards.hpp):
// the most game points a deal pays, or one match or Durak game lost.
float worst_reward(Game game) noexcept;

}  // namespace trumpf::rl
