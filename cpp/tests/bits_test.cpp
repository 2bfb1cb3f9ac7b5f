// The bit operations (common/bits.hpp): the plain C++ versions, which MSVC's
// ARM64 and any compiler without GCC's builtins run, against a bit-by-bit
// reference and, under GCC and Clang, against the builtins themselves, on
// edge cases and four million pseudo-random values each. The calls the
// engine makes (bits::popcount, ...) are held to the same reference, so a
// TRUMPF_PORTABLE_BITS build checks the path it runs. The shuffle's fastmod,
// the one user of mul_high64, is checked against % for every divisor it
// takes.
#include "common/bits.hpp"

#include <cstdint>
#include <cstdio>
#include <vector>

#include "common/shuffle.hpp"
#include "tests/check.hpp"

namespace bits = trumpf::bits;

namespace {

// The references: one bit at a time, sharing nothing with bits.hpp.
int ref_popcount(std::uint64_t x) {
  int n = 0;
  for (int i = 0; i < 64; ++i) n += int((x >> i) & 1);
  return n;
}

int ref_lowest_bit(std::uint64_t x) {
  int i = 0;
  while (!((x >> i) & 1)) ++i;
  return i;
}

// Long multiplication a bit at a time into a 128-bit (hi, lo) pair.
std::uint64_t ref_mul_high64(std::uint64_t a, std::uint64_t b) {
  std::uint64_t hi = 0, lo = 0;
  for (int i = 0; i < 64; ++i) {
    if (!((b >> i) & 1)) continue;
    const std::uint64_t add_lo = i ? a << i : a, add_hi = i ? a >> (64 - i) : 0;
    const std::uint64_t sum = lo + add_lo;
    hi += add_hi + (sum < lo ? 1 : 0);
    lo = sum;
  }
  return hi;
}

// splitmix64: a fixed stream, so a failure repeats.
struct Stream {
  std::uint64_t s = 0x9e3779b97f4a7c15u;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }
};

// Whether the checks since `before` failed, while the harness still prints
// failures (its first 20): then the caller names the value.
bool newly_failed(int before) {
  return trumpf::test::failures() > before && trumpf::test::failures() <= 20;
}

void check_popcount(std::uint64_t x) {
  const int want = ref_popcount(x);
  const auto lo = std::uint32_t(x), hi = std::uint32_t(x >> 32);
  const int before = trumpf::test::failures();
  CHECK(bits::portable::popcount(x) == want);
  CHECK(bits::popcount(x) == want);
  CHECK(bits::portable::popcount(lo) == ref_popcount(lo));
  CHECK(bits::portable::popcount(hi) == ref_popcount(hi));
  CHECK(bits::popcount(lo) == ref_popcount(lo));
#if defined(__GNUC__) || defined(__clang__)
  CHECK(bits::portable::popcount(x) == __builtin_popcountll(x));
  CHECK(bits::portable::popcount(lo) == __builtin_popcount(lo));
  CHECK(bits::portable::popcount(hi) == __builtin_popcount(hi));
#endif
  if (newly_failed(before))
    std::fprintf(stderr, "  popcount of 0x%016llx\n", static_cast<unsigned long long>(x));
}

void check_lowest_bit(std::uint64_t x) {
  if (!x) return;  // not defined for zero
  const int want = ref_lowest_bit(x);
  const int before = trumpf::test::failures();
  CHECK(bits::portable::lowest_bit(x) == want);
  CHECK(bits::lowest_bit(x) == want);
#if defined(__GNUC__) || defined(__clang__)
  CHECK(bits::portable::lowest_bit(x) == __builtin_ctzll(x));
#endif
  if (newly_failed(before))
    std::fprintf(stderr, "  lowest_bit of 0x%016llx\n", static_cast<unsigned long long>(x));
}

void check_mul_high64(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t want = ref_mul_high64(a, b);
  const int before = trumpf::test::failures();
  CHECK(bits::portable::mul_high64(a, b) == want);
  CHECK(bits::portable::mul_high64(b, a) == want);
  CHECK(bits::mul_high64(a, b) == want);
#ifdef __SIZEOF_INT128__
  CHECK(bits::portable::mul_high64(a, b) ==
        std::uint64_t((static_cast<unsigned __int128>(a) * b) >> 64));
#endif
  if (newly_failed(before))
    std::fprintf(stderr, "  mul_high64 of 0x%016llx, 0x%016llx\n",
                 static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
}

// Values where a bit trick goes wrong if it does: the ends, single bits, two
// bits, runs of ones from either end, and alternating patterns.
std::vector<std::uint64_t> edge_values() {
  std::vector<std::uint64_t> v = {0,
                                  1,
                                  ~std::uint64_t(0),
                                  std::uint64_t(1) << 63,
                                  0x5555555555555555u,
                                  0xaaaaaaaaaaaaaaaau,
                                  0x8000000000000001u,
                                  0x00000000ffffffffu,
                                  0xffffffff00000000u,
                                  0x0101010101010101u,
                                  0x8080808080808080u,
                                  0x7fffffffffffffffu};
  for (int i = 0; i < 64; ++i) {
    const std::uint64_t one = std::uint64_t(1) << i;
    v.push_back(one);
    v.push_back(one - 1);     // ones below bit i
    v.push_back(~(one - 1));  // ones from bit i up
    v.push_back(~one);        // all but bit i
    for (int j = i + 1; j < 64; ++j) v.push_back(one | std::uint64_t(1) << j);
  }
  return v;
}

void edges() {
  const std::vector<std::uint64_t> v = edge_values();
  for (std::uint64_t x : v) {
    check_popcount(x);
    check_lowest_bit(x);
  }
  // Products at the edges: every pair of a smaller set (the two-bit values
  // left out, 2^32 and its neighbours put in).
  std::vector<std::uint64_t> f;
  for (std::uint64_t x : v)
    if (ref_popcount(x) != 2 || x == 0x8000000000000001u) f.push_back(x);
  for (std::uint64_t x : {std::uint64_t(1) << 32, (std::uint64_t(1) << 32) - 1,
                          (std::uint64_t(1) << 32) + 1, std::uint64_t(0xffffffff00000001u)})
    f.push_back(x);
  for (std::uint64_t a : f)
    for (std::uint64_t b : f) check_mul_high64(a, b);
}

// Uniform words, and sparse and dense ones (two or three words ANDed or
// ORed), since uniform words almost all hold about 32 ones.
void random_values(int count) {
  Stream r;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t a = r.next(), b = r.next(), c = r.next();
    std::uint64_t x;
    switch (i % 4) {
      case 0:
        x = a;
        break;
      case 1:
        x = a & b;
        break;
      case 2:
        x = a & b & c;
        break;
      default:
        x = a | b;
        break;
    }
    check_popcount(x);
    check_lowest_bit(x);
    // A product's factors of every size: shifted down by 0..63 bits.
    check_mul_high64(a >> (b & 63), c >> ((b >> 8) & 63));
    if (trumpf::test::failures() > 20) return;  // the harness prints 20; enough
  }
}

// The shuffle's draw below m: fastmod with the compile-time multiplier
// against %, for every m it takes and words at the edges of the sampler's
// range and at random.
void fastmod_matches_mod() {
  Stream r;
  for (std::uint32_t m = 1; m <= 64; ++m) {
    const trumpf::Divisor& d = trumpf::kDivisors.d[m];
    const auto top = std::uint32_t(d.limit - 1);  // the largest word accepted
    for (std::uint32_t w : {0u, 1u, m - 1, m, m + 1, top - 1, top, 0xffffffffu}) {
      if (!CHECK(trumpf::fastmod(w, d.magic, m) == w % m))
        std::fprintf(stderr, "  fastmod %u mod %u\n", w, m);
    }
    for (int i = 0; i < 20000; ++i) {
      const auto w = std::uint32_t(r.next());
      if (!CHECK(trumpf::fastmod(w, d.magic, m) == w % m)) {
        std::fprintf(stderr, "  fastmod %u mod %u\n", w, m);
        return;
      }
    }
  }
}

// The plain C++ versions are constexpr: usable, and checked, at compile time.
static_assert(bits::portable::popcount(std::uint64_t(0)) == 0);
static_assert(bits::portable::popcount(~std::uint64_t(0)) == 64);
static_assert(bits::portable::popcount(std::uint32_t(0xffffffffu)) == 32);
static_assert(bits::portable::lowest_bit(std::uint64_t(1) << 63) == 63);
static_assert(bits::portable::mul_high64(~std::uint64_t(0), ~std::uint64_t(0)) ==
              ~std::uint64_t(0) - 1);

}  // namespace

int main() {
#ifdef TRUMPF_PORTABLE_BITS
  std::printf("bits_test: the engine's calls take the plain C++ versions\n");
#endif
  edges();
  random_values(4'000'000);
  fastmod_matches_mod();
  return trumpf::test::report("bits_test");
}
