#include "durak/info.hpp"

namespace trumpf::durak {

namespace {

constexpr Cards kPack = (Cards(1) << kPackSize) - 1;

bool carded(Kind k) noexcept { return k == Kind::kAttack || k == Kind::kBeat; }

}  // namespace

void shown_update(Shown& shown, const GameState& before, int /*seat*/, Move move,
                  const GameState& after) noexcept {
  // A bout that ended went to the heap, or into the defender's hand for
  // both seats to see; a move ends at most one bout.
  if (after.bouts != before.bouts) {
    const Cards table = before.bout.cards() | (carded(move.kind) ? bit_of(move.card) : 0);
    if (after.discard != before.discard)
      shown.discarded |= table;
    else
      shown.known[before.bout.defender() - 1] |= table;
  }
  // A card that lay face up under the talon went into a hand, by a swap or
  // as the last card drawn: everyone saw where. A swap's six lies there in
  // its turn, and the refill of the bout the swap ended may draw it at once.
  const Cards face_up = (before.turn_up_left() ? bit_of(before.trump_card()) : 0) |
                        (move.kind == Kind::kSwap ? bit_of(before.six()) : 0);
  for (int k = 0; k < 2; ++k) shown.known[k] |= after.hands[k] & face_up;
  // A known card stays known until it leaves the hand, which only a play or
  // a swap does.
  shown.known[0] &= after.hands[0];
  shown.known[1] &= after.hands[1];
}

Shown shown_of(const std::uint8_t seed[32], std::uint64_t number, const Event* events,
               std::size_t n) noexcept {
  Shown shown{};
  GameState s;
  if (deal_game(seed, number, s) != Code::kOk) return shown;
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

InfoSet info_set(const GameState& s, const Shown& shown, int seat) noexcept {
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
  i.counts[0] = count_of(s.hands[0]);
  i.counts[1] = count_of(s.hands[1]);
  i.swap = can_swap(s, seat);
  i.bout = s.bout;
  i.known = shown.known[2 - seat];
  const Cards under = i.turn_up_left ? bit_of(i.trump_card) : 0;
  i.unseen =
      kPack & ~i.hand & ~(s.bout.open ? s.bout.cards() : 0) & ~shown.discarded & ~i.known & ~under;
  i.over = is_over(s);
  i.outcome = outcome_of(s);
  i.fool = s.fool;
  return i;
}

}  // namespace trumpf::durak
