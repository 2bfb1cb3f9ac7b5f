// The Durak deal: seeded shuffle of 1..36, one card at a time, seat 1 first.
#pragma once

#include <cstdint>

#include "durak/card.hpp"

namespace trumpf::durak {

struct Deal {
  Card order[kPackSize];  // the shuffled pack
  Cards hands[2];         // seat 1, seat 2
  Card talon[24];         // order[13..35] then the trump card
  Card trump_card;
  int trump;           // suit index
  int first_attacker;  // 1 or 2
  int six_owner;       // 0, 1 or 2
};

// The shuffled order of 1..36 for (seed, number); seed is 32 bytes.
void order_for(const std::uint8_t* seed, std::uint64_t number, Card out[kPackSize]) noexcept;

// The whole deal for (seed, number).
Deal deal_for(const std::uint8_t* seed, std::uint64_t number) noexcept;

}  // namespace trumpf::durak
