#include "durak/search.hpp"

namespace trumpf::durak {

int search_cost(Card c, Cards hand, int trump, int level, bool attacking) noexcept {
  int v = power_of(c) + (suit_of(c) == trump ? 20 : 0);
  if (count_of(hand & rank_cards(rank_index_of(c))) >= 2) v += (level >= 3 && attacking) ? -2 : 1;
  return v;
}

Move choose_move(const Move* legal, int n, Cards hand, int trump, int talon_left, int bout_attacks,
                 bool defending, int level, std::uint32_t word) noexcept {
  if (n <= 0) return Move{};
  if (level <= 1) return legal[word % std::uint32_t(n)];
  if (level > 3) level = 3;
  for (int i = 0; i < n; ++i)
    if (legal[i].kind == Kind::kSwap) return legal[i];
  // The cheapest card of the kind this side plays, ties to the lower id.
  const Kind kind = defending ? Kind::kBeat : Kind::kAttack;
  Card best = 0;
  int best_cost = 0;
  for (int i = 0; i < n; ++i) {
    if (legal[i].kind != kind) continue;
    const Card c = legal[i].card;
    const int cost = search_cost(c, hand, trump, level, !defending);
    if (!best || cost < best_cost || (cost == best_cost && c < best)) {
      best = c;
      best_cost = cost;
    }
  }
  if (!defending) return best ? Move{Kind::kAttack, best} : Move{Kind::kDone, 0};
  if (!best) return Move{Kind::kTake, 0};
  if (level >= 3 && suit_of(best) == trump && power_of(best) > 3 && talon_left > 6 &&
      bout_attacks <= 2)
    return Move{Kind::kTake, 0};
  return Move{Kind::kBeat, best};
}

}  // namespace trumpf::durak
