#include "schnapsen/bot.hpp"

namespace trumpf::schnapsen {

namespace {

inline bool cheaper(Card a, Card b) noexcept {
  if (points_of(a) != points_of(b)) return points_of(a) < points_of(b);
  if (power_of(a) != power_of(b)) return power_of(a) < power_of(b);
  return a < b;
}
inline bool dearer(Card a, Card b) noexcept {
  if (points_of(a) != points_of(b)) return points_of(a) > points_of(b);
  if (power_of(a) != power_of(b)) return power_of(a) > power_of(b);
  return a < b;
}

}  // namespace

int hand_strength(const Card* hand, int n, int trump) noexcept {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    s += points_of(hand[i]);
    if (suit_of(hand[i]) == trump) s += 5;
    if (rank_of(hand[i]) == 0) s += 3;
  }
  return s;
}

Card cheapest(const Card* cards, int n) noexcept {
  if (n <= 0) return kNoCard;
  Card best = cards[0];
  for (int i = 1; i < n; ++i)
    if (cheaper(cards[i], best)) best = cards[i];
  return best;
}

Card dearest(const Card* cards, int n) noexcept {
  if (n <= 0) return kNoCard;
  Card best = cards[0];
  for (int i = 1; i < n; ++i)
    if (dearer(cards[i], best)) best = cards[i];
  return best;
}

int best_marriage(const DealState& s, Seat seat) noexcept {
  // Only what legal(seat) offers: a marriage is declared on lead.
  if (s.over || seat != s.turn || s.lead) return -1;
  std::uint8_t suits[4];
  int n = can_marry(s, seat, suits);
  int best = -1, value = -1;
  for (int i = 0; i < n; ++i) {
    int v = marriage_value(s, suits[i]);
    if (v > value) {
      value = v;
      best = suits[i];
    }
  }
  return best;
}

bool should_claim(const DealState& s, Seat seat) noexcept {
  return can_claim(s, seat) && s.taken[seat] >= kTargetPoints;
}

bool should_close(const DealState& s, Seat seat, int level) noexcept {
  if (level < 2) return false;
  int trumps = 0;
  for (int i = 0; i < s.hand_n[seat]; ++i) trumps += suit_of(s.hand[seat][i]) == s.trump;
  if (trumps < 2) return false;
  int need = kTargetPoints - s.taken[seat];
  return hand_strength(s.hand[seat], s.hand_n[seat], s.trump) >= need + 20;
}

Card best_lead(const DealState& s, Seat seat, int level) noexcept {
  if (s.over || seat != s.turn || s.lead || s.pending_draw) return kNoCard;
  Card all[6], part[6];
  int n = 0;
  if (s.must_lead[0]) {
    all[n++] = s.must_lead[0];
    all[n++] = s.must_lead[1];
  } else {
    for (int i = 0; i < s.hand_n[seat]; ++i) all[n++] = s.hand[seat][i];
  }
  if (n == 0) return kNoCard;
  if (level < 2) return cheapest(all, n);
  int k = 0;
  if (phase(s) == 1) {
    for (int i = 0; i < n; ++i)
      if (suit_of(all[i]) != s.trump) part[k++] = all[i];
    return k ? cheapest(part, k) : cheapest(all, n);
  }
  for (int i = 0; i < n; ++i)
    if (rank_of(all[i]) == 0) part[k++] = all[i];
  if (k) return dearest(part, k);
  for (int i = 0; i < n; ++i)
    if (suit_of(all[i]) != s.trump) part[k++] = all[i];
  return k ? dearest(part, k) : dearest(all, n);
}

Card best_follow(const DealState& s, Seat seat) noexcept {
  if (s.over || seat != s.turn || !s.lead) return kNoCard;
  Card legal[6], plain[6], trumps[6];
  int n = legal_follows(s.hand[seat], s.hand_n[seat], s.lead, s.trump, phase(s), legal);
  if (n == 0) return kNoCard;
  int np = 0, nt = 0;
  for (int i = 0; i < n; ++i) {
    if (winner_of(s.lead, legal[i], s.trump) != legal[i]) continue;
    if (suit_of(legal[i]) == s.trump)
      trumps[nt++] = legal[i];
    else
      plain[np++] = legal[i];
  }
  if (np) return cheapest(plain, np);
  if (nt) return cheapest(trumps, nt);
  return cheapest(legal, n);
}

Move bot_choose(const DealState& s, Seat seat, int level) noexcept {
  Move moves[kMaxMoves];
  int n = legal_moves(s, seat, moves);
  if (n == 0) return Move{MoveKind::kNone, 0};
  bool has[8] = {};
  for (int i = 0; i < n; ++i) has[int(moves[i].kind)] = true;
  if (has[int(MoveKind::kExchange)]) return Move{MoveKind::kExchange, 0};
  if (has[int(MoveKind::kMarriage)]) {
    const int m = best_marriage(s, seat);
    if (m >= 0) {
      // Shown by a lead, the marriage leads its dearer card, the king.
      const Card shown = s.rules.marriage_by_lead ? card_of(m, kRankKing) : kNoCard;
      return Move{MoveKind::kMarriage, std::uint8_t(m), shown};
    }
  }
  if (has[int(MoveKind::kClaim)] && s.taken[seat] >= kTargetPoints)
    return Move{MoveKind::kClaim, 0};
  if (has[int(MoveKind::kClose)] && should_close(s, seat, level)) return Move{MoveKind::kClose, 0};
  if (has[int(MoveKind::kLead)]) return Move{MoveKind::kLead, best_lead(s, seat, level)};
  if (has[int(MoveKind::kFollow)]) return Move{MoveKind::kFollow, best_follow(s, seat)};
  if (has[int(MoveKind::kDraw)]) return Move{MoveKind::kDraw, 0};
  return Move{MoveKind::kNone, 0};
}

}  // namespace trumpf::schnapsen
