// Schnapsen-family cards (docs/rules/index.md, "Cards"): ids 1..24, suits S H D C,
// ranks A T K Q J 9 in id order. 0 means "no card".
#pragma once

#include <cstdint>

namespace trumpf::schnapsen {

using Card = std::uint8_t;
using Seat = std::uint8_t;  // 0 = "p1", 1 = "p2"
constexpr Seat kP1 = 0, kP2 = 1;
constexpr Seat kNoSeat = 0xFF;
constexpr Card kNoCard = 0;

inline constexpr Seat other(Seat s) noexcept { return Seat(s ^ 1); }

inline constexpr bool is_card(long long c) noexcept { return c >= 1 && c <= 24; }
inline constexpr int suit_of(Card c) noexcept { return (c - 1) / 6; }  // 0 S, 1 H, 2 D, 3 C
inline constexpr int rank_of(Card c) noexcept { return (c - 1) % 6; }  // 0 A .. 5 nine
inline constexpr int power_of(Card c) noexcept { return 5 - rank_of(c); }
inline constexpr int points_of(Card c) noexcept {
  constexpr int p[6] = {11, 10, 4, 3, 2, 0};
  return p[rank_of(c)];
}
inline constexpr Card card_of(int suit, int rank) noexcept { return Card(suit * 6 + rank + 1); }

constexpr char kSuitLetters[5] = "SHDC";
constexpr char kRankLetters[7] = "ATKQJ9";
constexpr int kRankKing = 2, kRankQueen = 3, kRankJack = 4, kRankNine = 5;

// The suit order marriages are offered in: alphabetical C, D, H, S.
constexpr int kMarriageSuits[4] = {3, 2, 1, 0};

inline int suit_index(char letter) noexcept {
  switch (letter) {
    case 'S':
      return 0;
    case 'H':
      return 1;
    case 'D':
      return 2;
    case 'C':
      return 3;
    default:
      return -1;
  }
}

// A card's bit in a card set: bit c, so bit 0 (kNoCard's) is in no set.
inline constexpr std::uint32_t bit(Card c) noexcept { return std::uint32_t(1) << c; }

}  // namespace trumpf::schnapsen
