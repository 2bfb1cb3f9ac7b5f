// The presumed-value correction of the expert ("PIMC's known
// weakness"), after Wisser's Presumed Value PIMC: a world's exact solve
// lets the other seat answer as if it saw the expert's hand and the talon's
// order, so plain PIMC shuns any line a lucky guess could refute. Here the
// other seat's first answer is chosen from what that seat can know instead:
//
//   int n = presumed_values(solver, info, world, stream, opponent_worlds, moves, values);
//
// For each legal move m of info.seat in `world` (a deal of the InfoSet,
// worlds.hpp's deal_of): apply m; if the other seat is then on turn with a
// choice, deal `opponent_worlds` positions it cannot tell apart (the
// expert's cards it has not been shown, and the face-down talon, dealt
// again from `stream`), pick its answer with the best sum of exact values
// over those (the first in legal order on a tie), and take the exact value
// of that answer in `world`. Otherwise (the expert moves again, the deal is
// over, or the answer is forced) the move's exact value in `world`, as
// plain PIMC. Values are game points for info.seat.
//
// What the other seat is shown of the expert's hand: the turn-up it took
// by an exchange and the partner of a marriage it declared. The voids the
// expert's own phase-2 follows showed are not tracked (the InfoSet does
// not keep them), so its worlds may hold a card the other seat could rule
// out: the correction is an approximation beyond the first answer, too.
//
// Measured against plain PIMC at the same budget (bench/pimc_remedy.py,
// README "PIMC's weakness"), it did not win, so the default expert does not
// use it: the mode is kept, tested, for measuring remedies.
#pragma once

#include "common/stream.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/solve.hpp"

namespace trumpf::schnapsen {

int presumed_values(Solver& solver, const InfoSet& info, const DealState& world, Stream& stream,
                    int opponent_worlds, Move* moves, int* values) noexcept;

}  // namespace trumpf::schnapsen
