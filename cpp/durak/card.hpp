// Durak cards: ids 1..36, suits S H D C, ranks A K Q J T 9 8 7 6 in id order.
// A card set is a uint64_t with bit (id-1) set; iterating bits from the low
// end visits the cards in id order, which is Durak's hand order.
#pragma once

#include <cstdint>

#include "common/bits.hpp"

namespace trumpf::durak {

using Card = std::uint8_t;    // 1..36, 0 = no card
using Cards = std::uint64_t;  // bit (id-1)

// Seats are 0 and 1, as in Schnapsen's engine; the Python API, the logs and
// every message number them 1 and 2 (seat_number), and the bindings convert.
using Seat = std::uint8_t;
constexpr Seat kP1 = 0, kP2 = 1;
constexpr Seat kNoSeat = 0xFF;

constexpr Seat other(Seat s) noexcept { return Seat(s ^ 1); }
constexpr bool is_seat(int s) noexcept { return s == kP1 || s == kP2; }
// The seat's number as the API writes it: 1 or 2, and 0 for no seat.
constexpr int seat_number(int s) noexcept { return is_seat(s) ? s + 1 : 0; }
// The seat the API's number `n` names; kNoSeat for anything but 1 and 2.
constexpr Seat seat_numbered(long long n) noexcept { return n == 1 ? kP1 : n == 2 ? kP2 : kNoSeat; }

constexpr int kPackSize = 36;
constexpr int kHandSize = 6;

constexpr int suit_of(Card c) noexcept { return (c - 1) / 9; }
constexpr int rank_index_of(Card c) noexcept { return (c - 1) % 9; }
constexpr int power_of(Card c) noexcept { return 8 - rank_index_of(c); }
constexpr bool valid_card(int c) noexcept { return c >= 1 && c <= kPackSize; }
// A card's bit in a card set: bit c - 1, so the 36 cards fill bits 0..35.
constexpr Cards bit(Card c) noexcept { return Cards(1) << (c - 1); }
constexpr Card six_of(int trump_suit) noexcept { return Card(trump_suit * 9 + 9); }

inline int count_of(Cards s) noexcept { return bits::popcount(s); }
inline Card lowest(Cards s) noexcept { return Card(bits::lowest_bit(s) + 1); }

constexpr char kSuitLetters[4] = {'S', 'H', 'D', 'C'};
constexpr char kRankLetters[9] = {'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6'};

// The four cards of one rank index.
constexpr Cards rank_cards(int rank_index) noexcept {
  Cards s = 0;
  for (int suit = 0; suit < 4; ++suit) s |= Cards(1) << (suit * 9 + rank_index);
  return s;
}
constexpr Cards suit_cards(int suit) noexcept { return Cards(0x1FF) << (suit * 9); }

// Whether `card` beats `attack` with trump suit `trump`.
constexpr bool beats(Card card, Card attack, int trump) noexcept {
  const int cs = suit_of(card), as = suit_of(attack);
  if (as == trump) return cs == trump && power_of(card) > power_of(attack);
  if (cs == trump) return true;
  return cs == as && power_of(card) > power_of(attack);
}

// Every card that beats `attack`: a precomputed table, [trump][attack].
struct BeatTable {
  Cards t[4][kPackSize + 1];
  constexpr BeatTable() : t{} {
    for (int tr = 0; tr < 4; ++tr)
      for (int a = 1; a <= kPackSize; ++a) {
        Cards s = 0;
        for (int c = 1; c <= kPackSize; ++c)
          if (beats(Card(c), Card(a), tr)) s |= bit(Card(c));
        t[tr][a] = s;
      }
  }
};
inline constexpr BeatTable kBeatTable{};
inline Cards beaters_of(Card attack, int trump) noexcept { return kBeatTable.t[trump][attack]; }

// The cards of every rank present in `ranks` (a 9-bit mask of rank indices):
// the mask repeated once a suit, which one multiplication does (no carries, as
// the four copies do not overlap).
inline Cards cards_of_ranks(std::uint16_t ranks) noexcept {
  return Cards(ranks & 0x1FF) * 0x8040201ULL;
}

}  // namespace trumpf::durak
