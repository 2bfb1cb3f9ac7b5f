// Durak's observation tensor: a flat vector of kObsSize values computed from
// one seat's InfoSet alone, so it can hold nothing the seat does not know.
// kObsRows is the layout (docs/rl.md shows it).
//
//   float obs[kObsSize];
//   observe(info_set(state, shown, seat), obs);
//
// Every slot is a raw count or flag times its scale (obs_scale()), so the
// uint8 tensor (the raw values) times the scales is exactly the float32 one.
#pragma once

#include <cstdint>

#include "common/layout.hpp"
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

// The layout, row by row: OpenSpiel's observation groups and docs/rl.md's
// table are read from here.
inline constexpr LayoutRow kObsRows[] = {
    {kObsHand, 36, "hand", "my hand"},
    {kObsKnown, 36, "their_known",
     "cards they are known to hold (picked up, swapped for, the last card drawn)"},
    {kObsUnseen, 36, "unseen", "cards I cannot place"},
    {kObsDiscarded, 36, "heap", "the heap: cards beaten off"},
    {kObsAttacks, 36, "attacks", "attack cards on the table"},
    {kObsBeats, 36, "beats", "beating cards on the table"},
    {kObsToBeat, 36, "to_beat", "the attack card waiting to be beaten"},
    {kObsUnderTalon, 36, "under_talon", "the card under the talon, while it lies there"},
    {kObsTrump, 4, "trump", "trump suit, one-hot S H D C"},
    {kObsMyTurn, 1, "flags", "my turn"},
    {kObsAttacker, 1, "flags", "I attack in this bout"},
    {kObsPhaseAttack, 3, "flags", "phase: attack, defend, pile on (the defender took)"},
    {kObsCanSwap, 1, "flags", "I may swap the trump six"},
    {kObsTalon, 1, "counts", "cards in the talon"},
    {kObsDiscard, 1, "counts", "cards on the heap"},
    {kObsCardsMine, 2, "counts", "cards in hand: mine, theirs"},
    {kObsCap, 2, "counts", "the bout's cap; attack cards on the table"},
};
static_assert(tiles(kObsRows, kObsSize), "kObsRows must cover the tensor in order");

struct ObsScale {
  float v[kObsSize];
};
const ObsScale& obs_scale() noexcept;

// Writes every slot of out[0 .. kObsSize).
void observe(const InfoSet& info, float* out) noexcept;
void observe(const InfoSet& info, std::uint8_t* out) noexcept;

}  // namespace trumpf::durak
