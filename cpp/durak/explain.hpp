// Why a move was refused, in words a person can act on. The code says which
// rule refused it (game.hpp); this says what in the position made it so:
// whose turn it is, the phase, the hand a card is not in, the ranks on the
// table, the cap, the six's owner.
#pragma once

#include <string>

#include "durak/game.hpp"

namespace trumpf::durak {

// What the caller passed, as text (Python's repr of each), for the refusals
// that must quote it because it is not a seat, a move or a card.
struct Given {
  std::string seat, move, card;
};

// The message for `code`, the refusal of `move` by `seat` (kNoSeat when the
// caller's seat was not one) in the deal as it stood, `before`.
std::string explain(const GameState& before, Seat seat, Move move, Code code, const Given& given);

}  // namespace trumpf::durak
