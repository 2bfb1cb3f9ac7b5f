#include "schnapsen/view.hpp"

namespace trumpf::schnapsen {

SeatView view_of(const DealState& s, const Trick* last, Seat seat, std::size_t ply,
                 bool match_over) noexcept {
  SeatView v;
  v.seat = seat;
  v.base = s.rules.base;
  v.number = s.number;
  v.dealer = s.dealer;
  v.ply = ply;
  v.phase = phase(s);
  v.turn = match_over ? kNoSeat : s.turn;
  v.leader = s.leader;
  v.trump = s.trump;
  v.turn_up = s.turn_up;
  v.talon_left = talon_left(s);
  v.draw_left = draw_left(s);
  v.closed_by = s.closed_by;
  v.close_state = s.close_state;
  v.pending_draw = s.pending_draw;
  v.hand_n = s.hand_n[seat];
  for (int i = 0; i < v.hand_n; ++i) v.hand[i] = s.hand[seat][i];
  v.counts[0] = s.hand_n[0];
  v.counts[1] = s.hand_n[1];
  for (int i = 0; i < 2; ++i) {
    v.taken[i] = s.taken[i];
    v.tricks_won[i] = s.tricks_won[i];
    v.must_lead[i] = s.must_lead[i];
  }
  v.n_melds = s.n_melds;
  for (int i = 0; i < s.n_melds; ++i) {
    v.melds[i] = s.melds[i];
    v.counted[i] = meld_counted(s, s.melds[i]);
  }
  v.lead = s.lead;
  v.has_last = last != nullptr;
  if (last) v.last = *last;
  v.n_legal = match_over ? 0 : legal_moves(s, seat, v.legal);
  v.over = s.over;
  v.result = s.result;
  return v;
}

}  // namespace trumpf::schnapsen
