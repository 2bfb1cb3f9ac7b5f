#include "durak/reach.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "durak/reach_draws.hpp"

namespace trumpf::durak {

namespace {

using reach::BoutRec;
using reach::History;
using reach::kDealTick;
using reach::kNever;
using reach::SeatPlan;
using reach::Step;
using reach::StepKind;
using reach::Told;
using reach::Values;

struct Swap {
  Seat seat = kNoSeat;  // kNoSeat: no swap
  int tick = 0;         // before step k: 4k - 2
  Card turn_up = 0;
};

// A card the table saw go into a hand without a play: the turn-up taken by
// a swap, or drawn as the talon's last card.
struct Arrival {
  Card card;
  Seat seat;
  int since;
};

enum class Verdict { kNone, kFound, kSpent };

class Solver {
 public:
  Solver(const Told& told, const History& h) : told_(told), h_(h) {
    me_ = told.seat;
    other_ = other(me_);
    six_ = six_of(told.trump);
    for (std::size_t i = 0; i < h.steps.size(); ++i) {
      const Step& s = h.steps[i];
      if (s.kind == StepKind::kPlay) plays_[s.card].push_back(int(i));
      if (s.kind == StepKind::kEnd) {
        ends_.push_back(int(i));
        if (s.last != kNoSeat && drawer_ == kNoSeat) {
          drawer_ = s.last;
          drawn_at_ = 4 * int(i) + 1;
        }
      }
    }
  }

  // No swap; and, when the trump card is the six, each swap that may have
  // put it there, one of each kind the draws cannot tell apart.
  std::vector<Swap> swaps() const {
    std::vector<Swap> out{Swap{}};
    if (told_.trump_card != six_) return out;
    const std::vector<Step>& steps = h_.steps;
    std::set<std::tuple<int, int, int, int, int, int>> seen;
    for (Seat seat : {kP1, kP2})
      for (std::size_t k = 0; k <= steps.size(); ++k) {
        if (k < steps.size()) {
          const Step& s = steps[k];
          if (s.seat != seat || s.talon == 0) continue;
          if (s.kind == StepKind::kEnd && !s.decides) continue;
        } else if (seat != me_ || told_.talon == 0) {
          continue;
        }
        const int tick = 4 * int(k) - 2;
        int steps_before = 0;  // takes and ends before the swap
        for (std::size_t i = 0; i < k; ++i) steps_before += steps[i].kind != StepKind::kPlay;
        for (int r = 0; r < 8; ++r) {
          const Card turn_up = Card(told_.trump * 9 + r + 1);
          const auto key =
              std::make_tuple(seat, int(turn_up), steps_before, k == steps.size() ? tick : -1,
                              plays_before(turn_up, tick), plays_before(six_, tick));
          if (!seen.insert(key).second) continue;
          out.push_back(Swap{seat, tick, turn_up});
        }
      }
    return out;
  }

  Verdict solve(const Swap& swap) const {
    if (!six_fits(swap)) return Verdict::kNone;
    Arrival arrivals[2];
    int n_arrivals = 0;
    if (!arrivals_of(swap, arrivals, &n_arrivals)) return Verdict::kNone;
    // What each seat holds now that the table saw go in.
    Cards shown[2] = {0, 0};
    for (int c = 1; c <= kPackSize; ++c) {
      const int seat = h_.where[c];
      if (is_seat(seat) && !(c == six_ && six_gone(swap, kNever))) shown[seat] |= bit(Card(c));
    }
    for (int a = 0; a < n_arrivals; ++a)
      if (holds_after(arrivals[a], kNever)) shown[arrivals[a].seat] |= bit(arrivals[a].card);
    if (shown[other_] != told_.known || (shown[me_] & ~told_.hand)) return Verdict::kNone;
    // The seat may swap exactly when the six in its hand is its own: dealt or
    // drawn there (never played), or played only as its own beats, taken back.
    const bool own = swap.seat == kNoSeat && told_.talon > 0 && (told_.hand & bit(six_)) &&
                     (plays_[six_].empty() || own_six(me_, kNever));
    if (told_.swap != own) return Verdict::kNone;
    SeatPlan plans[2];
    for (Seat seat : {kP1, kP2})
      if (!plan(seat, swap, arrivals, n_arrivals, shown, &plans[seat])) return Verdict::kNone;
    const int over = 2 * int(ends_.size()) + (swap.seat != kNoSeat ? 1 : 0) + int(told_.n_played);
    const int want = told_.ply - over;
    if (want < 0) return Verdict::kNone;
    Values got[2][reach::kNoTrump + 1];
    for (int seat = 0; seat < 2; ++seat)
      if (!reach::seat_values(plans[seat], got[seat])) return Verdict::kSpent;
    const Seat first = told_.n_played ? told_.played[0].seat : told_.bout.attacker;
    for (int low1 = 0; low1 <= reach::kNoTrump; ++low1)
      for (int low2 = 0; low2 <= reach::kNoTrump; ++low2) {
        const bool fits =
            first == kP1 ? low1 < low2 || (low1 == reach::kNoTrump && low2 == low1) : low2 < low1;
        if (!fits) continue;
        for (int v1 = 0; v1 <= want && v1 <= reach::kMaxDecisions; ++v1)
          if (got[0][low1].test(std::size_t(v1)) && want - v1 <= reach::kMaxDecisions &&
              got[1][low2].test(std::size_t(want - v1)))
            return Verdict::kFound;
      }
    return Verdict::kNone;
  }

 private:
  int plays_before(Card card, int tick) const noexcept {
    int n = 0;
    for (int i : plays_[card]) n += 4 * i < tick;
    return n;
  }

  // Whether the six lay under the talon, or was drawn from there, since the
  // swap and is not played again by `tick`: where it was before is stale.
  bool six_gone(const Swap& swap, int tick) const noexcept {
    if (swap.seat == kNoSeat || swap.tick >= tick) return false;
    for (int i : plays_[six_])
      if (swap.tick < 4 * i && 4 * i < tick) return false;
    return true;
  }

  // The swapped six: held by the swapper at the swap, its own all along
  // (every play of it before was the swapper's beat, taken back), and under
  // the talon from then until drawn as its last card.
  bool six_fits(const Swap& swap) const noexcept {
    if (swap.seat == kNoSeat) return true;
    for (int i : plays_[six_]) {
      const int t = 4 * i;
      if (swap.tick < t && t < drawn_at_) return false;
      if (t > swap.tick) continue;
      const Step& s = h_.steps[std::size_t(i)];
      const BoutRec& b = h_.bouts[s.bout];
      if (s.seat != swap.seat || s.attack || !b.taken) return false;
      if (b.end < 0 || 4 * b.end > swap.tick) return false;
    }
    return true;
  }

  // The cards that came face up into a hand (the turn-up a swap took, the
  // turn-up drawn last); false when their plays do not fit: none before, the
  // first after by the seat that got it. The swapped six may be played before.
  bool arrivals_of(const Swap& swap, Arrival* out, int* n) const noexcept {
    *n = 0;
    if (swap.seat != kNoSeat) out[(*n)++] = Arrival{swap.turn_up, swap.seat, swap.tick};
    if (told_.talon == 0) out[(*n)++] = Arrival{told_.trump_card, drawer_, drawn_at_};
    for (int a = 0; a < *n; ++a) {
      bool first_after = true;
      for (int i : plays_[out[a].card]) {
        const int t = 4 * i;
        if (t < out[a].since && !(out[a].card == six_ && swap.seat != kNoSeat)) return false;
        if (t > out[a].since && first_after) {
          first_after = false;
          if (h_.steps[std::size_t(i)].seat != out[a].seat) return false;
        }
      }
    }
    return true;
  }

  // Whether a seat that got a card face up still holds it at `tick`.
  bool holds_after(const Arrival& a, int tick) const noexcept {
    if (a.since >= tick) return false;
    for (int i : plays_[a.card])
      if (a.since < 4 * i && 4 * i <= tick) return false;
    return true;
  }

  // Whether the six, which `seat` holds at `tick` having played it, is still
  // its own to swap: every play of it so far was its own beat.
  bool own_six(Seat seat, int tick) const noexcept {
    bool any = false;
    for (int i : plays_[six_]) {
      if (4 * i >= tick) continue;
      const Step& s = h_.steps[std::size_t(i)];
      if (s.seat != seat || s.attack) return false;
      any = true;
    }
    return any;
  }

  bool plan(Seat seat, const Swap& swap, const Arrival* arrivals, int n_arrivals,
            const Cards shown[2], SeatPlan* out) const {
    SeatPlan& p = *out;
    p.trump = told_.trump;
    p.slots.emplace_back(kDealTick, kHandSize);
    for (int i : ends_) {
      const Step& s = h_.steps[std::size_t(i)];
      const int n = s.drawn[seat] - (s.last == seat ? 1 : 0);
      if (n) p.slots.emplace_back(4 * i + 1, n);
    }
    for (int c = 1; c <= kPackSize; ++c) {
      if (h_.first_seat[c] != seat) continue;
      bool arrived = swap.seat != kNoSeat && c == six_;
      for (int a = 0; a < n_arrivals; ++a) arrived = arrived || arrivals[a].card == c;
      if (!arrived) p.cards.emplace_back(Card(c), 4 * h_.first_step[c]);
    }
    if (swap.seat == seat) {
      int leave = swap.tick;
      for (int i : plays_[six_])
        if (4 * i < swap.tick) leave = std::min(leave, 4 * i);
      p.cards.emplace_back(six_, leave);
    }
    if (seat == me_) {
      for (Cards t = told_.hand & ~shown[seat]; t; t &= t - 1)
        p.cards.emplace_back(lowest(t), kNever);
    } else {
      for (Cards t = told_.unseen; t; t &= t - 1) p.pool.push_back(lowest(t));
    }
    int total = 0;
    for (const auto& slot : p.slots) total += slot.second;
    const int n_cards = int(p.cards.size());
    if (total < n_cards || (p.pool.empty() && total != n_cards)) return false;
    if (!p.pool.empty() && total - n_cards != told_.counts[seat] - count_of(told_.known))
      return false;
    for (std::size_t i = 0; i < h_.steps.size(); ++i) {
      const Step& s = h_.steps[i];
      if (s.kind == StepKind::kPlay || s.seat != seat || !s.decides) continue;
      const int tick = 4 * int(i);
      Cards held = s.held;
      if (six_gone(swap, tick)) held &= ~bit(six_);
      for (int a = 0; a < n_arrivals; ++a)
        if (arrivals[a].seat == seat && holds_after(arrivals[a], tick))
          held |= bit(arrivals[a].card);
      Cards options = s.options;
      const bool can_swap = s.talon > 0 && !(swap.seat != kNoSeat && tick > swap.tick);
      if ((can_swap && (held & bit(six_)) && own_six(seat, tick)) || (held & options)) {
        ++p.fixed;
        continue;
      }
      if (can_swap) options |= bit(six_);  // a six drawn and still held may be swapped
      p.events.emplace_back(tick, options);
    }
    return true;
  }

  const Told& told_;
  const History& h_;
  Seat me_ = kP1, other_ = kP2;
  Card six_ = 0;
  std::vector<int> plays_[kPackSize + 1];  // the play steps of each card
  std::vector<int> ends_;
  Seat drawer_ = kNoSeat;  // who drew the turn-up
  int drawn_at_ = kNever;  // and when
};

}  // namespace

const char* reach_check(const InfoSet& info, const Play* played, std::size_t n) {
  Told told{};
  told.seat = info.seat;
  told.ply = info.ply;
  told.trump = info.trump;
  told.trump_card = info.trump_card;
  told.talon = info.talon;
  told.discarded = info.discarded;
  told.hand = info.hand;
  told.known = info.known;
  told.unseen = info.unseen;
  told.counts[0] = info.counts[0];
  told.counts[1] = info.counts[1];
  told.swap = info.swap;
  told.bout = info.bout;
  told.played = played;
  told.n_played = n;
  reach::Budget budget;
  Verdict verdict = Verdict::kNone;
  reach::each_history(told, budget, [&](const History& h) {
    const Solver solver(told, h);
    for (const Swap& swap : solver.swaps()) {
      verdict = solver.solve(swap);
      if (verdict != Verdict::kNone) return true;
    }
    return false;
  });
  if (budget.spent || verdict == Verdict::kSpent)
    return "the info is too involved to check (no game comes near the search's limits)";
  if (verdict != Verdict::kFound) return "no deal and no legal play lead to this info";
  return nullptr;
}

}  // namespace trumpf::durak
