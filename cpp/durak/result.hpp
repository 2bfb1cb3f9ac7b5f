// How a deal ends: out seats, the fool, a draw, a resignation.
#pragma once

#include <cstdint>

#include "durak/card.hpp"

namespace trumpf::durak {

enum class Outcome : std::uint8_t { kNone = 0, kFool, kDraw, kResign };

struct Result {
  Outcome outcome = Outcome::kNone;
  Seat fool = kNoSeat;  // kNoSeat for a draw
  int place_of(Seat seat) const noexcept { return fool == seat ? 2 : 1; }
};

// The result after a refill from the two hand sizes and the talon; None
// outcome when the deal goes on.
inline Result outcome_of(int count1, int count2, int talon_left) noexcept {
  Result r;
  if (talon_left > 0) return r;
  const bool out1 = count1 == 0, out2 = count2 == 0;
  if (out1 && out2) {
    r.outcome = Outcome::kDraw;
  } else if (out1 || out2) {
    r.outcome = Outcome::kFool;
    r.fool = out1 ? kP2 : kP1;
  }
  return r;
}

inline Result resigned(Seat seat) noexcept { return Result{Outcome::kResign, seat}; }

}  // namespace trumpf::durak
