#include "durak/game.hpp"

#include "durak/deck.hpp"

namespace trumpf::durak {

const char* code_name(Code c) noexcept {
  switch (c) {
    case Code::Ok:
      return "ok";
    case Code::GameOver:
      return "game_over";
    case Code::NotYourTurn:
      return "not_your_turn";
    case Code::WrongPhase:
      return "wrong_phase";
    case Code::NotLegal:
      return "not_legal";
    case Code::CardNotHeld:
      return "card_not_held";
    case Code::BeatsNothing:
      return "beats_nothing";
    case Code::RankNotInBout:
      return "rank_not_in_bout";
    case Code::BoutFull:
      return "bout_full";
    case Code::MustAttack:
      return "must_attack";
    case Code::NotTheSix:
      return "not_the_six";
    case Code::TalonShut:
      return "talon_shut";
    case Code::NoSeed:
      return "no_seed";
    case Code::BadDeal:
      return "bad_deal";
    case Code::BadSeats:
      return "bad_seats";
  }
  return "?";
}

const char* phase_name(Phase p) noexcept {
  switch (p) {
    case Phase::Attack:
      return "attack";
    case Phase::Defend:
      return "defend";
    case Phase::PileOn:
      return "pile_on";
    case Phase::Over:
      return "over";
  }
  return "?";
}

const char* how_name(How h) noexcept {
  switch (h) {
    case How::Done:
      return "done";
    case How::Exhausted:
      return "exhausted";
    case How::Capped:
      return "capped";
    case How::Spent:
      return "spent";
    case How::Taken:
      return "taken";
  }
  return "?";
}

const char* kind_name(Kind k) noexcept {
  switch (k) {
    case Kind::Attack:
      return "attack";
    case Kind::Beat:
      return "beat";
    case Kind::Take:
      return "take";
    case Kind::Done:
      return "done";
    case Kind::Swap:
      return "swap";
    case Kind::Resign:
      return "resign";
    default:
      return "?";
  }
}

const char* outcome_name(Outcome o) noexcept {
  switch (o) {
    case Outcome::Fool:
      return "fool";
    case Outcome::Draw:
      return "draw";
    case Outcome::Resign:
      return "resign";
    default:
      return "?";
  }
}

bool is_move_event(EventKind k) noexcept { return k <= EventKind::Resign; }

Code deal_game(const std::uint8_t* seed, std::uint64_t number, GameState& s) noexcept {
  if (number < 1) return Code::BadDeal;
  Deal d = deal_for(seed, number);
  s = GameState{};
  s.hands[0] = d.hands[0];
  s.hands[1] = d.hands[1];
  for (int i = 0; i < 24; ++i) s.talon[i] = d.talon[i];
  s.trump = std::uint8_t(d.trump);
  s.six_owner = std::uint8_t(d.six_owner);
  s.bout = open_bout(d.first_attacker, count_of(s.hands[2 - d.first_attacker]));
  return Code::Ok;
}

int legal_moves(const GameState& s, int seat, Move* out) noexcept {
  const Phase p = phase_of(s);
  if (p == Phase::Over || seat != turn_of(s)) return 0;
  const Bout& b = s.bout;
  const Cards hand = s.hand(seat);
  const bool swap = can_swap(s, seat);
  int n = 0;
  if (p == Phase::Defend) {
    Cards beats = legal_beats(hand, b.unbeaten(), s.trump);
    const bool any = beats != 0;
    while (beats) {
      out[n++] = Move{Kind::Beat, lowest(beats)};
      beats &= beats - 1;
    }
    if (any || swap) out[n++] = Move{Kind::Take, 0};
  } else {
    Cards throws = legal_attacks(hand, b);
    const bool any = throws != 0;
    while (throws) {
      out[n++] = Move{Kind::Attack, lowest(throws)};
      throws &= throws - 1;
    }
    if (!b.empty() && (any || swap)) out[n++] = Move{Kind::Done, 0};
  }
  if (swap) out[n++] = Move{Kind::Swap, 0};
  return n;
}

Code check_move(const GameState& s, int seat, Move m) noexcept {
  if (s.outcome) return Code::GameOver;
  if (seat != 1 && seat != 2) return Code::NotYourTurn;
  if (m.kind == Kind::None || m.kind >= Kind::Unknown)
    return Code::NotLegal;  // any out-of-range kind too
  if (m.kind == Kind::Resign) return Code::Ok;
  if (seat != turn_of(s)) return Code::NotYourTurn;
  const Phase p = phase_of(s);
  const Bout& b = s.bout;
  switch (m.kind) {
    case Kind::Attack:
    case Kind::Done:
      if (p != Phase::Attack && p != Phase::PileOn) return Code::WrongPhase;
      break;
    case Kind::Beat:
    case Kind::Take:
      if (p != Phase::Defend) return Code::WrongPhase;
      break;
    default:
      break;
  }
  const Cards hand = s.hand(seat);
  switch (m.kind) {
    case Kind::Attack:
      if (!valid_card(m.card) || !(hand & bit_of(m.card))) return Code::CardNotHeld;
      if (b.n_att >= b.cap) return Code::BoutFull;
      if (!b.empty() && !(b.ranks & (1u << rank_index_of(m.card)))) return Code::RankNotInBout;
      return Code::Ok;
    case Kind::Beat:
      if (!valid_card(m.card) || !(hand & bit_of(m.card))) return Code::CardNotHeld;
      if (!beats(m.card, b.unbeaten(), s.trump)) return Code::BeatsNothing;
      return Code::Ok;
    case Kind::Take:
      return Code::Ok;
    case Kind::Done:
      return b.empty() ? Code::MustAttack : Code::Ok;
    case Kind::Swap:
      if (s.six_owner != seat || !(hand & bit_of(s.six()))) return Code::NotTheSix;
      if (!s.turn_up_left()) return Code::TalonShut;
      return Code::Ok;
    default:
      return Code::NotLegal;
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
  Event e = make(EventKind::GameEnd);
  e.outcome = r.outcome;
  e.fool = r.fool;
  emit(s, ev, e);
}

void end_bout(GameState& s, EventSink* ev, How how) noexcept {
  Bout& b = s.bout;
  const int a = b.attacker, d = b.defender();
  const Cards cards = b.cards();
  Event e = make(EventKind::BoutEnd);
  e.taken = b.taken;
  e.how = how;
  e.cards = std::uint8_t(b.size());
  int next;
  if (b.taken) {
    s.hands[d - 1] |= cards;
    if ((cards & bit_of(s.six())) && s.six_owner == a) s.six_owner = 0;
    next = a;
  } else {
    s.discard = std::uint8_t(s.discard + b.size());
    next = d;
  }
  e.discard = s.discard;
  e.next_attacker = std::uint8_t(next);
  emit(s, ev, e);
  ++s.bouts;

  Event r = make(EventKind::Refill);
  const Card six = s.six();
  for (int seat : {a, d}) {
    int drawn = 0;
    Cards& h = s.hands[seat - 1];
    int have = count_of(h);
    while (have < kHandSize && s.talon_pos < 24) {
      const Card c = s.talon[s.talon_pos++];
      h |= bit_of(c);
      if (c == six) s.six_owner = std::uint8_t(seat);
      ++have;
      ++drawn;
    }
    r.drawn[seat - 1] = std::uint8_t(drawn);
  }
  r.talon = std::uint8_t(s.talon_left());
  emit(s, ev, r);

  const Result res = outcome_of(count_of(s.hands[0]), count_of(s.hands[1]), s.talon_left());
  if (res.outcome != Outcome::None) {
    for (int seat = 1; seat <= 2; ++seat) {
      if (s.hands[seat - 1] == 0) {
        Event o = make(EventKind::Out);
        o.seat = std::uint8_t(seat);
        emit(s, ev, o);
      }
    }
    s.bout = Bout{};
    finish(s, ev, res);
    return;
  }
  s.bout = open_bout(next, count_of(s.hands[2 - next]));
}

// Resolve the positions that have a single answer, and bouts that close.
void settle(GameState& s, EventSink* ev) noexcept {
  for (;;) {
    if (s.outcome) return;
    Bout& b = s.bout;
    const int a = b.attacker, d = b.defender();
    if (b.taken) {
      if (!legal_attacks(s.hand(a), b) && !can_swap(s, a)) {
        end_bout(s, ev, How::Taken);
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
      end_bout(s, ev, How::Exhausted);
      continue;
    }
    return;
  }
}

}  // namespace

Code apply_move(GameState& s, int seat, Move m, EventSink* ev) noexcept {
  const Code c = check_move(s, seat, m);
  if (c != Code::Ok) return c;
  apply_legal(s, seat, m, ev);
  return Code::Ok;
}

void apply_legal(GameState& s, int seat, Move m, EventSink* ev) noexcept {
  Bout& b = s.bout;
  Event e = make(EventKind::Attack);
  e.seat = std::uint8_t(seat);
  Cards& hand = s.hands[seat - 1];
  switch (m.kind) {
    case Kind::Attack:
      hand &= ~bit_of(m.card);
      b.attacks[b.n_att++] = m.card;
      b.ranks = std::uint16_t(b.ranks | (1u << rank_index_of(m.card)));
      e.card = m.card;
      emit(s, ev, e);
      break;
    case Kind::Beat:
      hand &= ~bit_of(m.card);
      b.beats[b.n_beat++] = m.card;
      b.ranks = std::uint16_t(b.ranks | (1u << rank_index_of(m.card)));
      e.kind = EventKind::Beat;
      e.card = m.card;
      emit(s, ev, e);
      break;
    case Kind::Take:
      b.taken = 1;
      e.kind = EventKind::Take;
      emit(s, ev, e);
      break;
    case Kind::Done:
      e.kind = EventKind::Done;
      emit(s, ev, e);
      end_bout(s, ev, b.taken ? How::Taken : How::Done);
      break;
    case Kind::Swap: {
      const Card six = s.six();
      hand = (hand & ~bit_of(six)) | bit_of(s.talon[23]);
      s.talon[23] = six;
      s.six_owner = 0;
      e.kind = EventKind::Swap;
      emit(s, ev, e);
      break;
    }
    case Kind::Resign:
      e.kind = EventKind::Resign;
      emit(s, ev, e);
      finish(s, ev, resigned(seat));
      return;
    default:
      return;
  }
  settle(s, ev);
}

Move bot_choose(const GameState& s, int seat, int level, std::uint32_t word) noexcept {
  Move legal[kMaxMoves];
  const int n = legal_moves(s, seat, legal);
  return choose_move(legal, n, s.hand(seat), s.trump, s.talon_left(), s.bout.n_att,
                     phase_of(s) == Phase::Defend, level, word);
}

}  // namespace trumpf::durak
