#include "schnapsen/reach_plan.hpp"

#include <algorithm>

#include "common/bits.hpp"

namespace trumpf::schnapsen::reach {

namespace {

class Planner {
 public:
  Planner(const Course& c, Timing timing, Card up, bool melds_after_close) noexcept
      : c_(c), i_(*c.info), timing_(timing), up_(up), after_(melds_after_close) {}

  bool plan(Plan* out) noexcept {
    if (!holdings() || !slots_of(c_.seat) || !slots_of(c_.o)) return false;
    if (!place(c_.seat, true) || !place(c_.o, false)) return false;
    return assemble(out) && moves(out);
  }

 private:
  const Course& c_;
  const InfoSet& i_;
  Timing timing_;
  Card up_;
  bool after_;
  int deadline_[2][kTokens];
  bool has_[2][kTokens] = {};
  bool pinned_[2][kTokens] = {};
  Key pin_[2][kTokens];
  Slot slots_[2][kMaxSlots];
  int n_slots_[2] = {0, 0};
  std::uint32_t hidden_ = 0;

  void hold(Seat s, int token, int due) noexcept {
    if (!has_[s][token] || due < deadline_[s][token]) deadline_[s][token] = due;
    has_[s][token] = true;
  }

  bool holdings() noexcept {
    const bool exchanged = i_.n_exchanges > 0 && timing_.any;
    if (exchanged) {
      pinned_[i_.exchanges[0].seat][i_.exchanges[0].took] = true;
      pin_[i_.exchanges[0].seat][i_.exchanges[0].took] = Key{timing_.moment, 1};
    }
    const Seat drawer = c_.drawer();
    if (drawer != kNoSeat) {
      if (!up_) return false;
      pinned_[drawer][up_] = true;
      pin_[drawer][up_] = Key{c_.half, 0};
    }
    for (int s = 0; s < 2; ++s)
      for (int k = 0; k < c_.n_plays[s]; ++k) hold(Seat(s), c_.play_c[s][k], c_.play_t[s][k] - 1);
    for (int k = 0; k < i_.n_melds; ++k) {
      const Meld& m = i_.melds[k];
      hold(m.seat, card_of(m.suit & 3, kRankKing), c_.meld_at[k] - 1);
      hold(m.seat, card_of(m.suit & 3, kRankQueen), c_.meld_at[k] - 1);
    }
    if (exchanged) hold(i_.exchanges[0].seat, kLowFirst, timing_.moment);
    // The other hand: known, and enough unseen cards its follows allow.
    const int need = int(i_.counts[c_.o]) - bits::popcount(i_.known);
    const std::uint32_t allowed = i_.unseen & ~i_.lacks;
    int got = 0;
    for (int pass = 0; pass < 2 && got < need; ++pass)
      for (Card card = 1; card <= 24 && got < need; ++card)
        if ((allowed & bit(card)) && (card == c_.low) == (pass == 1)) {
          hidden_ |= bit(card);
          ++got;
        }
    if (need < 0 || got != need) return false;
    for (Card card = 1; card <= 24; ++card) {
      if ((i_.known | hidden_) & bit(card)) hold(c_.o, card, kInf);
      if (i_.hand & bit(card)) hold(c_.seat, card, kInf);
    }
    // A pinned card came at its moment: nothing can have needed it before,
    // and it takes no other place.
    for (int s = 0; s < 2; ++s)
      for (int t = 1; t <= 24; ++t)
        if (pinned_[s][t]) {
          if (has_[s][t] && deadline_[s][t] < pin_[s][t].moment) return false;
          has_[s][t] = false;
        }
    return true;
  }

  bool slots_of(Seat s) noexcept {
    int& k = n_slots_[s];
    for (int d = 0; d < c_.h; ++d) slots_[s][k++] = Slot{Key{0, -1}, 0};
    for (int r = 1; r <= c_.rounds; ++r) slots_[s][k++] = Slot{Key{r, 0}, 0};
    for (int t = 1; t <= 24; ++t) {
      if (!pinned_[s][t]) continue;
      if (pin_[s][t].sub == 1) {
        if (k >= kMaxSlots) return false;
        slots_[s][k++] = Slot{pin_[s][t], t};
        continue;
      }
      bool found = false;
      for (int j = 0; j < k && !found; ++j)
        if (slots_[s][j].key.moment == pin_[s][t].moment && slots_[s][j].key.sub == 0 &&
            !slots_[s][j].token) {
          slots_[s][j].token = t;
          found = true;
        }
      if (!found) return false;
    }
    std::sort(slots_[s], slots_[s] + k,
              [](const Slot& a, const Slot& b) { return before(a.key, b.key); });
    return true;
  }

  // Each card the seat held goes to a slot: the hand's cards (in order of
  // arrival) latest first, then the rest by earliest deadline.
  bool place(Seat s, bool ordered) noexcept {
    Slot* slots = slots_[s];
    const int n = n_slots_[s];
    bool in_hand[kTokens] = {};
    if (ordered) {
      Key limit{kInf, 0};
      for (int k = i_.hand_n - 1; k >= 0; --k) {
        const Card card = i_.hand_cards[k];
        if (card < 1 || card > 24) return false;
        in_hand[card] = true;
        if (pinned_[s][card]) {
          const Key key = pin_[s][card];
          if (!before(key, limit)) return false;
          limit = key;
          continue;
        }
        const int due = has_[s][card] ? deadline_[s][card] : kInf;
        int chosen = -1;
        for (int j = 0; j < n; ++j)
          if (!slots[j].token && slots[j].key.moment <= due &&
              (before(slots[j].key, limit) || (dealt(slots[j].key) && dealt(limit))))
            chosen = j;
        if (chosen < 0) return false;
        slots[chosen].token = card;
        limit = slots[chosen].key;
      }
    }
    int rest[kTokens], n_rest = 0;
    for (int t = 1; t < kTokens; ++t)
      if (has_[s][t] && !in_hand[t]) rest[n_rest++] = t;
    std::sort(rest, rest + n_rest, [&](int a, int b) {
      return deadline_[s][a] != deadline_[s][b] ? deadline_[s][a] < deadline_[s][b] : a < b;
    });
    int k = 0;
    for (int j = 0; j < n; ++j) {
      if (slots[j].token) continue;
      if (k >= n_rest || slots[j].key.moment > deadline_[s][rest[k]]) return false;
      slots[j].token = rest[k++];
    }
    return k == n_rest;
  }

  Card card_of_token(int token) const noexcept { return token == kLowFirst ? c_.low : Card(token); }

  bool assemble(Plan* p) noexcept {
    const Variant& v = variant_of(i_.rules.base);
    const int stock = 2 * c_.half;
    Card hands[2][6];
    for (int s = 0; s < 2; ++s) {
      int k = 0;
      Card kept[6];
      int n_kept = 0;
      for (int j = 0; j < n_slots_[s]; ++j) {
        if (!dealt(slots_[s][j].key)) continue;
        const Card card = card_of_token(slots_[s][j].token);
        if (Seat(s) == c_.seat && (i_.hand & bit(card)) && slots_[s][j].token != kLowFirst)
          continue;  // kept in hand: dealt in hand order, below
        if (k >= 6) return false;
        hands[s][k++] = card;
      }
      if (Seat(s) == c_.seat)
        for (int j = 0; j < i_.hand_n; ++j)
          for (int q = 0; q < n_slots_[s]; ++q)
            if (dealt(slots_[s][q].key) && slots_[s][q].token == i_.hand_cards[j])
              kept[n_kept++] = i_.hand_cards[j];
      for (int j = 0; j < n_kept; ++j) {
        if (k >= 6) return false;
        hands[s][k++] = kept[j];
      }
      if (k != c_.h) return false;
    }
    Card talon[24] = {};
    std::uint32_t used = 0;
    for (int s = 0; s < 2; ++s)
      for (int j = 0; j < n_slots_[s]; ++j) {
        const Slot& slot = slots_[s][j];
        if (slot.key.sub != 0 || slot.key.moment < 1) continue;
        const int r = slot.key.moment;
        const bool first_drawer = c_.tricks[r - 1].winner == Seat(s);
        const int at = 2 * (r - 1) + (first_drawer ? 0 : 1);
        if (at >= stock - 1) continue;  // the turn-up: the order's last card
        talon[at] = card_of_token(slot.token);
        used |= bit(talon[at]);
      }
    Card turn_up = i_.n_exchanges ? i_.exchanges[0].took : i_.turn_up ? i_.turn_up : up_;
    if (!turn_up) return false;
    Card rest = 1;
    for (int at = 0; at < stock - 1; ++at) {
      if (talon[at]) continue;
      while (rest <= 24 && !((i_.unseen & ~hidden_ & ~used) & bit(rest))) ++rest;
      if (rest > 24) return false;
      talon[at] = rest++;
    }
    int k = 0;
    const Seat dealer = i_.dealer;
    for (int j = 0; j < c_.h; ++j) p->order[k++] = hands[c_.first][j];
    for (int j = 0; j < c_.h; ++j) p->order[k++] = hands[dealer][j];
    for (int j = 0; j < stock - 1; ++j) p->order[k++] = talon[j];
    p->order[k++] = turn_up;
    p->n_order = k;
    return k == v.deck_size;
  }

  bool push(Plan* p, Seat s, Move m) noexcept {
    if (p->n_steps >= kMaxSteps) return false;
    p->steps[p->n_steps++] = Step{s, m};
    return true;
  }

  bool moves(Plan* p) noexcept {
    p->n_steps = 0;
    const bool by_lead = i_.rules.marriage_by_lead;
    for (int moment = 0; moment <= c_.n; ++moment) {
      const Seat x = c_.leader_at(moment);
      const bool pending = c_.choice && moment >= 1 && moment <= c_.half &&
                           (c_.close_at < 0 || moment <= c_.close_at);
      if (pending) {
        if (c_.pending_close && moment == c_.close_at) {
          if (!push(p, x, Move{MoveKind::kClose, 0})) return false;
        } else if (moment <= c_.rounds) {
          if (!push(p, x, Move{MoveKind::kDraw, 0})) return false;
        } else {
          break;  // the draw waits now
        }
      }
      if (timing_.any && timing_.moment == moment && !timing_.table)
        if (!push(p, x, Move{MoveKind::kExchange, 0})) return false;
      int meld = -1;
      for (int k = 0; k < i_.n_melds; ++k)
        if (c_.meld_at[k] == moment + 1) meld = k;
      const bool closing = c_.close_at == moment && !c_.pending_close;
      const Card led = moment < c_.n ? c_.tricks[moment].lead : i_.lead;
      if (closing && after_ && !push(p, x, Move{MoveKind::kClose, 0})) return false;
      if (meld >= 0) {
        const Move m{MoveKind::kMarriage, std::uint8_t(i_.melds[meld].suit & 3),
                     by_lead ? led : kNoCard};
        if (!push(p, x, m)) return false;
      }
      if (closing && !after_ && !push(p, x, Move{MoveKind::kClose, 0})) return false;
      if (led && !(meld >= 0 && by_lead) && !push(p, x, Move{MoveKind::kLead, led})) return false;
      if (moment < c_.n && !push(p, other(x), Move{MoveKind::kFollow, c_.tricks[moment].follow}))
        return false;
    }
    return true;
  }
};

}  // namespace

bool plan_deal(const Course& c, Timing timing, Card up, bool melds_after_close,
               Plan* out) noexcept {
  Planner planner(c, timing, up, melds_after_close);
  return planner.plan(out);
}

}  // namespace trumpf::schnapsen::reach
