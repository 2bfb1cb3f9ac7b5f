// One simulated Durak game, written to row i.
#pragma once

#include <cstdint>

#include "sim/simulate.hpp"

namespace trumpf::sim {

// Game `i` of the run, into row `row` of `out`.
void play_durak_game(const Spec& spec, std::uint64_t i, std::uint64_t row,
                     const Columns& out) noexcept;

}  // namespace trumpf::sim
