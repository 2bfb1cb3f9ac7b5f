#include "schnapsen/deal.hpp"

#include <cstring>

#include "common/bits.hpp"
#include "schnapsen/deck.hpp"

namespace trumpf::schnapsen {

namespace {

// A hand holds six cards at most: a seventh is never written (no reachable
// position draws one; a forged one must not write past the hand either).
inline void add_card(DealState& s, Seat seat, Card c) noexcept {
  const int n = s.hand_n[seat];
  if (n >= int(sizeof s.hand[0])) return;
  s.hand[seat][n] = c;
  s.hand_n[seat] = std::uint8_t(n + 1);
  s.hand_mask[seat] |= bit(c);
}

// The hand's six bytes as one word: the card's place is its lowest matching
// byte, and the cards after it move down one byte in a shift. The byte loop
// this replaces became a libc memmove call for at most five bytes, on most
// moves of every game (6% of a Schnapsen decision in cpp/tools/rl_step.cpp).
inline void remove_card(DealState& s, Seat seat, Card c) noexcept {
  static_assert(sizeof s.hand[0] == 6);
  constexpr std::uint64_t kOnes = 0x010101010101ULL, kHighs = 0x808080808080ULL;
  Card* h = s.hand[seat];
  const int n = s.hand_n[seat];
  std::uint64_t w = 0;
  std::memcpy(&w, h, 6);
  const std::uint64_t x = w ^ (kOnes * c);  // a zero byte where the card is
  const std::uint64_t zero = (x - kOnes) & ~x & kHighs;
  const int i = zero ? bits::lowest_bit(zero) / 8 : 6;
  if (i >= n) return;  // not in the hand: nothing to remove
  // Bytes i .. n - 2 take the next byte; the rest stay as they were.
  const std::uint64_t moved =
      ((std::uint64_t(1) << (8 * (n - 1))) - 1) & ~((std::uint64_t(1) << (8 * i)) - 1);
  w = (w & ~moved) | ((w >> 8) & moved);
  std::memcpy(h, &w, 6);
  s.hand_n[seat] = std::uint8_t(n - 1);
  s.hand_mask[seat] &= ~bit(c);
}

inline void draw_one(DealState& s, Seat seat) noexcept {
  if (s.talon_pos < s.talon_end) {
    add_card(s, seat, s.talon[s.talon_pos++]);
  } else if (s.turn_up) {
    add_card(s, seat, s.turn_up);
    s.turn_up = kNoCard;
  }
}

inline Card exchange_card(const DealState& s) noexcept {
  return card_of(s.trump, variant_of(s).exchange_rank);
}

inline void do_exchange(DealState& s, Seat seat) noexcept {
  Card j = exchange_card(s);
  remove_card(s, seat, j);
  add_card(s, seat, s.turn_up);
  s.turn_up = j;
}

inline void lead_card(DealState& s, Seat seat, Card c, EventSink* ev) noexcept {
  remove_card(s, seat, c);
  s.must_lead[0] = s.must_lead[1] = kNoCard;
  s.lead = c;
  s.leader = seat;
  s.turn = other(seat);
  if (ev) ev->push(EventKind::kLead, seat, c);
}

void finish(DealState& s, Ending how, Seat by, EventSink* ev) noexcept {
  s.result = deal_result(s.rules, how, by, s.taken, s.tricks_won, s.closed_by, s.close_state,
                         s.last_winner);
  s.over = true;
  if (ev) ev->push(EventKind::kDealEnd, kNoSeat);
}

}  // namespace

namespace {

// The deal of `order` (the variant's pack, each card once): the non-dealer's
// hand, the dealer's, the face-down talon and the turn-up last.
inline void deal_order(DealState& s, const Rules& rules, const Card* order, int n,
                       std::uint64_t number, Seat dealer) noexcept {
  s = DealState{};
  const int h = variant_of(rules.base).hand_size;
  s.number = number;
  s.rules = rules;
  s.dealer = dealer;
  Seat first = other(dealer);
  s.turn = first;
  s.leader = first;
  s.closed_by = kNoSeat;
  s.last_winner = kNoSeat;
  s.close_state = CloseState{};
  s.result = Result{};
  // Whole hands and the talon at once: card by card, each one-byte store
  // made the compiler reload the counts and masks it might have aliased.
  std::uint32_t first_mask = 0, dealer_mask = 0;
  for (int i = 0; i < h; ++i) {
    first_mask |= bit(order[i]);
    dealer_mask |= bit(order[h + i]);
  }
  std::memcpy(s.hand[first], order, std::size_t(h));
  std::memcpy(s.hand[dealer], order + h, std::size_t(h));
  s.hand_n[first] = s.hand_n[dealer] = std::uint8_t(h);
  s.hand_mask[first] = first_mask;
  s.hand_mask[dealer] = dealer_mask;
  const int t = n - 1 - 2 * h;
  std::memcpy(s.talon, order + 2 * h, std::size_t(t));
  s.talon_pos = 0;
  s.talon_end = std::uint8_t(t);
  s.turn_up = order[n - 1];
  s.trump = std::uint8_t(suit_of(s.turn_up));
}

}  // namespace

Code deal_new(DealState& s, const Rules& given, const std::uint8_t seed[32], std::uint64_t number,
              Seat dealer) noexcept {
  const Rules rules = given;  // `given` may be s.rules, which the reset below clears
  if (number < 1) return Code::kBadDeal;
  if (dealer > 1) return Code::kBadSeat;
  Card order[24];
  const int n = order_for(rules.base, seed, number, order);
  deal_order(s, rules, order, n, number, dealer);
  return Code::kOk;
}

Code deal_from_order(DealState& s, const Rules& rules, const Card* order, int n,
                     std::uint64_t number, Seat dealer) noexcept {
  if (number < 1) return Code::kBadDeal;
  if (dealer > 1) return Code::kBadSeat;
  if (rules.base != kSchnapsen && rules.base != kSixtySix) return Code::kBadVariant;
  if (n != variant_of(rules.base).deck_size) return Code::kBadDeal;
  Card pack[24];
  const int m = pack_for(rules.base, pack);
  std::uint32_t want = 0, got = 0;
  for (int i = 0; i < m; ++i) want |= bit(pack[i]);
  for (int i = 0; i < n; ++i) {
    if (!is_card(order[i]) || (got & bit(order[i]))) return Code::kBadDeal;
    got |= bit(order[i]);
  }
  if (got != want) return Code::kBadDeal;
  const Rules copy = rules;  // `rules` may be s.rules, which the deal resets
  deal_order(s, copy, order, n, number, dealer);
  return Code::kOk;
}

Card can_exchange(const DealState& s, Seat seat) noexcept {
  if (s.closed_by != kNoSeat || s.pending_draw) return kNoCard;
  if (draw_left(s) < s.rules.exchange_min_stock || draw_left(s) == 0 || !s.turn_up) return kNoCard;
  if (variant_of(s).exchange_needs_trick && s.tricks_won[seat] == 0) return kNoCard;
  Card j = exchange_card(s);
  return holds(s, seat, j) ? j : kNoCard;
}

bool can_close(const DealState& s, Seat seat) noexcept {
  (void)seat;
  if (s.closed_by != kNoSeat || draw_left(s) == 0) return false;
  if (draw_left(s) < s.rules.close_min_stock) return false;
  if (!variant_of(s).close_before_draw && s.pending_draw) return false;
  return true;
}

int can_marry(const DealState& s, Seat seat, std::uint8_t* suits) noexcept {
  if (s.must_lead[0] || s.pending_draw) return 0;
  if (!variant_of(s).marriage_after_close && phase(s) != 1) return 0;
  int k = 0;
  for (int suit : kMarriageSuits)
    if (holds(s, seat, card_of(suit, kRankKing)) && holds(s, seat, card_of(suit, kRankQueen)))
      suits[k++] = std::uint8_t(suit);
  return k;
}

bool can_claim(const DealState& s, Seat seat) noexcept {
  if (s.over || s.turn != seat || s.lead) return false;
  return s.tricks_played > 0 || s.declared[seat];
}

int legal_moves(const DealState& s, Seat seat, Move* out) noexcept {
  if (s.over || seat != s.turn) return 0;
  int k = 0;
  if (s.lead) {
    const Card* h = s.hand[seat];
    const int n = s.hand_n[seat];
    Band b = follow_band(h, n, s.lead, s.trump, phase(s));
    for (int i = 0; i < n; ++i)
      if (in_band(h[i], b, s.lead, s.trump)) out[k++] = Move{MoveKind::kFollow, h[i]};
    return k;
  }
  if (can_claim(s, seat)) out[k++] = Move{MoveKind::kClaim, 0};
  if (s.pending_draw) {
    if (can_close(s, seat)) out[k++] = Move{MoveKind::kClose, 0};
    out[k++] = Move{MoveKind::kDraw, 0};
    return k;
  }
  if (can_exchange(s, seat)) out[k++] = Move{MoveKind::kExchange, 0};
  if (can_close(s, seat)) out[k++] = Move{MoveKind::kClose, 0};
  std::uint8_t suits[4];
  int m = can_marry(s, seat, suits);
  for (int i = 0; i < m; ++i) {
    if (!s.rules.marriage_by_lead) {
      out[k++] = Move{MoveKind::kMarriage, suits[i]};
      continue;
    }
    // Shown by leading one of the pair: the king first, the dearer card.
    out[k++] = Move{MoveKind::kMarriage, suits[i], card_of(suits[i], kRankKing)};
    out[k++] = Move{MoveKind::kMarriage, suits[i], card_of(suits[i], kRankQueen)};
  }
  if (s.must_lead[0]) {
    out[k++] = Move{MoveKind::kLead, s.must_lead[0]};
    out[k++] = Move{MoveKind::kLead, s.must_lead[1]};
  } else {
    for (int i = 0; i < s.hand_n[seat]; ++i) out[k++] = Move{MoveKind::kLead, s.hand[seat][i]};
  }
  return k;
}

Code check_move(const DealState& s, Seat seat, Move m) noexcept {
  if (s.over) return Code::kDealOver;
  if (seat != s.turn) return Code::kNotYourTurn;
  // Which kinds are moves at this moment.
  if (s.lead) {
    if (m.kind != MoveKind::kFollow) return Code::kNotLegal;
  } else if (s.pending_draw) {
    if (m.kind != MoveKind::kClaim && m.kind != MoveKind::kClose && m.kind != MoveKind::kDraw)
      return Code::kNotLegal;
  } else if (m.kind == MoveKind::kFollow || m.kind == MoveKind::kDraw ||
             m.kind == MoveKind::kNone) {
    return Code::kNotLegal;
  }
  switch (m.kind) {
    case MoveKind::kFollow: {
      Card c = m.arg;
      if (!is_card(c) || !holds(s, seat, c)) return Code::kNotHeld;
      Band b = follow_band(s.hand[seat], s.hand_n[seat], s.lead, s.trump, phase(s));
      return in_band(c, b, s.lead, s.trump) ? Code::kOk : Code::kMustFollow;
    }
    case MoveKind::kLead: {
      Card c = m.arg;
      if (!is_card(c) || !holds(s, seat, c)) return Code::kNotHeld;
      if (s.must_lead[0] && c != s.must_lead[0] && c != s.must_lead[1]) return Code::kMustLead;
      return Code::kOk;
    }
    case MoveKind::kClaim:
      return can_claim(s, seat) ? Code::kOk : Code::kCannotClaim;
    case MoveKind::kClose:
      return can_close(s, seat) ? Code::kOk : Code::kCannotClose;
    case MoveKind::kExchange:
      return can_exchange(s, seat) ? Code::kOk : Code::kNoExchange;
    case MoveKind::kMarriage: {
      std::uint8_t suits[4];
      int n = can_marry(s, seat, suits);
      bool ok = false;
      for (int i = 0; i < n; ++i) ok |= (suits[i] == m.arg);
      if (!ok) return Code::kNoMarriage;
      // By lead, the move names the card of the pair it leads.
      const Card king = card_of(m.arg, kRankKing), queen = card_of(m.arg, kRankQueen);
      if (s.rules.marriage_by_lead && m.card != king && m.card != queen) return Code::kMustLead;
      return Code::kOk;
    }
    case MoveKind::kDraw:
      return Code::kOk;
    default:
      return Code::kNotLegal;
  }
}

Code apply_move(DealState& s, Seat seat, Move m, EventSink* ev) noexcept {
  const Code c = check_move(s, seat, m);
  if (c != Code::kOk) return c;
  apply_legal(s, seat, m, ev);
  return Code::kOk;
}

void apply_legal(DealState& s, Seat seat, Move m, EventSink* ev) noexcept {
  const Variant& var = variant_of(s);
  switch (m.kind) {
    case MoveKind::kFollow: {
      Card c = m.arg;
      remove_card(s, seat, c);
      if (ev) ev->push(EventKind::kFollow, seat, c);
      Card w = winner_of(s.lead, c, s.trump);
      Seat ws = (w == c) ? seat : s.leader;
      s.taken[ws] = std::int16_t(s.taken[ws] + value_of(s.lead, c));
      if (s.tricks_won[ws] == 0) {
        s.taken[ws] = std::int16_t(s.taken[ws] + s.pending_meld[ws]);
        s.pending_meld[ws] = 0;
      }
      s.tricks_won[ws]++;
      s.tricks_played++;
      s.last_winner = ws;
      s.lead = kNoCard;
      s.leader = ws;
      s.turn = ws;
      if (ev) ev->push(EventKind::kTrick, ws);
      if (draw_left(s) > 0) {
        if (var.close_before_draw) {
          s.pending_draw = true;
        } else {
          draw_one(s, ws);
          draw_one(s, other(ws));
        }
      }
      if (s.hand_n[0] == 0 && s.hand_n[1] == 0) finish(s, Ending::kExhausted, kNoSeat, ev);
      return;
    }
    case MoveKind::kLead:
      lead_card(s, seat, m.arg, ev);
      return;
    case MoveKind::kClaim: {
      if (ev) ev->push(EventKind::kClaim, seat);
      finish(s, Ending::kClaim, seat, ev);
      return;
    }
    case MoveKind::kClose: {
      // The table exchanges for the opponent only as an exchange could be
      // made: with as much left to draw as the exchange needs.
      const bool may_exchange = draw_left(s) >= s.rules.exchange_min_stock;
      s.closed_by = seat;
      s.pending_draw = false;
      s.close_state.by = seat;
      for (int i = 0; i < 2; ++i) {
        s.close_state.tricks[i] = s.tricks_won[i];
        s.close_state.points[i] = s.taken[i];
      }
      if (ev) ev->push(EventKind::kClose, seat);
      if (var.exchange_on_close && s.turn_up && may_exchange) {
        Seat o = other(seat);
        if (holds(s, o, exchange_card(s))) {
          do_exchange(s, o);
          if (ev) ev->push(EventKind::kExchange, o);
        }
      }
      return;
    }
    case MoveKind::kExchange: {
      do_exchange(s, seat);
      if (ev) ev->push(EventKind::kExchange, seat);
      return;
    }
    case MoveKind::kMarriage: {
      const Card king = card_of(m.arg, kRankKing), queen = card_of(m.arg, kRankQueen);
      int value = marriage_value(s, m.arg);
      if (s.n_melds < 4) s.melds[s.n_melds++] = Meld{seat, m.arg, std::uint8_t(value)};
      if (s.tricks_won[seat] > 0)
        s.taken[seat] = std::int16_t(s.taken[seat] + value);
      else
        s.pending_meld[seat] = std::int16_t(s.pending_meld[seat] + value);
      s.declared[seat] = true;
      if (ev) ev->push(EventKind::kMarriage, seat, 0, m.arg, std::uint8_t(value));
      if (s.rules.marriage_by_lead) {
        lead_card(s, seat, m.card, ev);
      } else {
        s.must_lead[0] = king;
        s.must_lead[1] = queen;
      }
      return;
    }
    case MoveKind::kDraw: {
      draw_one(s, seat);
      draw_one(s, other(seat));
      s.pending_draw = false;
      if (ev) ev->push(EventKind::kDraw, seat);
      return;
    }
    default:
      return;
  }
}

}  // namespace trumpf::schnapsen
