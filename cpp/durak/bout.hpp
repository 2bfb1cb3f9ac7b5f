// One bout: up to six attack cards, the answers parallel to them, who attacks.
#pragma once

#include <cstdint>

#include "durak/card.hpp"

namespace trumpf::durak {

struct Bout {
  std::uint8_t open;        // 0: no bout (the deal is over)
  Seat attacker = kNoSeat;  // the defender is the other; kNoSeat with no bout
  std::uint8_t cap;         // min(6, defender's hand when the bout opened)
  std::uint8_t n_att;       // attack cards on the table
  std::uint8_t n_beat;      // answered ones: beats[0..n_beat) ; attacks answer in order
  std::uint8_t taken;       // the defender has picked the bout up (pile_on)
  std::uint16_t ranks;      // rank indices on the table (attacks and beats)
  Card attacks[kHandSize];
  Card beats[kHandSize];

  Seat defender() const noexcept { return other(attacker); }
  bool empty() const noexcept { return n_att == 0; }
  // The first unbeaten attack card, or 0.
  Card unbeaten() const noexcept { return n_beat < n_att ? attacks[n_beat] : Card(0); }
  Cards cards() const noexcept {
    Cards s = 0;
    for (int i = 0; i < n_att; ++i) s |= bit(attacks[i]);
    for (int i = 0; i < n_beat; ++i) s |= bit(beats[i]);
    return s;
  }
  int size() const noexcept { return n_att + n_beat; }
};

inline Bout open_bout(Seat attacker, int defender_cards) noexcept {
  Bout b{};
  b.open = 1;
  b.attacker = attacker;
  b.cap = std::uint8_t(defender_cards < kHandSize ? defender_cards : kHandSize);
  return b;
}

}  // namespace trumpf::durak
