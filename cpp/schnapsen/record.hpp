// A deal or a match with its record: every event, every trick, every
// finished deal. The rules (deal.hpp, match.hpp) work on small values and
// forget the past; a record keeps what the API reports of it and what a move
// log is made from.
//
//   DealRecord r;  Code c = r.build(kSixtySix, seed, 1, kP1);
//   std::size_t from = r.history.size();
//   c = r.apply(seat, move);   // kOk: r.history[from..] are the move's events
//   std::vector<SeatMove> log = moves_of(r.history);
//   c = replay(r2, log, &bad); // the same deal again, or the first refusal
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "schnapsen/deal.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::schnapsen {

// Trick: schnapsen/info.hpp (an info reads the tricks too).

// One event as a record keeps it: the engine's Event plus the figures that
// kDealEnd (the deal's result), kDeal (the next deal) and kGameEnd (the
// match's end) carry.
struct Entry {
  Event e{};
  Result result{};              // kDealEnd
  std::uint64_t number = 0;     // kDeal
  std::uint8_t trump = 0;       // kDeal
  Card turn_up = kNoCard;       // kDeal
  std::int16_t scores[2] = {};  // kGameEnd
  std::uint16_t deals = 0;      // kGameEnd
};

struct SeatMove {
  Seat seat;
  Move move;
};

struct FinishedDeal {
  std::uint64_t number;
  Result result;
};

using Seed = std::array<std::uint8_t, 32>;

class DealRecord {
 public:
  DealState state{};
  Seed seed{};
  std::vector<Entry> history;
  std::vector<Trick> tricks;
  Shown shown{};  // what the table has shown: the information sets (info.hpp)
  // False for a deal of a chosen order (build_from_order): no seed deals it,
  // so it has no seed to report and no log that replays it.
  bool seeded = true;

  Code build(const Rules& rules, const Seed& seed, std::uint64_t number, Seat dealer);
  // The deal of `order` (deal_from_order: the variant's pack, each card once),
  // for a search or a chance model that deals card by card; kBadDeal, the
  // record as it was, for an order that is not the pack.
  Code build_from_order(const Rules& rules, const Card* order, int n, std::uint64_t number,
                        Seat dealer);
  // Plays the move; on kOk its events are appended to history. A refusal
  // changes nothing.
  Code apply(Seat seat, Move move);
};

class MatchRecord {
 public:
  MatchState state{};
  Seat first_dealer = kP1;
  std::vector<Entry> history;       // the whole match, kDeal and kGameEnd included
  std::vector<Entry> deal_history;  // the current deal's own events
  std::vector<Trick> tricks;        // the current deal's tricks
  std::vector<FinishedDeal> deals;
  Shown shown{};  // of the current deal

  Code build(const Rules& rules, const Seed& seed, Seat dealer);
  Code apply(Seat seat, Move move);
  // The current deal as a record of its own.
  DealRecord current_deal() const;
};

// The moves behind a history played under `rules`: what a move log stores.
// The Sixty-Six close-time exchange (an exchange right after the other seat's
// close) is the table's doing and is left out, as are trick, deal_end, deal
// and game_end; under marriage_by_lead a marriage and the lead after it are
// one move.
std::vector<SeatMove> moves_of(const Entry* events, std::size_t n, const Rules& rules);
inline std::vector<SeatMove> moves_of(const std::vector<Entry>& events, const Rules& rules) {
  return moves_of(events.data(), events.size(), rules);
}

// Plays `moves` on a freshly built record; stops at the first refusal and
// puts its index in *bad. The record then stands just before that move.
template <class Record>
Code replay(Record& record, const std::vector<SeatMove>& moves, std::size_t* bad) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Code c = record.apply(moves[i].seat, moves[i].move);
    if (c != Code::kOk) {
      *bad = i;
      return c;
    }
  }
  return Code::kOk;
}

}  // namespace trumpf::schnapsen
