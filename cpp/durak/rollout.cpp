#include "durak/rollout.hpp"

#include "durak/bot.hpp"

namespace trumpf::durak {

Score score_of(const GameState& t, Seat seat) noexcept {
  const Seat fool = fool_of(t);
  return Score{fool != seat, fool != kNoSeat && fool != seat};
}

Score settled(Verdict v, Seat mover, Seat seat) noexcept {
  // The verdict is for the mover: the other seat's value is its negation.
  const int lo = mover == seat ? v.lo : -v.hi;
  const int hi = mover == seat ? v.hi : -v.lo;
  const int not_lost = lo >= 0 ? 1 : hi < 0 ? 0 : -1;
  const int won = lo > 0 ? 1 : hi <= 0 ? 0 : -1;
  return not_lost < 0 || won < 0 ? Score{-1, -1} : Score{not_lost, won};
}

Score play_out(GameState t, Seat seat, std::uint64_t* moves, Stream* noise,
               std::uint32_t eps) noexcept {
  while (!is_over(t)) {
    const Seat turn = turn_of(t);
    Move m = bot_choose(t, turn, 3, 0);
    if (noise && eps && noise->below(256) < eps) {
      Move legal[kMaxMoves];
      const int n = legal_moves(t, turn, legal);
      m = legal[noise->below(std::uint32_t(n))];
    }
    apply_legal(t, turn, m, nullptr);
    ++*moves;
  }
  return score_of(t, seat);
}

}  // namespace trumpf::durak
