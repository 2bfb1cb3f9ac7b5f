// Who wins a trick and what may answer a lead (docs/rules/schnapsen.md,
// "Leading and following").
#pragma once

#include "schnapsen/card.hpp"

namespace trumpf::schnapsen {

enum class Band : std::uint8_t { kBeat, kFollow, kTrump, kFree };
constexpr const char* kBandNames[4] = {"beat", "follow", "trump", "free"};

inline Card winner_of(Card lead, Card follow, int trump) noexcept {
  if (suit_of(follow) == suit_of(lead)) return power_of(follow) > power_of(lead) ? follow : lead;
  return suit_of(follow) == trump ? follow : lead;
}

inline int value_of(Card lead, Card follow) noexcept { return points_of(lead) + points_of(follow); }

// Phase 2's strict cascade; phase 1 is always FREE.
inline Band follow_band(const Card* hand, int n, Card lead, int trump, int phase) noexcept {
  if (phase != 2) return Band::kFree;
  bool same = false, trumps = false;
  for (int i = 0; i < n; ++i) {
    Card c = hand[i];
    if (suit_of(c) == suit_of(lead)) {
      if (power_of(c) > power_of(lead)) return Band::kBeat;
      same = true;
    } else if (suit_of(c) == trump) {
      trumps = true;
    }
  }
  if (same) return Band::kFollow;
  if (trumps) return Band::kTrump;
  return Band::kFree;
}

inline bool in_band(Card c, Band b, Card lead, int trump) noexcept {
  switch (b) {
    case Band::kBeat:
      return suit_of(c) == suit_of(lead) && power_of(c) > power_of(lead);
    case Band::kFollow:
      return suit_of(c) == suit_of(lead);
    case Band::kTrump:
      return suit_of(c) == trump;
    default:
      return true;
  }
}

// The cards of exactly one band, in hand order; returns the count.
inline int legal_follows(const Card* hand, int n, Card lead, int trump, int phase,
                         Card* out) noexcept {
  Band b = follow_band(hand, n, lead, trump, phase);
  int k = 0;
  for (int i = 0; i < n; ++i)
    if (in_band(hand[i], b, lead, trump)) out[k++] = hand[i];
  return k;
}

}  // namespace trumpf::schnapsen
