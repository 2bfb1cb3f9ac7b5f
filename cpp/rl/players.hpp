// The players a VectorEnv's agent can meet (opponent="random", "bot1", ...):
// the one place a player is named and chooses. A player a later issue adds
// is one more row of kPlayers and one more case in each choose_*.
#pragma once

#include <cstdint>
#include <string_view>

#include "durak/game.hpp"
#include "schnapsen/deal.hpp"
#include "sim/stream.hpp"

namespace trumpf::rl {

enum class Player : std::uint8_t { kNone, kRandom, kBot1, kBot2, kBot3 };

struct PlayerRow {
  const char* name;
  Player player;
  bool schnapsen;  // plays the Schnapsen family
  bool durak;
};
constexpr PlayerRow kPlayers[] = {
    {"random", Player::kRandom, true, true},
    {"bot1", Player::kBot1, true, true},
    {"bot2", Player::kBot2, true, true},
    {"bot3", Player::kBot3, false, true},
};

// What a player draws on beyond the position: its random stream, and for
// Durak's level-1 bot the seed text it hashes with the seat and ply.
struct PlayerContext {
  sim::Stream* stream;
  std::string_view bot_seed;
};

// The move `player` makes for `seat`, which is on turn in a deal not over.
schnapsen::Move choose_schnapsen(Player player, const schnapsen::DealState& s, schnapsen::Seat seat,
                                 const PlayerContext& context) noexcept;
durak::Move choose_durak(Player player, const durak::GameState& s, int seat,
                         const PlayerContext& context) noexcept;

}  // namespace trumpf::rl
