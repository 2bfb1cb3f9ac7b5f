#include "durak/deck.hpp"

#include "common/decimal.hpp"
#include "common/shuffle.hpp"

namespace trumpf::durak {

void order_for(const std::uint8_t* seed, std::uint64_t number, Card out[kPackSize]) noexcept {
  char prefix[5 + 20] = {'d', 'e', 'a', 'l', ':'};
  const int n = 5 + decimal_of(number, prefix + 5);
  WordStream words(seed, std::string_view(prefix, std::size_t(n)));
  for (int i = 0; i < kPackSize; ++i) out[i] = Card(i + 1);
  words.shuffle(out, kPackSize);
}

Deal deal_for(const std::uint8_t* seed, std::uint64_t number) noexcept {
  Card order[kPackSize];
  order_for(seed, number, order);
  return deal_of_order(order);
}

Deal deal_of_order(const Card order[kPackSize]) noexcept {
  Deal d{};
  for (int i = 0; i < kPackSize; ++i) d.order[i] = order[i];
  for (int i = 0; i < 12; ++i) d.hands[i & 1] |= bit(d.order[i]);
  d.trump_card = d.order[12];
  d.trump = suit_of(d.trump_card);
  for (int i = 13; i < kPackSize; ++i) d.talon[i - 13] = d.order[i];
  d.talon[23] = d.trump_card;
  // First attacker: the lowest-power trump; kP1 if nobody holds a trump.
  const Cards trumps = suit_cards(d.trump);
  d.first_attacker = kP1;
  int best = 99;
  for (int s = 0; s < 2; ++s) {
    Cards t = d.hands[s] & trumps;
    while (t) {
      Card c = lowest(t);
      t &= t - 1;
      if (power_of(c) < best) {
        best = power_of(c);
        d.first_attacker = Seat(s);
      }
    }
  }
  const Card six = six_of(d.trump);
  d.six_owner = (d.hands[kP1] & bit(six)) ? kP1 : (d.hands[kP2] & bit(six)) ? kP2 : kNoSeat;
  return d;
}

}  // namespace trumpf::durak
