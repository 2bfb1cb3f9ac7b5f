// The public histories an info's `played` can be the attacks and beats of
// (reach.hpp). `played` lists every attack and beat, but not the takes,
// dones, swaps, bout ends and refills between them. Most of that follows
// from the list: a beat answers the first unbeaten attack; an attack by the
// defender of a bout whose attacks are all beaten opens a new bout (that
// bout was beaten off); an attack by its attacker is a throw-in. One thing
// does not: an attack by the attacker of a bout with an unbeaten card is
// piled on (the defender took) or opens a new bout (the defender took, the
// attacker was done and attacks again). each_history follows both, piled on
// first, keeping both hands' and the talon's counts as the rules change
// them, and calls visit for every history that ends in the info's bout,
// counts, talon and heap.
//
// A history fixes every count and bout, so when each seat draws how many
// cards, and which cards each held when (those it played, those it picked
// up). Ticks order what happens: step k at 4k, a refill after step k's end
// at 4k + 1, a swap before step k at 4k - 2, the deal at -3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "durak/bout.hpp"
#include "durak/card.hpp"

namespace trumpf::durak::reach {

constexpr int kNever = 1 << 30;  // a tick after everything
constexpr int kDealTick = -3;
// Where a card the table has seen is, beside a seat's hand (kP1, kP2).
constexpr std::int8_t kOnTable = 2, kOnHeap = -1, kNeverPlayed = -2;

// One entry of an info's `played`.
struct Play {
  Seat seat;
  bool attack;  // else a beat
  Card card;
};

// The info as the search reads it: what the history must end in.
struct Told {
  Seat seat;
  int ply;
  int trump;
  Card trump_card;
  int talon;
  Cards discarded, hand, known, unseen;
  int counts[2];
  bool swap;
  Bout bout;  // the info's bout
  const Play* played;
  std::size_t n_played;
};

enum class StepKind : std::uint8_t { kPlay, kTake, kEnd };

// A step of a history. A take or an end is a decision of `seat` when
// `decides`: an event (one ply) if the seat held a card of `options` or
// could swap, else the table's doing. `held` is what the seat then held that
// the table had seen go in (cards it picked up); `talon` the talon's count.
struct Step {
  StepKind kind;
  Seat seat;      // play: the player; take: the defender; end: the attacker
  Card card = 0;  // play
  bool attack = false;
  std::uint16_t bout = 0;  // play: the bout it went into
  bool decides = false;
  Cards options = 0;
  Cards held = 0;
  std::uint8_t talon = 0;
  bool taken = false;              // end
  std::uint8_t drawn[2] = {0, 0};  // end: the refill's cards, by seat
  Seat last = kNoSeat;             // end: the seat that drew the turn-up
};

struct BoutRec {
  Seat attacker = kP1;
  std::uint8_t cap = kHandSize;
  std::uint8_t n_att = 0, n_beat = 0;
  Card attacks[kHandSize] = {};
  Card beats[kHandSize] = {};
  bool taken = false;
  int end = -1;  // its end step; -1 while open
  Cards cards() const noexcept;
};

struct History {
  int counts[2] = {6, 6};
  int talon = 24;
  std::vector<BoutRec> bouts;
  std::vector<Step> steps;
  std::int8_t where[kPackSize + 1];  // a played card: a seat, or one of the places below
  Seat first_seat[kPackSize + 1];    // kNoSeat: never played
  int first_step[kPackSize + 1];
  History() noexcept;
  Cards held(Seat seat) const noexcept;
};

// What the search may spend (its refusals say "too involved"): the same
// limits, counted the same way, as the oracle's (trumpf/reference/durak).
struct Budget {
  std::uint64_t work = 0;  // plays followed plus steps copied at a fork
  bool spent = false;
};
constexpr std::uint64_t kMaxHistoryWork = 1u << 20;

// The histories' single steps (reach_history.cpp). `after` follows one
// play from `h`: it returns how many histories go on (0, 1 or 2), the first
// in `h`, the second (a new bout where `h` piled on) in `*other`. A fork
// counts the steps it copies into `budget`.
History start(const Told& told);
int after(History& h, const Told& told, const Play& p, History* other, Budget& budget);
bool close(History& h, const Told& told);

// Calls visit(h) for each history that ends in the info, in order (a pile-on
// before a new bout), until it returns true; returns whether one did. Stops
// with budget.spent once the work passes kMaxHistoryWork.
template <class Visit>
bool each_history(const Told& told, Budget& budget, Visit visit) {
  struct Pending {
    std::size_t i;
    History h;
  };
  std::vector<Pending> stack;
  stack.push_back({0, start(told)});
  while (!stack.empty()) {
    Pending p = std::move(stack.back());
    stack.pop_back();
    for (;;) {
      if (p.i == told.n_played) {
        if (close(p.h, told) && visit(static_cast<const History&>(p.h))) return true;
        break;
      }
      if (++budget.work > kMaxHistoryWork) {
        budget.spent = true;
        return false;
      }
      History other;
      const int n = after(p.h, told, told.played[p.i], &other, budget);
      ++p.i;
      if (n == 0) break;
      if (n == 2) stack.push_back({p.i, std::move(other)});
    }
  }
  return false;
}

}  // namespace trumpf::durak::reach
