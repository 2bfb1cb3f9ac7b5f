// One deal of Schnapsen or Sixty-Six (docs/rules/schnapsen.md).
//
// The C++ API, for the batch simulator and the bindings
// ------------------------------------------------------
//   #include "schnapsen/deal.hpp"     (namespace trumpf::schnapsen)
//
//   DealState s;                        // trivially copyable, no heap, ~190 bytes
//   Code c = deal_new(s, reference_rules(kSchnapsen), seed32, number, kP1 /*dealer*/);
//                                                   // Code::kOk, BAD_DEAL or BAD_SEAT
//   Move moves[kMaxMoves];
//   while (!s.over) {
//     Seat who = s.turn;
//     int n = legal_moves(s, who, moves);          // the reference order, 0 if not on turn
//     apply_move(s, who, moves[pick(n)], nullptr);  // or an EventSink* to see what happened
//   }
//   s.result.winner / .loser / .game_points / .how / .drawn / .points[2] / .tricks[2]
//
// Seats are 0 ("p1") and 1 ("p2"); cards are the reference ids 1..24.
// A Move is {kind, arg, card}: arg is the card for LEAD/FOLLOW (0 = "not a
// card") and the suit index (0 S, 1 H, 2 D, 3 C; 0xFF = "not a suit") for
// MARRIAGE, whose `card` is the king or queen it is shown by under the house
// rule marriage_by_lead (0 otherwise);
// MoveKind::kNone stands for anything that is not a move. apply_move never
// throws, allocates or prints: it returns Code::kOk and changes the state, or
// returns the reference's refusal code and leaves the state untouched.
// Pure accessors (talon_left, draw_left, phase, can_exchange, can_close,
// can_marry, can_claim) answer exactly as the reference's do.
// Bots: bot_choose(s, seat, level) in schnapsen/bot.hpp; the match:
// MatchState with match_new / match_legal / match_apply in schnapsen/match.hpp.
#pragma once

#include <cstdint>

#include "schnapsen/card.hpp"
#include "schnapsen/scoring.hpp"
#include "schnapsen/trick.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::schnapsen {

enum class Code : std::uint8_t {
  kOk,
  kBadVariant,
  kNoSeed,
  kBadDeal,
  kDealOver,
  kGameOver,
  kNotYourTurn,
  kNotLegal,
  kNotHeld,
  kMustFollow,
  kMustLead,
  kNoMarriage,
  kNoExchange,
  kCannotClose,
  kCannotClaim,
  kBadSeat,
  kBadCard,
};

// kNone is no move: what a name that is no move kind parses to, what a bot
// with no legal move returns, and a Move's default.
enum class MoveKind : std::uint8_t {
  kLead,
  kFollow,
  kMarriage,
  kExchange,
  kClose,
  kClaim,
  kDraw,
  kNone
};
constexpr const char* kMoveKindNames[] = {"lead",  "follow", "marriage", "exchange",
                                          "close", "claim",  "draw",     "invalid"};

struct Move {
  MoveKind kind = MoveKind::kNone;
  std::uint8_t arg = 0;
  Card card = kNoCard;  // marriage_by_lead: the king or queen led with the marriage
  friend bool operator==(Move a, Move b) noexcept {
    return a.kind == b.kind && a.arg == b.arg && a.card == b.card;
  }
};
constexpr int kMaxMoves = 16;

enum class EventKind : std::uint8_t {
  kLead,
  kFollow,
  kTrick,
  kMarriage,
  kExchange,
  kClose,
  kClaim,
  kDraw,
  kDealEnd,
  kDeal,
  kGameEnd
};
constexpr const char* kEventKindNames[] = {"lead",     "follow", "trick",   "marriage",
                                           "exchange", "close",  "claim",   "draw",
                                           "deal_end", "deal",   "game_end"};

// `seat` is the mover (the winner for TRICK); card for LEAD/FOLLOW; suit and
// value for MARRIAGE. DEAL_END's figures are the deal's `result`; DEAL's and
// GAME_END's are the match's (see match.hpp).
struct Event {
  EventKind kind;
  Seat seat;
  Card card;
  std::uint8_t suit;
  std::uint8_t value;
};

struct EventSink {
  Event ev[8];
  int n = 0;
  void push(EventKind k, Seat s, Card c = 0, std::uint8_t suit = 0,
            std::uint8_t value = 0) noexcept {
    if (n < 8) ev[n++] = Event{k, s, c, suit, value};
  }
};

struct Meld {
  Seat seat;
  std::uint8_t suit;
  std::uint8_t value;
};

struct DealState {
  std::uint64_t number;
  Rules rules;
  Seat dealer;
  Seat turn;
  Seat leader;
  Card lead;     // kNoCard between tricks
  Card turn_up;  // kNoCard once drawn
  std::uint8_t trump;
  Seat closed_by;  // kNoSeat while open
  bool pending_draw;
  bool over;
  Card must_lead[2];  // king, queen; kNoCard when free
  std::uint8_t hand_n[2];
  Card hand[2][6];  // hand order: dealt order, drawn cards appended
  std::uint32_t hand_mask[2];
  Card talon[24];  // face-down cards in draw order: talon[talon_pos .. talon_end)
  std::uint8_t talon_pos, talon_end;
  std::int16_t taken[2];         // card points plus counted marriages
  std::int16_t pending_meld[2];  // marriages waiting for their owner's first trick
  std::uint8_t tricks_won[2];
  bool declared[2];
  std::uint8_t tricks_played;
  Seat last_winner;
  std::uint8_t n_melds;
  Meld melds[4];
  CloseState close_state;
  Result result;
};

Code deal_new(DealState& s, const Rules& rules, const std::uint8_t seed[32], std::uint64_t number,
              Seat dealer) noexcept;
// The deal of cards in a chosen `order` (n cards: the variant's pack, each
// once), dealt as deal_new deals a shuffled pack: the non-dealer's hand, the
// dealer's, the face-down talon in draw order, the turn-up last. For the
// positions an information set is checked against (info.hpp); kBadDeal for
// an order that is not the pack.
Code deal_from_order(DealState& s, const Rules& rules, const Card* order, int n,
                     std::uint64_t number, Seat dealer) noexcept;
inline const Variant& variant_of(const DealState& s) noexcept { return variant_of(s.rules.base); }

// These read state that differs from one env of a batch to the next, so a
// branch on it is mispredicted often: they are written to compile without one.
inline int talon_left(const DealState& s) noexcept {
  return (s.talon_end - s.talon_pos) + int(s.turn_up != kNoCard);
}
inline int draw_left(const DealState& s) noexcept {
  return talon_left(s) & -int(s.closed_by == kNoSeat);
}
inline int phase(const DealState& s) noexcept { return 2 - int(draw_left(s) > 0); }
// bit(kNoCard) is bit 0, which no hand holds (cards are 1..24).
inline bool holds(const DealState& s, Seat seat, Card c) noexcept {
  return (s.hand_mask[seat] & bit(c)) != 0;
}
inline bool meld_counted(const DealState& s, const Meld& m) noexcept {
  return s.tricks_won[m.seat] > 0;
}

// The exchange card (trump jack or nine) the seat may exchange, or kNoCard.
Card can_exchange(const DealState& s, Seat seat) noexcept;
bool can_close(const DealState& s, Seat seat) noexcept;
// Marriage suits on offer, in the order C, D, H, S; returns the count.
int can_marry(const DealState& s, Seat seat, std::uint8_t* suits) noexcept;
bool can_claim(const DealState& s, Seat seat) noexcept;
inline int marriage_value(const DealState& s, int suit) noexcept {
  return marriage_points(suit, s.trump);
}

int legal_moves(const DealState& s, Seat seat, Move* out) noexcept;
// The refusal apply_move would give, without applying (kOk if it would apply).
Code check_move(const DealState& s, Seat seat, Move m) noexcept;
Code apply_move(DealState& s, Seat seat, Move m, EventSink* events) noexcept;
// Apply a move already known to be legal (one legal_moves returned), skipping
// the refusal checks: the solver's path; apply_move is check_move then this.
// Anything else is undefined; callers with untrusted moves use apply_move.
void apply_legal(DealState& s, Seat seat, Move m, EventSink* events) noexcept;

}  // namespace trumpf::schnapsen
