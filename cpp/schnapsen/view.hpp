// What one Schnapsen-family seat sees, and nothing else: its own hand, both
// hand sizes, the table (the card led, the last trick, the melds), the
// trump and the face-up turn-up, the talon's size, the points and tricks
// taken, the close, its legal moves, ply and the result. Never the other
// hand, the talon's order or the seed.
//
// Deal.view(seat) and Match.view(seat) are view_of(...) made into the
// reference's dict (docs/api-contract.md, Deal and Match): the bindings
// convert this type and decide nothing about what a seat may see.
#pragma once

#include <cstddef>
#include <cstdint>

#include "schnapsen/deal.hpp"
#include "schnapsen/info.hpp"

namespace trumpf::schnapsen {

struct SeatView {
  Seat seat = 0;
  VariantId base = kSchnapsen;  // the variant, by its name
  std::uint64_t number = 0;
  Seat dealer = 0;
  std::size_t ply = 0;  // events so far: the deal's, or the whole match's
  int phase = 1;
  Seat turn = kNoSeat;  // kNoSeat once the match is over
  Seat leader = 0;
  std::uint8_t trump = 0;
  Card turn_up = kNoCard;
  int talon_left = 0;
  int draw_left = 0;
  Seat closed_by = kNoSeat;
  CloseState close_state{};  // read only while closed_by is a seat
  bool pending_draw = false;
  std::uint8_t hand_n = 0;
  Card hand[6] = {};  // this seat's cards, in hand order
  int counts[2] = {0, 0};
  std::int16_t taken[2] = {0, 0};
  std::uint8_t tricks_won[2] = {0, 0};
  std::uint8_t n_melds = 0;
  Meld melds[4] = {};
  bool counted[4] = {};  // whether each meld's points are in its owner's taken
  Card lead = kNoCard;
  Card must_lead[2] = {kNoCard, kNoCard};  // king, queen; kNoCard when free
  bool has_last = false;
  Trick last{};  // the last completed trick, when has_last
  int n_legal = 0;
  Move legal[kMaxMoves] = {};
  bool over = false;
  Result result{};  // read only when over
};

// The view of `seat` of the deal `s`, `last` its last completed trick (null
// before the first), `ply` the events so far. `match_over`: the deal is the
// last of a finished match, where no seat is on turn and nothing is legal.
SeatView view_of(const DealState& s, const Trick* last, Seat seat, std::size_t ply,
                 bool match_over) noexcept;

}  // namespace trumpf::schnapsen
