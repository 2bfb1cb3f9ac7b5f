// The exact solver of a Schnapsen or Sixty-Six deal with every card known,
// the talon's order included ("Exact solvers").
//
//   #include "schnapsen/solve.hpp"
//   Solver solver;                       // owns its table: build one a thread
//   int v = solver.value(s);             // game points for s.turn, -3..3
//   Move moves[kMaxMoves]; int vals[kMaxMoves];
//   int n = solver.values(s, moves, vals);   // each legal move, legal order
//
// A value is in game points from the view of the seat on turn: +gp when it
// wins the deal, -gp when it loses, 0 for a drawn Sixty-Six deal. Both seats'
// moves are searched, claims (true and false), closes, exchanges, marriages
// and Sixty-Six's draw among them, through legal_moves and apply_legal only:
// the solver knows no rule of its own, so any rule the engine plays it solves.
// No call allocates; the table is allocated once, by the constructor.
//
// Equivalent cards are not merged: none are, provably. The six ranks of a
// suit all carry different card points, and points decide 66, Schneider
// and Sixty-Six's comparison at the end, so even two cards of one suit with
// every card between them played can change a result by a single point
// (65 against 66). Equal points come only in different suits, which the
// talon, the trump and the marriages tell apart.
#pragma once

#include <cstdint>

#include "common/solve_search.hpp"
#include "schnapsen/deal.hpp"

namespace trumpf::schnapsen {

// The result of a finished deal in game points, from `seat`'s view.
int result_value(const DealState& s, Seat seat) noexcept;

class Solver {
 public:
  // A table of 2^table_bits buckets (32 bytes each); 16 is 2 MiB, plenty for
  // a whole deal. Options switch the table or the move ordering off, for
  // measuring what they are worth; the values do not change.
  explicit Solver(int table_bits = 16, solve::Options options = {});

  // The value of the position for s.turn; of a finished deal, its result.
  int value(const DealState& s) noexcept;

  // Each legal move of s.turn and its value, in legal_moves order; returns
  // their number (0 when the deal is over).
  int values(const DealState& s, Move* moves, int* values) noexcept;

  // Positions searched (moves applied) since the solver was built.
  std::uint64_t nodes() const noexcept { return nodes_; }

 private:
  solve::Table table_;
  solve::Options options_;
  std::uint64_t nodes_ = 0;
};

}  // namespace trumpf::schnapsen
