#include "durak/view.hpp"

namespace trumpf::durak {

SeatView view_of(const GameState& s, Seat seat) noexcept {
  SeatView v;
  v.seat = seat;
  v.ply = s.ply;
  v.phase = phase_of(s);
  v.turn = turn_of(s);
  v.trump = s.trump;
  v.trump_card = s.turn_up_left() ? s.trump_card() : Card(0);
  v.talon = s.talon_left();
  v.discard = s.discard;
  v.hand = s.hand(seat);
  v.counts[kP1] = count_of(s.hands[kP1]);
  v.counts[kP2] = count_of(s.hands[kP2]);
  v.swap = can_swap(s, seat);
  v.n_legal = legal_moves(s, seat, v.legal);
  v.over = is_over(s);
  v.outcome = outcome_of(s);
  v.fool = s.fool;
  v.bout = s.bout;
  return v;
}

}  // namespace trumpf::durak
