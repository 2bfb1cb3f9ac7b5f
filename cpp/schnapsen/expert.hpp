// The expert bot of Schnapsen and Sixty-Six: perfect-information
// Monte Carlo over the seat's information set, and the all-seeing `perfect`.
//
//   Expert expert;                                   // owns a solver: one a thread
//   Move m = expert.choose(info, ExpertOptions{});   // info: info_set(...) of the seat on turn
//   Move p = perfect_choose(solver, state);          // sees every card: not a fair player
//
// choose reads nothing but the InfoSet. It deals worlds the seat cannot
// tell apart (worlds.hpp, common/worlds.hpp): every one when there are at
// most `samples`, else `samples` drawn from worlds::stream_of(seed,
// decision), where the decision is (deal number << 6 | cards played << 1 |
// seat). Each world gives every legal move a value in game points for the
// seat:
//   - exact: the solver's value of the move in that world, when few enough
//     cards are left (hands plus cards to draw at most exact_weight: the
//     solve then takes well under a millisecond);
//   - else a rollout: the move, then the level-2 bot for both seats while
//     the talon is drawn from, then the solver's exact value of the phase-2
//     position reached (or the result, if the deal ended first).
// The move with the highest sum over the worlds is chosen (the first in
// legal order on a tie). Worlds stop at `samples` or once `budget` work
// units (solver positions plus rollout moves) are spent, checked before
// each world, so a decision is reproducible and costs at most about one
// world beyond its budget. A seat with one legal move plays it without a
// search. options.stop (may be null) is polled before each world and by the
// solver: once it is requested the decision ends at once with a legal move
// (the first legal move when no world was finished), which the caller
// discards; unstopped, the Stop changes nothing. With options.presumed, a world solved exactly is
// valued by presumed_values instead (presumed.hpp), its other seat's worlds drawn from
// worlds::stream_of(seed, decision | 1 << 63). win_weight and match_aware
// change what a world's result is worth, and infer and infer_lead how much
// a world counts (below). These are measured modes (docs/bots.md, "Beyond
// plain PIMC"). The players' table's expert sets match_aware where
// kMatchAware marks the variant, and its expert-pimc never does; the other
// modes are C++ only.
#pragma once

#include <cstdint>

#include "common/stop.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/solve.hpp"
#include "schnapsen/worlds.hpp"

namespace trumpf::schnapsen {

struct ExpertOptions {
  std::uint32_t samples = 64;      // worlds a decision, at most
  std::uint64_t budget = 200'000;  // work units a decision, at most (about a world more)
  std::uint64_t seed = 0;
  int exact_weight = 0;  // 0: the variant's (kExactWeight)
  // Worlds of the other seat's own a solved world's first answer is chosen
  // from (presumed.hpp); 0: plain PIMC, the answer that is best in the world.
  int presumed = 0;
  // Added to a world's value of a move for each deal it wins (minus for each
  // it loses): 0 values game points alone.
  int win_weight = 0;
  // In a match, value a deal's result by the chance of winning the match that
  // it leaves (a table of the match's standings, expert.cpp), not by its game
  // points.
  bool match_aware = false;
  // When the seat follows a lead of the other seat's: the weight, in
  // thousandths, of a world in which that seat declined a marriage or an
  // exchange its hand allowed at the lead (each declined one multiplies it
  // in); 0 weighs every world alike.
  int infer = 0;
  // Likewise, the weight of a world in whose position the level-2 bot would
  // have led otherwise than the other seat did.
  int infer_lead = 0;
  Stop* stop = nullptr;  // ends the decision early (above)
};

// Cards left (both hands and the talon still to draw) at which a world is
// solved exactly rather than rolled out, by variant: measured so that a
// world's solve stays well under a millisecond (bench/strength.py).
constexpr int kExactWeight[2] = {14, 14};

// The variants whose matches the players' table's expert plays with
// match_aware, by variant: measured against plain PIMC over 4,000 Schnapsen
// and 2,000 Sixty-Six matches (docs/bots.md), it wins more Schnapsen matches
// and no more Sixty-Six ones.
constexpr bool kMatchAware[2] = {true, false};

using ExpertStats = worlds::Stats;  // what the last decision did

class Expert {
 public:
  Expert() : solver_(16) {}

  // The move for info.seat, which must be on turn in a deal not over (an
  // InfoSet hidden_of accepts); MoveKind::kNone otherwise.
  Move choose(const InfoSet& info, const ExpertOptions& options) noexcept;

  const ExpertStats& stats() const noexcept { return stats_; }
  Solver& solver() noexcept { return solver_; }

 private:
  Solver solver_;
  ExpertStats stats_;
};

// A world's value for `seat` of the position `t` a move reached, as choose
// rolls out: the level-2 bot plays both seats while the talon is drawn from
// (leaving `t` where the draws end), then the solver's exact value. Adds the
// bot's moves to *work (the solver counts its own); `stop` may be null.
int rollout(Solver& solver, DealState& t, Seat seat, std::uint64_t* work, Stop* stop) noexcept;

// The decision a stream is drawn for (see above).
std::uint64_t decision_of(const InfoSet& info) noexcept;

// The best move of the true position by the exact solver, first in legal
// order on a tie: the `perfect` player, who sees every card. A search that
// `stop` (may be null) ended early answers a legal move all the same.
Move perfect_choose(Solver& solver, const DealState& s, Stop* stop = nullptr) noexcept;

}  // namespace trumpf::schnapsen
