#include "durak/game.hpp"

#include <initializer_list>

#include "durak/deck.hpp"

namespace trumpf::durak {

bool is_move_event(EventKind k) noexcept { return k <= EventKind::kResign; }

namespace {

void start_game(const Deal& d, GameState& s) noexcept {
  s = GameState{};
  s.hands[kP1] = d.hands[kP1];
  s.hands[kP2] = d.hands[kP2];
  for (int i = 0; i < 24; ++i) s.talon[i] = d.talon[i];
  s.trump = std::uint8_t(d.trump);
  s.six_owner = d.six_owner;
  s.bout = open_bout(d.first_attacker, count_of(s.hands[other(d.first_attacker)]));
}

}  // namespace

Code deal_game(const std::uint8_t* seed, std::uint64_t number, GameState& s) noexcept {
  if (number < 1) return Code::kBadDeal;
  start_game(deal_for(seed, number), s);
  return Code::kOk;
}

Code deal_game_of_order(const Card* order, int n, GameState& s) noexcept {
  if (n != kPackSize) return Code::kBadDeal;
  Cards seen = 0;
  for (int i = 0; i < n; ++i) {
    if (!valid_card(order[i]) || (seen & bit(order[i]))) return Code::kBadDeal;
    seen |= bit(order[i]);
  }
  start_game(deal_of_order(order), s);
  return Code::kOk;
}

// legal_moves writes at most a move for every card of a hand, and two more.
static_assert(kMaxMoves >= kPackSize + 2, "a legal list fits every hand's moves");

int legal_moves(const GameState& s, Seat seat, Move* out) noexcept {
  const Phase p = phase_of(s);
  if (p == Phase::kOver || seat != turn_of(s)) return 0;
  const Bout& b = s.bout;
  const Cards hand = s.hand(seat);
  const bool swap = can_swap(s, seat);
  int n = 0;
  if (p == Phase::kDefend) {
    Cards beats = legal_beats(hand, b.unbeaten(), s.trump);
    const bool any = beats != 0;
    while (beats) {
      out[n++] = Move{Kind::kBeat, lowest(beats)};
      beats &= beats - 1;
    }
    if (any || swap) out[n++] = Move{Kind::kTake, 0};
  } else {
    Cards throws = legal_attacks(hand, b);
    const bool any = throws != 0;
    while (throws) {
      out[n++] = Move{Kind::kAttack, lowest(throws)};
      throws &= throws - 1;
    }
    if (!b.empty() && (any || swap)) out[n++] = Move{Kind::kDone, 0};
  }
  if (swap) out[n++] = Move{Kind::kSwap, 0};
  return n;
}

Code check_move(const GameState& s, Seat seat, Move m) noexcept {
  if (s.outcome) return Code::kGameOver;
  if (!is_seat(seat)) return Code::kNotYourTurn;
  if (m.kind == Kind::kNone || m.kind > Kind::kResign)
    return Code::kNotLegal;  // any out-of-range kind too
  if (m.kind == Kind::kResign) return Code::kOk;
  if (seat != turn_of(s)) return Code::kNotYourTurn;
  const Phase p = phase_of(s);
  const Bout& b = s.bout;
  switch (m.kind) {
    case Kind::kAttack:
    case Kind::kDone:
      if (p != Phase::kAttack && p != Phase::kPileOn) return Code::kWrongPhase;
      break;
    case Kind::kBeat:
    case Kind::kTake:
      if (p != Phase::kDefend) return Code::kWrongPhase;
      break;
    default:
      break;
  }
  const Cards hand = s.hand(seat);
  switch (m.kind) {
    case Kind::kAttack:
      if (!valid_card(m.card) || !(hand & bit(m.card))) return Code::kCardNotHeld;
      if (b.n_att >= b.cap || b.n_att >= kHandSize) return Code::kBoutFull;
      if (!b.empty() && !(b.ranks & (1u << rank_index_of(m.card)))) return Code::kRankNotInBout;
      return Code::kOk;
    case Kind::kBeat:
      if (!valid_card(m.card) || !(hand & bit(m.card))) return Code::kCardNotHeld;
      if (!beats(m.card, b.unbeaten(), s.trump)) return Code::kBeatsNothing;
      return Code::kOk;
    case Kind::kTake:
      return Code::kOk;
    case Kind::kDone:
      return b.empty() ? Code::kMustAttack : Code::kOk;
    case Kind::kSwap:
      if (s.six_owner != seat || !(hand & bit(s.six()))) return Code::kNotTheSix;
      if (!s.turn_up_left()) return Code::kTalonShut;
      return Code::kOk;
    default:
      return Code::kNotLegal;
  }
}

namespace {

inline void emit(GameState& s, EventSink* ev, const Event& e) noexcept {
  ++s.ply;
  if (ev) ev->push(e);
}

inline Event make(EventKind k) noexcept {
  Event e{};
  e.kind = k;
  return e;
}

void finish(GameState& s, EventSink* ev, Result r) noexcept {
  s.outcome = std::uint8_t(r.outcome);
  s.fool = r.fool;
  Event e = make(EventKind::kGameEnd);
  e.outcome = r.outcome;
  e.fool = r.fool;
  emit(s, ev, e);
}

void end_bout(GameState& s, EventSink* ev, How how) noexcept {
  Bout& b = s.bout;
  const Seat a = b.attacker, d = b.defender();
  const Cards cards = b.cards();
  Event e = make(EventKind::kBoutEnd);
  e.taken = b.taken;
  e.how = how;
  e.cards = std::uint8_t(b.size());
  Seat next;
  if (b.taken) {
    s.hands[d] |= cards;
    if ((cards & bit(s.six())) && s.six_owner == a) s.six_owner = kNoSeat;
    next = a;
  } else {
    s.discard = std::uint8_t(s.discard + b.size());
    next = d;
  }
  e.discard = s.discard;
  e.next_attacker = next;
  emit(s, ev, e);
  ++s.bouts;

  Event r = make(EventKind::kRefill);
  const Card six = s.six();
  for (Seat seat : {a, d}) {
    int drawn = 0;
    Cards& h = s.hands[seat];
    int have = count_of(h);
    while (have < kHandSize && s.talon_pos < 24) {
      const Card c = s.talon[s.talon_pos++];
      h |= bit(c);
      if (c == six) s.six_owner = seat;
      ++have;
      ++drawn;
    }
    r.drawn[seat] = std::uint8_t(drawn);
  }
  r.talon = std::uint8_t(s.talon_left());
  emit(s, ev, r);

  const Result res = outcome_of(count_of(s.hands[0]), count_of(s.hands[1]), s.talon_left());
  if (res.outcome != Outcome::kNone) {
    for (Seat seat : {kP1, kP2}) {
      if (s.hands[seat] == 0) {
        Event o = make(EventKind::kOut);
        o.seat = seat;
        emit(s, ev, o);
      }
    }
    s.bout = Bout{};
    finish(s, ev, res);
    return;
  }
  s.bout = open_bout(next, count_of(s.hands[other(next)]));
}

// Resolve the positions that have a single answer, and bouts that close.
void settle(GameState& s, EventSink* ev) noexcept {
  for (;;) {
    if (s.outcome) return;
    Bout& b = s.bout;
    const Seat a = b.attacker, d = b.defender();
    if (b.taken) {
      if (!legal_attacks(s.hand(a), b) && !can_swap(s, a)) {
        end_bout(s, ev, How::kTaken);
        continue;
      }
      return;
    }
    if (b.n_beat < b.n_att) {
      if (!legal_beats(s.hand(d), b.unbeaten(), s.trump) && !can_swap(s, d)) {
        b.taken = 1;
        continue;
      }
      return;
    }
    if (b.n_att == 0) return;
    How how;
    if (closes(b, count_of(s.hand(d)), &how)) {
      end_bout(s, ev, how);
      continue;
    }
    if (!legal_attacks(s.hand(a), b) && !can_swap(s, a)) {
      end_bout(s, ev, How::kExhausted);
      continue;
    }
    return;
  }
}

}  // namespace

Code apply_move(GameState& s, Seat seat, Move m, EventSink* ev) noexcept {
  const Code c = check_move(s, seat, m);
  if (c != Code::kOk) return c;
  apply_legal(s, seat, m, ev);
  return Code::kOk;
}

void apply_legal(GameState& s, Seat seat, Move m, EventSink* ev) noexcept {
  Bout& b = s.bout;
  // Bounds checked in release builds too, though no legal move fails them: a
  // move of no seat, or a card for a bout that holds six, changes nothing.
  if (!is_seat(seat)) return;
  Event e = make(EventKind::kAttack);
  e.seat = seat;
  Cards& hand = s.hands[seat];
  switch (m.kind) {
    case Kind::kAttack:
      if (b.n_att >= kHandSize) return;
      hand &= ~bit(m.card);
      b.attacks[b.n_att++] = m.card;
      b.ranks = std::uint16_t(b.ranks | (1u << rank_index_of(m.card)));
      e.card = m.card;
      emit(s, ev, e);
      break;
    case Kind::kBeat:
      if (b.n_beat >= kHandSize) return;
      hand &= ~bit(m.card);
      b.beats[b.n_beat++] = m.card;
      b.ranks = std::uint16_t(b.ranks | (1u << rank_index_of(m.card)));
      e.kind = EventKind::kBeat;
      e.card = m.card;
      emit(s, ev, e);
      break;
    case Kind::kTake:
      b.taken = 1;
      e.kind = EventKind::kTake;
      emit(s, ev, e);
      break;
    case Kind::kDone:
      e.kind = EventKind::kDone;
      emit(s, ev, e);
      end_bout(s, ev, b.taken ? How::kTaken : How::kDone);
      break;
    case Kind::kSwap: {
      const Card six = s.six();
      hand = (hand & ~bit(six)) | bit(s.talon[23]);
      s.talon[23] = six;
      s.six_owner = kNoSeat;
      e.kind = EventKind::kSwap;
      emit(s, ev, e);
      break;
    }
    case Kind::kResign:
      e.kind = EventKind::kResign;
      emit(s, ev, e);
      finish(s, ev, resigned(seat));
      return;
    default:
      return;
  }
  settle(s, ev);
}

}  // namespace trumpf::durak
