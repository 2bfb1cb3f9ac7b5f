#include "sim/play_durak.hpp"

#include <string>

#include "durak/bot.hpp"
#include "durak/game.hpp"
#include "sim/stream.hpp"

namespace trumpf::sim {

TRUMPF_FLATTEN void play_durak_game(const Spec& spec, std::uint64_t i, std::uint64_t row,
                                    const Columns& out) noexcept {
  // Player A sits in seat 1 in even games; the cards decide who attacks first.
  const int seat_a = 1 + int(i & 1);
  Stream streams[2] = {Stream(spec.key, i, 0), Stream(spec.key, i, 1)};
  // A level-1 bot hashes its seed with the seat and ply; each player of each
  // game gets its own seed, "<game>:<player>", so no two games share choices.
  const std::string bot_seed[2] = {std::to_string(i) + ":0", std::to_string(i) + ":1"};

  durak::GameState s;
  durak::deal_game(spec.seed, i + 1, s);
  durak::Move moves[durak::kMaxMoves];
  std::int32_t played = 0;
  while (!durak::is_over(s)) {
    const int seat = durak::turn_of(s);
    const int player = seat == seat_a ? 0 : 1;
    durak::Move m;
    switch (spec.players[player]) {
      case Policy::kRandom: {
        int n = durak::legal_moves(s, seat, moves);
        m = moves[streams[player].below(std::uint32_t(n))];
        break;
      }
      case Policy::kBot1:
        m = durak::bot_choose(s, seat, 1, durak::bot_word(bot_seed[player], seat, s.ply));
        break;
      case Policy::kBot2:
        m = durak::bot_choose(s, seat, 2, 0);
        break;
      case Policy::kBot3:
        m = durak::bot_choose(s, seat, 3, 0);
        break;
    }
    durak::apply_legal(s, seat, m, nullptr);
    ++played;
  }
  const int fool = durak::fool_of(s);
  out.winner[row] = fool == 0 ? -1 : std::int8_t(fool == seat_a ? 1 : 0);
  out.fool[row] = fool == 0 ? -1 : std::int8_t(fool == seat_a ? 0 : 1);
  out.how[row] = std::int8_t(int(durak::outcome_of(s)) - 1);
  out.game_points[row] = fool == 0 ? 0 : 1;
  out.points[2 * row] = out.points[2 * row + 1] = 0;
  out.tricks[2 * row] = out.tricks[2 * row + 1] = 0;
  out.seat_a[row] = std::int8_t(seat_a);
  out.dealer[row] = 0;
  out.deals[row] = 1;
  out.bouts[row] = std::int16_t(durak::bouts_played(s));
  out.moves[row] = played;
}

}  // namespace trumpf::sim
