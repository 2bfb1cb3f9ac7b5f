#include "rl/players.hpp"

#include "schnapsen/bot.hpp"
// Durak's bots have their own header once the Durak engine is split (issue 9);
// until then game.hpp declares them.
#if __has_include("durak/bot.hpp")
#include "durak/bot.hpp"
#endif

namespace trumpf::rl {

schnapsen::Move choose_schnapsen(Player player, const schnapsen::DealState& s, schnapsen::Seat seat,
                                 const PlayerContext& context) noexcept {
  switch (player) {
    case Player::kRandom: {
      schnapsen::Move moves[schnapsen::kMaxMoves];
      const int n = schnapsen::legal_moves(s, seat, moves);
      return moves[context.stream->below(std::uint32_t(n))];
    }
    case Player::kBot1:
      return schnapsen::bot_choose(s, seat, 1);
    default:
      return schnapsen::bot_choose(s, seat, 2);
  }
}

durak::Move choose_durak(Player player, const durak::GameState& s, int seat,
                         const PlayerContext& context) noexcept {
  switch (player) {
    case Player::kRandom: {
      durak::Move moves[durak::kMaxMoves];
      const int n = durak::legal_moves(s, seat, moves);
      return moves[context.stream->below(std::uint32_t(n))];
    }
    case Player::kBot1:
      return durak::bot_choose(s, seat, 1, durak::bot_word(context.bot_seed, seat, s.ply));
    case Player::kBot2:
      return durak::bot_choose(s, seat, 2, 0);
    default:
      return durak::bot_choose(s, seat, 3, 0);
  }
}

}  // namespace trumpf::rl
