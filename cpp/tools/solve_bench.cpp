// trumpf_solve_bench WHAT N [OPTIONS [BUDGET]]: solves N positions of one
// kind on one core and prints one line of JSON: positions, nodes, CPU seconds,
// and (Durak) how many stayed unknown. bench/solver.py runs it for every
// kind and option set and prints the ratios.
//
//   WHAT     schnapsen-close, sixtysix-close     just after a random close
//            schnapsen-exhausted, ...            just after the last draw
//            schnapsen-start, sixtysix-start     the first move of a deal
//            (any variant or preset name before the last dash: schnapsen-tjger-close)
//            durak-endgame                       the first move with the talon empty
//            durak-botgame                       the same, the level-3 bot on both seats
//            (a -values suffix solves every move, not just the position)
//   OPTIONS  full (default), no-table, no-order, plain (neither), no-etc,
//            deepening (iterative deepening from 8 plies)
//
// Positions come from random play that never claims (a random claim would
// end most deals at once) and, for "-exhausted", never closes; each is
// solved by one solver object reused from position to position, as a bot
// would use it.
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "durak/bot.hpp"
#include "durak/solve.hpp"
#include "schnapsen/solve.hpp"

using namespace trumpf;

namespace {

solve::Options options_named(const std::string& name) {
  if (name == "no-table") return {false, true};
  if (name == "no-order") return {true, false};
  if (name == "plain") return {false, false};
  if (name == "deepening") return {true, true, 8};
  if (name == "no-etc") return {true, true, 0, 0, false};
  if (name.rfind("from", 0) == 0) return {true, true, 0, std::atoi(name.c_str() + 4)};
  return {};
}

schnapsen::Move random_move(const schnapsen::DealState& s, std::mt19937_64& rng, bool may_close) {
  schnapsen::Move moves[schnapsen::kMaxMoves];
  schnapsen::Move keep[schnapsen::kMaxMoves];
  const int n = schnapsen::legal_moves(s, s.turn, moves);
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const auto kind = moves[i].kind;
    if (kind == schnapsen::MoveKind::kClaim) continue;
    if (kind == schnapsen::MoveKind::kClose && !may_close) continue;
    keep[k++] = moves[i];
  }
  return keep[rng() % k];
}

// A position of the kind asked for, or false when the deal went another way.
bool schnapsen_position(const std::string& kind, const schnapsen::Rules& rules,
                        std::mt19937_64& rng, schnapsen::DealState& s) {
  std::uint8_t seed[32];
  for (auto& b : seed) b = std::uint8_t(rng());
  schnapsen::deal_new(s, rules, seed, 1 + rng() % 1000, schnapsen::Seat(rng() & 1));
  if (kind == "start") return true;
  const bool close = kind == "close";
  while (!s.over) {
    if (close && schnapsen::can_close(s, s.turn) && !s.lead && rng() % 4 == 0) {
      schnapsen::apply_move(s, s.turn, schnapsen::Move{schnapsen::MoveKind::kClose, 0}, nullptr);
      return true;
    }
    if (!close && schnapsen::talon_left(s) == 0 && !s.lead && !s.pending_draw) return true;
    schnapsen::apply_move(s, s.turn, random_move(s, rng, false), nullptr);
  }
  return false;
}

// Random play, or the level-3 reference bot on both seats (realistic hands).
bool durak_position(std::mt19937_64& rng, bool bots, durak::GameState& s) {
  std::uint8_t seed[32];
  for (auto& b : seed) b = std::uint8_t(rng());
  durak::deal_game(seed, 1 + rng() % 1000, s);
  durak::Move moves[durak::kMaxMoves];
  while (!durak::is_over(s) && s.talon_left() > 0) {
    const durak::Seat seat = durak::turn_of(s);
    const int n = durak::legal_moves(s, seat, moves);
    const durak::Move m = bots ? durak::bot_choose(s, seat, 3, 0) : moves[rng() % n];
    durak::apply_move(s, seat, m, nullptr);
  }
  return !durak::is_over(s);
}

// CPU seconds of this thread: on a machine shared with other work, wall-clock
// time mostly measures the neighbours.
double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: trumpf_solve_bench WHAT N [OPTIONS [BUDGET]]\n");
    return 2;
  }
  std::string what = argv[1];
  const int n = std::atoi(argv[2]);
  const std::string option_name = argc > 3 ? argv[3] : "full";
  const solve::Options options = options_named(option_name);
  const std::uint64_t budget = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1'000'000;
  const bool all_moves = what.size() > 7 && what.compare(what.size() - 7, 7, "-values") == 0;
  if (all_moves) what.resize(what.size() - 7);
  std::mt19937_64 rng(2024);

  double seconds = 0;
  std::uint64_t nodes = 0;
  int unknown = 0, positions = 0;
  long cards_all = 0, cards_unknown = 0;  // Durak: cards in play, summed
  if (what == "durak-endgame" || what == "durak-botgame") {
    std::vector<durak::GameState> todo;
    durak::GameState s;
    while (int(todo.size()) < n)
      if (durak_position(rng, what == "durak-botgame", s)) todo.push_back(s);
    durak::Solver solver(18, options);
    durak::Move moves[durak::kMaxMoves];
    durak::Verdict verdicts[durak::kMaxMoves];
    const double t0 = cpu_seconds();
    for (const auto& p : todo) {
      bool exact = true;
      if (all_moves) {
        const int k = solver.values(p, budget, moves, verdicts);
        for (int i = 0; i < k; ++i) exact &= verdicts[i].exact();
      } else {
        exact = solver.value(p, budget).exact();
      }
      unknown += !exact;
      const int cards = durak::count_of(p.hands[0] | p.hands[1]) + p.bout.size();
      cards_all += cards;
      if (!exact) cards_unknown += cards;
    }
    seconds = cpu_seconds() - t0;
    nodes = solver.nodes();
    positions = n;
  } else {
    const auto dash = what.rfind('-');
    const std::string game = what.substr(0, dash), kind = what.substr(dash + 1);
    schnapsen::Rules rules;
    if (dash == std::string::npos || !schnapsen::rules_named(game, &rules)) {
      std::fprintf(stderr, "trumpf_solve_bench: no such position kind: %s\n", what.c_str());
      return 2;
    }
    std::vector<schnapsen::DealState> todo;
    schnapsen::DealState s;
    while (int(todo.size()) < n)
      if (schnapsen_position(kind, rules, rng, s)) todo.push_back(s);
    schnapsen::Solver solver(kind == "start" ? 18 : 16, options);
    schnapsen::Move moves[schnapsen::kMaxMoves];
    int values[schnapsen::kMaxMoves];
    long checksum = 0;
    const double t0 = cpu_seconds();
    for (const auto& p : todo) {
      if (all_moves)
        checksum += solver.values(p, moves, values);
      else
        checksum += solver.value(p);
    }
    seconds = cpu_seconds() - t0;
    nodes = solver.nodes();
    positions = n;
    if (checksum == 0x7fffffff) std::printf("#");  // keeps the loop from being optimised away
  }
  std::printf(
      "{\"what\": \"%s%s\", \"options\": \"%s\", \"positions\": %d, \"nodes\": %llu, "
      "\"seconds\": %.6f, \"unknown\": %d, \"budget\": %llu, \"cards\": %.2f, "
      "\"cards_unknown\": %.2f}\n",
      what.c_str(), all_moves ? "-values" : "", option_name.c_str(), positions,
      (unsigned long long)nodes, seconds, unknown, (unsigned long long)budget,
      positions ? double(cards_all) / positions : 0.0,
      unknown ? double(cards_unknown) / unknown : 0.0);
  return 0;
}
