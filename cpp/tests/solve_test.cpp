// trumpf_solve_test: the exact solvers against a brute-force negamax that
// shares nothing with them but the engine's checked apply_move. Random
// positions of every kind the solvers meet: Schnapsen and Sixty-Six from
// the middle of phase 1 (closes, exchanges, marriages, draws and claims
// still to choose) to the last tricks, and Durak from the empty talon.
// Exits non-zero at the first disagreement, printing the position.
#include "durak/solve.hpp"

#include <cstdio>
#include <cstdlib>
#include <random>

#include "durak/game.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/solve.hpp"

namespace {

namespace ts = trumpf::schnapsen;
namespace td = trumpf::durak;

// Brute force gives up past this many positions: the position is skipped.
constexpr long kBruteCap = 2'000'000;

// Negamax with alpha-beta pruning and nothing else: legal order, no table,
// the checked apply_move. Values are exact within the window (lo, hi).
struct Brute {
  long nodes = 0;
  bool gave_up = false;

  int schnapsen(const ts::DealState& s, int lo, int hi) {
    ts::Move moves[ts::kMaxMoves];
    const int n = ts::legal_moves(s, s.turn, moves);
    int best = -100;
    for (int i = 0; i < n && best < hi && !gave_up; ++i)
      best = std::max(best, schnapsen_move(s, moves[i], std::max(lo, best), hi));
    return best;
  }
  int schnapsen_move(const ts::DealState& s, ts::Move m, int lo = -9, int hi = 9) {
    if (++nodes > kBruteCap) gave_up = true;
    ts::DealState t = s;
    if (ts::apply_move(t, s.turn, m, nullptr) != ts::Code::kOk) std::abort();
    if (t.over) return ts::result_value(t, s.turn);
    if (t.turn == s.turn) return schnapsen(t, lo, hi);
    return -schnapsen(t, -hi, -lo);
  }

  int durak(const td::GameState& s, int lo, int hi) {
    td::Move moves[td::kMaxMoves];
    const int n = td::legal_moves(s, td::turn_of(s), moves);
    int best = -100;
    for (int i = 0; i < n && best < hi && !gave_up; ++i)
      best = std::max(best, durak_move(s, moves[i], std::max(lo, best), hi));
    return best;
  }
  int durak_move(const td::GameState& s, td::Move m, int lo = -9, int hi = 9) {
    if (++nodes > kBruteCap) gave_up = true;
    td::GameState t = s;
    const td::Seat seat = td::turn_of(s);
    if (td::apply_move(t, seat, m, nullptr) != td::Code::kOk) std::abort();
    if (td::is_over(t)) return td::result_value(t, seat);
    if (td::turn_of(t) == seat) return durak(t, lo, hi);
    return -durak(t, -hi, -lo);
  }
};

int failures = 0;

// A rule set the solver must be exact under, by name for the report.
struct Table {
  const char* name;
  ts::Rules rules;
};

// The two reference games, the preset, and house rules on each base: the
// solver knows no rule of its own, so each must come out exact for free.
const Table kTables[] = {
    {"schnapsen", ts::reference_rules(ts::kSchnapsen)},
    {"sixtysix", ts::reference_rules(ts::kSixtySix)},
    {"schnapsen-tjger", ts::kPresets[0].rules},
    {"sixtysix-house", ts::Rules{ts::kSixtySix, 3, 5, true, ts::ClosePay::kCloserValue}},
    {"schnapsen-house", ts::Rules{ts::kSchnapsen, 2, 4, false, ts::ClosePay::kCloserValue}},
};

void fail(const char* what, int position, int move, int want, int got) {
  std::printf("MISMATCH %s position %d move %d: brute force %d, solver %d\n", what, position, move,
              want, got);
  ++failures;
}

// Random play from a random deal until `stop` says the position is wanted.
template <class Stop>
bool schnapsen_position(std::mt19937_64& rng, const ts::Rules& rules, ts::DealState& s, Stop stop) {
  std::uint8_t seed[32];
  for (auto& b : seed) b = std::uint8_t(rng());
  ts::deal_new(s, rules, seed, 1 + rng() % 1000, ts::Seat(rng() & 1));
  ts::Move moves[ts::kMaxMoves];
  while (!s.over && !stop(s)) {
    const int n = ts::legal_moves(s, s.turn, moves);
    ts::apply_move(s, s.turn, moves[rng() % n], nullptr);
  }
  return !s.over;
}

int cards_left(const ts::DealState& s) { return s.hand_n[0] + s.hand_n[1]; }

void check_schnapsen(std::mt19937_64& rng, const Table& table, const char* kind, int count,
                     bool (*stop)(const ts::DealState&, std::mt19937_64&)) {
  ts::Solver solver;
  ts::Solver plain(0, trumpf::solve::Options{false, false});
  int done = 0, skipped = 0;
  for (int k = 0; done < count; ++k) {
    ts::DealState s;
    if (!schnapsen_position(rng, table.rules, s,
                            [&](const ts::DealState& x) { return stop(x, rng); }))
      continue;
    // Brute force first: the solver gets only the positions it can check.
    ts::Move moves[ts::kMaxMoves], plain_moves[ts::kMaxMoves];
    int values[ts::kMaxMoves], plain_values[ts::kMaxMoves], want[ts::kMaxMoves];
    const int n = ts::legal_moves(s, s.turn, moves);
    Brute brute;
    for (int i = 0; i < n && !brute.gave_up; ++i) want[i] = brute.schnapsen_move(s, moves[i]);
    if (brute.gave_up) {
      ++skipped;
      continue;
    }
    if (solver.values(s, moves, values) != n || plain.values(s, plain_moves, plain_values) != n)
      fail(kind, k, -1, n, -1);
    int best = -100;
    for (int i = 0; i < n; ++i) {
      if (values[i] != want[i]) fail(kind, k, i, want[i], values[i]);
      if (plain_values[i] != want[i]) fail("plain", k, i, want[i], plain_values[i]);
      best = std::max(best, want[i]);
    }
    if (solver.value(s) != best) fail(kind, k, -1, best, solver.value(s));
    ++done;
  }
  std::printf("%-16s %-24s %5d positions agree (%d too big for brute force)\n", table.name, kind,
              done, skipped);
}

void check_durak(std::mt19937_64& rng, int count, int max_cards) {
  td::Solver solver;
  int done = 0, skipped = 0;
  for (int k = 0; done < count; ++k) {
    std::uint8_t seed[32];
    for (auto& b : seed) b = std::uint8_t(rng());
    td::GameState s;
    td::deal_game(seed, 1 + rng() % 1000, s);
    td::Move moves[td::kMaxMoves];
    while (!td::is_over(s) && (s.talon_left() > 0 ||
                               td::count_of(s.hands[0] | s.hands[1]) + s.bout.size() > max_cards)) {
      const td::Seat seat = td::turn_of(s);
      const int n = td::legal_moves(s, seat, moves);
      td::apply_move(s, seat, moves[rng() % n], nullptr);
    }
    if (td::is_over(s)) continue;
    td::Verdict verdicts[td::kMaxMoves];
    int want[td::kMaxMoves];
    const int n = td::legal_moves(s, td::turn_of(s), moves);
    Brute brute;
    for (int i = 0; i < n && !brute.gave_up; ++i) want[i] = brute.durak_move(s, moves[i]);
    if (brute.gave_up) {
      ++skipped;
      continue;
    }
    if (solver.values(s, 1'000'000'000, moves, verdicts) != n) fail("durak", k, -1, n, -1);
    int best = -100;
    for (int i = 0; i < n; ++i) {
      if (!verdicts[i].exact() || verdicts[i].lo != want[i])
        fail("durak", k, i, want[i], verdicts[i].exact() ? verdicts[i].lo : 99);
      best = std::max(best, want[i]);
    }
    const td::Verdict v = solver.value(s, 1'000'000'000);
    if (!v.exact() || v.lo != best) fail("durak", k, -1, best, v.lo);
    ++done;
  }
  std::printf("durak            talon empty, <= %2d cards   %5d positions agree (%d too big)\n",
              max_cards, done, skipped);
}

// How many positions a pass checks, as a factor of the default: the first
// argument, else TRUMPF_SOLVE_TEST_SCALE, else 1. The default pass takes a
// few seconds in Release; .ci/sanitize runs a small fraction of it under
// ASan and UBSan. The long run: `trumpf_solve_test 10` (or the variable).
double scale_of(int argc, char** argv) {
  const char* given = argc > 1 ? argv[1] : std::getenv("TRUMPF_SOLVE_TEST_SCALE");
  if (!given || !*given) return 1.0;
  char* end = nullptr;
  const double scale = std::strtod(given, &end);
  if (*end || !(scale > 0) || scale > 1000) {
    std::fprintf(stderr, "trumpf_solve_test: the scale is a number in (0, 1000], not '%s'\n",
                 given);
    std::exit(2);
  }
  return scale;
}

// At least one position of every kind, however small the scale.
int scaled(int count, double scale) {
  const int n = int(count * scale + 0.5);
  return n < 1 ? 1 : n;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each line as it comes, under ctest too
  const double scale = scale_of(argc, argv);
  std::mt19937_64 rng(12);
  for (const Table& table : kTables) {
    check_schnapsen(rng, table, "phase 2, <= 6 cards", scaled(600, scale),
                    [](const ts::DealState& s, std::mt19937_64&) {
                      return ts::phase(s) == 2 && cards_left(s) <= 6;
                    });
    check_schnapsen(rng, table, "phase 2, any", scaled(200, scale),
                    [](const ts::DealState& s, std::mt19937_64& r) {
                      return ts::phase(s) == 2 && r() % 3 == 0;
                    });
    check_schnapsen(rng, table, "phase 1, talon <= 4", scaled(150, scale),
                    [](const ts::DealState& s, std::mt19937_64& r) {
                      return ts::phase(s) == 1 && ts::talon_left(s) <= 2 + int(r() % 2) * 2;
                    });
    check_schnapsen(rng, table, "phase 1, talon <= 8", scaled(30, scale),
                    [](const ts::DealState& s, std::mt19937_64& r) {
                      return ts::phase(s) == 1 && ts::talon_left(s) <= 8 && r() % 2 == 0;
                    });
  }
  check_durak(rng, scaled(400, scale), 7);
  check_durak(rng, scaled(60, scale), 10);
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("0 failed\n");
  return 0;
}
