#include "schnapsen/reach_plan.hpp"

namespace trumpf::schnapsen::reach {

bool course_of(const InfoSet& i, const Trick* tricks, int n, Course* out) noexcept {
  Course& c = *out;
  const Variant& v = variant_of(i.rules.base);
  const int stock = v.deck_size - 2 * v.hand_size;
  if (i.talon_left > stock || (stock - i.talon_left) % 2 || n > 12) return false;
  c.info = &i;
  c.tricks = tricks;
  c.n = n;
  c.seat = i.seat;
  c.o = other(i.seat);
  c.first = other(i.dealer);
  c.h = v.hand_size;
  c.half = stock / 2;
  c.rounds = (stock - i.talon_left) / 2;
  c.choice = v.close_before_draw;
  c.close_at = i.closed_by == kNoSeat ? -1 : i.close_state.tricks[0] + i.close_state.tricks[1];
  c.pending_close = c.close_at >= 0 && c.choice && c.rounds == c.close_at - 1;
  c.low = card_of(i.trump & 3, v.exchange_rank);
  c.n_plays[0] = c.n_plays[1] = 0;
  Seat by_seat[25];
  int by_trick[25] = {}, led_at[25] = {};
  auto play = [&](Seat s, int t, Card card, bool led) {
    c.play_t[s][c.n_plays[s]] = t;
    c.play_c[s][c.n_plays[s]++] = card;
    by_seat[card] = s;
    by_trick[card] = t;
    if (led) led_at[card] = t;
  };
  for (int t = 0; t < n; ++t) {
    play(tricks[t].leader, t + 1, tricks[t].lead, true);
    play(other(tricks[t].leader), t + 1, tricks[t].follow, false);
  }
  if (i.lead) play(i.leader, n + 1, i.lead, true);
  for (int k = 0; k < i.n_melds; ++k) {
    const Meld& m = i.melds[k];
    const Card pair[2] = {card_of(m.suit & 3, kRankKing), card_of(m.suit & 3, kRankQueen)};
    int t = kInf;
    Card first_played = kNoCard;
    for (Card card : pair) {
      if (!by_trick[card]) continue;
      if (by_seat[card] != m.seat) return false;  // the pair was the owner's
      if (by_trick[card] < t) t = by_trick[card], first_played = card;
    }
    if (!first_played) {
      c.meld_at[k] = n + 1;
    } else {
      if (led_at[first_played] != t) return false;  // shown by leading it
      c.meld_at[k] = t;
    }
  }
  return true;
}

}  // namespace trumpf::schnapsen::reach
