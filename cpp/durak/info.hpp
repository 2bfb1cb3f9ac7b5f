// A seat's information set in Durak (docs/api-contract.md,
// "Information sets"): everything that seat can know, and nothing else.
//
//   Shown shown{};                                   // a fresh deal has shown nothing
//   const GameState before = s;
//   apply_move(s, seat, move, nullptr);
//   shown_update(shown, before, seat, move, s);      // after every accepted move
//   InfoSet info = info_set(s, shown, seat);         // observe(info, ...) in observe.hpp
//
// A position forgets where the cards it no longer shows went, so that is
// kept beside it in Shown, as card sets; shown_update is the one place the
// rules of who has seen what live. info_set cuts one seat's part out: its
// own hand and what is public, never the other hand or the talon's order.
#pragma once

#include <cstddef>
#include <cstdint>

#include "durak/game.hpp"
#include "durak/reach_history.hpp"

namespace trumpf::durak {

struct Shown {
  Cards discarded;  // beaten off: played face up, then put on the heap
  Cards known[2];   // cards each seat holds that the other seat saw go in
};

// Brings `shown` up to date after `seat` played `move`, which turned
// `before` into `after` (an accepted move of the same deal).
void shown_update(Shown& shown, const GameState& before, Seat seat, Move move,
                  const GameState& after) noexcept;

// What a game's events have shown: its moves replayed on `dealt`, the
// game as it was dealt (GameRecord::dealt). The events are its history, in order.
Shown shown_of(const GameState& dealt, const Event* events, std::size_t n) noexcept;

struct InfoSet {
  Seat seat;
  std::uint16_t ply;
  Phase phase;
  Seat turn;  // kNoSeat once over
  int trump;
  Card trump_card;    // the face-up card under the talon (the trump six after a swap)
  bool turn_up_left;  // whether it still lies there
  int talon, discard;
  Cards discarded;
  Cards hand;
  int counts[2];
  bool swap;     // whether this seat may swap now
  Bout bout;     // open == 0: none
  Cards known;   // in the other hand
  Cards unseen;  // not in the hand, on the table, discarded, known, or the card under the talon
  bool over;
  Outcome outcome;
  Seat fool;  // kNoSeat unless a seat is the fool
};

InfoSet info_set(const GameState& s, const Shown& shown, Seat seat) noexcept;

// An InfoSet read back from what a seat was told (the contract's info dict,
// e.g. one a server sent a client), for a seat that is to move. The caller
// sets the fields the dict states by value (seat, ply, phase, turn, trump,
// trump_card, talon, discard, discarded, hand, counts, swap, bout, known,
// unseen) and passes its attacks and beats in order (`played`) and its
// legal moves (`legal`, in the dict's order). info_complete derives the
// rest (whether the trump card still lies under the talon; the game is not
// over) and accepts exactly the information sets of positions the rules
// reach (reach.hpp): nullptr when it does, else what is wrong. Quick checks
// come first, for a message that says what: the cards split the pack, the
// counts and talon add up, the heap holds pairs, the bout follows the rules
// and gives phase and turn, its cap is its defender's hand when it opened,
// the table leaves the position to the seat, and `legal` is its moves.
using reach::Play;
const char* info_complete(InfoSet& info, const Play* played, std::size_t n_played,
                          const Move* legal, int n_legal);

}  // namespace trumpf::durak
