// The bit operations card sets need: the set bits of a mask counted, the
// lowest one found, and the high half of a 64-bit product (the shuffle's
// fastmod, common/shuffle.hpp).
//
// GCC and Clang have builtins for each that compile to one instruction where
// the target has it (popcnt, tzcnt or bsf, mul); they sit on the hot path of
// every rule, bot and search. MSVC has none of them, nor unsigned __int128:
// on x64 it gets its own intrinsics where they need no newer CPU than the
// build targets, and elsewhere plain C++ (namespace portable). The plain C++
// versions are always compiled, under their own names, so a test on GCC or
// Clang can hold them to the builtins (cpp/tests/bits_test.cpp).
//
// Defining TRUMPF_PORTABLE_BITS (CMake's -DTRUMPF_PORTABLE_BITS=ON) makes
// every call take the plain C++ versions, so a whole build, ctest included,
// runs on the code MSVC's ARM64 and any other compiler get. GCC recognises
// the plain popcount and emits popcnt for it where the target has popcnt
// (-march=x86-64-v2); -mno-popcnt keeps the plain instructions too.
#pragma once

#include <cstdint>

#if !defined(TRUMPF_PORTABLE_BITS) && defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64)
#include <intrin.h>
#define TRUMPF_BITS_MSVC_X64 1
#endif

namespace trumpf::bits {

namespace portable {

// Sums of bits in ever wider fields (Hacker's Delight, chapter 5); the multiply
// adds the four byte counts into the top byte.
constexpr int popcount(std::uint32_t x) noexcept {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return int((x * 0x01010101u) >> 24);
}

constexpr int popcount(std::uint64_t x) noexcept {
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return int((x * 0x0101010101010101u) >> 56);
}

// A de Bruijn sequence: its top six bits, shifted left by 0..63, are 64
// different numbers, so multiplying it by the lowest set bit alone (a power
// of two) names that bit's index (Leiserson, Prokop and Randall, 1998).
inline constexpr std::uint64_t kDeBruijn = 0x03f79d71b4cb0a89u;

struct DeBruijnTable {
  std::uint8_t index[64];
  constexpr DeBruijnTable() noexcept : index() {
    for (int i = 0; i < 64; ++i) index[(kDeBruijn << i) >> 58] = std::uint8_t(i);
  }
};
inline constexpr DeBruijnTable kDeBruijnTable{};

// The index of the lowest set bit; x must not be zero. `0 - x`, not `-x`:
// MSVC warns of a minus sign on an unsigned type.
constexpr int lowest_bit(std::uint64_t x) noexcept {
  return kDeBruijnTable.index[((x & (0 - x)) * kDeBruijn) >> 58];
}

// Schoolbook multiplication in 32-bit halves. The middle sum cannot
// overflow: at most (2^32 - 2) + (2^32 - 1) + (2^32 - 1)^2 = 2^64 - 2.
constexpr std::uint64_t mul_high64(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (middle >> 32);
}

}  // namespace portable

// The number of set bits.
inline int popcount(std::uint32_t x) noexcept {
#if !defined(TRUMPF_PORTABLE_BITS) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_popcount(x);
#elif defined(TRUMPF_BITS_MSVC_X64) && defined(__AVX__)
  // popcnt is older than AVX; without /arch:AVX or above, x64 does not
  // promise it, and MSVC's __popcnt emits it regardless.
  return int(__popcnt(x));
#else
  return portable::popcount(x);
#endif
}

inline int popcount(std::uint64_t x) noexcept {
#if !defined(TRUMPF_PORTABLE_BITS) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_popcountll(x);
#elif defined(TRUMPF_BITS_MSVC_X64) && defined(__AVX__)
  return int(__popcnt64(x));
#else
  return portable::popcount(x);
#endif
}

// The index of the lowest set bit (count of trailing zeros); x must not be
// zero.
inline int lowest_bit(std::uint64_t x) noexcept {
#if !defined(TRUMPF_PORTABLE_BITS) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_ctzll(x);
#elif defined(TRUMPF_BITS_MSVC_X64)
  unsigned long i;  // bsf: every x64 CPU has it
  _BitScanForward64(&i, x);
  return int(i);
#else
  return portable::lowest_bit(x);
#endif
}

// The high 64 bits of the 128-bit product a * b.
inline std::uint64_t mul_high64(std::uint64_t a, std::uint64_t b) noexcept {
#if !defined(TRUMPF_PORTABLE_BITS) && defined(__SIZEOF_INT128__)
  return std::uint64_t((static_cast<unsigned __int128>(a) * b) >> 64);
#elif defined(TRUMPF_BITS_MSVC_X64)
  return __umulh(a, b);
#else
  return portable::mul_high64(a, b);
#endif
}

}  // namespace trumpf::bits
