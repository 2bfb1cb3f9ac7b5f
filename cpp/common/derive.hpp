// A seed derived from another as SHA-256(seed || label || a number in
// decimal): a match simulation's match_seed ("match:<i + 1>",
// sim/simulate.cpp) and a VectorEnv's env_seed ("env:<i>", rl/env.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "common/decimal.hpp"
#include "common/sha256.hpp"

namespace trumpf {

// `label` is a short literal such as "match:"; longer ones are cut at 16 bytes.
inline void derive_seed(const std::uint8_t seed[32], std::string_view label, std::uint64_t number,
                        std::uint8_t out[32]) noexcept {
  std::uint8_t message[32 + 16 + 20];
  const std::size_t n = label.size() < 16 ? label.size() : 16;
  std::memcpy(message, seed, 32);
  std::memcpy(message + 32, label.data(), n);
  const std::size_t len = 32 + n + std::size_t(decimal_of(number, message + 32 + n));
  const Digest d = sha256(message, len);
  std::memcpy(out, d.data(), 32);
}

}  // namespace trumpf
