#include "common/shuffle.hpp"

#include <cstring>

#include "common/decimal.hpp"

namespace trumpf {

WordStream::WordStream(const std::uint8_t* seed, std::string_view prefix) noexcept {
  std::uint8_t* m = message_[0];
  std::memcpy(m, seed, 32);
  std::size_t n = prefix.size();
  // A prefix never comes near this (the longest, "schnapsen:deal:" and a
  // deal number of 19 digits, is 34 bytes);
  // the clamp only keeps a hostile caller inside the buffer.
  if (n > 80) n = 80;
  std::memcpy(m + 32, prefix.data(), n);
  m[32 + n] = ':';
  counter_at_ = 33 + n;
}

void WordStream::refill(int digests) noexcept {
  if (digests > kAhead) digests = kAhead;
  const std::uint8_t* data[kAhead];
  std::uint8_t* first = message_[0];
  const int len = decimal_of(counter_, first + counter_at_);
  const std::size_t end = counter_at_ + std::size_t(len);
  // Padded once: the messages of a batch differ only in the counter's digits.
  const std::size_t size = sha256_pad(first, end, end);
  data[0] = first;
  int count = 1;
  for (; count < digests; ++count) {
    std::uint8_t* m = message_[count];
    // Whole blocks of a size known here, which the compiler copies inline.
    if (size == 64)
      std::memcpy(m, first, 64);
    else
      std::memcpy(m, first, kRoom);
    // Messages hashed together have one length: stop where the digits grow.
    if (decimal_of(counter_ + std::uint32_t(count), m + counter_at_) != len) break;
    data[count] = m;
  }
  sha256_padded_words_many(data, size, count, reinterpret_cast<std::uint32_t (*)[8]>(words_));
  counter_ += std::uint32_t(count);
  used_ = 0;
  avail_ = 8 * count;
}

std::uint32_t first_word_of(std::string_view text) noexcept {
  Digest d = sha256(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  return (std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) |
         std::uint32_t(d[3]);
}

}  // namespace trumpf
