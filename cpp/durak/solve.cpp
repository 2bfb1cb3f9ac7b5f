#include "durak/solve.hpp"

namespace trumpf::durak {

namespace {

// A new field in GameState may be something the future depends on: decide
// whether key() must pack it (it must, unless no rule reads it), then update.
static_assert(sizeof(GameState) == 72, "GameState changed: review the solver's key()");

struct Game {
  using State = GameState;
  using Move = durak::Move;
  static constexpr int kMin = -1, kMax = 1;
  static constexpr int kMaxMoves = durak::kMaxMoves;

  static int legal(const State& s, Move* out) noexcept { return legal_moves(s, turn_of(s), out); }
  static void apply(State& s, Move m) noexcept { apply_legal(s, turn_of(s), m, nullptr); }
  static bool over(const State& s) noexcept { return is_over(s); }
  static int mover(const State& s) noexcept { return turn_of(s); }
  static int score(const State& s, Seat seat) noexcept { return result_value(s, seat); }
  static std::uint32_t code_of(Move m) noexcept {
    return std::uint32_t(m.kind) | std::uint32_t(m.card) << 8;
  }

  // Every field a rule reads, packed without loss, except the talon's order
  // (fixed for a whole search; the table starts afresh for every root) and
  // what no rule reads (the discard count, ply and bouts, which only name
  // events). Of the bout, the future needs the cards on the table as a set
  // (they go to the discard or the defender together, and give the ranks),
  // the counts against the cap, and the one attack card waiting for an
  // answer; which beat covered which attack no longer matters.
  static std::uint64_t key(const State& s) noexcept {
    using U = std::uint64_t;
    const Bout& b = s.bout;
    const U w0 = s.hands[0] | U(seat_number(b.attacker)) << 36 | U(b.cap & 7) << 38 |
                 U(b.n_att & 7) << 41 | U(b.n_beat & 7) << 44 | U(b.taken & 1) << 47 |
                 U(b.taken ? 0 : b.unbeaten()) << 48 | U(b.open & 1) << 54 |
                 U(seat_number(s.six_owner)) << 55 | U(s.trump & 3) << 57;
    const U w1 = s.hands[1] | U(s.talon_pos) << 36 | U(s.talon[23]) << 41 | U(s.outcome) << 47;
    return solve::key_of(w0, w1, b.cards());
  }

  // Cut-offs from the table cost more than they saved in endgames (measured).
  static constexpr int kEtcFrom = 1 << 20;
  // Ordering pays everywhere in Durak (without it, twice as many stay unknown).
  static constexpr int kOrderFrom = 0;

  static int weight(const State& s) noexcept {
    return count_of(s.hands[0] | s.hands[1]) + s.bout.size() + s.talon_left();
  }

  // A guess at the better moves, best first: the swap, then the cheapest
  // card that beats or attacks (low ranks before high, plain suits before
  // trumps), then done, and taking last. Only the search's speed depends on it.
  static int order(const State& s, Move m) noexcept {
    const auto cost = [&](Card c) { return power_of(c) + (suit_of(c) == s.trump ? 10 : 0); };
    switch (m.kind) {
      case Kind::kSwap:
        return 200;
      case Kind::kAttack:
      case Kind::kBeat:
        return 100 - cost(m.card);
      case Kind::kDone:
        return 50;
      default:
        return 0;
    }
  }
};

}  // namespace

int result_value(const GameState& s, Seat seat) noexcept {
  if (outcome_of(s) == Outcome::kDraw || fool_of(s) == kNoSeat) return 0;
  return fool_of(s) == seat ? -1 : 1;
}

Solver::Solver(int table_bits, solve::Options options) : table_(table_bits), options_(options) {}

Verdict Solver::value(const GameState& s, std::uint64_t budget, Stop* stop) noexcept {
  if (is_over(s)) return Verdict{0, 0};
  return solve::root_value<Game>(table_, options_, s, options_.first_depth(), budget, &nodes_,
                                 stop);
}

int Solver::values(const GameState& s, std::uint64_t budget, Move* moves, Verdict* verdicts,
                   Stop* stop) noexcept {
  if (is_over(s)) return 0;
  return solve::root_values<Game>(table_, options_, s, options_.first_depth(), budget, moves,
                                  verdicts, &nodes_, stop);
}

}  // namespace trumpf::durak
