// The exact solver of a Durak position with every card known: meant for the endgame, once the talon
// is empty and both hands are known to both seats, but any position whose talon order is known is
// searched the same way.
//
//   #include "durak/solve.hpp"
//   Solver solver;                              // owns its table: one a thread
//   Verdict v = solver.value(s, budget);        // for turn_of(s)
//   Move moves[kMaxMoves]; Verdict vs[kMaxMoves];
//   int n = solver.values(s, budget, moves, vs);   // each legal move, legal order
//   solver.value(s, budget, &stop);             // ends early once the Stop is requested
//
// A value is from the view of the seat on turn: +1 when the other seat ends
// as the fool, -1 when this one does, 0 for a draw. A Verdict is the interval
// [lo, hi] the value is proven to lie in: exact when lo == hi, "unknown" with
// the best bounds so far when the node budget ran out first. Resigning is
// never searched: it makes the resigner the fool, the worst value there is,
// so it cannot be better than any move on the board (and legal_moves does not
// offer it). Moves go through legal_moves and apply_legal only. No call
// allocates; the table is allocated once, by the constructor.
//
// Equivalent cards are not merged, as it does not pay. Two attack cards are
// never interchangeable: a taken one goes to the other seat and may later
// meet its twin. Two beats of one suit are, once the talon is empty, when no
// card in play lies between them and none shares either's rank (the beat
// stays on the table, then goes to the discard or back with its twin). That
// was built and checked exact, but it seldom applies: as many positions
// stayed unknown with it as without (100 from bot play at a budget of
// 100,000; 40 from random play at 1,000,000), and the check cost 12% more
// instructions (callgrind, 60 positions), so it was taken out.
#pragma once

#include <cstdint>

#include "common/solve_search.hpp"
#include "durak/game.hpp"

namespace trumpf::durak {

using Verdict = solve::Interval;

// The nodes a solve may search unless told otherwise.
constexpr std::uint64_t kDefaultBudget = 1'000'000;

// The result of a finished game from `seat`'s view.
int result_value(const GameState& s, Seat seat) noexcept;

class Solver {
 public:
  // A table of 2^table_bits buckets (32 bytes each); 18 is 8 MiB.
  explicit Solver(int table_bits = 18, solve::Options options = {});

  // The value for turn_of(s) within `budget` nodes; {0, 0} once s is over.
  // `stop` (may be null) ends the search early, as a spent budget does.
  Verdict value(const GameState& s, std::uint64_t budget = kDefaultBudget,
                Stop* stop = nullptr) noexcept;

  // Each legal move of turn_of(s) and its verdict, in legal_moves order,
  // sharing one budget; returns their number (0 once s is over).
  int values(const GameState& s, std::uint64_t budget, Move* moves, Verdict* verdicts,
             Stop* stop = nullptr) noexcept;

  // Positions searched (moves applied) since the solver was built.
  std::uint64_t nodes() const noexcept { return nodes_; }

 private:
  solve::Table table_;
  solve::Options options_;
  std::uint64_t nodes_ = 0;
};

}  // namespace trumpf::durak
