#include "schnapsen/scoring.hpp"

namespace trumpf::schnapsen {

Result deal_result(VariantId v, Ending how, Seat by, const std::int16_t points[2],
                   const std::uint8_t tricks[2], Seat closed_by, const CloseState& cs,
                   Seat last_trick) noexcept {
  const Variant& var = variant_of(v);
  Result r;
  r.points[0] = points[0];
  r.points[1] = points[1];
  r.tricks[0] = tricks[0];
  r.tricks[1] = tricks[1];
  r.closed_by = closed_by;
  r.last_trick = last_trick;
  auto win = [&](Seat w, int gp, How h) {
    r.winner = w;
    r.loser = other(w);
    r.game_points = std::uint8_t(gp);
    r.how = h;
  };
  if (how == Ending::CLAIM) {
    Seat opp = other(by);
    if (points[by] < TARGET_POINTS) {
      int gp = (var.false_claim_schwarz && tricks[opp] == 0) ? PENALTY_SCHWARZ : PENALTY;
      win(opp, gp, How::FALSE_CLAIM);
    } else if (closed_by == opp) {
      int gp = var.beaten_closer_flat ? PENALTY : (cs.tricks[by] > 0 ? PENALTY : PENALTY_SCHWARZ);
      win(by, gp, How::BEAT_CLOSER);
    } else if (closed_by == by) {
      int gp = var.close_counts_at_close ? scale(cs.points[opp], cs.tricks[opp])
                                         : scale(points[opp], tricks[opp]);
      win(by, gp, How::CLOSED_OUT);
    } else {
      win(by, scale(points[opp], tricks[opp]), How::CLAIM);
    }
    return r;
  }
  if (closed_by != NO_SEAT) {
    Seat w = other(closed_by);
    win(w, cs.tricks[w] > 0 ? PENALTY : PENALTY_SCHWARZ, How::FAILED_CLOSE);
    return r;
  }
  if (!var.last_trick_ten) {
    win(last_trick, 1, How::LAST_TRICK);
    return r;
  }
  if (last_trick != NO_SEAT)
    r.points[last_trick] = std::int16_t(r.points[last_trick] + LAST_TRICK_BONUS);
  if (r.points[0] == r.points[1]) {
    r.drawn = true;
    r.how = How::DRAWN;
    r.game_points = 0;
    return r;
  }
  Seat w = r.points[0] > r.points[1] ? P1 : P2;
  win(w, scale(r.points[other(w)], r.tricks[other(w)]), How::LAST_TRICK);
  return r;
}

}  // namespace trumpf::schnapsen
