#include "schnapsen/deck.hpp"

#include "common/shuffle.hpp"

namespace trumpf::schnapsen {

int pack_for(VariantId v, Card* out) noexcept {
  int n = 0;
  for (int c = 1; c <= 24; ++c)
    if (v == SIXTYSIX || rank_of(Card(c)) != RANK_NINE) out[n++] = Card(c);
  return n;
}

int order_for(VariantId v, const std::uint8_t seed[32], std::uint64_t number, Card* out) noexcept {
  char prefix[64];
  const char* name = variant_of(v).name;
  int k = 0;
  while (*name) prefix[k++] = *name++;
  const char* mid = ":deal:";
  while (*mid) prefix[k++] = *mid++;
  char digits[24];
  int len = 0;
  do {
    digits[len++] = char('0' + number % 10);
    number /= 10;
  } while (number);
  while (len) prefix[k++] = digits[--len];
  int n = pack_for(v, out);
  WordStream words(seed, std::string_view(prefix, std::size_t(k)));
  shuffle_in_place(out, n, words);
  return n;
}

}  // namespace trumpf::schnapsen
