// How the Durak expert values a position it cannot solve: it
// plays the position out and scores the finished game for one seat.
//
//   Stream noise = ...;  std::uint64_t moves = 0;
//   Score sc = play_out(t, seat, &moves, &noise, eps);
//
// The level-3 bot plays both seats to the end; with `noise`, each of its
// moves is, with chance eps / 256, a legal move drawn uniformly instead, so
// that several rollouts of one world differ and their average means
// something. The bot is a fair model of bot3, and rollouts that also
// solve the endgame exactly once the talon is empty did worse within the
// same budget (README, "Strength"): each solve costs the worlds it crowds out.
#pragma once

#include <cstdint>

#include "common/stream.hpp"
#include "durak/game.hpp"
#include "durak/solve.hpp"

namespace trumpf::durak {

// A finished game's worth to a seat: not the fool, won (0 or 1 each); -1
// for both when a verdict does not settle it.
struct Score {
  int not_lost, won;
};

// The score of a game over, for `seat`.
Score score_of(const GameState& t, Seat seat) noexcept;

// The score a solver's verdict for `mover` settles for `seat`, else {-1, -1}.
Score settled(Verdict v, Seat mover, Seat seat) noexcept;

// Plays `t` out (see above), adds the bot's moves to *moves and scores the
// end for `seat`.
Score play_out(GameState t, Seat seat, std::uint64_t* moves, Stream* noise = nullptr,
               std::uint32_t eps = 0) noexcept;

}  // namespace trumpf::durak
