// Durak's observation tensor: a flat vector of kObsSize values computed from
// one seat's InfoSet alone, so it can hold nothing the seat does not know.
// docs/rl.md has the layout.
//
//   float obs[kObsSize];
//   observe(info_set(state, shown, seat), obs);
//
// Every slot is a raw count or flag times its scale (obs_scale()), so the
// uint8 tensor (the raw values) times the scales is exactly the float32 one.
#pragma once

#include <cstdint>

#include "durak/info.hpp"

namespace trumpf::durak {

// Card planes, 36 slots each, slot = card id - 1.
constexpr int kObsHand = 0;
constexpr int kObsKnown = 36;
constexpr int kObsUnseen = 72;
constexpr int kObsDiscarded = 108;
constexpr int kObsAttacks = 144;
constexpr int kObsBeats = 180;
constexpr int kObsToBeat = 216;
constexpr int kObsUnderTalon = 252;
// One-hot by suit S, H, D, C.
constexpr int kObsTrump = 288;
// Flags.
constexpr int kObsMyTurn = 292;
constexpr int kObsAttacker = 293;
constexpr int kObsPhaseAttack = 294;
constexpr int kObsPhaseDefend = 295;
constexpr int kObsPhasePileOn = 296;
constexpr int kObsCanSwap = 297;
// Counts.
constexpr int kObsTalon = 298;
constexpr int kObsDiscard = 299;
constexpr int kObsCardsMine = 300;
constexpr int kObsCardsTheirs = 301;
constexpr int kObsCap = 302;
constexpr int kObsOnTable = 303;
constexpr int kObsSize = 304;

struct ObsScale {
  float v[kObsSize];
};
const ObsScale& obs_scale() noexcept;

// Writes every slot of out[0 .. kObsSize).
void observe(const InfoSet& info, float* out) noexcept;
void observe(const InfoSet& info, std::uint8_t* out) noexcept;

}  // namespace trumpf::durak
