// What one seat sees, and nothing else: its own hand, the bout, the trump,
// the turn-up while it is in the talon, the sizes of the talon and the heap,
// both hand sizes, whether this seat may swap, its legal moves, ply and the
// result. Never the other hand, the talon's order, a drawn turn-up, the
// heap's contents, the seed, or whether the other seat may swap.
//
// One type for both directions: Game.view(seat) is view_of(state, seat) made
// into the reference's dict, and a bot chooses from a SeatView, whether it was
// made here or read back from a caller's dict.
#pragma once

#include <cstdint>

#include "durak/bout.hpp"
#include "durak/card.hpp"
#include "durak/game.hpp"

namespace trumpf::durak {

struct SeatView {
  Seat seat = kNoSeat;
  std::uint64_t ply = 0;  // events so far: what the level-1 bot hashes
  Phase phase = Phase::kAttack;
  Seat turn = kNoSeat;  // kNoSeat once the deal is over
  int trump = 0;        // suit index
  Card trump_card = 0;  // the turn-up; 0 once it has been drawn
  int talon = 0;        // cards left to draw
  int discard = 0;      // cards on the heap
  Cards hand = 0;
  int counts[2] = {0, 0};  // both hand sizes
  bool swap = false;       // whether this seat may swap now
  Move legal[kMaxMoves] = {};
  int n_legal = 0;
  bool over = false;
  Outcome outcome = Outcome::kNone;
  Seat fool = kNoSeat;  // kNoSeat unless a seat is the fool
  Bout bout{};          // open == 0: no bout; n_att is the view's "size"
};

// The view of `seat` of the deal `s`.
SeatView view_of(const GameState& s, Seat seat) noexcept;

}  // namespace trumpf::durak
