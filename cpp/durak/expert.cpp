#include "durak/expert.hpp"

#include "durak/rollout.hpp"

namespace trumpf::durak {

namespace {

int best_of(int n, const long long* not_lost, const long long* won) noexcept {
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (not_lost[i] > not_lost[best] || (not_lost[i] == not_lost[best] && won[i] > won[best]))
      best = i;
  return best;
}

}  // namespace

std::uint64_t decision_of(const InfoSet& info) noexcept {
  return std::uint64_t(info.ply) << 2 | std::uint64_t(seat_number(info.seat));
}

void Expert::score(const GameState& s, Seat seat, std::uint64_t budget, int* n, Move* moves,
                   long long* not_lost, long long* won) noexcept {
  Score exact[kMaxMoves];
  *n = legal_moves(s, seat, moves);
  for (int i = 0; i < *n; ++i) exact[i] = Score{-1, -1};
  if (s.talon_left() <= 1) {  // no face-down card: every card is known
    Verdict v[kMaxMoves];
    solver_.values(s, budget / kSolverNodeWork, moves, v, opt_.stop);
    for (int i = 0; i < *n; ++i) exact[i] = settled(v[i], seat, seat);
  }
  const std::uint32_t r = opt_.rollouts ? opt_.rollouts : 1;
  for (int i = 0; i < *n; ++i) {
    if (exact[i].not_lost >= 0) {
      not_lost[i] += r * exact[i].not_lost;
      won[i] += r * exact[i].won;
      continue;
    }
    for (std::uint32_t k = 0; k < r; ++k) {
      GameState t = s;
      apply_legal(t, seat, moves[i], nullptr);
      const Score sc = play_out(t, seat, &rolled_, &noise_, opt_.noise);
      not_lost[i] += sc.not_lost;
      won[i] += sc.won;
    }
  }
}

Move Expert::choose(const InfoSet& info, const ExpertOptions& options) noexcept {
  stats_ = ExpertStats{};
  Hidden hidden;
  if (info.over || info.turn != info.seat || !hidden_of(info, &hidden)) return Move{};
  Move moves[kMaxMoves];
  long long not_lost[kMaxMoves] = {}, won[kMaxMoves] = {};
  int n = 0;
  const std::uint64_t nodes_before = solver_.nodes();
  rolled_ = 0;
  opt_ = options;
  noise_ = worlds::stream_of(options.seed ^ 0x6e6f697365ULL, decision_of(info));
  const std::uint32_t samples = options.samples ? options.samples : 1;
  bool broken = false;  // a world the InfoSet cannot make: no move, never a guess
  auto visit = [&](const World& w) {
    if (stats_.worlds > 0 && (stats_.work >= options.budget || stop_polled(options.stop)))
      return false;
    GameState s;
    if (!game_of(info, w, s)) {
      broken = true;
      return false;
    }
    if (stats_.worlds == 0) {
      n = legal_moves(s, info.seat, moves);
      // Nothing to choose, or stopped: the first legal move, found at once.
      if (n <= 1 || stop_polled(options.stop)) return false;
    }
    score(s, info.seat, options.budget - stats_.work, &n, moves, not_lost, won);
    ++stats_.worlds;
    stats_.work = work_since(nodes_before);
    return stats_.worlds < samples;
  };
  Stream stream = worlds::stream_of(options.seed, decision_of(info));
  stats_.enumerated = worlds::each_world(hidden, samples, stream, visit);
  if (n == 0 || broken) return Move{};
  return moves[best_of(n, not_lost, won)];
}

Move Expert::perfect(const GameState& s, const ExpertOptions& options) noexcept {
  stats_ = ExpertStats{};
  if (is_over(s)) return Move{};
  Move moves[kMaxMoves];
  long long not_lost[kMaxMoves] = {}, won[kMaxMoves] = {};
  const Seat seat = turn_of(s);
  int n = legal_moves(s, seat, moves);
  if (n <= 1) return n ? moves[0] : Move{};
  const std::uint64_t nodes_before = solver_.nodes();
  rolled_ = 0;
  opt_ = options;
  // One world, the true one: its rollouts differ only by their noise.
  opt_.rollouts = 1;
  if (!opt_.noise) opt_.noise = kPerfectNoise;
  noise_ =
      worlds::stream_of(options.seed, std::uint64_t(s.ply) << 2 | std::uint64_t(seat_number(seat)));
  // As many games a move as the expert plays in all its worlds.
  const std::uint32_t samples =
      (options.samples ? options.samples : 1) * (options.rollouts ? options.rollouts : 1);
  while (stats_.worlds < samples && (stats_.worlds == 0 || stats_.work < options.budget) &&
         !stop_polled(options.stop)) {
    score(s, seat, options.budget - stats_.work, &n, moves, not_lost, won);
    ++stats_.worlds;
    stats_.work = work_since(nodes_before);
    if (s.talon_left() <= 1) break;  // solved, or as far as the budget goes
  }
  return moves[best_of(n, not_lost, won)];
}

}  // namespace trumpf::durak
