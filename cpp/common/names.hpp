// A name from a table of names indexed by an enum's value: how both families'
// names.cpp turn a refusal code, a phase or a kind into its name. A value the
// table does not hold gives "?" rather than a read past the table.
#pragma once

#include <cstddef>

namespace trumpf {

template <std::size_t N>
constexpr const char* name_in(const char* const (&names)[N], int i) noexcept {
  return i >= 0 && std::size_t(i) < N ? names[i] : "?";
}

}  // namespace trumpf
