// The two games of the family as one table (REFERENCE.md "Variants").
#pragma once

#include <cstdint>
#include <cstring>

namespace trumpf::schnapsen {

enum VariantId : std::uint8_t { kSchnapsen = 0, kSixtySix = 1 };

struct Variant {
  const char* name;
  int deck_size;
  int hand_size;
  int exchange_rank;  // rank index: 4 (J) or 5 (9)
  bool exchange_needs_trick;
  bool marriage_after_close;
  bool false_claim_schwarz;
  bool beaten_closer_flat;
  bool last_trick_ten;         // last_trick_rule: ten_points (else one_point)
  bool close_counts_at_close;  // close_counts_tricks_at: close (else end)
  bool close_before_draw;
  bool exchange_on_close;
  bool next_dealer_winner;  // next_dealer: winner (else alternate)
  int match_start;
  int match_target;
};

constexpr Variant kVariants[2] = {
    {"schnapsen", 20, 5, 4, false, true, true, false, false, true, false, false, false, 7, 0},
    {"sixtysix", 24, 6, 5, true, false, false, true, true, false, true, true, true, 0, 7},
};

inline const Variant& variant_of(VariantId v) noexcept { return kVariants[v]; }

// -1 for a name this engine does not play.
inline int variant_by_name(const char* name, std::size_t len) noexcept {
  for (int i = 0; i < 2; ++i)
    if (std::strlen(kVariants[i].name) == len && std::memcmp(kVariants[i].name, name, len) == 0)
      return i;
  return -1;
}

}  // namespace trumpf::schnapsen
