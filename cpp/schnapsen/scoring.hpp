// What a deal was worth, and to whom (seed: Game::Schnapsen::Scoring).
#pragma once

#include <cstdint>

#include "schnapsen/card.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::schnapsen {

constexpr int TARGET_POINTS = 66, SCHNEIDER_AT = 33, LAST_TRICK_BONUS = 10, PENALTY = 2,
              PENALTY_SCHWARZ = 3;

enum class How : std::uint8_t {
  CLAIM,
  CLOSED_OUT,
  FALSE_CLAIM,
  BEAT_CLOSER,
  FAILED_CLOSE,
  LAST_TRICK,
  DRAWN
};
constexpr const char* HOW_NAMES[7] = {"claim",        "closed_out", "false_claim", "beat_closer",
                                      "failed_close", "last_trick", "drawn"};
enum class Ending : std::uint8_t { CLAIM, EXHAUSTED };  // what the players did

struct CloseState {
  Seat by = NO_SEAT;  // NO_SEAT: no close
  std::uint8_t tricks[2] = {0, 0};
  std::int16_t points[2] = {0, 0};
};

struct Result {
  bool drawn = false;
  std::int16_t points[2] = {0, 0};
  std::uint8_t tricks[2] = {0, 0};
  Seat closed_by = NO_SEAT;
  Seat last_trick = NO_SEAT;
  How how = How::CLAIM;
  Seat winner = NO_SEAT;
  Seat loser = NO_SEAT;
  std::uint8_t game_points = 0;
};

inline int scale(int opponent_points, int opponent_tricks) noexcept {
  if (opponent_points >= SCHNEIDER_AT) return 1;
  return opponent_tricks > 0 ? 2 : 3;
}

// Every branch, in the reference's order. `by` is the claimer (CLAIM only).
Result deal_result(VariantId v, Ending how, Seat by, const std::int16_t points[2],
                   const std::uint8_t tricks[2], Seat closed_by, const CloseState& close_state,
                   Seat last_trick) noexcept;

}  // namespace trumpf::schnapsen
