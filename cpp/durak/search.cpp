#include "durak/search.hpp"

#include <cstdio>

#include "common/shuffle.hpp"

namespace trumpf::durak {

std::uint32_t bot_word(std::string_view bot_seed, int seat, int ply) noexcept {
  char buf[512];
  std::size_t n = bot_seed.size();
  if (n > 480) n = 480;  // a longer seed would not fit; see the binding, which hashes any length
  for (std::size_t i = 0; i < n; ++i) buf[i] = bot_seed[i];
  int m = std::snprintf(buf + n, sizeof buf - n, ":%d:%d", seat, ply);
  return first_word_of(std::string_view(buf, n + std::size_t(m)));
}

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
  const Move* take = nullptr;
  const Move* done = nullptr;
  const Move* best = nullptr;
  int best_cost = 0;
  for (int i = 0; i < n; ++i) {
    const Move& m = legal[i];
    if (m.kind == Kind::kSwap) return m;
    if (m.kind == Kind::kTake) take = &m;
    if (m.kind == Kind::kDone) done = &m;
    if (m.kind == Kind::kAttack || m.kind == Kind::kBeat) {
      int c = search_cost(m.card, hand, trump, level, !defending);
      if (!best || c < best_cost || (c == best_cost && m.card < best->card)) {
        best = &m;
        best_cost = c;
      }
    }
  }
  if (defending) {
    if (best && level >= 3 && take && suit_of(best->card) == trump && power_of(best->card) > 3 &&
        talon_left > 6 && bout_attacks <= 2)
      return *take;
    if (best) return *best;
    return take ? *take : Move{};
  }
  if (best) return *best;
  return done ? *done : Move{};
}

}  // namespace trumpf::durak
