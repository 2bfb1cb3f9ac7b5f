// A measuring player for trumpf_pimc_bench: the expert's PIMC with each
// world weighed by how well the other seat's plays, in order, fit it.
//
// The InfoSet keeps what was shown only as sets, so this player reads the
// deal's public history instead: the seat's own dealt hand and draws, the
// turn-up, which seat drew each talon card (the tricks' winners say it), and
// every move in order. For a world (a position the seat cannot tell from the
// true one), the other seat's cards that are not in the talon still to draw
// are dealt at random into its dealt hand and the talon places it drew from,
// `timings` times. Each such deal is replayed move by move: a move the rules
// refuse gives it no weight, and each move of the other seat multiplies in 1
// when the level-2 bot would have made it there and `miss` (in thousandths)
// when not. A world's weight is the mean over its deals, an estimate of how
// likely the history is given the world. The worlds and their values are the
// expert's own (expert.hpp); only the weights differ. With miss 1000 the
// weight is the share of deals the rules allow, which the expert's uniform
// worlds ignore. Not a player of the engine: it reads the history, which no
// public call passes.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "schnapsen/bot.hpp"
#include "schnapsen/deck.hpp"
#include "schnapsen/expert.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/worlds.hpp"
#include "tools/pimc_sight.hpp"

namespace trumpf::schnapsen::history {

struct History {
  DealState start;                           // the deal as dealt
  std::vector<std::pair<Seat, Move>> moves;  // every move since, in order
  std::int8_t drawer[24];                    // which seat drew talon[k], -1 while it is not drawn
};

inline void history_start(History& h, const DealState& s) {
  h.start = s;
  h.moves.clear();
  for (std::int8_t& d : h.drawer) d = -1;
}

// After `seat` made `mv`, `s` being the position it led to.
inline void history_add(History& h, Seat seat, Move mv, const DealState& s) {
  h.moves.emplace_back(seat, mv);
  for (int k = 0; k < s.talon_pos; ++k)
    if (h.drawer[k] == -1) {
      // The seat that drew it holds it now: a card is drawn at the end of a
      // move and played only at a later one.
      const Card c = h.start.talon[k];
      h.drawer[k] = holds(s, 0, c) ? 0 : holds(s, 1, c) ? 1 : -2;
    }
}

// What the other seat is taken to play: the level-2 bot, or (with `samples` > 0) an expert of
// that many worlds and `budget` work units, judging only the other seat's last `recent` moves
// (0: all). A move it would not make weighs `miss` thousandths.
struct Model {
  int miss = 1000;
  std::uint32_t samples = 0;
  std::uint64_t budget = 0;
  int recent = 0;
  std::uint64_t seed = 0;
};

// The model's move for `seat` at `d`, whose shown cards are `shown`.
inline Move model_move(const Model& model, const DealState& d, const Shown& shown, Seat seat) {
  if (model.samples == 0) return bot_choose(d, seat, 2);
  static thread_local Expert judge;
  ExpertOptions o;
  o.samples = model.samples;
  o.budget = model.budget;
  o.seed = model.seed;
  return judge.choose(info_set(d, shown, seat), o);
}

// The weight of world `w` for `me`, as above.
inline double world_weight(const History& h, Seat me, const DealState& w, int timings,
                           const Model& model, std::uint64_t& rng) {
  const Seat them = other(me);
  const DealState& st = h.start;
  const int size = variant_of(st).hand_size;
  Card pack[24];
  const int n = pack_for(st.rules.base, pack);
  // The world's talon is the face-down cards still to draw, from its index 0;
  // the deal's are the same cards at its last places.
  const int left = w.talon_end - w.talon_pos;
  const int drawn = st.talon_end - left;
  if (drawn < 0) return 0.0;
  std::uint32_t known = st.hand_mask[me] | bit(st.turn_up);
  for (int k = w.talon_pos; k < w.talon_end; ++k) known |= bit(w.talon[k]);
  int their_slots[24], n_slots = 0;
  for (int k = 0; k < drawn; ++k) {
    if (h.drawer[k] == me)
      known |= bit(st.talon[k]);
    else
      their_slots[n_slots++] = k;
  }
  Card fill[24];
  int n_fill = 0;
  for (int i = 0; i < n; ++i)
    if (!(known & bit(pack[i]))) fill[n_fill++] = pack[i];
  if (n_fill != size + n_slots) return 0.0;  // not a world of this history
  int judged_from = 0;                       // the first of the moves the model judges
  if (model.recent > 0) {
    int seen = 0;
    for (int i = int(h.moves.size()) - 1; i >= 0 && seen < model.recent; --i)
      if (h.moves[std::size_t(i)].first == them) {
        judged_from = i;
        ++seen;
      }
  }
  double sum = 0;
  for (int t = 0; t < timings; ++t) {
    for (int i = n_fill - 1; i > 0; --i)
      std::swap(fill[i], fill[int((rng = mix(rng)) % std::uint64_t(i + 1))]);
    DealState d = st;
    d.hand_mask[them] = 0;
    for (int i = 0; i < size; ++i) {
      d.hand[them][i] = fill[i];
      d.hand_mask[them] |= bit(fill[i]);
    }
    for (int j = 0; j < n_slots; ++j) d.talon[their_slots[j]] = fill[size + j];
    for (int k = 0; k < left; ++k) d.talon[drawn + k] = w.talon[w.talon_pos + k];
    double like = 1.0;
    Shown shown;
    shown_start(shown, d);
    for (std::size_t i = 0; i < h.moves.size(); ++i) {
      const auto& [seat, mv] = h.moves[i];
      if (seat == them && int(i) >= judged_from && model.miss < 1000 &&
          !(model_move(model, d, shown, them) == mv))
        like *= model.miss / 1000.0;
      const Before before = before_of(d);
      if (apply_move(d, seat, mv, nullptr) != Code::kOk) {
        like = 0.0;
        break;
      }
      shown_update(shown, before, seat, mv, d);
    }
    sum += like;
  }
  return sum / timings;
}

// The move: the expert's worlds (every one up to `samples`, else drawn from
// the expert's stream) and values, each world weighed as above; stops at
// `budget` work units as the expert does. Exact values at most `exact_from`
// cards left, else the expert's rollout.
inline Move choose(Solver& solver, const InfoSet& info, const History& h, const ExpertOptions& o,
                   int exact_from, int timings, const Model& model) {
  Hidden hidden;
  if (!hidden_of(info, &hidden)) return Move{};
  const Seat seat = info.seat;
  Move moves[kMaxMoves];
  int n = 0;
  double sums[kMaxMoves] = {};
  long long plain[kMaxMoves] = {};
  double total = 0;
  std::uint32_t worlds_done = 0;
  const bool exact = info.counts[0] + info.counts[1] + info.draw_left <= exact_from;
  const std::uint64_t nodes_before = solver.nodes();
  std::uint64_t rolled = 0, rng = o.seed ^ 0x5A5A5A5A5A5A5A5AULL;
  auto visit = [&](const World& world) {
    if (worlds_done > 0 && solver.nodes() - nodes_before + rolled >= o.budget) return false;
    DealState s;
    if (!deal_of(info, world, s)) return false;
    if (worlds_done == 0) {
      n = legal_moves(s, seat, moves);
      if (n <= 1) return false;
    }
    const double weight = world_weight(h, seat, s, timings, model, rng);
    total += weight;
    int values[kMaxMoves];
    if (exact) {
      n = solver.values(s, moves, values);
    } else {
      for (int i = 0; i < n; ++i) {
        DealState t = s;
        apply_legal(t, seat, moves[i], nullptr);
        values[i] = rollout(solver, t, seat, &rolled, nullptr);
      }
    }
    for (int i = 0; i < n; ++i) {
      sums[i] += weight * values[i];
      plain[i] += values[i];
    }
    ++worlds_done;
    return worlds_done < o.samples;
  };
  Stream stream = worlds::stream_of(o.seed, decision_of(info));
  worlds::each_world(hidden, o.samples, stream, visit);
  if (n == 0) return Move{};
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (total > 0 ? sums[i] > sums[best] : plain[i] > plain[best]) best = i;
  return moves[best];
}

}  // namespace trumpf::schnapsen::history
