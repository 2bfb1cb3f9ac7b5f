#include "durak/expert.hpp"

#include "durak/bot.hpp"

namespace trumpf::durak {

namespace {

// What a finished game was worth to `seat`: {not the fool, won}.
struct Score {
  int not_lost, won;
};
Score score_of(const GameState& t, int seat) noexcept {
  const int fool = fool_of(t);
  return Score{fool != seat, fool != 0 && fool != seat};
}

// The verdict's score when it settles both, else {-1, -1}.
Score settled(Verdict v) noexcept {
  const int not_lost = v.lo >= 0 ? 1 : v.hi < 0 ? 0 : -1;
  const int won = v.lo > 0 ? 1 : v.hi <= 0 ? 0 : -1;
  return not_lost < 0 || won < 0 ? Score{-1, -1} : Score{not_lost, won};
}

int best_of(int n, const long long* not_lost, const long long* won) noexcept {
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (not_lost[i] > not_lost[best] || (not_lost[i] == not_lost[best] && won[i] > won[best]))
      best = i;
  return best;
}

}  // namespace

std::uint64_t decision_of(const InfoSet& info) noexcept {
  return std::uint64_t(info.ply) << 2 | std::uint64_t(info.seat);
}

void Expert::score(const GameState& s, int seat, std::uint64_t budget, int* n, Move* moves,
                   long long* not_lost, long long* won) noexcept {
  Score exact[kMaxMoves];
  *n = legal_moves(s, seat, moves);
  for (int i = 0; i < *n; ++i) exact[i] = Score{-1, -1};
  if (s.talon_left() <= 1) {  // no face-down card: every card is known
    Verdict v[kMaxMoves];
    solver_.values(s, budget, moves, v);
    for (int i = 0; i < *n; ++i) exact[i] = settled(v[i]);
  }
  for (int i = 0; i < *n; ++i) {
    Score sc = exact[i];
    if (sc.not_lost < 0) {
      GameState t = s;
      apply_legal(t, seat, moves[i], nullptr);
      while (!is_over(t)) {
        const int turn = turn_of(t);
        apply_legal(t, turn, bot_choose(t, turn, 3, 0), nullptr);
        ++rolled_;
      }
      sc = score_of(t, seat);
    }
    not_lost[i] += sc.not_lost;
    won[i] += sc.won;
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
  const std::uint32_t samples = options.samples ? options.samples : 1;
  auto visit = [&](const World& w) {
    if (stats_.worlds > 0 && stats_.work >= options.budget) return false;
    GameState s;
    game_of(info, w, s);
    if (stats_.worlds == 0) {
      n = legal_moves(s, info.seat, moves);
      if (n <= 1) return false;  // nothing to choose
    }
    score(s, info.seat, options.budget - stats_.work, &n, moves, not_lost, won);
    ++stats_.worlds;
    stats_.work = solver_.nodes() - nodes_before + rolled_;
    return stats_.worlds < samples;
  };
  Stream stream = worlds::stream_of(options.seed, decision_of(info));
  stats_.enumerated = worlds::each_world(hidden, samples, stream, visit);
  if (n == 0) return Move{};
  return moves[best_of(n, not_lost, won)];
}

Move Expert::perfect(const GameState& s, const ExpertOptions& options) noexcept {
  stats_ = ExpertStats{};
  if (is_over(s)) return Move{};
  Move moves[kMaxMoves];
  long long not_lost[kMaxMoves] = {}, won[kMaxMoves] = {};
  int n = legal_moves(s, turn_of(s), moves);
  if (n <= 1) return n ? moves[0] : Move{};
  const std::uint64_t nodes_before = solver_.nodes();
  rolled_ = 0;
  score(s, turn_of(s), options.budget, &n, moves, not_lost, won);
  stats_.worlds = 1;
  stats_.work = solver_.nodes() - nodes_before + rolled_;
  return moves[best_of(n, not_lost, won)];
}

}  // namespace trumpf::durak
