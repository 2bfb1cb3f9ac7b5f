// The Durak deals a seat cannot tell from the one it sits in:
// the other hand's unknown cards and the face-down talon's order, dealt
// again from nothing but the seat's InfoSet. The same scheme as the
// Schnapsen family's (schnapsen/worlds.hpp), over Durak's card sets:
//
//   Hidden h;  hidden_of(info, &h);          // false: an InfoSet that does not add up
//   worlds::each_world(h, samples, stream, [&](const World& w) {
//     GameState s;  if (!game_of(info, w, s)) ...;  ...  return more;
//   });
//
// A world gives the other hand `need` of the unseen cards beside the cards
// it is known to hold, and the face-down talon the rest (common/worlds.hpp
// draws and enumerates them). No inference beyond
// `known` and `unseen` is made: the InfoSet does not say whether a take was
// the defender's choice or the table's (no card could beat), and a hand
// refills from the talon, so a void shown once may not last.
//
// One fact the InfoSet does not settle: who may still swap the trump six.
// The seat's own right is `swap`; an unseen six dealt to the other hand in
// a world is its to swap (it was dealt or drawn there, never shown); a six
// the other hand is known to hold came back by a taken bout, and is taken
// as no longer swappable (it is when the other seat beat with its own six
// and then took the bout back: a rare case, read the safer way).
#pragma once

#include <cstdint>

#include "common/worlds.hpp"
#include "durak/game.hpp"
#include "durak/info.hpp"

namespace trumpf::durak {

using Hidden = worlds::Split<Card>;
using World = worlds::World<Card>;

// False when the InfoSet cannot be a seat's: its cards or counts do not add up.
bool hidden_of(const InfoSet& info, Hidden* out) noexcept;

// The position of the world: the InfoSet's public state and hand, the other
// hand (known cards and world.hand) and the talon, the card under it last.
// False (and `out` unusable) for an InfoSet whose counts do not fit the
// position's arrays, which hidden_of never accepts: checked in release
// builds too, so that a broken invariant is no move, never a write past.
bool game_of(const InfoSet& info, const World& world, GameState& out) noexcept;

// One world of the InfoSet drawn from `seed` alone (trumpf.durak.sample_world):
// worlds::sample of hidden_of's split from worlds::world_stream(seed), dealt
// by game_of. False when hidden_of or game_of refuses the InfoSet.
bool sample_world(const InfoSet& info, std::uint64_t seed, GameState& out) noexcept;

// The seat's legal moves, from its InfoSet alone (they never depend on the
// hidden cards): those of any world. 0 when hidden_of refuses the InfoSet.
int info_legal(const InfoSet& info, Move* out) noexcept;

}  // namespace trumpf::durak
