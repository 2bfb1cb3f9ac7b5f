// The seeded order and the deal (docs/rules/index.md, "The shuffle",
// "Dealing from the order").
#pragma once

#include <cstdint>

#include "schnapsen/card.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::schnapsen {

// The variant's pack in id order; returns its size.
int pack_for(VariantId v, Card* out) noexcept;

// The shuffled order of deal `number` (>= 1); returns the deck size.
int order_for(VariantId v, const std::uint8_t seed[32], std::uint64_t number, Card* out) noexcept;

}  // namespace trumpf::schnapsen
