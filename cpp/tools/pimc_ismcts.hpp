// A measuring player for trumpf_pimc_bench: single-observer information-set
// Monte Carlo tree search (Cowling, Powley and Whitehouse) with the exact
// solver at its leaves, for the decisions of one stretch of the deal: before
// the solved phase, or in it while cards are left to draw (the bench plays
// the expert's PIMC elsewhere).
//
// The tree is the seat's: a node is what the seat has seen since the root,
// so an edge is a move and, below it, a child for each card the seat drew
// when the move ended a trick (the other seat's draw it does not see). Each
// iteration deals one world of the InfoSet (sample_world) and walks the tree
// in it, choosing at each node among the moves legal in that world by UCB
// with availability counts, for whichever seat is on turn. Both seats' moves
// are chosen from the seat's statistics alone, so the other seat is played
// as one that cannot tell this world from the others, and the seat never
// chooses knowing a world, which is PIMC's strategy fusion. The walk stops at
// the first move not tried at its node (it is tried, and the position it
// reaches valued as the expert values a world: a rollout by the level-2 bot
// while the talon is drawn from, or exact in the solved phase), or at the
// stretch's end: the solved phase, or no cards left to draw, where the value
// is the solver's exact one. The move played is the root's most tried, the
// first in legal order on a tie. A decision reads the InfoSet and the seed
// alone. Not a player of the engine: measured in docs/bots.md.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/bits.hpp"
#include "schnapsen/expert.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/worlds.hpp"
#include "tools/pimc_sight.hpp"

namespace trumpf::schnapsen::ismcts {

struct Options {
  int iterations = 400;  // worlds dealt, one walk each
  int explore = 700;     // UCB's constant, in thousandths, on values scaled to [-1, 1]
  int exact_weight = 0;  // 0: the variant's
  // Searching in the solved phase while cards are left to draw: the walk stops once none are
  // (the talon drawn out or closed), rather than at the solved phase
  bool to_draws_end = false;
};

struct Edge {
  Move move;
  std::uint32_t tried = 0, offered = 0;
  double total = 0;                            // the sum of values for the seat that made the move
  std::vector<std::pair<Card, int>> children;  // the seat's drawn card (kNoCard: none), node
};

struct Node {
  std::vector<Edge> edges;
};

// The index of the node's edge of move m, added untried if it has none.
inline std::size_t edge_at(Node& node, Move m) {
  for (std::size_t k = 0; k < node.edges.size(); ++k)
    if (node.edges[k].move == m) return k;
  node.edges.push_back(Edge{m, 0, 0, 0, {}});
  return node.edges.size() - 1;
}

// Cards in both hands and still to draw: the measure kExactWeight is of.
inline int cards_left(const DealState& s) noexcept {
  return s.hand_n[0] + s.hand_n[1] + draw_left(s);
}

// The value for `seat` of a position the walk stopped at: with `rolls`, a rollout while more than
// `exact_from` cards are left, else the solver's exact value.
inline int leaf_value(Solver& solver, DealState& t, Seat seat, int exact_from,
                      bool rolls) noexcept {
  if (t.over) return result_value(t, seat);
  std::uint64_t moves = 0;  // the rollout's count of its moves, which no budget reads here
  if (cards_left(t) > exact_from && rolls) return rollout(solver, t, seat, &moves, nullptr);
  const int v = solver.value(t, nullptr);
  return t.turn == seat ? v : -v;
}

inline Move choose(Solver& solver, const InfoSet& info, const Options& o, std::uint64_t seed) {
  const Seat seat = info.seat;
  const int exact_from = o.exact_weight > 0 ? o.exact_weight : kExactWeight[info.rules.base];
  Move roots[kMaxMoves];
  const int n_roots = info_legal(info, roots);
  if (n_roots <= 1) return n_roots ? roots[0] : Move{};
  std::vector<Node> tree(1);
  for (int i = 0; i < n_roots; ++i) edge_at(tree[0], roots[i]);
  const double c = o.explore / 1000.0;
  struct Step {
    int node;
    std::size_t edge;
    Seat mover;
  };
  std::vector<Step> path;
  for (int k = 0; k < o.iterations; ++k) {
    DealState s;
    if (!sample_world(info, mix(seed + std::uint64_t(k)), s)) break;
    path.clear();
    int node = 0;
    int value = 0;
    for (;;) {
      const bool horizon = o.to_draws_end ? draw_left(s) == 0 : cards_left(s) <= exact_from;
      if (s.over || (node != 0 && horizon)) {
        value = leaf_value(solver, s, seat, exact_from, false);
        break;
      }
      Move moves[kMaxMoves];
      const int n = legal_moves(s, s.turn, moves);
      // Offer each legal move; the first never tried is tried, else the best by UCB.
      std::size_t pick = 0;
      bool fresh = false;
      double best = -1e300;
      for (int i = 0; i < n; ++i) {
        const std::size_t at = edge_at(tree[std::size_t(node)], moves[i]);
        Edge& e = tree[std::size_t(node)].edges[at];
        ++e.offered;
        if (fresh) continue;
        if (e.tried == 0) {
          pick = at;
          fresh = true;
          continue;
        }
        const double ucb = e.total / e.tried + c * std::sqrt(std::log(double(e.offered)) / e.tried);
        if (ucb > best) {
          best = ucb;
          pick = at;
        }
      }
      const Seat mover = s.turn;
      const Move mv = tree[std::size_t(node)].edges[pick].move;
      const std::uint32_t held = s.hand_mask[seat];
      apply_legal(s, mover, mv, nullptr);
      path.push_back(Step{node, pick, mover});
      if (fresh) {
        value = leaf_value(solver, s, seat, exact_from, true);
        break;
      }
      // A move ends with at most one card drawn into the seat's hand.
      const std::uint32_t drawn = s.hand_mask[seat] & ~held;
      const Card card = drawn ? Card(bits::lowest_bit(drawn)) : kNoCard;
      auto& children = tree[std::size_t(node)].edges[pick].children;
      int next = -1;
      for (const auto& ch : children)
        if (ch.first == card) next = ch.second;
      if (next < 0) {
        next = int(tree.size());
        tree[std::size_t(node)].edges[pick].children.emplace_back(card, next);
        tree.emplace_back();
      }
      node = next;
    }
    const double scaled = value / 3.0;
    for (const Step& st : path) {
      Edge& e = tree[std::size_t(st.node)].edges[st.edge];
      ++e.tried;
      e.total += st.mover == seat ? scaled : -scaled;
    }
  }
  int best = 0;
  for (int i = 1; i < n_roots; ++i)
    if (tree[0].edges[std::size_t(i)].tried > tree[0].edges[std::size_t(best)].tried) best = i;
  return roots[best];
}

}  // namespace trumpf::schnapsen::ismcts
