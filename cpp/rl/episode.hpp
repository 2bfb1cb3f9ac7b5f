// Where each episode of a VectorEnv comes from: a function of (seed, env
// index, episode number) alone, so any episode can be dealt again through the
// ordinary API (docs/rl.md, "Episodes"). Episode e of env i is game
//
//   g = i * 2**32 + e % 2**32
//
// of a batch simulation with the same seed, as cpp/sim deals and seeds it:
//
//   deal          Deal.build(variant, seed=seed, number=g + 1, dealer)
//   match         Match.build(variant, seed=sim::match_seed(seed, g), dealer)
//   Durak         Game.build(seed=seed, number=g + 1)
//   dealer        "p1" when i + e is even, else "p2"
//   random player sim::Stream(seed, g, 1), the stream of player 1 in game g
//   Durak bot1    Bot(level=1, seed="<g>:1"), the simulator's seed of player 1
//   expert        players::expert_seed_of(seed, g, 1), the simulator's seed of player 1
//
// so an episode costs no hashing beyond its deal's own shuffle (and one
// SHA-256 for an expert opponent's seed).
#pragma once

#include <cstdint>

namespace trumpf::rl {

inline std::uint64_t episode_game(std::uint64_t env, std::uint64_t episode) noexcept {
  return (env << 32) | (episode & 0xFFFFFFFFu);
}

// The level-1 Durak bot's seed text "<g>:1" into buf (at least 24 bytes);
// returns its length. Written out rather than formatted: it runs at every
// episode's start.
inline int bot_seed_of(std::uint64_t game, char* buf) noexcept {
  char digits[20];
  int n = 0;
  do {
    digits[n++] = char('0' + game % 10);
    game /= 10;
  } while (game);
  for (int k = 0; k < n; ++k) buf[k] = digits[n - 1 - k];
  buf[n] = ':';
  buf[n + 1] = '1';
  return n + 2;
}

}  // namespace trumpf::rl
