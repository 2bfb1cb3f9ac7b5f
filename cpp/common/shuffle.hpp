// The reference engines' seeded shuffle (REFERENCE.md, "The shuffle").
//
// Words come from SHA-256 over `seed || "<prefix>:<number>:<counter>"`, eight
// big-endian words a digest; Fisher-Yates runs from the back with rejection
// sampling so every order is equally likely. Both game families share it; only
// the prefix differs ("schnapsen:deal", "sixtysix:deal", "deal").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/sha256.hpp"

namespace trumpf {

class WordStream {
 public:
  // `seed` is exactly 32 bytes; `prefix` is the text before ":<counter>",
  // e.g. "schnapsen:deal:7".
  WordStream(const std::uint8_t* seed, std::string_view prefix) noexcept;

  std::uint32_t next() noexcept {
    if (used_ == 8) refill();
    return words_[used_++];
  }

 private:
  void refill() noexcept;

  std::uint8_t message_[128];
  std::size_t counter_at_;  // where the counter's digits start in message_
  std::uint32_t counter_ = 0;
  std::uint32_t words_[8];
  int used_ = 8;
};

// A uniformly drawn index in [0, m), by rejection as the reference does.
inline std::uint32_t draw_below(WordStream& words, std::uint32_t m) noexcept {
  const std::uint64_t limit = ((std::uint64_t(1) << 32) / m) * m;
  std::uint32_t w;
  do {
    w = words.next();
  } while (w >= limit);
  return w % m;
}

// Shuffles `cards[0..n)` in place, Fisher-Yates from the back.
template <typename Card>
void shuffle_in_place(Card* cards, int n, WordStream& words) noexcept {
  for (int i = n - 1; i >= 1; --i) {
    std::uint32_t j = draw_below(words, std::uint32_t(i + 1));
    Card t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

// The first big-endian word of SHA-256 over `text`: Durak's level-1 bot word.
std::uint32_t first_word_of(std::string_view text) noexcept;

}  // namespace trumpf
