// What a deal was worth, and to whom (docs/rules/schnapsen.md,
// "Game points").
#pragma once

#include <cstdint>

#include "schnapsen/card.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::schnapsen {

constexpr int kTargetPoints = 66, kSchneiderAt = 33, kLastTrickBonus = 10, kPenalty = 2,
              kPenaltySchwarz = 3;

// A marriage's points: forty in trumps, twenty in another suit
// (docs/rules/schnapsen.md, "Marriages").
constexpr int kMarriagePoints = 20, kTrumpMarriagePoints = 40;
constexpr int marriage_points(int suit, int trump) noexcept {
  return suit == trump ? kTrumpMarriagePoints : kMarriagePoints;
}

enum class How : std::uint8_t {
  kClaim,
  kClosedOut,
  kFalseClaim,
  kBeatCloser,
  kFailedClose,
  kLastTrick,
  kDrawn
};
constexpr const char* kHowNames[7] = {"claim",        "closed_out", "false_claim", "beat_closer",
                                      "failed_close", "last_trick", "drawn"};
enum class Ending : std::uint8_t { kClaim, kExhausted };  // what the players did

// Points and tricks as a deal holds them, narrow (a deal's 24 cards give at
// most 220 points and 12 tricks, and search copies the position millions of
// times), or wide (scoring.deal_result answers for any figures a caller gives
// it, without truncating them). One template, so one set of rules.
template <class Points, class Tricks>
struct BasicCloseState {
  Seat by = kNoSeat;  // kNoSeat: no close
  Tricks tricks[2] = {0, 0};
  Points points[2] = {0, 0};
};

template <class Points, class Tricks>
struct BasicResult {
  bool drawn = false;
  Points points[2] = {0, 0};
  Tricks tricks[2] = {0, 0};
  Seat closed_by = kNoSeat;
  Seat last_trick = kNoSeat;
  How how = How::kClaim;
  Seat winner = kNoSeat;
  Seat loser = kNoSeat;
  std::uint8_t game_points = 0;
};

using CloseState = BasicCloseState<std::int16_t, std::uint8_t>;
using Result = BasicResult<std::int16_t, std::uint8_t>;
using WideCloseState = BasicCloseState<long long, long long>;
using WideResult = BasicResult<long long, long long>;

inline int scale(long long opponent_points, long long opponent_tricks) noexcept {
  if (opponent_points >= kSchneiderAt) return 1;
  return opponent_tricks > 0 ? 2 : 3;
}

// Every branch, in the reference's order, under the house rule on what a
// failed close pays. `by` is the claimer (kClaim only).
// Defined for the narrow figures of a deal and the wide ones of the API.
template <class Points, class Tricks>
BasicResult<Points, Tricks> deal_result(const Rules& rules, Ending how, Seat by,
                                        const Points points[2], const Tricks tricks[2],
                                        Seat closed_by,
                                        const BasicCloseState<Points, Tricks>& close_state,
                                        Seat last_trick) noexcept;

}  // namespace trumpf::schnapsen
