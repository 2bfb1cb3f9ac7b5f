#include "common/planes.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TRUMPF_PLANES_WIDE 1
#include <immintrin.h>
#endif

namespace trumpf {

#ifdef TRUMPF_PLANES_WIDE
namespace {
bool detect_wide() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}
}  // namespace
const bool kPlanesWide = detect_wide();

namespace planes_detail {

__attribute__((target("avx512f,avx512bw"))) void put_words_wide(const std::uint64_t* words, int n,
                                                                float* out) noexcept {
  const __m512 ones = _mm512_set1_ps(1.0f);
  for (int j = 0; j < 4 * n; ++j) {
    const __mmask16 k = __mmask16(words[j / 4] >> (16 * (j % 4)));
    _mm512_storeu_ps(out + 16 * j, _mm512_maskz_mov_ps(k, ones));
  }
}

__attribute__((target("avx512f,avx512bw"))) void put_words_wide(const std::uint64_t* words, int n,
                                                                std::uint8_t* out) noexcept {
  const __m512i ones = _mm512_set1_epi8(1);
  for (int j = 0; j < n; ++j)
    _mm512_storeu_si512(out + 64 * j, _mm512_maskz_mov_epi8(__mmask64(words[j]), ones));
}

}  // namespace planes_detail
#else
const bool kPlanesWide = false;

namespace planes_detail {
// Never called: kPlanesWide is false here.
void put_words_wide(const std::uint64_t* words, int n, float* out) noexcept {
  for (int w = 0; w < n; ++w) put_bits<8>(out + 64 * w, words[w]);
}
void put_words_wide(const std::uint64_t* words, int n, std::uint8_t* out) noexcept {
  for (int w = 0; w < n; ++w) put_bits<8>(out + 64 * w, words[w]);
}
}  // namespace planes_detail
#endif

}  // namespace trumpf
