#include "common/sha256.hpp"

#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TRUMPF_SHA_NI 1
#include <immintrin.h>
#endif

namespace trumpf {
namespace {

constexpr std::uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t H0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

inline std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

void compress_portable(std::uint32_t state[8], const std::uint8_t block[64]) noexcept {
  std::uint32_t w[64];
  for (int i = 0; i < 16; ++i) {
    w[i] = (std::uint32_t(block[4 * i]) << 24) | (std::uint32_t(block[4 * i + 1]) << 16) |
           (std::uint32_t(block[4 * i + 2]) << 8) | std::uint32_t(block[4 * i + 3]);
  }
  for (int i = 16; i < 64; ++i) {
    std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
  for (int i = 0; i < 64; ++i) {
    std::uint32_t t1 =
        h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
    std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

#ifdef TRUMPF_SHA_NI
// The Intel SHA extensions sequence (as in Intel's white paper "Intel SHA
// Extensions", 2013): four rounds per sha256rnds2 pair, here over N
// independent blocks at once. One block's rounds each wait on the last, so
// alone it leaves the SHA unit idle between them; two or three interleaved
// fill those gaps (a block costs about two thirds as long, measured on the
// AMD EPYC this was written on). Beyond three the registers spill.
template <int N>
__attribute__((target("sha,sse4.1"))) inline void compress_shani(
    std::uint32_t (*state)[8], const std::uint8_t* const* block) noexcept {
  const __m128i MASK = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  const auto* kp = reinterpret_cast<const __m128i*>(K);
  __m128i s0[N], s1[N], abef[N], cdgh[N], m0[N], m1[N], m2[N], m3[N];
#pragma GCC unroll 4
  for (int j = 0; j < N; ++j) {
    __m128i tmp = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[j][0]));
    __m128i st1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[j][4]));
    tmp = _mm_shuffle_epi32(tmp, 0xB1);                 // CDAB
    st1 = _mm_shuffle_epi32(st1, 0x1B);                 // EFGH
    s0[j] = abef[j] = _mm_alignr_epi8(tmp, st1, 8);     // ABEF
    s1[j] = cdgh[j] = _mm_blend_epi16(st1, tmp, 0xF0);  // CDGH
    const auto* b = reinterpret_cast<const __m128i*>(block[j]);
    m0[j] = _mm_shuffle_epi8(_mm_loadu_si128(b + 0), MASK);
    m1[j] = _mm_shuffle_epi8(_mm_loadu_si128(b + 1), MASK);
    m2[j] = _mm_shuffle_epi8(_mm_loadu_si128(b + 2), MASK);
    m3[j] = _mm_shuffle_epi8(_mm_loadu_si128(b + 3), MASK);
  }
  // A macro, not a lambda: a lambda would not inherit this function's target.
#define TRUMPF_SHA_ROUNDS(m, k)                                     \
  _Pragma("GCC unroll 4") for (int j = 0; j < N; ++j) {             \
    __m128i msg = _mm_add_epi32((m)[j], _mm_loadu_si128(kp + (k))); \
    s1[j] = _mm_sha256rnds2_epu32(s1[j], s0[j], msg);               \
    msg = _mm_shuffle_epi32(msg, 0x0E);                             \
    s0[j] = _mm_sha256rnds2_epu32(s0[j], s1[j], msg);               \
  }
  // Rounds 0-15 consume the message words directly.
  TRUMPF_SHA_ROUNDS(m0, 0)
  TRUMPF_SHA_ROUNDS(m1, 1)
#pragma GCC unroll 4
  for (int j = 0; j < N; ++j) m0[j] = _mm_sha256msg1_epu32(m0[j], m1[j]);
  TRUMPF_SHA_ROUNDS(m2, 2)
#pragma GCC unroll 4
  for (int j = 0; j < N; ++j) m1[j] = _mm_sha256msg1_epu32(m1[j], m2[j]);
  TRUMPF_SHA_ROUNDS(m3, 3)
  // Rounds 16-63: schedule four words ahead, then run four rounds.
#pragma GCC unroll 12
  for (int k = 4; k < 16; ++k) {
#pragma GCC unroll 4
    for (int j = 0; j < N; ++j) {
      m0[j] = _mm_add_epi32(m0[j], _mm_alignr_epi8(m3[j], m2[j], 4));
      m0[j] = _mm_sha256msg2_epu32(m0[j], m3[j]);
    }
    TRUMPF_SHA_ROUNDS(m0, k)
#pragma GCC unroll 4
    for (int j = 0; j < N; ++j) {
      m2[j] = _mm_sha256msg1_epu32(m2[j], m3[j]);  // unused after round 55, harmless
      // Rotate the four message registers.
      const __m128i r = m0[j];
      m0[j] = m1[j];
      m1[j] = m2[j];
      m2[j] = m3[j];
      m3[j] = r;
    }
  }
#undef TRUMPF_SHA_ROUNDS
#pragma GCC unroll 4
  for (int j = 0; j < N; ++j) {
    const __m128i st0 = _mm_add_epi32(s0[j], abef[j]);
    __m128i st1 = _mm_add_epi32(s1[j], cdgh[j]);
    const __m128i tmp = _mm_shuffle_epi32(st0, 0x1B);  // FEBA
    st1 = _mm_shuffle_epi32(st1, 0xB1);                // DCHG
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[j][0]),
                     _mm_blend_epi16(tmp, st1, 0xF0));  // DCBA
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[j][4]),
                     _mm_alignr_epi8(st1, tmp, 8));  // HGFE
  }
}

bool detect_shani() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1");
}
const bool kHasShaNi = detect_shani();
#else
const bool kHasShaNi = false;
#endif

// Without the SHA extensions' code (MSVC, ARM) `hardware` has nothing to choose.
inline void compress(std::uint32_t state[8], const std::uint8_t block[64],
                     [[maybe_unused]] bool hardware) noexcept {
#ifdef TRUMPF_SHA_NI
  if (hardware && kHasShaNi) {
    compress_shani<1>(reinterpret_cast<std::uint32_t (*)[8]>(state), &block);
    return;
  }
#endif
  compress_portable(state, block);
}

}  // namespace

bool sha256_uses_hardware() noexcept { return kHasShaNi; }

Digest sha256(const std::uint8_t* data, std::size_t len) noexcept {
  return sha256_via(data, len, true);
}

namespace {

// Copies the last len % 64 bytes of a message into `tail` with the padding;
// returns the tail's size, one block when it fits, else two.
std::size_t pad_tail(const std::uint8_t* data, std::size_t len, std::uint8_t tail[136]) noexcept {
  const std::size_t full = len / 64;
  const std::size_t rest = len - full * 64;
  if (rest) std::memcpy(tail, data + full * 64, rest);
  return sha256_pad(tail, rest, len);
}

// Runs the compression over `data` and its padding, leaving the state words.
void digest_state(const std::uint8_t* data, std::size_t len, bool hardware,
                  std::uint32_t state[8]) noexcept {
  std::memcpy(state, H0, sizeof H0);
  const std::size_t full = len / 64;
  for (std::size_t i = 0; i < full; ++i) compress(state, data + 64 * i, hardware);
  std::uint8_t tail[136];
  const std::size_t size = pad_tail(data, len, tail);
  for (std::size_t at = 0; at < size; at += 64) compress(state, tail + at, hardware);
}

#ifdef TRUMPF_SHA_NI
// One block of each of `count` messages, three at a time.
__attribute__((target("sha,sse4.1"))) void compress_many(std::uint32_t (*state)[8],
                                                         const std::uint8_t* const* block,
                                                         int count) noexcept {
  int j = 0;
  for (; count - j >= 3; j += 3) compress_shani<3>(state + j, block + j);
  if (count - j == 2)
    compress_shani<2>(state + j, block + j);
  else if (count - j == 1)
    compress_shani<1>(state + j, block + j);
}
#endif

}  // namespace

std::size_t sha256_pad(std::uint8_t* buf, std::size_t at, std::uint64_t total) noexcept {
  const std::size_t size = (at + 9 + 63) / 64 * 64;
  buf[at] = 0x80;
  std::memset(buf + at + 1, 0, 64);  // reaches at + 65 >= size - 8
  const std::uint64_t bits = total * 8;
  for (int i = 0; i < 8; ++i) buf[size - 1 - i] = std::uint8_t(bits >> (8 * i));
  return size;
}

void sha256_padded_words_many(const std::uint8_t* const* data, std::size_t size, int count,
                              std::uint32_t (*out)[8]) noexcept {
#ifdef TRUMPF_SHA_NI
  if (kHasShaNi && count <= kMaxDigestsAtOnce) {
    const std::uint8_t* block[kMaxDigestsAtOnce];
    for (int j = 0; j < count; ++j) std::memcpy(out[j], H0, sizeof H0);
    for (std::size_t at = 0; at < size; at += 64) {
      for (int j = 0; j < count; ++j) block[j] = data[j] + at;
      compress_many(out, block, count);
    }
    return;
  }
#endif
  for (int j = 0; j < count; ++j) {
    std::memcpy(out[j], H0, sizeof H0);
    for (std::size_t at = 0; at < size; at += 64) compress(out[j], data[j] + at, true);
  }
}

Digest sha256_via(const std::uint8_t* data, std::size_t len, bool hardware) noexcept {
  std::uint32_t state[8];
  digest_state(data, len, hardware, state);
  Digest out;
  for (int i = 0; i < 8; ++i) {
    out[4 * i] = std::uint8_t(state[i] >> 24);
    out[4 * i + 1] = std::uint8_t(state[i] >> 16);
    out[4 * i + 2] = std::uint8_t(state[i] >> 8);
    out[4 * i + 3] = std::uint8_t(state[i]);
  }
  return out;
}

}  // namespace trumpf
