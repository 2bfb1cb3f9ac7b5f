// Writing card sets into observation tensors: a bitmask becomes a row of
// 0/1 values, eight cards at a time from a table, because the observation
// is written on every decision of a VectorEnv and a loop over bits would be
// most of its cost.
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>

namespace trumpf {

struct PlaneTables {
  float f[256][8];
  std::uint8_t u[256][8];
  constexpr PlaneTables() : f{}, u{} {
    for (int b = 0; b < 256; ++b)
      for (int k = 0; k < 8; ++k) {
        f[b][k] = float((b >> k) & 1);
        u[b][k] = std::uint8_t((b >> k) & 1);
      }
  }
};
inline constexpr PlaneTables kPlaneTables{};

namespace planes_detail {

template <class T, std::size_t... I>
inline void put(T* out, std::uint64_t bits, std::index_sequence<I...>) noexcept {
  // One table row a byte, written out in full: a loop here was not unrolled.
  if constexpr (sizeof(T) == 1)
    (std::memcpy(out + 8 * I, kPlaneTables.u[(bits >> (8 * I)) & 0xFF], 8), ...);
  else
    (std::memcpy(out + 8 * I, kPlaneTables.f[(bits >> (8 * I)) & 0xFF], sizeof(float) * 8), ...);
}

}  // namespace planes_detail

// Writes bits 0 .. 8*Bytes-1 of `bits` as 0/1 into out[0 .. 8*Bytes); T is
// float or std::uint8_t.
template <int Bytes, class T>
inline void put_bits(T* out, std::uint64_t bits) noexcept {
  planes_detail::put(out, bits, std::make_index_sequence<Bytes>{});
}

}  // namespace trumpf
