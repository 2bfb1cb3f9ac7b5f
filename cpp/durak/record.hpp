// A deal with its record: the seed and number it was made from and every
// event so far. The rules (game.hpp) work on a small value and forget the
// past; a record keeps what the API reports of it and what a move log is made
// from.
//
//   GameRecord r;  Code c = r.build(seed, 1);
//   std::size_t from = r.history.size();
//   c = r.apply(seat, move);    // kOk: r.history[from..] are the move's events
//   std::vector<SeatMove> log = moves_of(r.history);
//   c = replay(r2, log, &bad);  // the same deal again, or the first refusal
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "durak/game.hpp"

namespace trumpf::durak {

using Seed = std::array<std::uint8_t, 32>;

struct SeatMove {
  Seat seat;  // anything but kP1 and kP2 is refused as not_your_turn
  Move move;
};

class GameRecord {
 public:
  GameState state{};
  GameState dealt{};  // the game as dealt, before any move: what shown_of replays
  Seed seed{};
  std::uint64_t number = 1;
  std::vector<Event> history;

  // False for a game of a chosen order (build_from_order): no seed deals it,
  // so it has no seed to report and no log that replays it.
  bool seeded = true;

  // Deals deal `number` (1 or more) of `seed`; kBadDeal leaves the record as it was.
  Code build(const Seed& seed, std::uint64_t number);
  // Deals the pack in `order` (deal_game_of_order), for a search or a chance
  // model that deals card by card; kBadDeal leaves the record as it was.
  Code build_from_order(const Card* order, int n);
  // Plays the move; on kOk its events are appended to history. A refusal
  // changes nothing.
  Code apply(Seat seat, Move move);
};

// The moves behind a history, each with its seat: what a move log stores.
std::vector<SeatMove> moves_of(const Event* events, std::size_t n);
inline std::vector<SeatMove> moves_of(const std::vector<Event>& events) {
  return moves_of(events.data(), events.size());
}

// Plays `moves` on a freshly built record; stops at the first refusal and
// puts its index in *bad. The record then stands just before that move.
Code replay(GameRecord& record, const std::vector<SeatMove>& moves, std::size_t* bad);

}  // namespace trumpf::durak
