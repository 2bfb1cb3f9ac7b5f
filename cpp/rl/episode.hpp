// Where each episode of a VectorEnv comes from: a function of (seed, env
// index, episode number) alone, so any episode can be dealt again through the
// ordinary API (docs/rl.md, "Episodes").
//
//   episode seed  SHA-256(seed || "env:<i>:<episode>")   (decimal, no padding)
//   deal          Deal.build(variant, seed=episode seed, number=1, dealer)
//   match         Match.build(variant, seed=episode seed, dealer)
//   Durak         Game.build(seed=episode seed, number=1)
//   dealer        "p1" when i + episode is even, else "p2"
//   random player sim::Stream(seed, i * 2**32 + episode % 2**32, 1): the
//                 simulator's stream of player 1 in that game
//   Durak bot1    Bot(level=1, seed="env:<i>:<episode>")
#pragma once

#include <cstdint>
#include <cstring>

#include "common/sha256.hpp"

namespace trumpf::rl {

// Writes `v` in decimal at buf; returns the digits written. Written out
// rather than snprintf'd: it runs at every episode's start.
inline int put_decimal(std::uint64_t v, char* buf) noexcept {
  char digits[20];
  int n = 0;
  do {
    digits[n++] = char('0' + v % 10);
    v /= 10;
  } while (v);
  for (int k = 0; k < n; ++k) buf[k] = digits[n - 1 - k];
  return n;
}

// The text "env:<i>:<episode>" into buf (at least 48 bytes); returns its length.
inline int episode_label(std::uint64_t env, std::uint64_t episode, char* buf) noexcept {
  std::memcpy(buf, "env:", 4);
  int n = 4 + put_decimal(env, buf + 4);
  buf[n++] = ':';
  return n + put_decimal(episode, buf + n);
}

inline void episode_seed(const std::uint8_t seed[32], std::uint64_t env, std::uint64_t episode,
                         std::uint8_t out[32]) noexcept {
  std::uint8_t message[32 + 48];
  std::memcpy(message, seed, 32);
  const int n = episode_label(env, episode, reinterpret_cast<char*>(message + 32));
  const Digest d = sha256(message, 32 + std::size_t(n));
  std::memcpy(out, d.data(), 32);
}

inline std::uint64_t stream_game(std::uint64_t env, std::uint64_t episode) noexcept {
  return (env << 32) | (episode & 0xFFFFFFFFu);
}

}  // namespace trumpf::rl
