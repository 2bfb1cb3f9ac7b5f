// A name from a table of names indexed by an enum's value: how both families'
// names.cpp turn a refusal code, a phase or a kind into its name. A value the
// table does not hold gives "?" rather than a read past the table.
#pragma once

#include <cstddef>
#include <string_view>

namespace trumpf {

// The rank and suit letters a card name spells, upper-cased: two letters
// ("QH", "qh") or "10" and a suit letter for a ten ("10H", read as "TH").
// False for any other shape; the family's letter tables say which letters
// are cards (both families name cards this way, docs/rules/index.md).
constexpr bool card_letters(std::string_view name, char* rank, char* suit) noexcept {
  const auto upper = [](char c) { return c >= 'a' && c <= 'z' ? char(c - 32) : c; };
  if (name.size() == 2) {
    *rank = upper(name[0]);
  } else if (name.size() == 3 && name[0] == '1' && name[1] == '0') {
    *rank = 'T';
  } else {
    return false;
  }
  *suit = upper(name.back());
  return true;
}

template <std::size_t N>
constexpr const char* name_in(const char* const (&names)[N], int i) noexcept {
  return i >= 0 && std::size_t(i) < N ? names[i] : "?";
}

}  // namespace trumpf
