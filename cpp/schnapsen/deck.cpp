#include "schnapsen/deck.hpp"

#include <cstring>

#include "common/decimal.hpp"
#include "common/shuffle.hpp"

namespace trumpf::schnapsen {

int pack_for(VariantId v, Card* out) noexcept {
  // Every deal starts from one of these two packs, so they are built once.
  struct Packs {
    Card cards[2][24];
    int n[2];
    Packs() noexcept : cards(), n() {
      for (int c = 1; c <= 24; ++c) {
        cards[kSixtySix][n[kSixtySix]++] = Card(c);
        if (rank_of(Card(c)) != kRankNine) cards[kSchnapsen][n[kSchnapsen]++] = Card(c);
      }
    }
  };
  static const Packs packs;
  std::memcpy(out, packs.cards[v], std::size_t(packs.n[v]));
  return packs.n[v];
}

int order_for(VariantId v, const std::uint8_t seed[32], std::uint64_t number, Card* out) noexcept {
  char prefix[64];
  const char* name = variant_of(v).name;
  int k = 0;
  while (*name) prefix[k++] = *name++;
  const char* mid = ":deal:";
  while (*mid) prefix[k++] = *mid++;
  k += decimal_of(number, prefix + k);
  int n = pack_for(v, out);
  WordStream words(seed, std::string_view(prefix, std::size_t(k)));
  words.shuffle(out, n);
  return n;
}

}  // namespace trumpf::schnapsen
