// The rules as pure functions over cards and a bout: no allocation, no throw.
#pragma once

#include "durak/bout.hpp"
#include "durak/card.hpp"

namespace trumpf::durak {

// kNone is no move: what a name that is no move kind parses to, what a bot
// with no legal move returns, what forced() gives when nothing is forced, and
// a Move's default. The move kinds follow in the order of their events.
enum class Kind : std::uint8_t { kNone = 0, kAttack, kBeat, kTake, kDone, kSwap, kResign };
enum class How : std::uint8_t { kDone, kExhausted, kCapped, kSpent, kTaken };

inline int cap_for(int defender_cards) noexcept {
  return defender_cards < kHandSize ? (defender_cards < 0 ? 0 : defender_cards) : kHandSize;
}

// The cards of `hand` the attacker may put on `bout` now (ignores whose turn):
// none once the bout holds its cap, any card first, then the ranks on the table.
inline Cards legal_attacks(Cards hand, const Bout& b) noexcept {
  if (b.n_att >= b.cap || b.n_att >= kHandSize) return 0;  // six at most, whatever the cap
  if (b.n_att == 0) return hand;
  return hand & cards_of_ranks(b.ranks);
}

inline Cards legal_beats(Cards hand, Card attack, int trump) noexcept {
  return hand & beaters_of(attack, trump);
}

// What the engine resolves by itself for the seat on turn holding `hand`:
// Take (defender, unbeaten card, no beat, no swap), Done (attacker, non-empty
// bout, no throw, no swap), else None.
inline Kind forced(Cards hand, const Bout& b, int trump, bool can_swap) noexcept {
  if (!b.open || can_swap) return Kind::kNone;
  if (!b.taken && b.n_beat < b.n_att)
    return legal_beats(hand, b.unbeaten(), trump) ? Kind::kNone : Kind::kTake;
  if (b.n_att > 0 && !legal_attacks(hand, b)) return Kind::kDone;
  return Kind::kNone;
}

// Spent or Capped when a bout with every attack beaten can take no more;
// returns false otherwise.
inline bool closes(const Bout& b, int defender_cards, How* how) noexcept {
  if (!b.open || b.taken || b.n_att == 0 || b.n_beat < b.n_att) return false;
  if (defender_cards == 0) {
    *how = How::kSpent;
    return true;
  }
  if (b.n_att >= b.cap) {
    *how = How::kCapped;
    return true;
  }
  return false;
}

}  // namespace trumpf::durak
