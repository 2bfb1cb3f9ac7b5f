// Who sits where and who deals: the one statement of the seating scheme,
// read by the simulator (play_schnapsen.cpp, play_durak.cpp), the VectorEnv
// (rl/env_schnapsen.cpp) and, through trumpf._core.sim, by
// Simulation.replay, VectorEnv.build and the checks of a saved folder.
// The oracle states it again on its own (reference/scheme.py), and
// tests/simulation/test_scheme.py holds the two together. Seats are indexed 0 and 1
// (seat 1 and seat 2).
//
// Game i of a run: player A sits in seat 1 in even games and in seat 2 in
// odd ones; a Schnapsen-family game's first dealer is seat 1 in games 0 and
// 1, seat 2 in games 2 and 3, and so on, so over any four games each player
// meets each (seat, dealer) pairing once. Durak records no dealer.
//
// Episode e of VectorEnv env i: seat 1 deals when i + e is even, so the
// lead alternates between episodes and between neighbouring envs. Where the
// episode's cards come from is rl/episode.hpp.
#pragma once

#include <cstdint>

namespace trumpf::sim {

constexpr int seat_of_a(std::uint64_t game) noexcept { return int(game & 1); }
constexpr int first_dealer_of(std::uint64_t game) noexcept { return int((game >> 1) & 1); }
constexpr int episode_dealer_of(std::uint64_t env, std::uint64_t episode) noexcept {
  return int((env + episode) & 1);
}

}  // namespace trumpf::sim
