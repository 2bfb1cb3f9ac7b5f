#include "schnapsen/presumed.hpp"

#include <utility>

namespace trumpf::schnapsen {

namespace {

// The cards of `me`'s hand in t the other seat has seen go in: the partner
// of a marriage `me` declared, and a turn-up `me` took by an exchange (the
// turn-up before the move, too: an exchange by the move itself).
std::uint32_t shown_of(const InfoSet& info, const DealState& t, Seat me) noexcept {
  std::uint32_t out = 0;
  for (int k = 0; k < t.n_melds && k < 4; ++k)
    if (t.melds[k].seat == me)
      out |= bit(card_of(t.melds[k].suit, kRankKing)) | bit(card_of(t.melds[k].suit, kRankQueen));
  for (int k = 0; k < info.n_exchanges && k < 2; ++k)
    if (info.exchanges[k].seat == me) out |= bit(info.exchanges[k].took);
  if (info.turn_up) out |= bit(info.turn_up);
  return out & t.hand_mask[me];
}

// Cards the other seat cannot place: `me`'s unshown cards and the face-down
// talon (dead or not); returns how many, the hand's first.
int pool_of(const DealState& t, Seat me, std::uint32_t shown, Card* pool, int* in_hand) noexcept {
  int n = 0;
  const std::uint32_t hidden = t.hand_mask[me] & ~shown;
  for (Card c = 1; c <= 24; ++c)
    if (hidden & bit(c)) pool[n++] = c;
  *in_hand = n;
  for (int i = t.talon_pos; i < t.talon_end; ++i) pool[n++] = t.talon[i];
  return n;
}

// t with the pool dealt again: `me` keeps its shown cards and gets
// in_hand of the shuffled pool, the talon the rest in the shuffled order.
void redeal(const DealState& t, Seat me, std::uint32_t shown, const Card* pool_in, int n,
            int in_hand, Stream& stream, DealState& out) noexcept {
  Card pool[24];
  for (int i = 0; i < n; ++i) pool[i] = pool_in[i];
  for (int i = n - 1; i >= 1; --i) std::swap(pool[i], pool[stream.below(std::uint32_t(i + 1))]);
  out = t;
  std::uint32_t mask = shown;
  for (int i = 0; i < in_hand; ++i) mask |= bit(pool[i]);
  out.hand_mask[me] = mask;
  int k = 0;
  for (Card c = 1; c <= 24; ++c)
    if (mask & bit(c)) out.hand[me][k++] = c;
  for (int i = in_hand; i < n; ++i) out.talon[t.talon_pos + (i - in_hand)] = pool[i];
}

int value_for(Solver& solver, const DealState& s, Seat seat) noexcept {
  if (s.over) return result_value(s, seat);
  const int v = solver.value(s);
  return s.turn == seat ? v : -v;
}

// The answer the other seat (on turn in t) picks from its own worlds.
Move presumed_answer(Solver& solver, const InfoSet& info, const DealState& t, Stream& stream,
                     int opponent_worlds, const Move* answers, int n) noexcept {
  const Seat me = info.seat;
  const std::uint32_t shown = shown_of(info, t, me);
  Card pool[24];
  int in_hand = 0;
  const int n_pool = pool_of(t, me, shown, pool, &in_hand);
  // Nothing to deal again: the other seat knows the position, t is its only world.
  const int worlds = n_pool <= 1 || (in_hand == 0 && draw_left(t) == 0) ? 1 : opponent_worlds;
  long long sums[kMaxMoves] = {};
  for (int w = 0; w < worlds; ++w) {
    DealState u;
    if (worlds == 1)
      u = t;
    else
      redeal(t, me, shown, pool, n_pool, in_hand, stream, u);
    Move moves[kMaxMoves];
    int values[kMaxMoves];
    // The other seat's hand and the public state are t's: the same moves, in the same order.
    const int m = solver.values(u, moves, values);
    for (int j = 0; j < m && j < n; ++j) sums[j] += values[j];
  }
  int best = 0;
  for (int j = 1; j < n; ++j)
    if (sums[j] > sums[best]) best = j;
  return answers[best];
}

}  // namespace

int presumed_values(Solver& solver, const InfoSet& info, const DealState& world, Stream& stream,
                    int opponent_worlds, Move* moves, int* values) noexcept {
  const Seat me = info.seat, o = other(me);
  const int n = legal_moves(world, me, moves);
  for (int i = 0; i < n; ++i) {
    DealState t = world;
    apply_legal(t, me, moves[i], nullptr);
    Move answers[kMaxMoves];
    const int k = t.over || t.turn != o ? 0 : legal_moves(t, o, answers);
    if (k <= 1 || opponent_worlds <= 0) {
      values[i] = value_for(solver, t, me);
      continue;
    }
    const Move answer = presumed_answer(solver, info, t, stream, opponent_worlds, answers, k);
    apply_legal(t, o, answer, nullptr);
    values[i] = value_for(solver, t, me);
  }
  return n;
}

}  // namespace trumpf::schnapsen
