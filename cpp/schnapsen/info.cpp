#include "schnapsen/info.hpp"

#include <algorithm>

#include "schnapsen/reach.hpp"
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
  if (move.kind == MoveKind::kClose)
    shown.lacks[other(seat)] |= close_lacks(after.rules, after.trump, before.draw_left);
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

// Match.info's own fields, from the match's rules: scores and to_win each
// within reach of deals won (1 to 3 game points each; Sixty-Six's drawn
// deals pay nobody) and the dealer who the rules make deal. Each kind of
// deal (won by its dealer or by the other seat, for 1, 2 or 3 game points,
// or drawn) can be played under every rule table, so these totals are met
// by some earlier deals exactly when they pass (docs/rules/schnapsen.md,
// "The match"; docs/rules/sixtysix.md, "The match").
const char* match_wrong(const InfoSet& i, const InfoStated& x) noexcept {
  const Variant& v = variant_of(i.rules.base);
  const bool down = v.match_start > v.match_target;  // Schnapsen counts down to 0
  if (x.match_over || x.winner != kNoSeat) return "the match is over: nobody is to move";
  if (x.deals != i.number - 1) return "deals is not the deals before this one (number - 1)";
  if (x.deals > 0xFFFF) return "more deals than a match counts";
  std::int64_t paid[2];
  for (int s = 0; s < 2; ++s) {
    const std::int64_t score = x.scores[s];
    paid[s] = down ? v.match_start - score : score - v.match_start;
    const std::int64_t left = down ? score - v.match_target : v.match_target - score;
    if (paid[s] < 0 || left <= 0) return "a score is not one of a match still on";
    if (x.to_win[s] != left) return "to_win is not what the score leaves to the target";
  }
  // Deals won by each seat: 1 to 3 game points each; the rest drawn (Sixty-Six).
  const std::int64_t won_least = (paid[0] + 2) / 3 + (paid[1] + 2) / 3;
  const std::int64_t won_most = paid[0] + paid[1];
  const bool draws = v.last_trick_ten;  // only a deal counted to the last trick can be drawn
  const std::int64_t deals = std::int64_t(x.deals);
  if (deals < won_least || (!draws && deals > won_most))
    return "the scores are not what that many deals pay";
  if (v.next_dealer_winner && paid[0] + paid[1] > 0 && paid[i.dealer] == 0)
    return "the dealer is not the winner of the last deal that was won";
  return nullptr;
}

}  // namespace

const char* info_complete(InfoSet& i, const Trick* tricks, int n_tricks,
                          const InfoStated& stated) noexcept {
  if (i.rules.base != kSchnapsen && i.rules.base != kSixtySix) return "the variant is not one";
  if (rules_problem(i.rules)) return "the rules are not a table";
  const Variant& v = variant_of(i.rules.base);
  const std::uint32_t pack = pack_mask(i.rules.base);
  if (!is_seat(i.seat) || !is_seat(i.dealer) || !is_seat(i.leader)) return "a seat is not one";
  if (i.over || stated.has_result || (i.match.in_match && stated.match_over))
    return "the deal is over: nobody is to move";
  if (i.turn != i.seat) return "the seat is not on turn";
  if (i.trump > 3) return "trump is not a suit";
  const Seat o = other(i.seat);
  // The hand, then the cards played: the tricks' and the card led now.
  i.hand = 0;
  if (i.hand_n > v.hand_size || !add_cards(i.hand_cards, i.hand_n, pack, &i.hand))
    return "the hand holds a card twice, or one not of the pack, or too many";
  if (n_tricks < 0 || n_tricks > v.deck_size / 2) return "too many tricks";
  std::uint32_t played = 0;
  i.played[0] = i.played[1] = i.won[0] = i.won[1] = i.lacks = 0;
  std::uint8_t wins[2] = {0, 0};
  int points[2] = {0, 0};
  Seat leader = other(i.dealer);  // the non-dealer leads to the first trick
  int n_played = 0;
  Trick order[25];
  for (int t = 0; t < n_tricks; ++t) {
    const Trick& k = tricks[t];
    if (!is_seat(k.leader) || !is_seat(k.winner)) return "a trick's seat is not one";
    if (k.leader != leader)
      return "a trick is led by who did not win the last (the first: the non-dealer)";
    const Card cards[2] = {k.lead, k.follow};
    if (!add_cards(cards, 2, pack, &played))
      return "a trick holds a card played twice or not of the pack";
    const Seat won_by = winner_of(k.lead, k.follow, i.trump) == k.lead ? k.leader : other(k.leader);
    if (k.winner != won_by) return "a trick's winner is not who the cards say";
    i.played[k.leader] |= bit(k.lead);
    i.played[other(k.leader)] |= bit(k.follow);
    i.won[k.winner] |= bit(k.lead) | bit(k.follow);
    ++wins[k.winner];
    points[k.winner] += points_of(k.lead) + points_of(k.follow);
    order[n_played++] = Trick{k.leader, k.lead, 0, 0};
    order[n_played++] = Trick{other(k.leader), k.follow, 0, 0};
    leader = k.winner;
  }
  if (i.leader != leader) return "the leader is not the last trick's winner (or the non-dealer)";
  if (i.lead) {
    if (!add_cards(&i.lead, 1, pack, &played))
      return "the card led is played twice or not of the pack";
    if (i.seat == i.leader) return "the seat on turn is not the one to follow";
    i.played[i.leader] |= bit(i.lead);
    order[n_played++] = Trick{i.leader, i.lead, 0, 0};
  } else if (i.seat != i.leader) {
    return "the seat on turn is not the leader";
  }
  if (stated.n_played != n_played) return "played is not the cards of the tricks and the lead";
  for (int k = 0; k < n_played; ++k)
    if (stated.played[k].leader != order[k].leader || stated.played[k].lead != order[k].lead)
      return "played is not the cards of the tricks and the lead, in order";
  for (int s = 0; s < 2; ++s)
    if (i.tricks_won[s] != wins[s]) return "tricks_won does not count the tricks";
  // Melds: one a suit, 40 in trumps, else 20; counted once their owner has a trick.
  if (i.n_melds > 4) return "more melds than suits";
  int meld_points[2] = {0, 0};
  unsigned suits = 0;
  for (int k = 0; k < i.n_melds; ++k) {
    const Meld& m = i.melds[k];
    if (!is_seat(m.seat) || m.suit > 3 || (suits & (1u << m.suit))) return "a meld is not one";
    if (m.value != marriage_points(m.suit, i.trump)) return "a meld's value is not its suit's";
    if (stated.counted[k] != (wins[m.seat] > 0))
      return "a meld is counted exactly when its owner has won a trick";
    suits |= 1u << m.suit;
    meld_points[m.seat] += m.value;
  }
  for (int s = 0; s < 2; ++s)
    if (i.taken[s] != points[s] + (wins[s] ? meld_points[s] : 0))
      return "taken is not the points of the tricks won and the counted melds";
  // The talon: dealt whole, drawn two cards a round, the turn-up last.
  const int stock = v.deck_size - 2 * v.hand_size;
  if (i.talon_left > stock || i.talon_left % 2) return "talon_left is not what draws leave";
  if ((i.turn_up != kNoCard) != (i.talon_left > 0))
    return "the turn-up lies face up exactly while the talon holds cards";
  if (i.turn_up && (!in(i.turn_up, pack) || suit_of(i.turn_up) != i.trump))
    return "the turn-up is not a trump of the pack";
  const bool closed = i.closed_by != kNoSeat;
  if (i.draw_left != (closed ? 0 : i.talon_left)) return "draw_left does not follow";
  if (i.phase != (i.draw_left > 0 ? 1 : 2)) return "the phase does not follow draw_left";
  if (i.pending_draw && (!v.close_before_draw || closed || i.lead))
    return "a draw is pending only in Sixty-Six, after a trick, on an open talon";
  const int rounds = (stock - i.talon_left) / 2;
  const int size = v.hand_size + rounds - n_tricks;
  for (int s = 0; s < 2; ++s)
    if (i.counts[s] != size - (i.lead && Seat(s) == i.leader ? 1 : 0) || size < 1)
      return "counts are not what the deal, the draws and the tricks leave the hands";
  if (closed) {
    if (!is_seat(i.closed_by) || i.close_state.by != i.closed_by)
      return "close_state is not the close";
    if (i.close_state.tricks[0] + i.close_state.tricks[1] > n_tricks)
      return "the talon was closed after more tricks than were played";
  }
  if (i.n_exchanges > 1) return "a deal has one exchange at most: the low trump then lies face up";
  for (int k = 0; k < i.n_exchanges; ++k)
    if (!is_seat(i.exchanges[k].seat) || !in(i.exchanges[k].took, pack))
      return "an exchange is not one";
  if ((i.known | i.unseen) & ~pack) return "known or unseen holds a card not of the pack";
  if (i.known & i.unseen) return "a card is both known and unseen";
  // What the other seat's phase-2 follows show it lacks: a trick is phase 2
  // once the talon was closed (close_state's trick count) or drawn out.
  int phase_two_from = stock / 2;
  if (closed)
    phase_two_from = std::min(phase_two_from, i.close_state.tricks[0] + i.close_state.tricks[1]);
  for (int t = phase_two_from; t < n_tricks; ++t)
    if (other(tricks[t].leader) == o)
      i.lacks |= follow_lacks(tricks[t].lead, tricks[t].follow, i.trump);
  // Nothing is drawn after a close: talon_left is what was left to draw then.
  if (closed && i.closed_by == i.seat) i.lacks |= close_lacks(i.rules, i.trump, i.talon_left);
  i.lacks &= i.unseen;
  Hidden h;
  if (!hidden_of(i, &h))
    return "the cards do not add up (hand, played, turn-up, known and unseen split the pack, "
           "counts and talon match), or no deal fits the voids the tricks show";
  std::uint64_t events = 0;
  if (!reach_deal(i, tricks, n_tricks, &events))
    return "no deal and play the rules allow gives this seat this information";
  // ply counts this deal's events, in a match too: the earlier deals show
  // only as totals, which fix no count of events.
  if (stated.ply != events) return "ply is not this deal's events";
  if (!i.match.in_match) return nullptr;
  if (const char* wrong = match_wrong(i, stated)) return wrong;
  i.match.deals = std::uint16_t(stated.deals);
  for (int s = 0; s < 2; ++s) {
    i.match.scores[s] = std::int16_t(stated.scores[s]);
    i.match.to_win[s] = std::uint8_t(stated.to_win[s]);
  }
  return nullptr;
}

bool info_legal_is(const InfoSet& info, const Move* given, const int* values,
                   int n_given) noexcept {
  Move moves[kMaxMoves];
  const int n = info_legal(info, moves);
  if (n == 0 || n != n_given) return false;
  for (int k = 0; k < n; ++k) {
    if (!(moves[k] == given[k])) return false;
    if (given[k].kind == MoveKind::kMarriage &&
        values[k] != marriage_points(given[k].arg, info.trump))
      return false;
  }
  return true;
}

}  // namespace trumpf::schnapsen
