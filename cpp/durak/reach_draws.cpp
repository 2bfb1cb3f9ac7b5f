#include "durak/reach_draws.hpp"

#include <algorithm>
#include <unordered_map>

#include "common/bits.hpp"
#include "durak/reach_history.hpp"

namespace trumpf::durak::reach {

namespace {

struct Search {
  std::vector<int> ticks;  // the slots' ticks, then kNever
  std::vector<int> sizes;  // cards drawn at each slot
  std::vector<Events> stage, later;
  // The cards by (leave, id): a set of them, read from its low bit, runs
  // earliest leaver first.
  std::vector<Card> card;
  std::vector<int> leave, power;
  std::vector<bool> pooled;
  std::vector<Events> could;
  std::uint64_t held = 0, everything = 0;
  struct Key {
    std::uint64_t slot, low, high, named;
    bool operator==(const Key& o) const noexcept {
      return slot == o.slot && low == o.low && high == o.high && named == o.named;
    }
  };
  struct Hash {
    std::size_t operator()(const Key& k) const noexcept {
      std::uint64_t h = k.slot * 0x9E3779B97F4A7C15ULL;
      for (std::uint64_t w : {k.low, k.high, k.named}) h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
      return std::size_t(h ^ h >> 31);
    }
  };
  static inline const Events kLow = Events(~std::uint64_t(0));
  std::unordered_map<Key, Values, Hash> memo;
  bool spent = false;

  struct Group {
    Events covers;
    bool pooled;
    int flag;  // 2: the lowest trump dealt; 1: a trump below it; 0 else
    std::uint64_t members;
    int low, high;
  };

  // Calls each(left, covered) for every draw at slot j from (undrawn,
  // covered). At the deal, `lowest` is the power of the lowest trump dealt.
  template <class Each>
  void draws(std::size_t j, std::uint64_t undrawn, const Events& covered, int lowest, Each each) {
    const int tick = ticks[j];
    const int k = sizes[j];
    const bool last = j + 1 == sizes.size();
    const int next = ticks[j + 1];
    const Events live = later[j] & ~covered;
    std::vector<Group> groups;
    for (std::uint64_t rest = undrawn; rest; rest &= rest - 1) {
      const int i = bits::lowest_bit(rest);
      if (leave[std::size_t(i)] <= tick) return;  // played before this draw: never drawn
      const int w = power[std::size_t(i)];
      const int flag = lowest >= 0 && w >= 0 && w <= lowest ? (w == lowest ? 2 : 1) : 0;
      const Events covers = could[std::size_t(i)] & live;
      Group* g = nullptr;
      for (Group& x : groups)
        if (x.covers == covers && x.pooled == pooled[std::size_t(i)] && x.flag == flag) g = &x;
      if (!g) {
        groups.push_back(Group{covers, pooled[std::size_t(i)], flag, 0, 0, 0});
        g = &groups.back();
      }
      g->members |= std::uint64_t(1) << i;
      if (!pooled[std::size_t(i)] && (last || leave[std::size_t(i)] < next)) ++g->low;
    }
    for (Group& g : groups) {
      g.high = bits::popcount(g.members);
      if (g.flag == 2) g.low = g.high;
      if (g.flag == 1) g.high = 0;
      if (g.low > g.high) return;
    }
    std::vector<int> rest_low(groups.size() + 1, 0), rest_high(groups.size() + 1, 0);
    for (std::size_t i = groups.size(); i-- > 0;) {
      rest_low[i] = rest_low[i + 1] + groups[i].low;
      rest_high[i] = rest_high[i + 1] + groups[i].high;
    }
    if (k < rest_low[0] || k > rest_high[0]) return;
    fill(groups, rest_low, rest_high, 0, k, 0, covered, undrawn, each);
  }

  template <class Each>
  void fill(const std::vector<Group>& groups, const std::vector<int>& rest_low,
            const std::vector<int>& rest_high, std::size_t i, int left, std::uint64_t drawn,
            const Events& now, std::uint64_t undrawn, Each& each) {
    if (i == groups.size()) {
      each(undrawn & ~drawn, now);
      return;
    }
    const Group& g = groups[i];
    std::uint64_t group = g.members, taken = 0;
    for (int n = 0; n <= std::min(g.high, left); ++n) {
      if (n) {
        const std::uint64_t low = group & (~group + 1);
        group ^= low;
        taken |= low;
      }
      const int rest = left - n;
      if (n >= g.low && rest_low[i + 1] <= rest && rest <= rest_high[i + 1])
        fill(groups, rest_low, rest_high, i + 1, rest, drawn | taken, n ? now | g.covers : now,
             undrawn, each);
    }
  }

  // The state as the future sees it: the events covered, and which cards are
  // undrawn up to trading cards alike (what they could still cover, pooled,
  // when they leave), those named by the first of their kind.
  Key key_of(std::size_t j, std::uint64_t undrawn, const Events& covered) const {
    const Events live = later[j + 1] & ~covered;
    const std::size_t n = card.size();
    Events sig[64];
    std::uint64_t named = 0, done = 0;
    for (std::size_t i = 0; i < n; ++i) sig[i] = could[i] & live;
    for (std::size_t i = 0; i < n; ++i) {
      if (done >> i & 1) continue;
      // The kind of card i: it and every later card alike, in index order.
      int left = 0;
      std::uint64_t members = 0;
      for (std::size_t m = i; m < n; ++m)
        if (!(done >> m & 1) && sig[m] == sig[i] && pooled[m] == pooled[i] &&
            leave[m] == leave[i]) {
          members |= std::uint64_t(1) << m;
          left += int(undrawn >> m & 1);
        }
      done |= members;
      for (; left > 0; --left) {
        const std::uint64_t first = members & (~members + 1);
        named |= first;
        members ^= first;
      }
    }
    const Events now = covered & later[j];
    return Key{std::uint64_t(j), (now & kLow).to_ullong(), (now >> 64).to_ullong(), named};
  }

  Values values(std::size_t j, std::uint64_t undrawn, const Events& covered) {
    const Key key = key_of(j, undrawn, covered);
    const auto found = memo.find(key);
    if (found != memo.end()) return found->second;
    if (spent) return Values();
    const int here = int((covered & stage[j]).count());
    Values out;
    if (j + 1 == sizes.size()) {
      if (!(undrawn & held)) out.set(std::size_t(here));
    } else {
      draws(j + 1, undrawn, covered, -1,
            [&](std::uint64_t left, const Events& now) { out |= values(j + 1, left, now); });
      out <<= std::size_t(here);
    }
    memo.emplace(key, out);
    if (memo.size() > kMaxStates) spent = true;
    return out;
  }
};

int stage_of(const std::vector<int>& ticks, int tick) noexcept {
  int s = 0;
  for (std::size_t j = 0; j + 1 < ticks.size(); ++j)
    if (ticks[j] < tick) s = int(j);
  return s;
}

}  // namespace

bool seat_values(const SeatPlan& p, Values out[kNoTrump + 1]) {
  for (int w = 0; w <= kNoTrump; ++w) out[w].reset();
  Search s;
  for (const auto& [tick, n] : p.slots) {
    s.ticks.push_back(tick);
    s.sizes.push_back(n);
  }
  s.ticks.push_back(kNever);
  const std::size_t slots = p.slots.size();
  // The decisions every order of draws covers are fixed: a card that must be
  // drawn by the decision's stage (it leaves in that stage, or it is still
  // held and there is no later draw) is in the hand then.
  int fixed = p.fixed;
  std::vector<std::pair<int, Cards>> events;
  for (const auto& [tick, options] : p.events) {
    const int st = stage_of(s.ticks, tick);
    bool due = false;
    for (const auto& [card, leave] : p.cards)
      if (options & bit(card) && tick < leave &&
          (leave == kNever ? st == int(slots) - 1 : stage_of(s.ticks, leave) == st))
        due = true;
    if (due)
      ++fixed;
    else
      events.emplace_back(tick, options);
  }
  if (events.size() > std::size_t(kMaxEvents) || fixed + int(events.size()) > kMaxDecisions)
    return false;
  s.stage.assign(slots, Events());
  s.later.assign(slots + 1, Events());
  for (std::size_t e = 0; e < events.size(); ++e)
    s.stage[std::size_t(stage_of(s.ticks, events[e].first))].set(e);
  for (std::size_t j = slots; j-- > 0;) s.later[j] = s.later[j + 1] | s.stage[j];
  struct Entry {
    int leave;
    Card card;
    bool pooled;
  };
  std::vector<Entry> cards;
  for (const auto& [card, leave] : p.cards) cards.push_back({leave, card, false});
  for (Card c : p.pool) cards.push_back({kNever, c, true});
  if (cards.size() > 64) return false;
  std::sort(cards.begin(), cards.end(), [](const Entry& a, const Entry& b) {
    return a.leave != b.leave ? a.leave < b.leave : a.card < b.card;
  });
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Entry& c = cards[i];
    s.card.push_back(c.card);
    s.leave.push_back(c.leave);
    s.pooled.push_back(c.pooled);
    s.power.push_back(suit_of(c.card) == p.trump ? power_of(c.card) : -1);
    Events could;
    for (std::size_t e = 0; e < events.size(); ++e)
      if (events[e].first < c.leave && events[e].second & bit(c.card)) could.set(e);
    s.could.push_back(could);
    s.everything |= std::uint64_t(1) << i;
    if (!c.pooled) s.held |= std::uint64_t(1) << i;
  }
  // Each power a seat's trump has, then none: the lowest trump dealt.
  std::vector<int> lowests;
  for (int w : s.power)
    if (w >= 0) lowests.push_back(w);
  std::sort(lowests.begin(), lowests.end());
  lowests.erase(std::unique(lowests.begin(), lowests.end()), lowests.end());
  lowests.push_back(kNoTrump);
  for (int low : lowests) {
    Values v;
    s.draws(0, s.everything, Events(), low,
            [&](std::uint64_t left, const Events& now) { v |= s.values(0, left, now); });
    if (s.spent) return false;
    out[low] = v << std::size_t(fixed);
  }
  return true;
}

}  // namespace trumpf::durak::reach
