#include "durak/reach_history.hpp"

#include <algorithm>

#include "durak/rules.hpp"

namespace trumpf::durak::reach {

namespace {

Cards rank_cards_of(const BoutRec& b) noexcept {
  std::uint16_t ranks = 0;
  for (int i = 0; i < b.n_att; ++i)
    ranks = std::uint16_t(ranks | 1u << rank_index_of(b.attacks[i]));
  for (int i = 0; i < b.n_beat; ++i) ranks = std::uint16_t(ranks | 1u << rank_index_of(b.beats[i]));
  return cards_of_ranks(ranks);
}

// The six when the trump card is the six: a swap may have put it under the
// talon, to be drawn by either seat, so its holder before says nothing.
Card swapped_six(const Told& told) noexcept {
  const Card six = six_of(told.trump);
  return told.trump_card == six ? six : Card(0);
}

bool play(History& h, const Told& told, Seat seat, bool attack, Card card) noexcept {
  const int where = h.where[card];
  const Card swapped = swapped_six(told);
  if (where == kNeverPlayed) {
    // A first play is of a card the table has not seen go anywhere (unless a
    // swap brought a card the table saw into the hand).
    if (!swapped && h.counts[seat] <= count_of(h.held(seat))) return false;
    h.first_seat[card] = seat;
    h.first_step[card] = int(h.steps.size());
  } else if (where != seat && !(card == swapped && is_seat(where))) {
    return false;
  }
  BoutRec& b = h.bouts.back();
  // Bound checked in release builds too: a bout holds at most six of each.
  if ((attack ? b.n_att : b.n_beat) >= kHandSize) return false;
  h.counts[seat] -= 1;
  h.where[card] = kOnTable;
  if (attack)
    b.attacks[b.n_att++] = card;
  else
    b.beats[b.n_beat++] = card;
  Step s{};
  s.kind = StepKind::kPlay;
  s.seat = seat;
  s.card = card;
  s.attack = attack;
  s.bout = std::uint16_t(h.bouts.size() - 1);
  s.talon = std::uint8_t(h.talon);
  h.steps.push_back(s);
  return true;
}

void take(History& h, const Told& told) {
  BoutRec& b = h.bouts.back();
  const Seat d = other(b.attacker);
  Step s{};
  s.kind = StepKind::kTake;
  s.seat = d;
  s.decides = true;
  s.options = beaters_of(b.attacks[b.n_beat], told.trump);
  s.held = h.held(d);
  s.talon = std::uint8_t(h.talon);
  h.steps.push_back(s);
  b.taken = true;
}

// Ends the bout (after its take, if taken): the decision, the refill, the
// next bout. False when the refill ends the game: no info follows that.
bool end(History& h) {
  BoutRec& b = h.bouts.back();
  const Seat a = b.attacker, d = other(a);
  Step s{};
  s.kind = StepKind::kEnd;
  s.seat = a;
  if (b.taken) {
    s.decides = true;
    s.options = b.n_att < b.cap ? rank_cards_of(b) : 0;
  } else if (!(h.counts[d] == 0 || b.n_att >= b.cap)) {
    s.decides = true;  // else the bout closes: nobody decides
    s.options = rank_cards_of(b);
  }
  s.held = h.held(a);
  s.talon = std::uint8_t(h.talon);
  s.taken = b.taken;
  const Cards table = b.cards();
  for (Cards t = table; t; t &= t - 1) h.where[lowest(t)] = b.taken ? std::int8_t(d) : kOnHeap;
  if (b.taken) h.counts[d] += count_of(table);
  for (Seat seat : {a, d}) {
    const int n = std::min(std::max(0, kHandSize - h.counts[seat]), h.talon);
    h.counts[seat] += n;
    s.drawn[seat] = std::uint8_t(n);
    if (n && h.talon == n) s.last = seat;
    h.talon -= n;
  }
  b.end = int(h.steps.size());
  h.steps.push_back(s);
  if (h.talon == 0 && (h.counts[kP1] == 0 || h.counts[kP2] == 0)) return false;
  const Seat next = b.taken ? a : d;
  BoutRec n;
  n.attacker = next;
  n.cap = std::uint8_t(std::min(kHandSize, h.counts[other(next)]));
  h.bouts.push_back(n);
  return true;
}

bool ranked(const BoutRec& b, Card card) noexcept { return (rank_cards_of(b) & bit(card)) != 0; }

}  // namespace

Cards BoutRec::cards() const noexcept {
  Cards out = 0;
  for (int i = 0; i < n_att; ++i) out |= bit(attacks[i]);
  for (int i = 0; i < n_beat; ++i) out |= bit(beats[i]);
  return out;
}

History::History() noexcept {
  std::fill(std::begin(where), std::end(where), kNeverPlayed);
  std::fill(std::begin(first_seat), std::end(first_seat), kNoSeat);
  std::fill(std::begin(first_step), std::end(first_step), 0);
}

Cards History::held(Seat seat) const noexcept {
  Cards out = 0;
  for (int c = 1; c <= kPackSize; ++c)
    if (where[c] == seat) out |= bit(Card(c));
  return out;
}

History start(const Told& told) {
  History h;
  BoutRec first;
  first.attacker = told.n_played ? told.played[0].seat : told.bout.attacker;
  first.cap = kHandSize;
  h.bouts.push_back(first);
  return h;
}

int after(History& h, const Told& told, const Play& p, History* other, Budget& budget) {
  const Seat seat = p.seat;
  const Card card = p.card;
  BoutRec& b = h.bouts.back();
  const Seat a = b.attacker, d = durak::other(a);
  if (!p.attack) {
    if (b.taken || b.n_beat >= b.n_att || seat != d) return 0;
    if (!beats(card, b.attacks[b.n_beat], told.trump)) return 0;
    return play(h, told, seat, false, card) ? 1 : 0;
  }
  if (b.n_att == 0) return seat == a && play(h, told, seat, true, card) ? 1 : 0;
  if (b.n_beat == b.n_att) {  // every attack beaten: a throw-in, or a new bout
    if (seat == a) {
      const bool closed = h.counts[d] == 0 || b.n_att >= b.cap;
      return !closed && ranked(b, card) && play(h, told, seat, true, card) ? 1 : 0;
    }
    return end(h) && play(h, told, seat, true, card) ? 1 : 0;
  }
  if (seat != a) return 0;
  if (!b.taken) take(h, told);
  const BoutRec& now = h.bouts.back();
  if (now.n_att < now.cap && ranked(now, card)) {
    budget.work += h.steps.size();
    *other = h;
    const bool piled = play(h, told, seat, true, card);
    const bool opened = end(*other) && play(*other, told, seat, true, card);
    if (piled && opened) return 2;
    if (opened) h = std::move(*other);
    return piled || opened ? 1 : 0;
  }
  return end(h) && play(h, told, seat, true, card) ? 1 : 0;
}

bool close(History& h, const Told& told) {
  const Bout& want = told.bout;
  if (want.n_att == 0) {
    BoutRec& b = h.bouts.back();
    if (b.n_att) {
      if (b.n_beat < b.n_att && !b.taken) take(h, told);
      if (!end(h)) return false;
    }
    if (want.taken || h.bouts.back().attacker != want.attacker) return false;
  } else {
    BoutRec& b = h.bouts.back();
    if (b.attacker != want.attacker || b.n_att != want.n_att || b.n_beat != want.n_beat)
      return false;
    if (!std::equal(b.attacks, b.attacks + b.n_att, want.attacks) ||
        !std::equal(b.beats, b.beats + b.n_beat, want.beats))
      return false;
    if (want.taken && !b.taken) {
      if (b.n_beat == b.n_att) return false;
      take(h, told);
    }
    if (h.bouts.back().taken && !want.taken) return false;
  }
  Cards heap = 0;
  for (int c = 1; c <= kPackSize; ++c)
    if (h.where[c] == kOnHeap) heap |= bit(Card(c));
  return h.bouts.back().cap == want.cap && h.counts[0] == told.counts[0] &&
         h.counts[1] == told.counts[1] && h.talon == told.talon && heap == told.discarded;
}

}  // namespace trumpf::durak::reach
