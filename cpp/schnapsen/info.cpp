#include "schnapsen/info.hpp"

namespace trumpf::schnapsen {

namespace {

inline std::uint32_t bit_or_none(Card c) noexcept { return c ? bit(c) : 0; }

// The card a move puts on the table, if any.
inline Card card_played(Move m) noexcept {
  if (m.kind == MoveKind::kLead || m.kind == MoveKind::kFollow) return m.arg;
  if (m.kind == MoveKind::kMarriage) return m.card;  // kNoCard unless shown by a lead
  return kNoCard;
}

}  // namespace

void shown_start(Shown& shown, const DealState&) noexcept { shown = Shown{}; }

void shown_update(Shown& shown, const Before& before, Seat seat, Move move,
                  const DealState& after) noexcept {
  const Card c = card_played(move);
  shown.played[seat] |= bit_or_none(c);
  if (move.kind == MoveKind::kFollow && before.draw_left == 0)
    shown.lacks[seat] |= follow_lacks(before.lead, c, after.trump);
  if (after.tricks_played != before.tricks_played)
    shown.won[after.last_winner] |= bit(before.lead) | bit(c);
  if (move.kind == MoveKind::kMarriage)  // both cards were shown
    shown.known[seat] |=
        bit(card_of(move.arg & 3, kRankKing)) | bit(card_of(move.arg & 3, kRankQueen));
  // The face-up turn-up went into a hand, by an exchange (the table's on a
  // Sixty-Six close too) or as the last card drawn: everyone saw where.
  const Card up = before.turn_up;
  if (up && after.turn_up != up) {
    const Seat holder = holds(after, kP1, up) ? kP1 : kP2;
    shown.known[holder] |= bit(up);
    if (after.turn_up && shown.n_exchanges < 2)  // replaced by the exchange card
      shown.exchanges[shown.n_exchanges++] = Exchange{holder, up};
  }
  // A known card stays known until it leaves the hand, which only a play does.
  shown.known[0] &= after.hand_mask[0];
  shown.known[1] &= after.hand_mask[1];
}

InfoSet info_set(const DealState& s, const Shown& shown, Seat seat) noexcept {
  // Every field is set below: zeroing the whole first cost a quarter of a
  // VectorEnv decision (a rep stos on each).
  InfoSet i;
  const Seat o = other(seat);
  i.seat = seat;
  i.rules = s.rules;
  i.number = s.number;
  i.dealer = s.dealer;
  i.turn = s.turn;
  i.leader = s.leader;
  i.lead = s.lead;
  i.turn_up = s.turn_up;
  i.trump = s.trump;
  i.closed_by = s.closed_by;
  i.pending_draw = s.pending_draw;
  i.over = s.over;
  i.must_lead[0] = s.must_lead[0];
  i.must_lead[1] = s.must_lead[1];
  i.talon_left = std::uint8_t(talon_left(s));
  i.draw_left = std::uint8_t(draw_left(s));
  i.phase = std::uint8_t(phase(s));
  for (int k = 0; k < 2; ++k) {
    i.counts[k] = s.hand_n[k];
    i.taken[k] = s.taken[k];
    i.tricks_won[k] = s.tricks_won[k];
    i.played[k] = shown.played[k];
    i.won[k] = shown.won[k];
    i.exchanges[k] = shown.exchanges[k];
  }
  i.n_exchanges = shown.n_exchanges;
  i.n_melds = s.n_melds;
  for (int k = 0; k < 4; ++k) i.melds[k] = s.melds[k];
  i.close_state = s.close_state;
  i.result = s.result;
  i.hand_n = s.hand_n[seat];
  for (int k = 0; k < 6; ++k) i.hand_cards[k] = s.hand[seat][k];
  i.hand = s.hand_mask[seat];
  i.known = shown.known[o];
  i.unseen = pack_mask(s.rules.base) & ~i.hand & ~shown.played[0] & ~shown.played[1] &
             ~bit_or_none(s.turn_up) & ~i.known;
  i.lacks = shown.lacks[o] & i.unseen;
  return i;
}

InfoSet info_set(const MatchState& m, const Shown& shown, Seat seat) noexcept {
  InfoSet i = info_set(m.deal, shown, seat);
  MatchInfo& x = i.match;
  x.in_match = true;
  x.over = m.over;
  x.winner = m.winner;
  x.deals = m.deals_done;
  for (int k = 0; k < 2; ++k) {
    x.scores[k] = m.scores[k];
    x.to_win[k] = std::uint8_t(to_win(m, Seat(k)));
  }
  if (m.over) i.turn = kNoSeat;
  return i;
}

}  // namespace trumpf::schnapsen
