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
  if (how == Ending::kClaim) {
    Seat opp = other(by);
    if (points[by] < kTargetPoints) {
      int gp = (var.false_claim_schwarz && tricks[opp] == 0) ? kPenaltySchwarz : kPenalty;
      win(opp, gp, How::kFalseClaim);
    } else if (closed_by == opp) {
      int gp = var.beaten_closer_flat ? kPenalty : (cs.tricks[by] > 0 ? kPenalty : kPenaltySchwarz);
      win(by, gp, How::kBeatCloser);
    } else if (closed_by == by) {
      int gp = var.close_counts_at_close ? scale(cs.points[opp], cs.tricks[opp])
                                         : scale(points[opp], tricks[opp]);
      win(by, gp, How::kClosedOut);
    } else {
      win(by, scale(points[opp], tricks[opp]), How::kClaim);
    }
    return r;
  }
  if (closed_by != kNoSeat) {
    Seat w = other(closed_by);
    win(w, cs.tricks[w] > 0 ? kPenalty : kPenaltySchwarz, How::kFailedClose);
    return r;
  }
  if (!var.last_trick_ten) {
    win(last_trick, 1, How::kLastTrick);
    return r;
  }
  if (last_trick != kNoSeat)
    r.points[last_trick] = std::int16_t(r.points[last_trick] + kLastTrickBonus);
  if (r.points[0] == r.points[1]) {
    r.drawn = true;
    r.how = How::kDrawn;
    r.game_points = 0;
    return r;
  }
  Seat w = r.points[0] > r.points[1] ? kP1 : kP2;
  win(w, scale(r.points[other(w)], r.tricks[other(w)]), How::kLastTrick);
  return r;
}

}  // namespace trumpf::schnapsen
