#include "durak/bot.hpp"

#include <cstdio>
#include <string>

#include "common/shuffle.hpp"
#include "durak/search.hpp"

namespace trumpf::durak {

std::uint32_t bot_word(std::string_view bot_seed, Seat seat, std::uint64_t ply) {
  char suffix[48];
  const int m =
      std::snprintf(suffix, sizeof suffix, ":%d:%llu", seat_number(seat), (unsigned long long)ply);
  const std::string_view tail(suffix, std::size_t(m));
  char buf[512];
  if (bot_seed.size() + tail.size() <= sizeof buf) {
    bot_seed.copy(buf, bot_seed.size());
    tail.copy(buf + bot_seed.size(), tail.size());
    return first_word_of(std::string_view(buf, bot_seed.size() + tail.size()));
  }
  std::string text;
  text.reserve(bot_seed.size() + tail.size());
  text.append(bot_seed).append(tail);
  return first_word_of(text);
}

Move choose(const SeatView& v, int level, std::uint32_t word) noexcept {
  return choose_move(v.legal, v.n_legal, v.hand, v.trump, v.talon, v.bout.n_att,
                     v.phase == Phase::kDefend, level, word);
}

Move bot_choose(const GameState& s, Seat seat, int level, std::uint32_t word) noexcept {
  Move legal[kMaxMoves];
  const int n = legal_moves(s, seat, legal);
  return choose_move(legal, n, s.hand(seat), s.trump, s.talon_left(), s.bout.n_att,
                     phase_of(s) == Phase::kDefend, level, word);
}

}  // namespace trumpf::durak
