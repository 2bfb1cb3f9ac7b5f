#include "schnapsen/explain.hpp"

#include "schnapsen/names.hpp"
#include "schnapsen/trick.hpp"

namespace trumpf::schnapsen {

namespace {

std::string not_legal(const DealState& s, const std::string& who, Move m, const Given& given) {
  const std::string what = m.kind == MoveKind::kNone
                               ? given.move + " is not a move"
                               : who + " cannot " + kMoveKindNames[int(m.kind)] + " now";
  if (s.lead) return what + ": " + label_of(s.lead) + " is led, only follow is a move";
  if (s.pending_draw) return what + ": the draw is pending, only claim, close and draw are moves";
  return what + ": " + who + " is on lead (claim, exchange, close, marriage or lead)";
}

// The house rule on the stock: "only 2 cards are left to draw; these rules ask 3".
std::string too_few(const DealState& s, int minimum) {
  return "only " + std::to_string(draw_left(s)) + " cards are left to draw; these rules ask " +
         std::to_string(minimum);
}

// The first condition of can_exchange that fails, in the order it checks them.
std::string no_exchange(const DealState& s, Seat seat) {
  const Variant& v = variant_of(s);
  const Card card = card_of(s.trump, v.exchange_rank);
  if (s.closed_by != kNoSeat) return "the talon is closed";
  if (s.pending_draw) return "the draw for the last trick is pending";
  if (draw_left(s) == 0 || !s.turn_up) return "nothing is left to draw";
  if (draw_left(s) < s.rules.exchange_min_stock) return too_few(s, s.rules.exchange_min_stock);
  if (v.exchange_needs_trick && s.tricks_won[seat] == 0) return "it needs a trick won first";
  if (!holds(s, seat, card)) return "it needs the trump " + label_of(card) + " in hand";
  return "not on offer";
}

std::string cannot_close(const DealState& s) {
  if (s.closed_by != kNoSeat)
    return "the talon is already closed by " + std::string(seat_name(s.closed_by));
  if (draw_left(s) == 0) return "nothing is left to draw";
  if (draw_left(s) < s.rules.close_min_stock) return too_few(s, s.rules.close_min_stock);
  if (s.pending_draw) return "the draw for the last trick is pending";
  return "not on offer";
}

std::string cannot_claim(const DealState& s, Seat seat) {
  if (s.lead) return "a card is led";
  if (s.tricks_played == 0 && !s.declared[seat])
    return "a claim needs a trick played or a marriage declared";
  return "not on offer";
}

}  // namespace

std::string explain(const DealState& s, Seat seat, Move m, Code code, const Given& given) {
  const std::string who = seat <= kP2 ? seat_name(seat) : given.seat;
  switch (code) {
    case Code::kDealOver:
      return "the deal is over; " + who + " cannot move";
    case Code::kGameOver:
      return "the match is over; " + who + " cannot move";
    case Code::kNotYourTurn:
      if (seat > kP2) return given.seat + " is not a seat (expected 'p1' or 'p2')";
      return "it is " + std::string(seat_name(s.turn)) + "'s turn, not " + who + "'s";
    case Code::kNotLegal:
      return not_legal(s, who, m, given);
    case Code::kNotHeld:
      return who + " cannot " + kMoveKindNames[int(m.kind)] + " " + given.card + ": not in hand " +
             labels_of(s.hand[seat], s.hand_n[seat]);
    case Code::kMustFollow: {
      Card allowed[6];
      const int n = legal_follows(s.hand[seat], s.hand_n[seat], s.lead, s.trump, phase(s), allowed);
      const Band b = follow_band(s.hand[seat], s.hand_n[seat], s.lead, s.trump, phase(s));
      return who + " cannot follow " + label_of(m.arg) + " to " + label_of(s.lead) +
             ": the rule is '" + kBandNames[int(b)] + "', allowed " + labels_of(allowed, n);
    }
    case Code::kMustLead:
      if (m.kind == MoveKind::kMarriage) {
        const Card pair[2] = {card_of(m.arg, kRankKing), card_of(m.arg, kRankQueen)};
        return who + " shows the marriage in " + kSuitLetters[m.arg & 3] + " by leading " +
               labels_of(pair, 2) + ", not " + given.card;
      }
      return who + " cannot lead " + label_of(m.arg) + ": after the marriage the lead is " +
             labels_of(s.must_lead, 2);
    case Code::kCannotClaim:
      return who + " cannot claim now: " + cannot_claim(s, seat);
    case Code::kCannotClose:
      return who + " cannot close: " + cannot_close(s);
    case Code::kNoExchange:
      return who + " cannot exchange: " + no_exchange(s, seat);
    case Code::kNoMarriage:
      return who + " cannot declare a marriage in " + given.suit + ": not on offer";
    default:
      return std::string("refused: ") + code_name(code);
  }
}

}  // namespace trumpf::schnapsen
