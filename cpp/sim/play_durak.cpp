#include "sim/play_durak.hpp"

#include <string>

#include "durak/game.hpp"
#include "durak/info.hpp"
#include "players/players.hpp"
#include "sim/scheme.hpp"
#include "sim/stream.hpp"

namespace trumpf::sim {

TRUMPF_FLATTEN void play_durak_game(const Spec& spec, std::uint64_t i, std::uint64_t row,
                                    const Columns& out) noexcept {
  // Player A sits in seat 1 in even games; the cards decide who attacks first.
  const durak::Seat seat_a = durak::Seat(seat_of_a(i));  // sim/scheme.hpp
  Stream streams[2] = {Stream(spec.key, i, 0), Stream(spec.key, i, 1)};
  // A level-1 bot hashes its seed with the seat and ply; each player of each
  // game gets its own seed, "<game>:<player>", so no two games share choices.
  const std::string bot_seed[2] = {std::to_string(i) + ":0", std::to_string(i) + ":1"};
  players::Context context[2];
  bool keep_shown = false;
  for (int p = 0; p < 2; ++p) {
    context[p].stream = &streams[p];
    context[p].bot_seed = bot_seed[p];
    context[p].expert = spec.expert;
    context[p].stop = spec.stop;
    if (players::needs_seed(spec.players[p]))
      context[p].expert_seed = players::expert_seed_of(spec.seed, i, p);
    keep_shown |= players::needs_shown(spec.players[p]);
  }

  durak::GameState s;
  durak::Shown shown{};
  durak::deal_game(spec.seed, i + 1, s);
  std::int32_t played = 0;
  while (!durak::is_over(s)) {
    const durak::Seat seat = durak::turn_of(s);
    const int player = seat == seat_a ? 0 : 1;
    const durak::Move m =
        players::choose_durak(spec.players[player], s, shown, seat, context[player]);
    if (keep_shown) {
      const durak::GameState before = s;
      durak::apply_legal(s, seat, m, nullptr);
      durak::shown_update(shown, before, seat, m, s);
    } else {
      durak::apply_legal(s, seat, m, nullptr);
    }
    ++played;
  }
  const durak::Seat fool = durak::fool_of(s);
  const bool fooled = fool != durak::kNoSeat;
  out.winner[row] = fooled ? std::int8_t(fool == seat_a ? 1 : 0) : -1;
  out.fool[row] = fooled ? std::int8_t(fool == seat_a ? 0 : 1) : -1;
  out.how[row] = std::int8_t(int(durak::outcome_of(s)) - 1);
  out.game_points[row] = fooled ? 1 : 0;
  out.points[2 * row] = out.points[2 * row + 1] = 0;
  out.tricks[2 * row] = out.tricks[2 * row + 1] = 0;
  out.seat_a[row] = std::int8_t(durak::seat_number(seat_a));
  out.dealer[row] = 0;
  out.deals[row] = 1;
  out.bouts[row] = std::int16_t(durak::bouts_played(s));
  out.moves[row] = played;
}

}  // namespace trumpf::sim
