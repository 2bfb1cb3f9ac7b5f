// The random stream of one player in one simulated game.
//
// A simulation must give the same result whatever the thread count, so no
// stream is shared and none is global: player p of game i draws from a
// xoshiro256** generator seeded by SHA-256(master seed || "random:<i>:<p>").
// xoshiro is written here by hand because it sits on the hot path (a draw per
// move) and is a dozen lines; <random>'s engines are slower to seed and its
// distributions differ between standard libraries, which would break
// reproducibility across platforms.
#pragma once

#include <cstdint>
#include <string>

#include "common/sha256.hpp"

namespace trumpf::sim {

class Stream {
 public:
  Stream(const std::uint8_t* seed, std::uint64_t game, int player) noexcept {
    std::uint8_t message[96];
    for (int k = 0; k < 32; ++k) message[k] = seed[k];
    std::string text = "random:" + std::to_string(game) + ":" + std::to_string(player);
    std::size_t n = text.size();
    for (std::size_t k = 0; k < n; ++k) message[32 + k] = std::uint8_t(text[k]);
    Digest d = sha256(message, 32 + n);
    for (int w = 0; w < 4; ++w) {
      std::uint64_t v = 0;
      for (int b = 0; b < 8; ++b) v = (v << 8) | d[8 * w + b];
      s_[w] = v;
    }
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // xoshiro's one forbidden state
  }

  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n >= 1, without modulo bias (Lemire's method).
  std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = std::uint64_t(std::uint32_t(next() >> 32)) * n;
    std::uint32_t low = std::uint32_t(m);
    if (low < n) {
      const std::uint32_t threshold = std::uint32_t(-n) % n;
      while (low < threshold) {
        m = std::uint64_t(std::uint32_t(next() >> 32)) * n;
        low = std::uint32_t(m);
      }
    }
    return std::uint32_t(m >> 32);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace trumpf::sim
