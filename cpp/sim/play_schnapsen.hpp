// One simulated Schnapsen-family deal or match, written to row i.
#pragma once

#include <cstdint>

#include "sim/simulate.hpp"

namespace trumpf::sim {

// Game `i` of the run, into row `row` of `out`.
void play_schnapsen_deal(const Spec& spec, std::uint64_t i, std::uint64_t row,
                         const Columns& out) noexcept;
void play_schnapsen_match(const Spec& spec, std::uint64_t i, std::uint64_t row,
                          const Columns& out) noexcept;

}  // namespace trumpf::sim
