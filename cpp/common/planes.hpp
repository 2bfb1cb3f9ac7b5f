// Writing card sets into observation tensors: a bitmask becomes a row of
// 0/1 values, eight cards at a time from a table, because the observation
// is written on every decision of a VectorEnv and a loop over bits would be
// most of its cost. Where the CPU has AVX-512, put_words writes sixteen
// floats (or sixty-four bytes) from one masked move of a register of ones.
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

// Whether this CPU has AVX-512 F and BW, which put_words then uses (planes.cpp).
extern const bool kPlanesWide;

namespace planes_detail {
void put_words_wide(const std::uint64_t* words, int n, float* out) noexcept;
void put_words_wide(const std::uint64_t* words, int n, std::uint8_t* out) noexcept;
}  // namespace planes_detail

// Writes the bits of words[0 .. Words) as 0/1 into out[0 .. 64*Words), bit
// b of word w at out[64*w + b]; `wide` false keeps to the table (tests check
// both ways on one machine).
template <int Words, class T>
inline void put_words(const std::uint64_t (&words)[Words], T* out,
                      bool wide = kPlanesWide) noexcept {
  if (wide && kPlanesWide) {  // never AVX-512 on a CPU without it
    planes_detail::put_words_wide(words, Words, out);
    return;
  }
  for (int w = 0; w < Words; ++w) put_bits<8>(out + 64 * w, words[w]);
}

// Adds a plane of 24 slots starting at `slot` (mask bit k to slot + k) to
// the words put_words writes. Every caller passes a constant slot, so once
// inlined this is a shift and an or, two where the plane straddles words.
template <int Words>
inline void add_plane(std::uint64_t (&words)[Words], int slot, std::uint64_t mask24) noexcept {
  words[slot / 64] |= mask24 << (slot % 64);
  if (slot % 64 > 40) words[slot / 64 + 1] |= mask24 >> (64 - slot % 64);
}

}  // namespace trumpf
