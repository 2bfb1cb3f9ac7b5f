// A seat's information set (docs/api-contract.md, "Information
// sets"): everything that seat can know at a moment, and nothing else.
//
//   Shown shown;  shown_start(shown, deal);
//   const Before before = before_of(deal);
//   apply_move(deal, seat, move, nullptr);
//   shown_update(shown, before, seat, move, deal);   // after every accepted move
//   InfoSet info = info_set(deal, shown, seat);      // observe(info, ...) in observe.hpp
//
// A position (DealState) forgets the past, so what the table has shown is
// kept beside it in Shown, as bitmasks. shown_update is the one place the
// rules of who has seen what live: the records behind Deal.info and
// Match.info and the VectorEnv's observations all go through it. info_set
// then cuts one seat's part out: its own hand and what is public, never
// the other hand or the talon's order, so nothing computed from an InfoSet
// can leak them.
#pragma once

#include <cstdint>

#include "schnapsen/deal.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::schnapsen {

// A completed trick as a record and an info list it.
struct Trick {
  Seat leader;
  Card lead, follow;
  Seat winner;
};

struct Exchange {
  Seat seat;  // who exchanged (or had the table exchange for it on a close)
  Card took;  // the turn-up it took
};

// What the table has shown in the current deal. Card sets are bit(c) masks.
struct Shown {
  std::uint32_t played[2];  // cards each seat has played, the card led now included
  std::uint32_t won[2];     // cards of the tricks each seat has won
  std::uint32_t known[2];   // cards each seat holds that the other seat saw go in
  std::uint32_t lacks[2];   // cards each seat is shown not to hold (follow_lacks, close_lacks)
  Exchange exchanges[2];    // in order; one turn-up can be taken at most once a deal
  std::uint8_t n_exchanges;
};

// What a follow in phase 2 shows the hand lacks: the rules made it beat the
// lead if it could, else follow suit, else trump (trick.hpp's cascade), so
// a card below the lead's suit shows no higher card of it, a trump shows no
// card of the lead's suit, and any other card shows neither. Phase 2 draws
// nothing, so what a hand lacks then it lacks until the deal ends; phase 1
// follows are free and show nothing. Only these inferences are made (what
// a player chose is not read as what it holds).
inline std::uint32_t follow_lacks(Card lead, Card follow, int trump) noexcept {
  std::uint32_t out = 0;
  const int suit = suit_of(lead);
  for (int r = 0; r < 6; ++r) {
    const Card c = card_of(suit, r);
    if (suit_of(follow) == suit) {
      if (power_of(follow) < power_of(lead) && power_of(c) > power_of(lead)) out |= bit(c);
    } else {
      out |= bit(c);
    }
  }
  if (suit_of(follow) != suit && suit_of(follow) != trump)
    for (int r = 0; r < 6; ++r) out |= bit(card_of(trump, r));
  return out;
}

// What a close shows the closer's opponent lacks: under exchange_on_close
// the table exchanges the low trump for it at the close whenever it holds
// that card and `draw_left` (what was left to draw) allows an exchange, so
// a close that left the turn-up where it was shows it did not (and nothing
// is drawn after a close). When the table did exchange, the card lies face
// up and is no one's to lack.
inline std::uint32_t close_lacks(const Rules& rules, int trump, int draw_left) noexcept {
  const Variant& v = variant_of(rules.base);
  if (!v.exchange_on_close || draw_left < rules.exchange_min_stock) return 0;
  return bit(card_of(trump, v.exchange_rank));
}

// Nothing shown yet: a freshly dealt deal.
void shown_start(Shown& shown, const DealState& fresh) noexcept;

// What shown_update reads of the position before a move: four bytes, so
// the play loops and the records need not copy a whole DealState a move.
struct Before {
  Card lead, turn_up;
  std::uint8_t tricks_played, draw_left;
};
inline Before before_of(const DealState& s) noexcept {
  return Before{s.lead, s.turn_up, s.tricks_played, std::uint8_t(draw_left(s))};
}

// Brings `shown` up to date after `seat` played `move`, which turned the
// position `before` was taken of into `after` (an accepted move of the
// same deal).
void shown_update(Shown& shown, const Before& before, Seat seat, Move move,
                  const DealState& after) noexcept;

// The match around a deal, as everyone sees it.
struct MatchInfo {
  bool in_match = false;
  bool over = false;
  Seat winner = kNoSeat;
  std::int16_t scores[2] = {0, 0};
  std::uint8_t to_win[2] = {0, 0};
  std::uint16_t deals = 0;  // deals finished
};

// One seat's information set. Card sets are bit(c) masks; `hand` also in
// hand order (hand_cards[0 .. hand_n)). info_set sets every field.
struct InfoSet {
  Seat seat;
  Rules rules;
  std::uint64_t number;
  Seat dealer, turn, leader;  // turn: kNoSeat once a match is over
  Card lead, turn_up;
  std::uint8_t trump;
  Seat closed_by;
  bool pending_draw, over;
  Card must_lead[2];
  std::uint8_t talon_left, draw_left, phase;
  std::uint8_t counts[2];
  std::int16_t taken[2];
  std::uint8_t tricks_won[2];
  std::uint8_t n_melds;
  Meld melds[4];
  CloseState close_state;
  Result result;
  std::uint8_t hand_n;
  Card hand_cards[6];
  std::uint32_t hand;
  std::uint32_t played[2], won[2];  // by seat
  std::uint32_t known;              // in the other hand
  std::uint32_t unseen;             // not in the hand, not played, not the turn-up, not known
  std::uint32_t lacks;              // not in the other hand (follow_lacks), within unseen
  Exchange exchanges[2];
  std::uint8_t n_exchanges;
  MatchInfo match;
};

// The cards of the variant's pack, as a mask: ids 1..24, less the nines in Schnapsen.
constexpr std::uint32_t pack_mask(VariantId v) noexcept {
  constexpr std::uint32_t all = 0x1FFFFFEu,
                          nines = (1u << 6) | (1u << 12) | (1u << 18) | (1u << 24);
  return v == kSixtySix ? all : all & ~nines;
}

InfoSet info_set(const DealState& deal, const Shown& shown, Seat seat) noexcept;
InfoSet info_set(const MatchState& match, const Shown& shown, Seat seat) noexcept;

// What an info dict states beside the InfoSet: the fields that repeat the
// rest (ply, played, a meld's counted, result) and Match.info's own. A table
// gives them exactly as the rest makes them, so info_complete checks them.
struct InfoStated {
  std::uint64_t ply = 0;
  int n_played = 0;
  Trick played[24];  // each {seat as leader, card as lead}; the other fields unused
  bool counted[4] = {};
  bool has_result = false;
  // Match.info only (InfoSet::match.in_match): deals finished, as read.
  std::uint64_t deals = 0;
  std::int64_t scores[2] = {0, 0}, to_win[2] = {0, 0};
  bool match_over = false;
  Seat winner = kNoSeat;
};

// An InfoSet read back from what a seat was told (the contract's info dict,
// e.g. one a server sent a client), for a seat that is to move. The caller
// sets the fields the dict states by value (seat, rules, number, dealer,
// turn, leader, lead, turn_up, trump, closed_by, pending_draw, over,
// must_lead, talon_left, draw_left, phase, counts, taken, tricks_won,
// melds, close_state, hand_cards and hand_n, exchanges, known, unseen, and
// match.in_match for Match.info), passes the completed tricks in order and
// the rest the dict states. info_complete derives what the dict carries
// only implicitly (`hand`, `played`, `won`, `lacks`, the match's figures)
// and accepts exactly an information set the rules reach: that of a seat
// on turn in a deal (and match) not over, reached from some deal by legal
// play under info.rules (reach.hpp constructs one and plays it). nullptr
// when it is one, else what is wrong. Every count is checked against the
// array it sizes before it is used.
const char* info_complete(InfoSet& info, const Trick* tricks, int n_tricks,
                          const InfoStated& stated) noexcept;

// The seat's legal moves in the InfoSet info_complete accepted, compared
// with the `given` ones in order (a marriage with the value it states,
// `values[k]`): whether they are the same moves.
bool info_legal_is(const InfoSet& info, const Move* given, const int* values, int n_given) noexcept;

}  // namespace trumpf::schnapsen
