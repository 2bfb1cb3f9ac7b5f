// Which card one seat drew when, so that its decisions make the info's ply
// (reach.hpp). Given a history (reach_history.hpp) a seat draws a fixed
// number of cards at fixed ticks: six at the deal, then at each refill.
// Its cards with a known fate must be among them: each card it played
// first, drawn before that play (its leave), and each card it still holds
// that the table never saw go in (the info's own seat: the rest of its hand;
// the other seat: any unseen card, the pool). Which came when decides its
// decisions: a take or a done with an option (a beating card, a card of a
// rank on the table, the trump six to swap) is an event, one ply; without
// one it is the table's, no ply.
//
// A card covers a decision when it is in the hand then: drawn before it,
// played (if ever) after it, and among its options. seat_values gives every
// number of covered decisions some order of draws makes, by the lowest
// trump dealt (which decides who attacked first). The search goes slot by
// slot, memoised on the cards not yet drawn (the decisions a drawn card
// covers follow from which were drawn); cards alike in what they could still
// cover and in being pooled are drawn the earliest leaver first, since
// trading two such cards changes no decision and the earlier has the earlier
// deadline. The oracle's twin is trumpf/reference/durak/witness_deal.py.
#pragma once

#include <bitset>
#include <cstdint>
#include <utility>
#include <vector>

#include "durak/card.hpp"

namespace trumpf::durak::reach {

constexpr int kMaxEvents = 128;                 // decisions a seat's draws decide, at most
constexpr int kMaxDecisions = 255;              // decisions of a seat, at most
constexpr std::uint64_t kMaxStates = 1u << 18;  // states of one seat's search
constexpr int kNoTrump = 9;                     // "no trump dealt": above every power

using Events = std::bitset<kMaxEvents>;
using Values = std::bitset<kMaxDecisions + 1>;  // bit v: v events possible

struct SeatPlan {
  std::vector<std::pair<int, int>> slots;     // (tick, cards drawn), the deal first
  std::vector<std::pair<Card, int>> cards;    // (card, leave): all drawn before leaving
  std::vector<Card> pool;                     // cards that fill the slots left
  std::vector<std::pair<int, Cards>> events;  // (tick, options) decided by the draws
  int fixed = 0;                              // decisions that are events whatever is drawn
  int trump = 0;
};

// The values of each lowest trump dealt (power 0..8, kNoTrump: none) into
// out[0..9]. False when the search passes kMaxStates or the plan has more
// decisions than kMaxEvents / kMaxDecisions: too involved to decide.
bool seat_values(const SeatPlan& p, Values out[kNoTrump + 1]);

}  // namespace trumpf::durak::reach
