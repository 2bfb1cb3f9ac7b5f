// The parts of reach_deal (reach.hpp): what an InfoSet fixes of its deal's
// course (reach_course.cpp) and a deal and moves that fit it
// (reach_plan.cpp). Internal to the engine: nothing outside reach*.cpp
// includes it.
#pragma once

#include <cstdint>

#include "schnapsen/info.hpp"

namespace trumpf::schnapsen::reach {

constexpr int kInf = 1000;
// A card's holdings are tracked by token: the card id, or kLowFirst for the
// exchanger's holding of the low trump before it lay face up (the seat that
// draws it last may be the same seat, holding it a second time).
constexpr int kLowFirst = 25;
constexpr int kTokens = 26;
constexpr int kMaxSteps = 48;
constexpr int kMaxSlots = 16;

struct Step {
  Seat seat;
  Move move;
};

// When a card came into a hand: after `moment` tricks; `sub` orders that
// moment's arrivals (-1 dealt, 0 drawn, 1 the turn-up an exchange took).
struct Key {
  int moment, sub;
};
inline bool before(Key a, Key b) noexcept {
  return a.moment < b.moment || (a.moment == b.moment && a.sub < b.sub);
}
inline bool dealt(Key a) noexcept { return a.sub < 0; }

struct Slot {
  Key key;
  int token;  // 0: empty
};

// What the InfoSet fixes of the deal's course.
struct Course {
  const InfoSet* info;
  const Trick* tricks;
  int n;  // tricks completed
  Seat seat, o, first;
  int h, half, rounds;
  bool choice;   // Sixty-Six: the trick's winner draws (or closes) by a move
  int close_at;  // tricks completed at the close, -1 while open
  bool pending_close;
  int n_plays[2];
  int play_t[2][13];
  Card play_c[2][13];
  int meld_at[4];  // the trick each marriage was led to (n + 1: pending or led now)
  Card low;        // the low trump: the exchange card
  Seat leader_at(int moment) const noexcept {
    return moment == 0 ? first : tricks[moment - 1].winner;
  }
  // Who drew the turn-up as the talon's last card, kNoSeat if nobody did.
  Seat drawer() const noexcept {
    if (close_at >= 0 || rounds < half || n < half) return kNoSeat;
    return other(tricks[half - 1].winner);
  }
};

// Reads what `i` fixes of the deal's course off it and its `n` completed
// tricks; false when those facts contradict each other.
bool course_of(const InfoSet& i, const Trick* tricks, int n, Course* out) noexcept;

struct Timing {
  bool any;
  int moment;
  bool table;  // the Sixty-Six table's exchange on a close
};

struct Plan {
  Card order[24];
  int n_order;
  Step steps[kMaxSteps];
  int n_steps;
};

// A deal and moves for `c` under `timing` (when the exchange was made), with
// `up` the turn-up drawn last (kNoCard if nobody drew it) and, for a
// Schnapsen marriage shown at the lead of the close, whether it came after
// the close; false when no placement of the cards fits.
bool plan_deal(const Course& c, Timing timing, Card up, bool melds_after_close, Plan* out) noexcept;

}  // namespace trumpf::schnapsen::reach
