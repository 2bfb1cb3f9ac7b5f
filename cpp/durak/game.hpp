// Two-seat Podkidnoy Durak (docs/rules/durak.md) as a value: the position, legal moves and apply.
//
// ---------------------------------------------------------------------------
// The C++ API (for the batch simulator and anything else that plays fast)
// ---------------------------------------------------------------------------
//   #include "durak/game.hpp"
//   using namespace trumpf::durak;
//
//   GameState s;                                     // trivially copyable, no heap
//   Code c = deal_game(seed32, number, s);           // Ok, or BadDeal (number 0)
//   Move buf[kMaxMoves];
//   while (!is_over(s)) {
//     Seat seat = turn_of(s);                        // kP1 or kP2
//     int n = legal_moves(s, seat, buf);             // reference order, n >= 1
//     Move m = buf[pick(n)];
//     apply_move(s, seat, m, nullptr);               // or an EventSink* to see events
//   }
//   outcome_of(s) -> Outcome::{Fool, Draw, Resign};  fool_of(s) -> a seat or kNoSeat;
//   bouts_played(s); s.ply (events so far, what the level-1 bot hashes).
//
//   The bots are in "durak/bot.hpp", names and parsing in "durak/names.hpp",
//   the game with its history in "durak/record.hpp", refusals in words in
//   "durak/explain.hpp", what a seat sees in "durak/view.hpp".
//
// Rules never allocate, print or throw. A refusal is a returned Code and
// leaves the state untouched. Positions with a single answer (a take with no
// beat and no swap, a done with no throw and no swap) are resolved inside
// apply_move without an event, as the reference does. Seats are kP1 and kP2
// (0 and 1; the API's 1 and 2).
// Phase and turn are derived from the bout, never stored.
// ---------------------------------------------------------------------------
#pragma once

#include <cstdint>
#include <type_traits>

#include "durak/bout.hpp"
#include "durak/card.hpp"
#include "durak/result.hpp"
#include "durak/rules.hpp"

namespace trumpf::durak {

enum class Code : std::uint8_t {
  kOk = 0,
  kGameOver,
  kNotYourTurn,
  kWrongPhase,
  kNotLegal,
  kCardNotHeld,
  kBeatsNothing,
  kRankNotInBout,
  kBoutFull,
  kMustAttack,
  kNotTheSix,
  kTalonShut,
  kNoSeed,
  kBadDeal,
  kBadSeats,
};

enum class Phase : std::uint8_t { kAttack, kDefend, kPileOn, kOver };

struct Move {
  Kind kind = Kind::kNone;
  Card card = 0;  // attack and beat only; 0 otherwise
};
constexpr int kMaxMoves = 40;

enum class EventKind : std::uint8_t {
  kAttack,
  kBeat,
  kTake,
  kDone,
  kSwap,
  kResign,
  kBoutEnd,
  kRefill,
  kOut,
  kGameEnd
};

struct Event {
  EventKind kind;
  Seat seat;              // moves, out
  Card card;              // attack, beat
  std::uint8_t taken;     // bout_end
  How how;                // bout_end
  std::uint8_t cards;     // bout_end
  std::uint8_t discard;   // bout_end
  Seat next_attacker;     // bout_end
  std::uint8_t drawn[2];  // refill, by seat
  std::uint8_t talon;     // refill
  Outcome outcome;        // game_end
  Seat fool;              // game_end (kNoSeat: none)
};
bool is_move_event(EventKind k) noexcept;

// At most six events come from one apply (move, bout_end, refill, out, out, game_end).
struct EventSink {
  Event ev[8];
  int n = 0;
  void push(const Event& e) noexcept {
    if (n < 8) ev[n++] = e;
  }
};

struct GameState {
  Cards hands[2];
  Card talon[24];          // draw order, the turn-up last
  std::uint8_t talon_pos;  // cards drawn so far; talon_left = 24 - talon_pos
  std::uint8_t trump;      // suit index
  std::uint8_t discard;
  Seat six_owner = kNoSeat;  // kNoSeat once nobody may swap it
  std::uint8_t outcome;      // Outcome
  Seat fool = kNoSeat;       // kNoSeat unless a seat is the fool
  std::uint16_t ply;         // events so far
  std::uint16_t bouts;       // bouts ended
  Bout bout;

  Cards hand(Seat seat) const noexcept { return hands[seat]; }
  int talon_left() const noexcept { return 24 - talon_pos; }
  Card trump_card() const noexcept { return talon[23]; }
  Card six() const noexcept { return six_of(trump); }
  bool turn_up_left() const noexcept { return talon_pos < 24; }
};
static_assert(std::is_trivially_copyable_v<GameState>, "a position is a value");

// Deal (seed: 32 bytes; number >= 1). The first bout is open.
Code deal_game(const std::uint8_t* seed, std::uint64_t number, GameState& out) noexcept;
// The game of the pack in a chosen `order` (deck.hpp, deal_of_order); kBadDeal
// when the n cards are not the pack, each card once.
Code deal_game_of_order(const Card* order, int n, GameState& out) noexcept;

inline bool is_over(const GameState& s) noexcept { return s.outcome != 0; }
inline Outcome outcome_of(const GameState& s) noexcept { return Outcome(s.outcome); }
inline Seat fool_of(const GameState& s) noexcept { return s.fool; }
inline int bouts_played(const GameState& s) noexcept { return s.bouts; }

// Inline: the play loop asks these several times a move.
inline Phase phase_of(const GameState& s) noexcept {
  if (s.outcome) return Phase::kOver;
  const Bout& b = s.bout;
  if (b.taken) return Phase::kPileOn;
  if (b.n_beat < b.n_att) return Phase::kDefend;
  return Phase::kAttack;
}

inline Seat turn_of(const GameState& s) noexcept {  // kNoSeat when over
  switch (phase_of(s)) {
    case Phase::kOver:
      return kNoSeat;
    case Phase::kDefend:
      return s.bout.defender();
    default:
      return s.bout.attacker;
  }
}

inline bool can_swap(const GameState& s, Seat seat) noexcept {
  if (s.outcome || !is_seat(seat)) return false;
  return s.six_owner == seat && (s.hand(seat) & bit(s.six())) && s.turn_up_left();
}

// Legal moves of `seat` in the reference order; 0 for a seat not on turn.
int legal_moves(const GameState& s, Seat seat, Move* out) noexcept;

// The refusal apply_move would give, without applying (Ok if it would apply).
Code check_move(const GameState& s, Seat seat, Move m) noexcept;

// Apply `m` for `seat`; on a refusal nothing changes.
Code apply_move(GameState& s, Seat seat, Move m, EventSink* events) noexcept;

// Apply a move already known to be legal (from legal_moves or a bot),
// skipping the refusal checks: the simulator's path. Anything else is
// undefined; callers with untrusted moves use apply_move.
void apply_legal(GameState& s, Seat seat, Move m, EventSink* events) noexcept;

}  // namespace trumpf::durak
