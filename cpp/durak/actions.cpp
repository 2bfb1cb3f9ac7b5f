#include "durak/actions.hpp"

namespace trumpf::durak {

int action_of(Move m) noexcept {
  switch (m.kind) {
    case Kind::kAttack:
    case Kind::kBeat:
      return valid_card(m.card) ? kActionCard + m.card - 1 : -1;
    case Kind::kTake:
      return kActionTake;
    case Kind::kDone:
      return kActionDone;
    case Kind::kSwap:
      return kActionSwap;
    case Kind::kResign:
      return kActionResign;
    default:
      return -1;
  }
}

Move move_of(const GameState& s, int a) noexcept {
  if (a < kActionTake) {
    const Kind k = phase_of(s) == Phase::kDefend ? Kind::kBeat : Kind::kAttack;
    return Move{k, Card(a - kActionCard + 1)};
  }
  switch (a) {
    case kActionTake:
      return Move{Kind::kTake, 0};
    case kActionDone:
      return Move{Kind::kDone, 0};
    case kActionSwap:
      return Move{Kind::kSwap, 0};
    case kActionResign:
      return Move{Kind::kResign, 0};
    default:
      return Move{};
  }
}

std::uint64_t legal_actions(const GameState& s, Seat seat) noexcept {
  // legal_moves' rules, with the cards kept as the set they are.
  const Phase p = phase_of(s);
  if (p == Phase::kOver || seat != turn_of(s)) return 0;
  const Bout& b = s.bout;
  const Cards hand = s.hand(seat);
  const bool swap = can_swap(s, seat);
  std::uint64_t bits = 0;
  if (p == Phase::kDefend) {
    bits = legal_beats(hand, b.unbeaten(), s.trump);
    if (bits || swap) bits |= std::uint64_t(1) << kActionTake;
  } else {
    bits = legal_attacks(hand, b);
    if (!b.empty() && (bits || swap)) bits |= std::uint64_t(1) << kActionDone;
  }
  if (swap) bits |= std::uint64_t(1) << kActionSwap;
  return bits;
}

const char* action_name(int a) noexcept {
  static const char* const kNames[kActions] = {
      "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S",   "AH",   "KH",   "QH",    "JH", "TH",
      "9H", "8H", "7H", "6H", "AD", "KD", "QD", "JD", "TD",   "9D",   "8D",   "7D",    "6D", "AC",
      "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "take", "done", "swap", "resign"};
  return a >= 0 && a < kActions ? kNames[a] : "?";
}

}  // namespace trumpf::durak
