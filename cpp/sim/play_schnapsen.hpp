// One simulated Schnapsen-family deal or match, written to row i.
#pragma once

#include <cstdint>

#include "sim/simulate.hpp"

namespace trumpf::sim {

void play_schnapsen_deal(const Spec& spec, std::uint64_t i, const Columns& out) noexcept;
void play_schnapsen_match(const Spec& spec, std::uint64_t i, const Columns& out) noexcept;

}  // namespace trumpf::sim
