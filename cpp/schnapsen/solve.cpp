#include "schnapsen/solve.hpp"

namespace trumpf::schnapsen {

namespace {

// A new field in DealState may be something the future depends on: decide
// whether key() must pack it (it must, unless no rule reads it), then update.
// Reviewed at 128 bytes: `rules` (the house rules) is fixed within a search;
// key() packs the close state's figures by their ranges in a deal (points at
// most 220, tricks at most 12).
static_assert(sizeof(DealState) == 128, "DealState changed: review the solver's key()");

struct Game {
  using State = DealState;
  using Move = schnapsen::Move;
  static constexpr int kMin = -kPenaltySchwarz, kMax = kPenaltySchwarz;
  static constexpr int kMaxMoves = schnapsen::kMaxMoves;

  static int legal(const State& s, Move* out) noexcept { return legal_moves(s, s.turn, out); }
  static void apply(State& s, Move m) noexcept { apply_legal(s, s.turn, m, nullptr); }
  static bool over(const State& s) noexcept { return s.over; }
  static int mover(const State& s) noexcept { return s.turn; }
  static int score(const State& s, int seat) noexcept { return result_value(s, Seat(seat)); }
  // All three fields: under marriage_by_lead the two marriages of one suit
  // differ only by the card they lead.
  static std::uint32_t code_of(Move m) noexcept {
    return std::uint32_t(m.kind) | std::uint32_t(m.arg) << 8 | std::uint32_t(m.card) << 16;
  }

  // Every field a rule reads, packed without loss (each within its range),
  // except what is fixed for a whole search (the rules, house rules and all;
  // the talon's order and end) and what no rule reads (the deal's number and
  // dealer, hand order, the meld records, the result, read only once over).
  // The table starts afresh for every root, so a field fixed within one
  // search need not be told apart. The house rules read nothing else:
  // exchange_min_stock and close_min_stock read draw_left (talon_pos,
  // turn_up, closed_by); marriage_by_lead leaves a lead (lead, leader, turn)
  // where the reference leaves must_lead; failed_close_pays reads the close
  // state and the points and tricks at the end.
  static std::uint64_t key(const State& s) noexcept {
    using U = std::uint64_t;
    const U w0 = U(s.hand_mask[0]) | U(s.hand_mask[1]) << 25 | U(s.turn_up) << 50 |
                 U(s.talon_pos) << 55 | U(s.turn & 1) << 60 | U(s.leader & 1) << 61 |
                 U(s.pending_draw) << 62;
    const U w1 = U(s.lead) | U(s.must_lead[0]) << 5 | U(s.closed_by & 3) << 10 |
                 U(s.taken[0] & 511) << 12 | U(s.taken[1] & 511) << 21 |
                 U(s.pending_meld[0] & 255) << 30 | U(s.pending_meld[1] & 255) << 38 |
                 U(s.tricks_won[0] & 15) << 46 | U(s.tricks_won[1] & 15) << 50 |
                 U(s.declared[0]) << 54 | U(s.declared[1]) << 55 | U(s.last_winner & 3) << 56;
    const CloseState& c = s.close_state;
    const U w2 = U(c.by & 3) | U(c.tricks[0] & 15) << 2 | U(c.tricks[1] & 15) << 6 |
                 U(c.points[0] & 511) << 10 | U(c.points[1] & 511) << 19 |
                 U(s.tricks_played & 31) << 28 | U(s.must_lead[1]) << 33 | U(s.trump & 3) << 38;
    return solve::key_of(w0, w1, w2);
  }

  // Cards still to be played or drawn (a closed talon's are dead).
  static int weight(const State& s) noexcept { return s.hand_n[0] + s.hand_n[1] + draw_left(s); }
  // Cut-offs from the table pay in phase 1 only; later subtrees are small.
  static constexpr int kEtcFrom = 13;
  // A guess pays only while much is left (phase 1, and the first trick of
  // Sixty-Six's phase 2); later the table's best move is enough.
  static constexpr int kOrderFrom = 11;

  // A guess at the better moves, best first: a claim with the points for it,
  // the exchange and marriages (free points), then leads of the cards most
  // likely to take tricks, and follows that win the trick as cheaply as
  // possible before those that throw the least away. Only the search's
  // speed depends on it.
  static int order(const State& s, Move m) noexcept {
    switch (m.kind) {
      case MoveKind::kClaim:
        return s.taken[s.turn] >= kTargetPoints ? 1000 : -1000;
      case MoveKind::kExchange:
        return 500;
      case MoveKind::kMarriage:
        return 400 + marriage_value(s, m.arg);
      case MoveKind::kDraw:
        return 300;
      case MoveKind::kClose:
        return 200;
      case MoveKind::kLead:
        return points_of(m.arg) + (suit_of(m.arg) == s.trump ? 12 : 0);
      case MoveKind::kFollow:
        if (winner_of(s.lead, m.arg, s.trump) == m.arg)
          return 100 + points_of(s.lead) - points_of(m.arg);
        return -points_of(m.arg);
      default:
        return 0;
    }
  }
};

}  // namespace

int result_value(const DealState& s, Seat seat) noexcept {
  const Result& r = s.result;
  if (r.winner == kNoSeat) return 0;  // drawn
  return r.winner == seat ? r.game_points : -r.game_points;
}

Solver::Solver(int table_bits, solve::Options options) : table_(table_bits), options_(options) {}

int Solver::value(const DealState& s, Stop* stop) noexcept {
  if (s.over) return result_value(s, s.turn);
  return solve::root_value<Game>(table_, options_, s, options_.first_depth(), ~std::uint64_t(0),
                                 &nodes_, stop)
      .lo;
}

int Solver::values(const DealState& s, Move* moves, int* values, Stop* stop) noexcept {
  if (s.over) return 0;
  solve::Interval v[kMaxMoves];
  const int n = solve::root_values<Game>(table_, options_, s, options_.first_depth(),
                                         ~std::uint64_t(0), moves, v, &nodes_, stop);
  for (int i = 0; i < n; ++i) values[i] = v[i].lo;
  return n;
}

}  // namespace trumpf::schnapsen
