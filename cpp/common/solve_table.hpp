// The transposition table of the exact solvers (schnapsen/solve, durak/solve).
//
// An entry holds what is proven about one position: its value lies in
// [lo, hi]. Bounds are true whatever window or depth found them, so an entry
// never goes stale within one root search and iterative deepening reuses all
// of it. The table is allocated once, when its solver is built; a new root
// bumps the generation instead of clearing, so a solve on a fresh sampled
// deal costs nothing to start (entries of another generation read as empty).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace trumpf::solve {

// A move as the table keeps it: the game's code_of(move), every field that
// tells two legal moves apart (a Schnapsen marriage by lead differs from its
// twin only by the card it leads), in 24 bits.
constexpr std::uint32_t kNoMove = 0xFFFFFFFF;  // no hint: matches no code

struct Entry {
  std::uint64_t key;
  std::int8_t lo, hi;
  std::uint8_t move[3];  // the best move seen (code_of, little-endian), a hint for ordering only
  std::uint8_t generation;
  std::uint8_t weight;  // how much work the entry stands for: bigger is kept
  std::uint8_t pad;

  std::uint32_t move_code() const noexcept {
    return std::uint32_t(move[0]) | std::uint32_t(move[1]) << 8 | std::uint32_t(move[2]) << 16;
  }
};
static_assert(sizeof(Entry) == 16, "two entries share half a cache line");

class Table {
 public:
  // 2^bits buckets of two entries; bits 0 makes a table that remembers nothing.
  explicit Table(int bits) : mask_((std::uint64_t(1) << bits) - 1), slots_(2 * (mask_ + 1)) {
    clear();
  }

  // A new root: everything stored so far is forgotten.
  void next_generation() noexcept {
    if (++generation_ == 0) {
      clear();
      generation_ = 1;
    }
  }

  const Entry* probe(std::uint64_t key) const noexcept {
    const Entry* b = &slots_[2 * (key & mask_)];
    for (int i = 0; i < 2; ++i)
      if (b[i].key == key && b[i].generation == generation_) return &b[i];
    return nullptr;
  }

  // `move` is a code_of below 2^24.
  void store(std::uint64_t key, int lo, int hi, std::uint32_t move, int weight) noexcept {
    Entry* b = &slots_[2 * (key & mask_)];
    Entry* e = nullptr;
    for (int i = 0; i < 2 && !e; ++i)
      if (b[i].key == key && b[i].generation == generation_) e = &b[i];
    if (!e) {
      // Keep the entry that saved more work; a stale one is free to take.
      const bool stale0 = b[0].generation != generation_;
      const bool stale1 = b[1].generation != generation_;
      if (stale0 != stale1)
        e = stale0 ? &b[0] : &b[1];
      else
        e = b[0].weight <= b[1].weight ? &b[0] : &b[1];
    }
    *e = Entry{key,
               std::int8_t(lo),
               std::int8_t(hi),
               {std::uint8_t(move), std::uint8_t(move >> 8), std::uint8_t(move >> 16)},
               generation_,
               std::uint8_t(weight > 255 ? 255 : weight),
               0};
  }

 private:
  void clear() noexcept { std::memset(slots_.data(), 0, slots_.size() * sizeof(Entry)); }

  std::uint64_t mask_;
  std::vector<Entry> slots_;
  std::uint8_t generation_ = 1;
};

// The finaliser of MurmurHash3: a bijection on 64 bits that spreads every
// input bit over the whole word, so packed fields make a well-mixed key.
inline std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// Three packed words to one key. Each word goes through a different odd
// multiplier before the mix, so equal words in different places differ.
inline std::uint64_t key_of(std::uint64_t a, std::uint64_t b, std::uint64_t c) noexcept {
  return mix64(a * 0x9e3779b97f4a7c15ULL ^ mix64(b * 0xbf58476d1ce4e5b9ULL ^ mix64(c + 1)));
}

}  // namespace trumpf::solve
