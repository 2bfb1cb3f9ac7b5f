// The games trumpf plays, by name: the one list the simulator, the VectorEnv,
// the CLI, the front ends and the docs read (trumpf._core.tables.GAMES).
//
//   const GameRow* g = game_named("sixtysix-match");  // nullptr if unknown
//   g->family == Family::kSchnapsen, g->kind == GameKind::kMatch
//
// The row's index is the simulator's and the VectorEnv's Game enum value
// (sim/simulate.hpp, rl/env.hpp), in this order.
#pragma once

#include <cstdint>
#include <string_view>

namespace trumpf {

enum class Family : std::uint8_t { kSchnapsen, kDurak };
enum class Kind : std::uint8_t { kDeal, kMatch, kGame };

struct GameRow {
  const char* name;
  Family family;
  Kind kind;
  bool sixtysix;      // the Schnapsen family's game is Sixty-Six
  const char* title;  // for a person
};

constexpr GameRow kGames[] = {
    {"schnapsen", Family::kSchnapsen, Kind::kDeal, false, "Schnapsen"},
    {"sixtysix", Family::kSchnapsen, Kind::kDeal, true, "Sixty-Six"},
    {"schnapsen-match", Family::kSchnapsen, Kind::kMatch, false, "Schnapsen match"},
    {"sixtysix-match", Family::kSchnapsen, Kind::kMatch, true, "Sixty-Six match"},
    {"durak", Family::kDurak, Kind::kGame, false, "Durak"},
};
constexpr int kGameCount = int(sizeof(kGames) / sizeof(kGames[0]));

constexpr const char* family_name(Family f) noexcept {
  return f == Family::kSchnapsen ? "schnapsen" : "durak";
}
constexpr const char* kind_name(Kind k) noexcept {
  return k == Kind::kDeal ? "deal" : k == Kind::kMatch ? "match" : "game";
}

// The index of a game's row, or -1.
inline int game_index(std::string_view name) noexcept {
  for (int i = 0; i < kGameCount; ++i)
    if (name == kGames[i].name) return i;
  return -1;
}

}  // namespace trumpf
