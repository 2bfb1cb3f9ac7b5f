#include "schnapsen/actions.hpp"

namespace trumpf::schnapsen {

int action_of(Move m) noexcept {
  switch (m.kind) {
    case MoveKind::kLead:
    case MoveKind::kFollow:
      return is_card(m.arg) ? kActionCard + m.arg - 1 : -1;
    case MoveKind::kMarriage: {
      if (m.arg > 3) return -1;
      if (m.card == kNoCard) return kActionMarriage + m.arg;
      if (!is_card(m.card) || suit_of(m.card) != m.arg) return -1;
      const int r = rank_of(m.card);
      if (r != kRankKing && r != kRankQueen) return -1;
      return kActionMarriageLead + 2 * m.arg + (r == kRankQueen ? 1 : 0);
    }
    case MoveKind::kExchange:
      return kActionExchange;
    case MoveKind::kClose:
      return kActionClose;
    case MoveKind::kClaim:
      return kActionClaim;
    case MoveKind::kDraw:
      return kActionDraw;
    default:
      return -1;
  }
}

Move move_of(const DealState& s, int a) noexcept {
  if (a < kActionMarriage)
    return Move{s.lead ? MoveKind::kFollow : MoveKind::kLead, Card(a - kActionCard + 1)};
  if (a < kActionMarriageLead) return Move{MoveKind::kMarriage, std::uint8_t(a - kActionMarriage)};
  if (a < kActionExchange) {
    const int k = a - kActionMarriageLead, suit = k / 2;
    return Move{MoveKind::kMarriage, std::uint8_t(suit),
                card_of(suit, k % 2 ? kRankQueen : kRankKing)};
  }
  switch (a) {
    case kActionExchange:
      return Move{MoveKind::kExchange};
    case kActionClose:
      return Move{MoveKind::kClose};
    case kActionClaim:
      return Move{MoveKind::kClaim};
    case kActionDraw:
      return Move{MoveKind::kDraw};
    default:
      return Move{};
  }
}

namespace {

constexpr std::uint64_t one(int a) noexcept { return std::uint64_t(1) << a; }
// The cards of a suit as bit(c) masks: ids 6*suit + 1 .. 6*suit + 6.
constexpr std::uint32_t suit_cards(int suit) noexcept { return 0x3Fu << (6 * suit + 1); }

}  // namespace

std::uint64_t legal_actions(const DealState& s, Seat seat) noexcept {
  // legal_moves' rules, with the cards kept as the set they are: a card's
  // action is its id - 1, its bit(c) shifted down by one.
  if (s.over || seat != s.turn) return 0;
  const std::uint32_t hand = s.hand_mask[seat];
  if (s.lead) {
    std::uint32_t cards = hand;
    // follow_band's cascade in phase 2 (a higher card of a suit has a lower
    // id), chosen with masks: which step applies differs from env to env.
    const std::uint32_t suit = hand & suit_cards(suit_of(s.lead));
    const std::uint32_t higher = suit & (bit(s.lead) - 1);
    const std::uint32_t trumps = hand & suit_cards(s.trump);
    const auto all_if = [](bool b) { return std::uint32_t(0) - std::uint32_t(b); };
    std::uint32_t forced = higher | (suit & all_if(!higher));
    forced |= trumps & all_if(!forced);
    forced |= hand & all_if(!forced);
    cards = phase(s) == 2 ? forced : hand;
    return cards >> 1;
  }
  std::uint64_t bits = can_claim(s, seat) ? one(kActionClaim) : 0;
  if (s.pending_draw) {
    if (can_close(s, seat)) bits |= one(kActionClose);
    return bits | one(kActionDraw);
  }
  if (can_exchange(s, seat)) bits |= one(kActionExchange);
  if (can_close(s, seat)) bits |= one(kActionClose);
  std::uint8_t suits[4];
  const int m = can_marry(s, seat, suits);
  for (int i = 0; i < m; ++i)
    bits |= s.rules.marriage_by_lead ? std::uint64_t(3) << (kActionMarriageLead + 2 * suits[i])
                                     : one(kActionMarriage + suits[i]);
  if (s.must_lead[0]) return bits | ((bit(s.must_lead[0]) | bit(s.must_lead[1])) >> 1);
  return bits | (hand >> 1);
}

const char* action_name(int a) noexcept {
  static const char* const kNames[kActions] = {
      "AS",          "TS",          "KS",          "QS",          "JS",          "9S",
      "AH",          "TH",          "KH",          "QH",          "JH",          "9H",
      "AD",          "TD",          "KD",          "QD",          "JD",          "9D",
      "AC",          "TC",          "KC",          "QC",          "JC",          "9C",
      "marriage S",  "marriage H",  "marriage D",  "marriage C",  "marriage KS", "marriage QS",
      "marriage KH", "marriage QH", "marriage KD", "marriage QD", "marriage KC", "marriage QC",
      "exchange",    "close",       "claim",       "draw"};
  return a >= 0 && a < kActions ? kNames[a] : "?";
}

}  // namespace trumpf::schnapsen
