// The Durak expert bot: Monte Carlo over the worlds of the seat's
// information set, and the all-seeing `perfect`.
//
//   Expert expert;                                   // owns a solver: one a thread
//   Move m = expert.choose(info, ExpertOptions{});   // info: info_set(...) of the seat on turn
//   Move p = expert.perfect(state, ExpertOptions{}); // sees every card: not a fair player
//
// choose reads nothing but the InfoSet. It deals worlds the seat cannot
// tell apart (worlds.hpp, common/worlds.hpp): every one when there are at
// most `samples`, else `samples` drawn from worlds::stream_of(seed,
// decision), where the decision is (ply << 2 | seat_number(seat)). In each world every
// legal move is played and then scored, for the seat, as "not the fool" and
// "won" (0 or 1 each):
//   - exact, once the talon holds no face-down card (every card is then
//     known): the endgame solver's verdict within the work left, when it
//     settles the move; it counts as `rollouts` games;
//   - else `rollouts` games played out by the level-3 bot on both seats,
//     each bot move random with chance noise / 256 (rollout.hpp), drawn
//     from a second stream of (seed, decision).
// The move with the most games not lost, then the most won, is chosen (the
// first in legal order on a tie): the best chance of not being the fool.
// Worlds stop at `samples` or once `budget` work units are spent, checked
// before each world. A rollout move is one unit and a solver position two,
// since a position costs about twice a move (measured: 175 ns against 70),
// so that the budget bounds the time of a move whatever it spends it on. A
// seat with one legal move plays it without a search.
//
// options.stop (may be null) is polled before each world and by the solver:
// once it is requested the decision ends at once with a legal move (the
// first legal move when no world was scored), which the caller discards;
// unstopped, the Stop changes nothing.
//
// perfect scores the true position alone the same way, samples x rollouts
// times over (the rollouts differ by their noise, kPerfectNoise when noise
// is 0), and by the solver's verdict once the talon holds no face-down card.
#pragma once

#include <cstdint>

#include "common/stop.hpp"
#include "common/stream.hpp"
#include "durak/info.hpp"
#include "durak/solve.hpp"
#include "durak/worlds.hpp"

namespace trumpf::durak {

// The defaults were measured against bot3 and the older 64 worlds of one
// noiseless rollout (README, "Strength").
struct ExpertOptions {
  std::uint32_t samples = 128;     // worlds a decision, at most
  std::uint64_t budget = 200'000;  // work units a decision, at most (about a world more)
  std::uint64_t seed = 0;
  std::uint32_t rollouts = 2;  // games played out a move and world
  std::uint32_t noise = 26;    // a rollout move's chance, in 256ths, of being random
  Stop* stop = nullptr;        // ends the decision early (above)
};

// Work units a solver position counts for (see above).
constexpr std::uint64_t kSolverNodeWork = 2;

// perfect's noise when the options give none: its rollouts of one world must differ.
constexpr std::uint32_t kPerfectNoise = 26;

using ExpertStats = worlds::Stats;  // what the last decision did

class Expert {
 public:
  Expert() : solver_(16) {}

  // The move for info.seat, on turn in a game not over (an InfoSet
  // hidden_of accepts); Kind::kNone otherwise.
  Move choose(const InfoSet& info, const ExpertOptions& options) noexcept;

  // The same search on the true position alone: the `perfect` player.
  Move perfect(const GameState& s, const ExpertOptions& options) noexcept;

  const ExpertStats& stats() const noexcept { return stats_; }

 private:
  // Adds each legal move's scores in world `s` to the sums.
  void score(const GameState& s, Seat seat, std::uint64_t budget, int* n, Move* moves,
             long long* not_lost, long long* won) noexcept;

  // Work units spent since the solver had searched `nodes_before` positions.
  std::uint64_t work_since(std::uint64_t nodes_before) const noexcept {
    return (solver_.nodes() - nodes_before) * kSolverNodeWork + rolled_;
  }

  Solver solver_;
  ExpertStats stats_;
  std::uint64_t rolled_ = 0;
  ExpertOptions opt_;                       // the decision's
  Stream noise_ = worlds::stream_of(0, 0);  // the decision's rollout noise
};

std::uint64_t decision_of(const InfoSet& info) noexcept;

}  // namespace trumpf::durak
