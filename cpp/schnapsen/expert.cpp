#include "schnapsen/expert.hpp"

#include "common/bits.hpp"
#include "schnapsen/bot.hpp"
#include "schnapsen/presumed.hpp"

namespace trumpf::schnapsen {

namespace {

// A world's value of a move: its game points, and win_weight more for a won deal.
long long weighed(int points, int win_weight) noexcept {
  return points + win_weight * ((points > 0) - (points < 0));
}

// The chance of winning a match when `seat` still needs `me` game points and
// the other seat `them`, between two equal players whose deals pay 1, 2 or 3
// game points as the expert's own deals against itself do (2,000 deals a
// variant, trumpf.simulate): a table of at most kMaxNeed x kMaxNeed.
constexpr int kMaxNeed = 16;
constexpr double kDealPays[2][3] = {{0.344, 0.456, 0.200}, {0.445, 0.460, 0.095}};

struct Equity {
  double e[kMaxNeed + 1][kMaxNeed + 1];
  explicit Equity(VariantId v) noexcept {
    for (int a = 0; a <= kMaxNeed; ++a)
      for (int b = 0; b <= kMaxNeed; ++b) {
        if (a == 0 || b == 0) {
          e[a][b] = a == 0 && b > 0 ? 1.0 : 0.0;
          continue;
        }
        double sum = 0;
        for (int g = 1; g <= 3; ++g)
          sum += 0.5 * kDealPays[v][g - 1] * (e[a > g ? a - g : 0][b] + e[a][b > g ? b - g : 0]);
        e[a][b] = sum;
      }
  }
};

// A world's value of a move in a match: the match equity its result leaves, in
// 1/100,000ths.
long long equity_of(const Equity& q, int me, int them, int points) noexcept {
  if (points > 0) me = me > points ? me - points : 0;
  if (points < 0) them = them > -points ? them + points : 0;
  return static_cast<long long>(q.e[me][them] * 100000.0 + 0.5);
}

// Whether the other seat's lead on the table declared a marriage: the lead
// is one of a marriage it declared, and the marriage's other card is not yet
// played (a later lead of that card declares nothing).
bool lead_married(const InfoSet& info) noexcept {
  const Seat leader = info.leader;
  const int suit = suit_of(info.lead);
  const int rank = rank_of(info.lead);
  if (rank != kRankKing && rank != kRankQueen) return false;
  const Card partner = card_of(suit, rank == kRankKing ? kRankQueen : kRankKing);
  for (int k = 0; k < info.n_melds; ++k)
    if (info.melds[k].seat == leader && info.melds[k].suit == suit)
      return (info.played[leader] & bit(partner)) == 0;
  return false;
}

// A world's weight under ExpertOptions::infer and infer_lead, in
// thousandths: the position the other seat led from (its lead back in its
// hand) is rebuilt from the world. Each of a marriage and an exchange it
// could have made there and did not multiplies in `infer`/1000, and a lead
// other than the level-2 bot's there `infer_lead`/1000.
long long world_weight(const DealState& s, bool married, int infer, int infer_lead) noexcept {
  const Seat leader = s.leader;
  if (s.hand_n[leader] >= 6) return 1000;  // no room for the lead: not a position led from
  DealState t = s;
  t.hand[leader][t.hand_n[leader]++] = s.lead;
  t.hand_mask[leader] |= bit(s.lead);
  t.lead = kNoCard;
  t.turn = leader;
  long long w = 1000;
  std::uint8_t suits[4];
  if (infer > 0) {
    if (!married && can_marry(t, leader, suits) > 0) w = w * infer / 1000;
    if (can_exchange(t, leader) != kNoCard) w = w * infer / 1000;
  }
  if (infer_lead > 0) {
    const Move m = bot_choose(t, leader, 2);
    const bool same =
        (m.kind == MoveKind::kLead && m.arg == s.lead) ||
        (m.kind == MoveKind::kMarriage &&
         (m.card == s.lead || (married && m.card == kNoCard && m.arg == suit_of(s.lead))));
    if (!same) w = w * infer_lead / 1000;
  }
  return w > 0 ? w : 1;  // a world still counts, so some world always does
}

}  // namespace

int rollout(Solver& solver, DealState& t, Seat seat, std::uint64_t* work, Stop* stop) noexcept {
  while (!t.over && draw_left(t) > 0) {
    apply_legal(t, t.turn, bot_choose(t, t.turn, 2), nullptr);
    ++*work;
  }
  if (t.over) return result_value(t, seat);
  const int v = solver.value(t, stop);
  return t.turn == seat ? v : -v;
}

std::uint64_t decision_of(const InfoSet& info) noexcept {
  const int played = bits::popcount(info.played[0] | info.played[1]);
  return info.number << 6 | std::uint64_t(played) << 1 | info.seat;
}

Move Expert::choose(const InfoSet& info, const ExpertOptions& options) noexcept {
  stats_ = ExpertStats{};
  Hidden hidden;
  if (info.over || info.turn != info.seat || !hidden_of(info, &hidden)) return Move{};
  const Seat seat = info.seat;
  Move moves[kMaxMoves];
  int n = 0;
  long long sums[kMaxMoves] = {};
  const int weight = info.counts[0] + info.counts[1] + info.draw_left;
  const int exact_from =
      options.exact_weight > 0 ? options.exact_weight : kExactWeight[info.rules.base];
  const bool exact = weight <= exact_from;
  const std::uint64_t nodes_before = solver_.nodes();
  std::uint64_t rolled = 0;
  const std::uint32_t samples = options.samples ? options.samples : 1;
  static const Equity kEquity[2] = {Equity(kSchnapsen), Equity(kSixtySix)};
  const bool by_match = options.match_aware && info.match.in_match &&
                        info.match.to_win[seat] <= kMaxNeed &&
                        info.match.to_win[other(seat)] <= kMaxNeed;
  const auto value_of = [&](int points) {
    return by_match ? equity_of(kEquity[info.rules.base], info.match.to_win[seat],
                                info.match.to_win[other(seat)], points)
                    : weighed(points, options.win_weight);
  };
  const bool inferring =
      (options.infer > 0 || options.infer_lead > 0) && info.lead != kNoCard && info.leader != seat;
  const bool married = inferring && lead_married(info);
  Stream answers = worlds::stream_of(options.seed, decision_of(info) | std::uint64_t(1) << 63);

  auto visit = [&](const World& w) {
    if (stats_.worlds > 0 && (stats_.work >= options.budget || stop_polled(options.stop)))
      return false;
    DealState s;
    if (!deal_of(info, w, s)) {
      n = 0;  // an InfoSet no world fits: no move
      return false;
    }
    if (stats_.worlds == 0) {
      n = legal_moves(s, seat, moves);
      // Nothing to choose, or stopped: the first legal move, found at once.
      if (n <= 1 || stop_polled(options.stop)) return false;
    }
    const long long weight =
        inferring ? world_weight(s, married, options.infer, options.infer_lead) : 1;
    if (exact) {
      int values[kMaxMoves];
      n = options.presumed > 0
              ? presumed_values(solver_, info, s, answers, options.presumed, moves, values)
              : solver_.values(s, moves, values, options.stop);
      for (int i = 0; i < n; ++i) sums[i] += weight * value_of(values[i]);
    } else {
      n = legal_moves(s, seat, moves);
      for (int i = 0; i < n; ++i) {
        DealState t = s;
        apply_legal(t, seat, moves[i], nullptr);
        sums[i] += weight * value_of(rollout(solver_, t, seat, &rolled, options.stop));
      }
    }
    ++stats_.worlds;
    stats_.work = solver_.nodes() - nodes_before + rolled;
    return stats_.worlds < samples;
  };

  Stream stream = worlds::stream_of(options.seed, decision_of(info));
  stats_.enumerated = worlds::each_world(hidden, samples, stream, visit);
  if (n == 0) return Move{};
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (sums[i] > sums[best]) best = i;
  return moves[best];
}

Move perfect_choose(Solver& solver, const DealState& s, Stop* stop) noexcept {
  Move moves[kMaxMoves];
  int values[kMaxMoves];
  const int n = solver.values(s, moves, values, stop);
  if (n == 0) return Move{};
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (values[i] > values[best]) best = i;
  return moves[best];
}

}  // namespace trumpf::schnapsen
