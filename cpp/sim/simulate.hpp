// The batch simulator: N whole games between two built-in players, in C++.
//
// One small interface serves every game: a player is a row of the one table
// of players (players/players.hpp: random, the reference bots, the expert,
// perfect) and every game writes one row of Columns. The
// rows are plain arrays owned by the caller (numpy in the bindings), so the
// loop never allocates per game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/games.hpp"
#include "players/players.hpp"
#include "schnapsen/variant.hpp"
#include "sim/pool.hpp"
#include "sim/stream.hpp"

// The whole play loop of one game inlined into one function. In the Python
// module the rules are also called from the bindings, so the inliner's size
// limits would otherwise keep them out of the loop (measured: Durak ran at
// 150k games/s there against 260k in a standalone program).
#if defined(__GNUC__)
#define TRUMPF_FLATTEN __attribute__((flatten))
#else
#define TRUMPF_FLATTEN
#endif

namespace trumpf::sim {

// In the order of the games table (common/games.hpp), whose index it is.
enum class Game : std::uint8_t {
  kSchnapsenDeal,
  kSixtySixDeal,
  kSchnapsenMatch,
  kSixtySixMatch,
  kDurak
};
static_assert(kGameCount == 5 && kGames[int(Game::kSixtySixDeal)].sixtysix &&
                  kGames[int(Game::kSchnapsenMatch)].kind == Kind::kMatch &&
                  kGames[int(Game::kSixtySixMatch)].sixtysix &&
                  kGames[int(Game::kDurak)].family == Family::kDurak,
              "the simulator's games are the games table's rows, in order");
using players::Player;

// Column pointers, each with room for `count` rows (pairs: 2 per row, A then B).
struct Columns {
  std::int8_t* winner;       // 0 = player A, 1 = player B, -1 = nobody
  std::int8_t* game_points;  // what the winner scored
  std::int8_t* how;          // index into endings_of(game)
  std::int16_t* points;      // card points (a match: final score), A then B
  std::int16_t* tricks;      // tricks taken (a match: deals won), A then B
  std::int32_t* moves;       // moves played; -1 until the game is played
  std::int8_t* seat_a;       // player A's seat, 1 or 2
  std::int8_t* dealer;       // (first) dealer's seat, 1 or 2; 0 in Durak
  std::int16_t* deals;       // deals played (1 for a single deal or a Durak game)
  std::int8_t* fool;         // Durak: 0 = A, 1 = B, -1 = none
  std::int16_t* bouts;       // Durak: bouts played
};

struct Spec {
  Game game;
  // The Schnapsen family's rules: the base must be the game's (Schnapsen for
  // kSchnapsenDeal and kSchnapsenMatch); house rules as the caller set them.
  schnapsen::Rules rules;
  Player players[2];
  trumpf::players::ExpertBudget expert;  // the expert players' budget a decision
  std::uint8_t seed[32];
  Stream::Key key;  // set by run(): Stream::key_of(seed), whence the players' streams
  // A shard of a run: games first .. first + count - 1, into rows 0 .. count - 1.
  // Game i is the same whatever the shard it is played in.
  std::uint64_t first;
  std::uint64_t count;
  int threads;
};

// The names of the `how` codes of a game, in code order.
const std::vector<std::string>& endings_of(Game game);

// Whether `player` plays `game` (bot3 is Durak's alone).
bool offers(Game game, Player player);

// Plays game first + r into row r of `out` for every r in [0, count). Stops
// early when progress.cancel is set; rows not played keep moves == -1.
// Throws ThreadsRefused (pool.hpp) when the threads cannot be started.
void run(const Spec& spec, const Columns& out, Progress& progress);

// The seed match i of a match simulation is built from:
// SHA-256(seed || "match:<i+1>").
void match_seed(const std::uint8_t* seed, std::uint64_t index, std::uint8_t out[32]);

}  // namespace trumpf::sim
