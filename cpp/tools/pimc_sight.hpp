// Diagnostics of trumpf_pimc_bench that see what a fair player cannot: the
// other hand with the talon's order still hidden (docs/bots.md, "Beyond plain
// PIMC"), and the mixing function the bench draws its seeds with.
#pragma once

#include <cstdint>
#include <utility>

#include "schnapsen/expert.hpp"
#include "schnapsen/solve.hpp"

namespace trumpf::schnapsen {

// splitmix64's finaliser of z plus its increment: a seed from an index.
inline std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The /ph and /phe diagnostics: the move with the best sum of values over orders of the true
// position's face-down talon, the hands as they are, each order valued as the expert values a
// world (exact, or with `rolls_out` the level-2 bot for both seats while the talon is drawn from,
// then exact), stopping at `samples` orders or `budget` work units as the expert does.
inline Move hand_known_choose(Solver& solver, const DealState& s, bool rolls_out,
                              std::uint32_t samples, std::uint64_t budget,
                              std::uint64_t seed) noexcept {
  Move moves[kMaxMoves];
  int values[kMaxMoves];
  long long sums[kMaxMoves] = {};
  int n = legal_moves(s, s.turn, moves);
  if (n <= 1) return n ? moves[0] : Move{};
  const Seat seat = s.turn;
  const std::uint64_t nodes_before = solver.nodes();
  std::uint64_t rolled = 0, state = seed;
  for (std::uint32_t k = 0;
       k < samples && (k == 0 || solver.nodes() - nodes_before + rolled < budget); ++k) {
    DealState t = s;
    for (int i = t.talon_end - 1; i > t.talon_pos; --i) {  // Fisher-Yates
      state = mix(state);
      const int j = t.talon_pos + int(state % std::uint64_t(i - t.talon_pos + 1));
      std::swap(t.talon[i], t.talon[j]);
    }
    if (!rolls_out) {
      n = solver.values(t, moves, values);
      for (int i = 0; i < n; ++i) sums[i] += values[i];
      continue;
    }
    for (int i = 0; i < n; ++i) {
      DealState u = t;
      apply_legal(u, seat, moves[i], nullptr);
      sums[i] += rollout(solver, u, seat, &rolled, nullptr);
    }
  }
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (sums[i] > sums[best]) best = i;
  return moves[best];
}

}  // namespace trumpf::schnapsen
