// Exact alpha-beta over a game's own rules, shared by the Schnapsen and the
// Durak solver. A game plugs in as a traits class G:
//
//   using State, Move;  kMin, kMax (the value range), kMaxMoves
//   int legal(const State&, Move*)     the engine's legal_moves for the mover
//   void apply(State&, Move)           the engine's apply for a legal move
//   bool over(const State&); int mover(const State&)
//   int score(const State& over, int seat)   the result, from seat's view
//   uint64_t key(const State&)         everything the future depends on
//   int weight(const State&)           work below a position (table replacement)
//   kEtcFrom                           the weight from which to try cut-offs
//                                      from the table before searching
//   kOrderFrom                         the weight from which order() is asked
//   int order(const State&, Move)      a guess: moves with more are tried first
//   uint32_t code_of(Move)             the move in 24 bits, every field that
//                                      tells two legal moves apart (the table's
//                                      best-move hint)
//
// Values are negamax, from the mover's view; a move that leaves the same
// seat on turn (a marriage, a close, an attack) keeps the sign. Every search
// returns an interval [lo, hi] that provably holds the value, whatever the
// window or depth: cut-offs give one-sided bounds, a horizon (depth or node
// budget spent) gives whatever the table knew. That is what lets iterative
// deepening stop anywhere and still say what it proved, and what lets a
// Stop (common/stop.hpp) end a search early: a stopped search is a budget
// spent at once.
#pragma once

#include <algorithm>
#include <cstdint>

#include "common/solve_table.hpp"
#include "common/stop.hpp"

namespace trumpf::solve {

struct Interval {
  int lo, hi;
  bool exact() const noexcept { return lo == hi; }
};

struct Options {
  bool table = true;     // off: a baseline that only prunes by alpha-beta
  bool ordering = true;  // off: legal order, and no table hint
  // Iterative deepening from this many plies, doubling; 0: one pass to the
  // end of the game. Without an evaluation at the horizon a shallow pass
  // proves only short forced endings and cuts nothing off elsewhere, so
  // the solvers default to one pass (bench/solver.py measures both).
  int deepening = 0;
  // Positions whose weight (the game's measure of work left) is below this
  // are searched without the table.
  int table_from = 0;
  // Enhanced transposition cut-offs at positions of weight G::kEtcFrom up.
  bool etc = true;

  // The depth of the first pass: the option's, or deeper than any game.
  int first_depth() const noexcept { return deepening > 0 ? deepening : kWholeGame; }
  static constexpr int kWholeGame = 1 << 20;
};

template <class G>
class Searcher {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  // `stop` may be null: nothing stops the search but its budget.
  Searcher(Table& table, Options options, std::uint64_t budget, Stop* stop = nullptr) noexcept
      : table_(table),
        options_(options),
        budget_(budget),
        stop_(stop),
        limit_(stop ? std::min(budget, kPollNodes) : budget) {}

  std::uint64_t nodes() const noexcept { return nodes_; }
  // The budget is spent, or the search was stopped. One comparison a node,
  // as without a Stop: the node count at which the Stop is next polled
  // stands in for the budget until then.
  bool spent() noexcept { return nodes_ >= limit_ && out_of_work(); }

  // The value of s (not over) for its mover, within a window (alpha, beta):
  // exact when it lies inside; hi <= alpha or lo >= beta otherwise; and
  // anything true when depth or budget ran out.
  Interval search(const State& s, int alpha, int beta, int depth) noexcept {
    // Near the end of a game the subtrees are so small that hashing and a
    // probe (a likely cache miss) cost more than searching them again.
    const int weight = G::weight(s);
    const bool tabled = options_.table && weight >= options_.table_from;
    const std::uint64_t key = tabled ? G::key(s) : 0;
    int lo = G::kMin, hi = G::kMax;
    std::uint32_t hint = kNoMove;
    if (tabled) {
      if (const Entry* e = table_.probe(key)) {
        lo = e->lo;
        hi = e->hi;
        hint = e->move_code();
      }
    }
    if (lo == hi || hi <= alpha || lo >= beta || depth <= 0 || spent()) return {lo, hi};

    Move moves[G::kMaxMoves];
    const int n = G::legal(s, moves);
    if (options_.ordering) {
      if (weight >= G::kOrderFrom)
        sort_moves(s, moves, n, hint);
      else
        hint_first(moves, n, hint);
    }
    const int a = std::max(alpha, lo), b = std::min(beta, hi);
    const int mover = G::mover(s);
    if (tabled && options_.etc && weight >= G::kEtcFrom) {
      // Enhanced transposition cut-off: a child the table already proves
      // good enough ends the search here before any subtree is entered.
      for (int i = 0; i < n; ++i) {
        State t = s;
        G::apply(t, moves[i]);
        int clo;
        if (G::over(t)) {
          clo = G::score(t, mover);
        } else {
          const Entry* e = table_.probe(G::key(t));
          if (!e) continue;
          clo = G::mover(t) == mover ? e->lo : -e->hi;
        }
        if (clo >= b) {
          lo = std::max(lo, clo);
          table_.store(key, lo, hi, G::code_of(moves[i]), weight);
          return {lo, hi};
        }
      }
    }
    int best_lo = G::kMin, best_hi = G::kMin;
    Move best = moves[0];
    bool cut = false;
    for (int i = 0; i < n; ++i) {
      const Interval c = child(s, moves[i], mover, std::max(a, best_lo), b, depth - 1);
      if (c.lo > best_lo || i == 0) {
        best_lo = std::max(best_lo, c.lo);
        best = moves[i];
      }
      best_hi = std::max(best_hi, c.hi);
      if (best_lo >= b) {
        cut = true;
        break;
      }
    }
    // Without a cut-off every move was searched, so the best upper bound is
    // an upper bound of the position; with one, only the lower bound grew.
    lo = std::max(lo, best_lo);
    if (!cut) hi = std::min(hi, best_hi);
    if (tabled) table_.store(key, lo, hi, G::code_of(best), weight);
    return {lo, hi};
  }

  // The value of playing m in s, for s's mover, searched within (alpha, beta).
  Interval child(const State& s, Move m, int mover, int alpha, int beta, int depth) noexcept {
    State t = s;
    G::apply(t, m);
    ++nodes_;
    if (G::over(t)) {
      const int v = G::score(t, mover);
      return {v, v};
    }
    if (G::mover(t) == mover) return search(t, alpha, beta, depth);
    const Interval r = search(t, -beta, -alpha, depth);
    return {-r.hi, -r.lo};
  }

 private:
  // Near the end a guess costs more than it saves: only the table's best
  // move goes first.
  static void hint_first(Move* moves, int n, std::uint32_t hint) noexcept {
    for (int i = 1; i < n; ++i)
      if (G::code_of(moves[i]) == hint) {
        const Move m = moves[i];
        for (int j = i; j > 0; --j) moves[j] = moves[j - 1];
        moves[0] = m;
        return;
      }
  }

  void sort_moves(const State& s, Move* moves, int n, std::uint32_t hint) const noexcept {
    int score[G::kMaxMoves];
    for (int i = 0; i < n; ++i)
      score[i] = G::code_of(moves[i]) == hint ? 1 << 20 : G::order(s, moves[i]);
    // Insertion sort: a handful of moves, and ties keep the legal order.
    for (int i = 1; i < n; ++i) {
      const Move m = moves[i];
      const int v = score[i];
      int j = i - 1;
      for (; j >= 0 && score[j] < v; --j) {
        moves[j + 1] = moves[j];
        score[j + 1] = score[j];
      }
      moves[j + 1] = m;
      score[j + 1] = v;
    }
  }

  // Nodes between two polls of the Stop: a few hundred microseconds.
  static constexpr std::uint64_t kPollNodes = 1 << 12;

  // At the budget or the next poll: whether the search must end.
  [[gnu::noinline]] bool out_of_work() noexcept {
    if (nodes_ >= budget_ || stopped_) return true;
    if (stop_->poll()) {
      stopped_ = true;
      return true;
    }
    limit_ = budget_ - nodes_ > kPollNodes ? nodes_ + kPollNodes : budget_;
    return false;
  }

  Table& table_;
  Options options_;
  std::uint64_t budget_;
  Stop* stop_;
  std::uint64_t limit_;  // the budget, or the node count of the next poll if sooner
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

// The next pass of iterative deepening goes twice as deep.
inline int deeper(int depth) noexcept {
  return depth < Options::kWholeGame ? 2 * depth : Options::kWholeGame;
}

// Narrows what is known of a value, [known.lo, known.hi], with null-window
// probes: is it at least t? The value range is a handful of integers, so a
// binary search needs two or three probes, each far cheaper than one search
// with the whole range as its window (a null window cuts off at every node
// that settles the question). `probe(alpha, beta)` searches within
// (alpha, beta). Stops when exact, or when a probe settles nothing (a
// horizon or the budget was reached).
template <class Probe>
Interval narrow(Interval known, Probe probe) noexcept {
  while (!known.exact()) {
    const int t = known.lo + (known.hi - known.lo + 1) / 2;  // in (lo, hi]
    const Interval r = probe(t - 1, t);
    const Interval now{std::max(known.lo, r.lo), std::min(known.hi, r.hi)};
    if (now.lo == known.lo && now.hi == known.hi) break;
    known = now;
  }
  return known;
}

// The value of s for its mover by iterative deepening: depth `step`, then
// twice that, and so on (doubling keeps the repeated shallow work a small
// part of the whole) until it is exact, `budget` nodes are spent or `stop`
// (may be null) is requested. Adds the nodes it searched to *nodes.
template <class G>
Interval root_value(Table& table, Options options, const typename G::State& s, int step,
                    std::uint64_t budget, std::uint64_t* nodes, Stop* stop = nullptr) noexcept {
  table.next_generation();
  Searcher<G> searcher(table, options, budget, stop);
  Interval r{G::kMin, G::kMax};
  for (int depth = step; !r.exact() && !searcher.spent(); depth = deeper(depth))
    r = narrow(r, [&](int a, int b) { return searcher.search(s, a, b, depth); });
  *nodes += searcher.nodes();
  return r;
}

// Every legal move's value for the mover, in the engine's legal order. Each
// round deepens every move not yet exact, so a budget that runs out leaves
// every move with its best bounds so far rather than the first move solved
// and the rest unknown. Returns the number of moves.
template <class G>
int root_values(Table& table, Options options, const typename G::State& s, int step,
                std::uint64_t budget, typename G::Move* moves, Interval* out, std::uint64_t* nodes,
                Stop* stop = nullptr) noexcept {
  table.next_generation();
  Searcher<G> searcher(table, options, budget, stop);
  const int n = G::legal(s, moves);
  const int mover = G::mover(s);
  for (int i = 0; i < n; ++i) out[i] = Interval{G::kMin, G::kMax};
  for (int depth = step;; depth = deeper(depth)) {
    bool open = false;
    for (int i = 0; i < n && !searcher.spent(); ++i)
      out[i] = narrow(
          out[i], [&](int a, int b) { return searcher.child(s, moves[i], mover, a, b, depth); });
    for (int i = 0; i < n; ++i) open |= !out[i].exact();
    if (!open || searcher.spent()) break;
  }
  *nodes += searcher.nodes();
  return n;
}

}  // namespace trumpf::solve
