#include "schnapsen/reach.hpp"

#include "schnapsen/reach_plan.hpp"

namespace trumpf::schnapsen {

namespace {

using reach::Course;
using reach::course_of;
using reach::Plan;
using reach::plan_deal;
using reach::Timing;

bool same_info(const InfoSet& a, const InfoSet& b) noexcept {
  if (a.rules != b.rules || a.number != b.number || a.dealer != b.dealer || a.turn != b.turn ||
      a.leader != b.leader || a.lead != b.lead || a.turn_up != b.turn_up || a.trump != b.trump ||
      a.closed_by != b.closed_by || a.pending_draw != b.pending_draw || a.over != b.over ||
      a.must_lead[0] != b.must_lead[0] || a.must_lead[1] != b.must_lead[1] ||
      a.talon_left != b.talon_left || a.draw_left != b.draw_left || a.phase != b.phase)
    return false;
  for (int s = 0; s < 2; ++s)
    if (a.counts[s] != b.counts[s] || a.taken[s] != b.taken[s] ||
        a.tricks_won[s] != b.tricks_won[s] || a.played[s] != b.played[s] || a.won[s] != b.won[s] ||
        a.close_state.tricks[s] != b.close_state.tricks[s] ||
        a.close_state.points[s] != b.close_state.points[s])
      return false;
  if (a.close_state.by != b.close_state.by || a.n_melds != b.n_melds || a.hand_n != b.hand_n ||
      a.known != b.known || a.unseen != b.unseen || a.lacks != b.lacks ||
      a.n_exchanges != b.n_exchanges)
    return false;
  for (int k = 0; k < a.n_melds && k < 4; ++k)
    if (a.melds[k].seat != b.melds[k].seat || a.melds[k].suit != b.melds[k].suit ||
        a.melds[k].value != b.melds[k].value)
      return false;
  for (int k = 0; k < a.hand_n && k < 6; ++k)
    if (a.hand_cards[k] != b.hand_cards[k]) return false;
  for (int k = 0; k < a.n_exchanges && k < 2; ++k)
    if (a.exchanges[k].seat != b.exchanges[k].seat || a.exchanges[k].took != b.exchanges[k].took)
      return false;
  return true;
}

// Plays the plan; true when it gives the seat exactly `want`.
bool replays_to(const Plan& p, const InfoSet& want, const Trick* tricks, int n_tricks,
                std::uint64_t* events) noexcept {
  DealState s;
  if (deal_from_order(s, want.rules, p.order, p.n_order, want.number, want.dealer) != Code::kOk)
    return false;
  Shown shown;
  shown_start(shown, s);
  std::uint64_t n_events = 0;
  int trick = 0;
  for (int k = 0; k < p.n_steps; ++k) {
    const Before before = before_of(s);
    EventSink sink;
    if (apply_move(s, p.steps[k].seat, p.steps[k].move, &sink) != Code::kOk) return false;
    n_events += std::uint64_t(sink.n);
    shown_update(shown, before, p.steps[k].seat, p.steps[k].move, s);
    if (s.tricks_played != before.tricks_played) {
      if (trick >= n_tricks || s.last_winner != tricks[trick].winner) return false;
      ++trick;
    }
  }
  if (trick != n_tricks || s.over) return false;
  *events = n_events;
  return same_info(info_set(s, shown, want.seat), want);
}

}  // namespace

bool reach_deal(const InfoSet& info, const Trick* tricks, int n_tricks,
                std::uint64_t* events) noexcept {
  Course course;
  if (!course_of(info, tricks, n_tricks, &course)) return false;
  const Variant& v = variant_of(info.rules.base);
  Timing timings[16];
  int n_timings = 0;
  if (info.n_exchanges == 0) {
    timings[n_timings++] = Timing{false, 0, false};
  } else {
    const Seat x = info.exchanges[0].seat;
    for (int m = 0; m <= n_tricks; ++m)
      if (course.leader_at(m) == x) timings[n_timings++] = Timing{true, m, false};
    if (course.close_at >= 0 && v.exchange_on_close)
      timings[n_timings++] = Timing{true, course.close_at, true};
  }
  Card ups[8];
  int n_ups = 0;
  const Seat drawer = course.drawer();
  for (int order = 0; order < 1 + (course.close_at >= 0 && v.marriage_after_close); ++order)
    for (int t = 0; t < n_timings; ++t) {
      n_ups = 0;
      if (drawer == kNoSeat) {
        ups[n_ups++] = kNoCard;
      } else if (timings[t].any) {
        ups[n_ups++] = course.low;
      } else {
        std::uint32_t later = 0;
        for (int k = 0; k < course.n_plays[drawer]; ++k)
          if (course.play_t[drawer][k] > course.half) later |= bit(course.play_c[drawer][k]);
        const std::uint32_t held = (drawer == info.seat ? info.hand : info.known) | later;
        for (Card card = 1; card <= 24; ++card)
          if ((held & bit(card)) && suit_of(card) == info.trump && n_ups < 8) ups[n_ups++] = card;
      }
      for (int u = 0; u < n_ups; ++u) {
        Plan plan;
        if (plan_deal(course, timings[t], ups[u], order == 1, &plan) &&
            replays_to(plan, info, tricks, n_tricks, events))
          return true;
      }
    }
  return false;
}

}  // namespace trumpf::schnapsen
