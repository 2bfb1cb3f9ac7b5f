// The Schnapsen family's observation tensor: a flat vector of kObsSize
// values computed from one seat's InfoSet alone, so it can hold nothing the
// seat does not know. docs/rl.md has the layout.
//
//   float obs[kObsSize];
//   observe(info_set(deal, shown, seat), obs);
//
// Every slot is a raw count or flag times its scale (kObsScale), so the
// uint8 tensor (the raw values) times kObsScale is exactly the float32 one.
// Card planes are seat-relative: "mine" is the observing seat's.
#pragma once

#include <cstdint>

#include "common/planes.hpp"
#include "schnapsen/info.hpp"

namespace trumpf::schnapsen {

// Card planes, 24 slots each, slot = card id - 1.
constexpr int kObsHand = 0;
constexpr int kObsPlayedMine = 24;
constexpr int kObsPlayedTheirs = 48;
constexpr int kObsWonMine = 72;
constexpr int kObsWonTheirs = 96;
constexpr int kObsLed = 120;
constexpr int kObsKnown = 144;
constexpr int kObsUnseen = 168;
constexpr int kObsTurnUp = 192;
// One-hot by suit S, H, D, C.
constexpr int kObsTrump = 216;
constexpr int kObsMarriedMine = 220;
constexpr int kObsMarriedTheirs = 224;
// Flags.
constexpr int kObsMyTurn = 228;
constexpr int kObsToLead = 229;
constexpr int kObsToFollow = 230;
constexpr int kObsIDealt = 231;
constexpr int kObsPhase2 = 232;
constexpr int kObsClosed = 233;
constexpr int kObsIClosed = 234;
constexpr int kObsPendingDraw = 235;
constexpr int kObsMustLead = 236;
constexpr int kObsSixtySix = 237;
constexpr int kObsMarriageByLead = 238;
constexpr int kObsInMatch = 239;
// Counts.
constexpr int kObsTalonLeft = 240;
constexpr int kObsDrawLeft = 241;
constexpr int kObsPointsMine = 242;
constexpr int kObsPointsTheirs = 243;
constexpr int kObsTricksMine = 244;
constexpr int kObsTricksTheirs = 245;
constexpr int kObsCardsMine = 246;
constexpr int kObsCardsTheirs = 247;
constexpr int kObsPendingMine = 248;
constexpr int kObsPendingTheirs = 249;
constexpr int kObsClosePointsMine = 250;
constexpr int kObsClosePointsTheirs = 251;
constexpr int kObsCloseTricksMine = 252;
constexpr int kObsCloseTricksTheirs = 253;
constexpr int kObsToWinMine = 254;
constexpr int kObsToWinTheirs = 255;
constexpr int kObsSize = 256;

// What one unit of each slot's raw value is worth in the float32 tensor.
struct ObsScale {
  float v[kObsSize];
};
const ObsScale& obs_scale() noexcept;

// Writes every slot of out[0 .. kObsSize). `wide` false keeps the 0/1
// planes off AVX-512 (tests compare both ways on one machine).
void observe(const InfoSet& info, float* out, bool wide = kPlanesWide) noexcept;
void observe(const InfoSet& info, std::uint8_t* out, bool wide = kPlanesWide) noexcept;

}  // namespace trumpf::schnapsen
