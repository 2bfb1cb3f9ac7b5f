#include "durak/info.hpp"

#include <algorithm>

#include "durak/reach.hpp"
#include "durak/worlds.hpp"

namespace trumpf::durak {

namespace {

constexpr Cards kPack = (Cards(1) << kPackSize) - 1;

bool carded(Kind k) noexcept { return k == Kind::kAttack || k == Kind::kBeat; }

}  // namespace

void shown_update(Shown& shown, const GameState& before, Seat /*seat*/, Move move,
                  const GameState& after) noexcept {
  // A bout that ended went to the heap, or into the defender's hand for
  // both seats to see; a move ends at most one bout.
  if (after.bouts != before.bouts) {
    const Cards table = before.bout.cards() | (carded(move.kind) ? bit(move.card) : 0);
    if (after.discard != before.discard)
      shown.discarded |= table;
    else
      shown.known[before.bout.defender()] |= table;
  }
  // A card that lay face up under the talon went into a hand, by a swap or
  // as the last card drawn: everyone saw where. A swap's six lies there in
  // its turn, and the refill of the bout the swap ended may draw it at once.
  const Cards face_up = (before.turn_up_left() ? bit(before.trump_card()) : 0) |
                        (move.kind == Kind::kSwap ? bit(before.six()) : 0);
  for (int k = 0; k < 2; ++k) shown.known[k] |= after.hands[k] & face_up;
  // A known card stays known until it leaves the hand, which only a play or
  // a swap does.
  shown.known[kP1] &= after.hands[kP1];
  shown.known[kP2] &= after.hands[kP2];
}

Shown shown_of(const GameState& dealt, const Event* events, std::size_t n) noexcept {
  Shown shown{};
  GameState s = dealt;
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = events[i];
    if (!is_move_event(e.kind)) continue;
    const Move m{Kind(int(e.kind) + 1), e.card};  // event kinds follow move kinds
    const GameState before = s;
    if (apply_move(s, e.seat, m, nullptr) != Code::kOk) break;
    shown_update(shown, before, e.seat, m, s);
  }
  return shown;
}

InfoSet info_set(const GameState& s, const Shown& shown, Seat seat) noexcept {
  InfoSet i;  // every field is set below; zeroing it first is a decision's cost

  i.seat = seat;
  i.ply = s.ply;
  i.phase = phase_of(s);
  i.turn = turn_of(s);
  i.trump = s.trump;
  i.trump_card = s.trump_card();
  i.turn_up_left = s.turn_up_left();
  i.talon = s.talon_left();
  i.discard = s.discard;
  i.discarded = shown.discarded;
  i.hand = s.hand(seat);
  i.counts[kP1] = count_of(s.hands[kP1]);
  i.counts[kP2] = count_of(s.hands[kP2]);
  i.swap = can_swap(s, seat);
  i.bout = s.bout;
  i.known = shown.known[other(seat)];
  const Cards under = i.turn_up_left ? bit(i.trump_card) : 0;
  i.unseen =
      kPack & ~i.hand & ~(s.bout.open ? s.bout.cards() : 0) & ~shown.discarded & ~i.known & ~under;
  i.over = is_over(s);
  i.outcome = outcome_of(s);
  i.fool = s.fool;
  return i;
}

const char* info_complete(InfoSet& i, const Play* played, std::size_t n_played, const Move* legal,
                          int n_legal) {
  if (!is_seat(i.seat)) return "the seat is not 1 or 2";
  if (i.trump < 0 || i.trump > 3 || !valid_card(i.trump_card) || suit_of(i.trump_card) != i.trump)
    return "the trump card is not of the trump suit";
  if (i.talon < 0 || i.talon > kPackSize - 2 * kHandSize) return "talon is more than the talon";
  if (i.discard != count_of(i.discarded)) return "discard does not count discarded";
  if (i.discard % 2) return "the heap holds an odd number of cards: bouts beaten off leave pairs";
  i.turn_up_left = i.talon > 0;  // the card under the talon is its last
  i.over = false;
  i.outcome = Outcome::kNone;
  i.fool = kNoSeat;
  // The bout: what turn and phase follow from (game.hpp's phase_of, turn_of).
  const Bout& b = i.bout;
  if (!b.open) return "there is no bout: the game is over";
  if (!is_seat(b.attacker)) return "the bout's attacker is not a seat";
  if (b.cap > kHandSize || b.n_att > b.cap || b.n_att > kHandSize || b.n_beat > b.n_att)
    return "the bout holds more attacks than its cap";
  if (count_of(b.cards()) != b.size()) return "the bout holds a card twice";
  for (int k = 0; k < b.n_beat; ++k)
    if (!beats(b.beats[k], b.attacks[k], i.trump)) return "a beat does not beat its attack";
  const Phase phase = b.taken              ? Phase::kPileOn
                      : b.n_beat < b.n_att ? Phase::kDefend
                                           : Phase::kAttack;
  const Seat turn = phase == Phase::kDefend ? b.defender() : b.attacker;
  if (i.phase != phase || i.turn != turn) return "phase and turn do not follow the bout";
  if (i.turn != i.seat) return "the seat is not on turn";
  if (i.swap && (!(i.hand & bit(six_of(i.trump))) || !i.turn_up_left))
    return "swap, but the seat holds no trump six to swap";
  Hidden h;
  if (!hidden_of(i, &h))
    return "the cards do not add up (hand, bout, discarded, known, unseen and the card under "
           "the talon split the pack; counts and talon match)";
  const int defender_cards = i.counts[b.defender()];
  if (b.cap != std::min(kHandSize, defender_cards + b.n_beat))
    return "the bout's cap is not its defender's hand when it opened";
  // A bout the table would have closed, or a seat without a choice, is
  // resolved by the table: nobody is asked to move there.
  if (phase == Phase::kAttack && b.n_att && (defender_cards == 0 || b.n_att >= b.cap))
    return "the bout is closed: the table ends it, nobody is to move";
  Move moves[kMaxMoves];
  const int n = info_legal(i, moves);
  if (n == 0) return "the seat has no choice: the table plays its move";
  if (n_legal != n) return "the info's legal is not the moves its position allows";
  for (int k = 0; k < n; ++k)
    if (legal[k].kind != moves[k].kind || legal[k].card != moves[k].card)
      return "the info's legal is not the moves its position allows";
  return reach_check(i, played, n_played);
}

}  // namespace trumpf::durak
