// The Durak deal: seeded shuffle of 1..36, one card at a time, kP1 first.
#pragma once

#include <cstdint>

#include "durak/card.hpp"

namespace trumpf::durak {

struct Deal {
  Card order[kPackSize];  // the shuffled pack
  Cards hands[2];         // by seat
  Card talon[24];         // order[13..35] then the trump card
  Card trump_card;
  int trump;  // suit index
  Seat first_attacker;
  Seat six_owner;  // kNoSeat when the six is in the talon
};

// The shuffled order of 1..36 for (seed, number); seed is 32 bytes.
void order_for(const std::uint8_t* seed, std::uint64_t number, Card out[kPackSize]) noexcept;

// The whole deal for (seed, number).
Deal deal_for(const std::uint8_t* seed, std::uint64_t number) noexcept;

// The deal of the pack in a chosen `order` (36 cards, each once: the caller
// checks), dealt as deal_for deals a shuffled pack: one card at a time,
// kP1 first, twelve cards, the trump card, the talon.
Deal deal_of_order(const Card order[kPackSize]) noexcept;

}  // namespace trumpf::durak
