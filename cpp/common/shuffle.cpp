#include "common/shuffle.hpp"

#include <cstring>

namespace trumpf {

WordStream::WordStream(const std::uint8_t* seed, std::string_view prefix) noexcept {
  std::memcpy(message_, seed, 32);
  std::size_t n = prefix.size();
  // A prefix never comes near this (the longest is "sixtysix:deal:4294967295");
  // the clamp only keeps a hostile caller inside the buffer.
  if (n > 80) n = 80;
  std::memcpy(message_ + 32, prefix.data(), n);
  message_[32 + n] = ':';
  counter_at_ = 33 + n;
}

void WordStream::refill() noexcept {
  char digits[10];
  int len = 0;
  std::uint32_t c = counter_++;
  do {
    digits[len++] = char('0' + c % 10);
    c /= 10;
  } while (c);
  for (int i = 0; i < len; ++i) message_[counter_at_ + i] = std::uint8_t(digits[len - 1 - i]);
  sha256_words(message_, counter_at_ + std::size_t(len), words_);
  used_ = 0;
}

std::uint32_t first_word_of(std::string_view text) noexcept {
  Digest d = sha256(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  return (std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) |
         std::uint32_t(d[3]);
}

}  // namespace trumpf
