#include "schnapsen/scoring.hpp"

namespace trumpf::schnapsen {

namespace {

// What the closer would have scored had the close succeeded, but at least 2:
// the usual scale on the non-closer, read where the variant reads a
// successful close (docs/rules/house-rules.md, "failed_close_pays").
template <class Points, class Tricks>
int closer_value(const Variant& var, Seat non_closer, const Points points[2],
                 const Tricks tricks[2], const BasicCloseState<Points, Tricks>& cs) noexcept {
  const int v = var.close_counts_at_close ? scale(cs.points[non_closer], cs.tricks[non_closer])
                                          : scale(points[non_closer], tricks[non_closer]);
  return v > kPenalty ? v : kPenalty;
}

}  // namespace

template <class Points, class Tricks>
BasicResult<Points, Tricks> deal_result(const Rules& rules, Ending how, Seat by,
                                        const Points points[2], const Tricks tricks[2],
                                        Seat closed_by, const BasicCloseState<Points, Tricks>& cs,
                                        Seat last_trick) noexcept {
  const Variant& var = variant_of(rules.base);
  const bool closer_pays = rules.failed_close_pays == ClosePay::kCloserValue;
  BasicResult<Points, Tricks> r;
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
      int gp = closer_pays              ? closer_value(var, by, points, tricks, cs)
               : var.beaten_closer_flat ? kPenalty
               : cs.tricks[by] > 0      ? kPenalty
                                        : kPenaltySchwarz;
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
    win(w,
        closer_pays        ? closer_value(var, w, points, tricks, cs)
        : cs.tricks[w] > 0 ? kPenalty
                           : kPenaltySchwarz,
        How::kFailedClose);
    return r;
  }
  if (!var.last_trick_ten) {
    win(last_trick, 1, How::kLastTrick);
    return r;
  }
  if (last_trick != kNoSeat) r.points[last_trick] += kLastTrickBonus;
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

template Result deal_result(const Rules&, Ending, Seat, const std::int16_t[2],
                            const std::uint8_t[2], Seat, const CloseState&, Seat) noexcept;
template WideResult deal_result(const Rules&, Ending, Seat, const long long[2], const long long[2],
                                Seat, const WideCloseState&, Seat) noexcept;

}  // namespace trumpf::schnapsen
