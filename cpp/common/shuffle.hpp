// The reference engines' seeded shuffle (docs/rules/index.md, "The shuffle").
//
// Words come from SHA-256 over `seed || "<prefix>:<number>:<counter>"`, eight
// big-endian words a digest; Fisher-Yates runs from the back with rejection
// sampling so every order is equally likely. Both game families share it; only
// the prefix differs ("schnapsen:deal", "sixtysix:deal", "deal").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/bits.hpp"
#include "common/sha256.hpp"

namespace trumpf {

class WordStream {
 public:
  // `seed` is exactly 32 bytes; `prefix` is the text before ":<counter>",
  // e.g. "schnapsen:deal:7".
  WordStream(const std::uint8_t* seed, std::string_view prefix) noexcept;

  // Computes the digests for at least `count` words at once, before the
  // first next(): a shuffle of n cards draws n - 1 words or more, and the
  // digests behind them are cheaper interleaved (sha256_padded_words_many)
  // than one at a time. The words are the same either way.
  void reserve(int count) noexcept {
    if (count > 0 && used_ == avail_) refill((count + 7) / 8);
  }

  std::uint32_t next() noexcept {
    if (used_ == avail_) refill(1);
    return words_[used_++];
  }

  // Shuffles cards[0..n) in place: Fisher-Yates from the back, each index
  // drawn below i + 1 by rejection (below).
  template <typename Card>
  void shuffle(Card* cards, int n) noexcept;

 private:
  static constexpr int kAhead = 5;  // digests at once: a 36-card pack's 35 words
  // Room for the longest message, 32 + 80 + 1 + 10 bytes, and its padding
  // (sha256_pad writes up to 72 bytes past the message).
  static constexpr std::size_t kRoom = 208;
  // Computes the next `digests` digests (at least one, at most kAhead).
  void refill(int digests) noexcept;
  // The next word below `limit` (a rejection sampler's); the stream's
  // place is passed in and out, so a caller's loop keeps it in registers.
  std::uint32_t word_below(std::uint64_t limit, int& used, int& avail) noexcept {
    for (;;) {
      if (used == avail) {
        used_ = used;
        refill(1);
        used = used_;
        avail = avail_;
      }
      const std::uint32_t w = words_[used++];
      if (w < limit) return w;
    }
  }

  std::uint8_t message_[kAhead][kRoom];
  std::size_t counter_at_;  // where the counter's digits start in message_[k]
  std::uint32_t counter_ = 0;
  std::uint32_t words_[8 * kAhead];
  int used_ = 0;
  int avail_ = 0;
};

// A uniformly drawn index in [0, m), by rejection as the reference does:
// words at or above floor(2^32 / m) * m are thrown away, the rest taken mod m.
//
// Two divisions a draw would cost more than the SHA-256 behind the words, so
// for the pack sizes that occur (m <= 64) the limit and a Lemire fastmod
// multiplier come from a table built at compile time; the result is the same.
struct Divisor {
  std::uint64_t limit;  // floor(2^32 / m) * m
  std::uint64_t magic;  // 2^64 / m, rounded up (Lemire, Kaser and Kurz 2019)
};

constexpr Divisor divisor_for(std::uint32_t m) noexcept {
  return Divisor{((std::uint64_t(1) << 32) / m) * m, ~std::uint64_t(0) / m + 1};
}

struct DivisorTable {
  Divisor d[65];
  constexpr DivisorTable() noexcept : d() {
    for (std::uint32_t m = 1; m <= 64; ++m) d[m] = divisor_for(m);
  }
};
inline constexpr DivisorTable kDivisors{};

inline std::uint32_t fastmod(std::uint32_t w, std::uint64_t magic, std::uint32_t m) noexcept {
  return std::uint32_t(bits::mul_high64(magic * w, m));
}

template <typename Card>
void WordStream::shuffle(Card* cards, int n) noexcept {
  reserve(n - 1);
  // The stream's place in locals: a one-byte Card store may alias anything,
  // so with the members the compiler reloaded them after every swap.
  int used = used_, avail = avail_;
  for (int i = n - 1; i >= 1; --i) {
    const std::uint32_t m = std::uint32_t(i + 1);
    std::uint32_t j;
    if (m <= 64) {
      const Divisor& d = kDivisors.d[m];
      j = fastmod(word_below(d.limit, used, avail), d.magic, m);
    } else {
      j = word_below(((std::uint64_t(1) << 32) / m) * m, used, avail) % m;
    }
    const Card t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  used_ = used;
}

// The first big-endian word of SHA-256 over `text`: Durak's level-1 bot word.
std::uint32_t first_word_of(std::string_view text) noexcept;

}  // namespace trumpf
