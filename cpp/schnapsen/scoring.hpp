// What a deal was worth, and to whom (seed: Game::Schnapsen::Scoring).
#pragma once

#include <cstdint>

#include "schnapsen/card.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::schnapsen {

constexpr int kTargetPoints = 66, kSchneiderAt = 33, kLastTrickBonus = 10, kPenalty = 2,
              kPenaltySchwarz = 3;

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

// Figures are ints: deal_result is public and answers for any figures a
// caller gives it, without truncating them.
struct CloseState {
  Seat by = kNoSeat;  // kNoSeat: no close
  long long tricks[2] = {0, 0};
  long long points[2] = {0, 0};
};

struct Result {
  bool drawn = false;
  long long points[2] = {0, 0};
  long long tricks[2] = {0, 0};
  Seat closed_by = kNoSeat;
  Seat last_trick = kNoSeat;
  How how = How::kClaim;
  Seat winner = kNoSeat;
  Seat loser = kNoSeat;
  std::uint8_t game_points = 0;
};

inline int scale(long long opponent_points, long long opponent_tricks) noexcept {
  if (opponent_points >= kSchneiderAt) return 1;
  return opponent_tricks > 0 ? 2 : 3;
}

// Every branch, in the reference's order, under the house rule on what a
// failed close pays. `by` is the claimer (kClaim only).
Result deal_result(const Rules& rules, Ending how, Seat by, const long long points[2],
                   const long long tricks[2], Seat closed_by, const CloseState& close_state,
                   Seat last_trick) noexcept;

}  // namespace trumpf::schnapsen
