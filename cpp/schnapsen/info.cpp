#include "schnapsen/info.hpp"

#include <algorithm>

#include "schnapsen/trick.hpp"
#include "schnapsen/worlds.hpp"

namespace trumpf::schnapsen {

namespace {

// bit(kNoCard) is bit 0, which no card set holds: cleared, with no branch.
inline std::uint32_t bit_or_none(Card c) noexcept { return bit(c) & ~std::uint32_t(1); }

// The card a move puts on the table, if any. A marriage leads a card only
// under marriage_by_lead: elsewhere apply ignores a card the move names, and
// so must this, or a stray card would count as played (the log, which drops
// it, would then replay to another information set).
inline Card card_played(Move m, const Rules& rules) noexcept {
  if (m.kind == MoveKind::kLead || m.kind == MoveKind::kFollow) return m.arg;
  if (m.kind == MoveKind::kMarriage && rules.marriage_by_lead) return m.card;
  return kNoCard;
}

}  // namespace

void shown_start(Shown& shown, const DealState&) noexcept { shown = Shown{}; }

void shown_update(Shown& shown, const Before& before, Seat seat, Move move,
                  const DealState& after) noexcept {
  const Card c = card_played(move, after.rules);
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

namespace {

bool is_seat(Seat s) noexcept { return s == kP1 || s == kP2; }

// Whether card c is in `mask`, for any byte c (bit() reads ids 1..24 only).
bool in(Card c, std::uint32_t mask) noexcept { return c >= 1 && c <= 24 && (mask & bit(c)); }

// Every card of `cards` is one of the pack's and none comes twice; adds them to *mask.
bool add_cards(const Card* cards, int n, std::uint32_t pack, std::uint32_t* mask) noexcept {
  for (int k = 0; k < n; ++k) {
    if (!in(cards[k], pack) || in(cards[k], *mask)) return false;
    *mask |= bit(cards[k]);
  }
  return true;
}

int points_in(std::uint32_t mask) noexcept {
  int sum = 0;
  for (Card c = 1; c <= 24; ++c)
    if (mask & bit(c)) sum += points_of(c);
  return sum;
}

}  // namespace

const char* info_complete(InfoSet& i, const Trick* tricks, int n_tricks) noexcept {
  if (i.rules.base != kSchnapsen && i.rules.base != kSixtySix) return "the variant is not one";
  const Variant& v = variant_of(i.rules.base);
  const std::uint32_t pack = pack_mask(i.rules.base);
  if (!is_seat(i.seat) || !is_seat(i.dealer) || !is_seat(i.leader)) return "a seat is not one";
  if (i.over || i.match.over) return "the deal is over: nobody is to move";
  if (i.turn != i.seat) return "the seat is not on turn";
  if (i.trump > 3) return "trump is not a suit";
  const Seat o = other(i.seat);
  // The hand, then the cards played: the tricks' and the card led now.
  i.hand = 0;
  if (i.hand_n > v.hand_size || !add_cards(i.hand_cards, i.hand_n, pack, &i.hand))
    return "the hand holds a card twice, or one not of the pack, or too many";
  if (i.counts[i.seat] != i.hand_n || i.counts[o] > v.hand_size)
    return "counts do not match the hands";
  if (n_tricks < 0 || n_tricks > v.deck_size / 2) return "too many tricks";
  std::uint32_t played = 0;
  i.played[0] = i.played[1] = i.won[0] = i.won[1] = i.lacks = 0;
  std::uint8_t wins[2] = {0, 0};
  // The tricks before this index were played while the talon could still be drawn from.
  int phase_two_from = (v.deck_size - 2 * v.hand_size) / 2;
  if (i.closed_by != kNoSeat) {
    if (!is_seat(i.closed_by) || !is_seat(i.close_state.by)) return "closed_by is not a seat";
    const int at = i.close_state.tricks[0] + i.close_state.tricks[1];
    if (at > n_tricks) return "the talon was closed after more tricks than were played";
    phase_two_from = std::min(phase_two_from, at);
  }
  for (int t = 0; t < n_tricks; ++t) {
    const Trick& k = tricks[t];
    if (!is_seat(k.leader) || !is_seat(k.winner)) return "a trick's seat is not one";
    if (t > 0 && k.leader != tricks[t - 1].winner)
      return "a trick is led by who did not win the last";
    const Card cards[2] = {k.lead, k.follow};
    if (!add_cards(cards, 2, pack, &played))
      return "a trick holds a card played twice or not of the pack";
    const Seat won_by = winner_of(k.lead, k.follow, i.trump) == k.lead ? k.leader : other(k.leader);
    if (k.winner != won_by) return "a trick's winner is not who the cards say";
    i.played[k.leader] |= bit(k.lead);
    i.played[other(k.leader)] |= bit(k.follow);
    i.won[k.winner] |= bit(k.lead) | bit(k.follow);
    ++wins[k.winner];
    if (t >= phase_two_from && other(k.leader) == o)
      i.lacks |= follow_lacks(k.lead, k.follow, i.trump);
  }
  if (n_tricks > 0 && i.leader != tricks[n_tricks - 1].winner)
    return "the leader did not win the last trick";
  if (i.lead) {
    if (!add_cards(&i.lead, 1, pack, &played))
      return "the card led is played twice or not of the pack";
    if (i.turn != other(i.leader)) return "the seat on turn is not the one to follow";
    i.played[i.leader] |= bit(i.lead);
  } else if (i.turn != i.leader) {
    return "the seat on turn is not the leader";
  }
  for (int s = 0; s < 2; ++s)
    if (i.tricks_won[s] != wins[s]) return "tricks_won does not count the tricks";
  // Melds: one a suit, 40 in trumps, else 20; counted once their owner has a trick.
  if (i.n_melds > 4) return "more melds than suits";
  int meld_points[2] = {0, 0};
  unsigned suits = 0;
  for (int k = 0; k < i.n_melds; ++k) {
    const Meld& m = i.melds[k];
    if (!is_seat(m.seat) || m.suit > 3 || (suits & (1u << m.suit))) return "a meld is not one";
    if (m.value != (m.suit == i.trump ? 40 : 20)) return "a meld's value is not its suit's";
    suits |= 1u << m.suit;
    meld_points[m.seat] += m.value;
  }
  for (int s = 0; s < 2; ++s)
    if (i.taken[s] != points_in(i.won[s]) + (wins[s] ? meld_points[s] : 0))
      return "taken is not the points of the tricks won and the counted melds";
  // The talon.
  if (i.turn_up && (!in(i.turn_up, pack) || suit_of(i.turn_up) != i.trump))
    return "the turn-up is not a trump of the pack";
  if (i.talon_left > v.deck_size - 2 * v.hand_size) return "talon_left is more than the talon";
  if (i.draw_left != (i.closed_by != kNoSeat ? 0 : i.talon_left))
    return "draw_left does not follow";
  if (i.phase != (i.draw_left > 0 ? 1 : 2)) return "the phase does not follow draw_left";
  if (!i.lead && (i.must_lead[0] || i.must_lead[1])) {  // the seat must lead one of them now
    const Card k = i.must_lead[0], q = i.must_lead[1];
    if (!in(k, i.hand) || !in(q, i.hand) || rank_of(k) != kRankKing || rank_of(q) != kRankQueen ||
        suit_of(k) != suit_of(q))
      return "must_lead is not the king and queen of one suit in the hand";
  }
  if (i.n_exchanges > 2) return "more than two exchanges";
  for (int k = 0; k < i.n_exchanges; ++k)
    if (!is_seat(i.exchanges[k].seat) || !in(i.exchanges[k].took, pack))
      return "an exchange is not one";
  // Known and unseen: the caller's; hidden_of checks they split the pack with the rest.
  if ((i.known | i.unseen) & ~pack) return "known or unseen holds a card not of the pack";
  if (i.known & i.unseen) return "a card is both known and unseen";
  i.lacks &= i.unseen;
  Hidden h;
  if (!hidden_of(i, &h))
    return "the cards do not add up (hand, played, turn-up, known and unseen split the pack, "
           "counts and talon match), or no deal fits the voids the tricks show";
  return nullptr;
}

}  // namespace trumpf::schnapsen
