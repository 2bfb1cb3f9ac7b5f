#include "schnapsen/match.hpp"

#include <cstring>

namespace trumpf::schnapsen {

Code match_new(MatchState& m, const Rules& rules, const std::uint8_t seed[32],
               Seat dealer) noexcept {
  if (dealer > 1) return Code::kBadSeat;
  m = MatchState{};
  std::memcpy(m.seed, seed, 32);
  const Variant& var = variant_of(rules.base);
  m.scores[0] = m.scores[1] = std::int16_t(var.match_start);
  m.winner = kNoSeat;
  m.over = false;
  return deal_new(m.deal, rules, seed, 1, dealer);
}

int match_legal(const MatchState& m, Seat seat, Move* out) noexcept {
  if (m.over) return 0;
  return legal_moves(m.deal, seat, out);
}

int to_win(const MatchState& m, Seat seat) noexcept {
  const Variant& var = variant_of(m.deal);
  int d = var.match_target > var.match_start ? var.match_target - m.scores[seat]
                                             : m.scores[seat] - var.match_target;
  return d < 0 ? 0 : d;
}

namespace {

// Scores the deal that just ended and deals the next, unless the match is won.
void settle(MatchState& m, EventSink* ev) noexcept {
  const Variant& var = variant_of(m.deal);
  const Result& r = m.deal.result;
  m.last_result = r;
  m.deals_done++;
  Seat dealer = m.deal.dealer;
  if (!r.drawn) {
    int dir = var.match_target > var.match_start ? 1 : -1;
    m.scores[r.winner] = std::int16_t(m.scores[r.winner] + dir * r.game_points);
    if (to_win(m, r.winner) == 0) {
      m.over = true;
      m.winner = r.winner;
      if (ev) ev->push(EventKind::kGameEnd, r.winner);
      return;
    }
    dealer = var.next_dealer_winner ? r.winner : other(dealer);
  } else if (!var.next_dealer_winner) {
    dealer = other(dealer);
  }
  deal_new(m.deal, m.deal.rules, m.seed, m.deal.number + 1, dealer);
  if (ev) ev->push(EventKind::kDeal, dealer);
}

}  // namespace

Code match_apply(MatchState& m, Seat seat, Move mv, EventSink* ev) noexcept {
  if (m.over) return Code::kGameOver;
  const Code c = apply_move(m.deal, seat, mv, ev);
  if (c == Code::kOk && m.deal.over) settle(m, ev);
  return c;
}

void match_apply_legal(MatchState& m, Seat seat, Move mv, EventSink* ev) noexcept {
  apply_legal(m.deal, seat, mv, ev);
  if (m.deal.over) settle(m, ev);
}

}  // namespace trumpf::schnapsen
