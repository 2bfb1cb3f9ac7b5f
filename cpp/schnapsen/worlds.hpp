// The deals a Schnapsen-family seat cannot tell from the one it sits in
//, dealt again from nothing but its InfoSet: the other hand's
// unknown cards and the face-down talon's order (common/worlds.hpp draws
// and enumerates them).
//
//   Hidden h;
//   if (!hidden_of(info, &h)) ...;       // an InfoSet whose cards or counts do not add up
//   worlds::each_world(h, samples, stream, [&](const World& w) {
//     DealState s;  if (!deal_of(info, w, s)) return false; ...  return more;
//   });
//
// The other hand may hold any unseen card but those a phase-2 follow showed
// it lacks (InfoSet::lacks, info.hpp's follow_lacks): no other inference.
// A closed talon's face-down cards are never drawn, so their order does not
// count and is not dealt.
#pragma once

#include <cstdint>

#include "common/worlds.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/info.hpp"

namespace trumpf::schnapsen {

using Hidden = worlds::Split<Card>;
using World = worlds::World<Card>;

// False when the InfoSet cannot be a seat's: its cards or counts do not add
// up (the bindings refuse such an info; info_set never makes one).
bool hidden_of(const InfoSet& info, Hidden* out) noexcept;

// The position of the world: the InfoSet's public state and hand, the other
// hand (known cards and world.hand, ascending) and the talon. False, and
// nothing written past an array, when the InfoSet's counts do not fit the
// arrays or the world (hidden_of's checks, made again).
bool deal_of(const InfoSet& info, const World& world, DealState& out) noexcept;

// One world of the InfoSet drawn from `seed` alone (trumpf.schnapsen.sample_world):
// worlds::sample of hidden_of's split from worlds::world_stream(seed), dealt
// by deal_of; drawn even where the worlds are few enough to enumerate, so
// every world has its chance. False when hidden_of or deal_of refuses the
// InfoSet.
bool sample_world(const InfoSet& info, std::uint64_t seed, DealState& out) noexcept;

// The seat's legal moves, from its InfoSet alone (they never depend on the
// hidden cards): those of any world. 0 when hidden_of refuses the InfoSet.
int info_legal(const InfoSet& info, Move* out) noexcept;

}  // namespace trumpf::schnapsen
