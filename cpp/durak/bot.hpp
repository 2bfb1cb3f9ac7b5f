// The reference Durak bot (docs/rules/durak.md, "The reference bots"): the level it plays, the word
// its level 1 draws, and its choice from a seat's view or a whole position.
//
//   int level = clamp_level(asked);                  // Bot(level=asked): 1..3
//   int level = level_for(n);                        // the ladder 1,1,2,3,3
//   SeatView v = view_of(state, seat);
//   Move m = choose(v, level, level == 1 ? bot_word(seed, v.seat, v.ply) : 0);
#pragma once

#include <cstdint>
#include <string_view>

#include "durak/game.hpp"
#include "durak/view.hpp"

namespace trumpf::durak {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 3;
// The level a player's asked level 1..5 plays at.
constexpr int kLadder[5] = {1, 1, 2, 3, 3};

// Bot(level=L) plays L clamped to 1..3.
constexpr int clamp_level(long long level) noexcept {
  return level < kMinLevel ? kMinLevel : level > kMaxLevel ? kMaxLevel : int(level);
}

// The level an asked level plays on the ladder, clamped to its ends.
constexpr int level_for(long long asked) noexcept {
  return kLadder[asked < 1 ? 0 : asked > 5 ? 4 : int(asked - 1)];
}

// The level-1 word: the first big-endian word of SHA-256 over the text
// "{bot_seed}:{seat_number(seat)}:{ply}", for a seed of any length (a seed too long for a
// buffer on the stack is copied to the heap, which may throw bad_alloc).
std::uint32_t bot_word(std::string_view bot_seed, Seat seat, std::uint64_t ply);

// What the bot of `level` picks from the view; word is bot_word(...) for
// level 1 and ignored by levels 2 and 3. Kind::kNone when nothing is legal.
Move choose(const SeatView& v, int level, std::uint32_t word) noexcept;

// The same choice for `seat` straight from a position, without making the
// view: the simulator's path.
Move bot_choose(const GameState& s, Seat seat, int level, std::uint32_t word) noexcept;

}  // namespace trumpf::durak
