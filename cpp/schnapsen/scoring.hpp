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

struct CloseState {
  Seat by = kNoSeat;  // kNoSeat: no close
  std::uint8_t tricks[2] = {0, 0};
  std::int16_t points[2] = {0, 0};
};

struct Result {
  bool drawn = false;
  std::int16_t points[2] = {0, 0};
  std::uint8_t tricks[2] = {0, 0};
  Seat closed_by = kNoSeat;
  Seat last_trick = kNoSeat;
  How how = How::kClaim;
  Seat winner = kNoSeat;
  Seat loser = kNoSeat;
  std::uint8_t game_points = 0;
};

inline int scale(int opponent_points, int opponent_tricks) noexcept {
  if (opponent_points >= kSchneiderAt) return 1;
  return opponent_tricks > 0 ? 2 : 3;
}

// Every branch, in the reference's order. `by` is the claimer (CLAIM only).
Result deal_result(VariantId v, Ending how, Seat by, const std::int16_t points[2],
                   const std::uint8_t tricks[2], Seat closed_by, const CloseState& close_state,
                   Seat last_trick) noexcept;

}  // namespace trumpf::schnapsen
