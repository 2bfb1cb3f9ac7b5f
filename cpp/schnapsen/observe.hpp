// The Schnapsen family's observation tensor: a flat vector of kObsSize
// values computed from one seat's InfoSet alone, so it can hold nothing the
// seat does not know. kObsRows is the layout (docs/rl.md shows it).
//
//   float obs[kObsSize];
//   observe(info_set(deal, shown, seat), obs);
//
// Every slot is a raw count or flag times its scale (kObsScale), so the
// uint8 tensor (the raw values) times kObsScale is exactly the float32 one.
// Card planes are seat-relative: "mine" is the observing seat's.
#pragma once

#include <cstdint>

#include "common/layout.hpp"
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

// The layout, row by row: OpenSpiel's observation groups and docs/rl.md's
// table are read from here.
inline constexpr LayoutRow kObsRows[] = {
    {kObsHand, 24, "hand", "my hand"},
    {kObsPlayedMine, 24, "my_played",
     "cards I have played this deal (the card I led now included)"},
    {kObsPlayedTheirs, 24, "their_played", "cards they have played"},
    {kObsWonMine, 24, "my_won", "cards of the tricks I won"},
    {kObsWonTheirs, 24, "their_won", "cards of the tricks they won"},
    {kObsLed, 24, "lead", "the card led to the trick in play"},
    {kObsKnown, 24, "their_known", "cards they are known to hold (`info[\"known\"]`)"},
    {kObsUnseen, 24, "unseen",
     "cards I cannot place (`info[\"unseen\"]`): their hand's rest and the face-down talon"},
    {kObsTurnUp, 24, "turn_up", "the face-up turn-up"},
    {kObsTrump, 4, "trump", "trump suit, one-hot S H D C"},
    {kObsMarriedMine, 4, "my_marriages", "marriages I declared, by suit"},
    {kObsMarriedTheirs, 4, "their_marriages", "marriages they declared, by suit"},
    {kObsMyTurn, 1, "flags", "my turn"},
    {kObsToLead, 2, "flags", "my turn to lead; my turn to follow"},
    {kObsIDealt, 1, "flags", "I dealt"},
    {kObsPhase2, 1, "flags", "phase 2 (nothing left to draw)"},
    {kObsClosed, 2, "flags", "the talon is closed; I closed it"},
    {kObsPendingDraw, 1, "flags", "the draw after a trick is pending (Sixty-Six)"},
    {kObsMustLead, 1, "flags", "I must lead the king or queen of the marriage I declared"},
    {kObsSixtySix, 1, "flags", "the variant is Sixty-Six"},
    {kObsMarriageByLead, 1, "flags", "house rule: marriage by lead"},
    {kObsInMatch, 1, "flags", "a match is played"},
    {kObsTalonLeft, 2, "counts", "cards left in the talon (turn-up included); cards left to draw"},
    {kObsPointsMine, 2, "counts", "card points (and counted marriages) taken: mine, theirs"},
    {kObsTricksMine, 2, "counts", "tricks taken: mine, theirs"},
    {kObsCardsMine, 2, "counts", "cards in hand: mine, theirs"},
    {kObsPendingMine, 2, "counts", "marriage points not yet counted (no trick yet): mine, theirs"},
    {kObsClosePointsMine, 2, "counts",
     "card points when the talon was closed: mine, theirs (0 while open)"},
    {kObsCloseTricksMine, 2, "counts", "tricks when the talon was closed: mine, theirs"},
    {kObsToWinMine, 2, "counts", "match points still to win: mine, theirs (0 outside a match)"},
};
static_assert(tiles(kObsRows, kObsSize), "kObsRows must cover the tensor in order");

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
