// Why a move was refused, in words a person can act on. The code says which
// rule refused it (deal.hpp); this says what in the position made it so.
#pragma once

#include <string>

#include "schnapsen/deal.hpp"

namespace trumpf::schnapsen {

// What the caller passed, as text (Python's repr of each), for the refusals
// that must quote it because it is not a seat, a move, a card or a suit.
struct Given {
  std::string seat, move, card, suit;
};

// The message for `code`, the refusal of `move` by `seat` (kNoSeat when the
// caller's seat was not one) in the deal as it stood, `before`.
std::string explain(const DealState& before, Seat seat, Move move, Code code, const Given& given);

}  // namespace trumpf::schnapsen
