// One simulated Durak game, written to row i.
#pragma once

#include <cstdint>

#include "sim/simulate.hpp"

namespace trumpf::sim {

void play_durak_game(const Spec& spec, std::uint64_t i, const Columns& out) noexcept;

}  // namespace trumpf::sim
