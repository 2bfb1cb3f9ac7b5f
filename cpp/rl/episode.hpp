// Where each episode of a VectorEnv comes from: a function of (seed, env
// index, episode number) alone, so any episode can be dealt again through the
// ordinary API (docs/rl.md, "Episodes"). Episode e of env i is game
//
//   g = i * 2**32 + e % 2**32
//
// of a batch simulation with the same seed, as cpp/sim seeds it, except
// that a Schnapsen-family deal is shuffled from the env's own seed:
//
//   deal          Deal.build(variant, seed=env_seed(seed, i), number=e % 2**32 + 1, dealer)
//   match         Match.build(variant, seed=sim::match_seed(seed, g), dealer)
//   Durak         Game.build(seed=seed, number=g + 1)
//   dealer        "p1" when i + e is even, else "p2"
//   random player sim::Stream(seed, g, 1), the stream of player 1 in game g
//   Durak bot1    Bot(level=1, seed="<g>:1"), the simulator's seed of player 1
//   expert        players::expert_seed_of(seed, g, 1), the simulator's seed of player 1
//
// so an episode costs no hashing beyond its deal's own shuffle (and one
// SHA-256 for an expert opponent's seed). Why deals differ: the shuffle
// hashes seed || "schnapsen:deal:<number>:<counter>", and with the number
// g + 1 (ten digits or more for every env but the first) that message is
// over 55 bytes, so each of a deal's three digests took two SHA-256 blocks.
// Numbered from 1 in a seed of its own, an env's deals stay within one
// block for its first 999,999 episodes (Sixty-Six's shorter prefix:
// 9,999,999), which halves the hashing of a deal, about a tenth of a
// decision. Durak's prefix is "deal": its messages fit one block with g + 1.
#pragma once

#include <cstdint>

#include "common/decimal.hpp"

namespace trumpf::rl {

// The seed env `env`'s deals are shuffled from: SHA-256(seed || "env:<env>")
// into out (env.cpp).
void env_seed(const std::uint8_t seed[32], std::uint64_t env, std::uint8_t out[32]) noexcept;

inline std::uint64_t episode_game(std::uint64_t env, std::uint64_t episode) noexcept {
  return (env << 32) | (episode & 0xFFFFFFFFu);
}

// The level-1 Durak bot's seed text "<g>:1" into buf (at least 22 bytes);
// returns its length.
inline int bot_seed_of(std::uint64_t game, char* buf) noexcept {
  const int n = decimal_of(game, buf);
  buf[n] = ':';
  buf[n + 1] = '1';
  return n + 2;
}

}  // namespace trumpf::rl
