// A xoshiro256** stream seeded by SplitMix64 from a 256-bit key: the random
// stream of a simulated player (sim/stream.hpp) and of the expert bots'
// samples (schnapsen/expert.hpp, durak/expert.hpp).
//
// A simulation must give the same result whatever the thread count, so no
// stream is shared and none is global: the stream of player p in game i is a
// function of (key, i, p) alone, where key = SHA-256(master seed || "random")
// is taken once per simulation. SplitMix64 spreads (key, i, p) over the
// 256-bit state of a xoshiro256** generator. Both are written here by hand
// because they sit on the hot path (a draw per move, a seeding per game) and
// are a dozen lines each; <random>'s engines are slower to seed and its
// distributions differ between standard libraries, which would break
// reproducibility across platforms. The oracle's twin is
// trumpf/reference/_stream.py.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "common/sha256.hpp"

namespace trumpf {

class Stream {
 public:
  // The key of a simulation, SHA-256(seed || "random"), as four 64-bit words.
  struct Key {
    std::uint64_t k[4];
  };
  static Key key_of(const std::uint8_t* seed) noexcept {
    std::uint8_t message[38];
    for (int i = 0; i < 32; ++i) message[i] = seed[i];
    const char* text = "random";
    for (int i = 0; i < 6; ++i) message[32 + i] = std::uint8_t(text[i]);
    return key_of_message(message, sizeof message);
  }
  // SHA-256 of any message, as four big-endian 64-bit words.
  static Key key_of_message(const std::uint8_t* message, std::size_t n) noexcept {
    const Digest d = sha256(message, n);
    Key key;
    for (int w = 0; w < 4; ++w) {
      std::uint64_t v = 0;
      for (int b = 0; b < 8; ++b) v = (v << 8) | d[8 * w + b];
      key.k[w] = v;
    }
    return key;
  }

  Stream(const Key& key, std::uint64_t game, int player) noexcept {
    std::uint64_t z = key.k[0] ^ ((game * 2 + std::uint64_t(player)) * 0x9E3779B97F4A7C15ULL);
    for (int w = 0; w < 4; ++w) s_[w] = splitmix64(z) ^ key.k[w];
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // xoshiro's one forbidden state
  }

  // The generator's state as 32 bytes, its four words big-endian: a stream
  // stopped here and resumed by from_state draws on as this one does.
  std::array<std::uint8_t, 32> state() const noexcept {
    std::array<std::uint8_t, 32> out{};
    for (int w = 0; w < 4; ++w)
      for (int b = 0; b < 8; ++b) out[8 * w + b] = std::uint8_t(s_[w] >> (56 - 8 * b));
    return out;
  }
  // The stream whose state() is `state`; none for the all-zero state, which
  // no stream reaches (xoshiro's forbidden state would draw 0 for ever).
  static std::optional<Stream> from_state(const std::array<std::uint8_t, 32>& state) noexcept {
    Stream stream;
    std::uint64_t any = 0;
    for (int w = 0; w < 4; ++w) {
      std::uint64_t v = 0;
      for (int b = 0; b < 8; ++b) v = (v << 8) | state[8 * w + b];
      stream.s_[w] = v;
      any |= v;
    }
    if (any == 0) return std::nullopt;
    return stream;
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
  Stream() noexcept : s_{0, 0, 0, 0} {}
  static std::uint64_t splitmix64(std::uint64_t& z) noexcept {
    std::uint64_t r = (z += 0x9E3779B97F4A7C15ULL);
    r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ULL;
    r = (r ^ (r >> 27)) * 0x94D049BB133111EBULL;
    return r ^ (r >> 31);
  }
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace trumpf
