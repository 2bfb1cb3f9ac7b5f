// A number's decimal digits, written into a caller's buffer: the text of
// the shuffle's messages ("schnapsen:deal:<number>:<counter>", "match:<n>",
// "env:<i>", "<g>:1"). Written out rather than formatted (std::to_chars
// would do, std::to_string allocates past 15 characters) because dealing
// and seeding run at every episode's start.
#pragma once

#include <cstdint>

namespace trumpf {

// The decimal digits of v into out (room for 20), most significant first;
// returns how many.
template <typename Char>
inline int decimal_of(std::uint64_t v, Char* out) noexcept {
  char digits[20];
  int n = 0;
  do {
    digits[n++] = char('0' + v % 10);
    v /= 10;
  } while (v);
  for (int k = 0; k < n; ++k) out[k] = Char(digits[n - 1 - k]);
  return n;
}

}  // namespace trumpf
