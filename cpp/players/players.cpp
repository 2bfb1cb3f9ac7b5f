#include "players/players.hpp"

#include <memory>
#include <string>

#include "common/sha256.hpp"
#include "durak/bot.hpp"
#include "durak/expert.hpp"
#include "schnapsen/bot.hpp"
#include "schnapsen/expert.hpp"

namespace trumpf::players {

namespace {

// Room for the legal moves, left uninitialised on purpose: legal_moves
// writes the first n, and the random player's move is chosen every move of
// a random game (zeroing a Durak list of 40 cost 1% of a game).
template <class Move, int N>
union MoveList {
  Move m[N];
  MoveList() noexcept {}
};

// One expert a thread and family, built on first use: each owns a solver
// table, so threads never share one.
schnapsen::Expert& schnapsen_expert() {
  thread_local std::unique_ptr<schnapsen::Expert> e;
  if (!e) e = std::make_unique<schnapsen::Expert>();
  return *e;
}

durak::Expert& durak_expert() {
  thread_local std::unique_ptr<durak::Expert> e;
  if (!e) e = std::make_unique<durak::Expert>();
  return *e;
}

// The costly players stay out of line: the simulator's and the VectorEnv's
// play loops are flattened (TRUMPF_FLATTEN), and an inlined expert search
// made the random-play loop ten times its size and 10% slower a game
// (callgrind, against eee55ac).
[[gnu::noinline]] schnapsen::Move expert_move(Player player, const schnapsen::DealState& s,
                                              const schnapsen::Shown& shown, schnapsen::Seat seat,
                                              const Context& context) noexcept;
[[gnu::noinline]] schnapsen::Move expert_move(Player player, const schnapsen::MatchState& m,
                                              const schnapsen::Shown& shown, schnapsen::Seat seat,
                                              const Context& context) noexcept;
[[gnu::noinline]] durak::Move expert_move(const durak::GameState& s, const durak::Shown& shown,
                                          durak::Seat seat, const Context& context) noexcept;
[[gnu::noinline]] schnapsen::Move perfect_move(const schnapsen::DealState& s, Stop* stop) noexcept;
[[gnu::noinline]] durak::Move perfect_move(const durak::GameState& s,
                                           const Context& context) noexcept;

template <class Options>
Options options_of(const Context& c) noexcept {
  Options o;
  if (c.expert.samples) o.samples = c.expert.samples;
  if (c.expert.budget) o.budget = c.expert.budget;
  o.seed = c.expert_seed;
  o.stop = c.stop;
  return o;
}

schnapsen::Move expert_move(Player player, const schnapsen::DealState& s,
                            const schnapsen::Shown& shown, schnapsen::Seat seat,
                            const Context& context) noexcept {
  return expert_schnapsen(player, schnapsen::info_set(s, shown, seat), context);
}

schnapsen::Move expert_move(Player player, const schnapsen::MatchState& m,
                            const schnapsen::Shown& shown, schnapsen::Seat seat,
                            const Context& context) noexcept {
  return expert_schnapsen(player, schnapsen::info_set(m, shown, seat), context);
}

durak::Move expert_move(const durak::GameState& s, const durak::Shown& shown, durak::Seat seat,
                        const Context& context) noexcept {
  return expert_durak(durak::info_set(s, shown, seat), context);
}

schnapsen::Move perfect_move(const schnapsen::DealState& s, Stop* stop) noexcept {
  return schnapsen::perfect_choose(schnapsen_expert().solver(), s, stop);
}

durak::Move perfect_move(const durak::GameState& s, const Context& context) noexcept {
  return durak_expert().perfect(s, options_of<durak::ExpertOptions>(context));
}

}  // namespace

const Row* row_named(std::string_view name) noexcept {
  for (const Row& row : kPlayers)
    if (name == row.name) return &row;
  return nullptr;
}

const Row& row_of(Player player) noexcept {
  for (const Row& row : kPlayers)
    if (row.player == player) return row;
  return kPlayers[0];
}

std::uint64_t expert_seed_of(const std::uint8_t seed[32], std::uint64_t game, int player) noexcept {
  std::uint8_t message[80];
  for (int i = 0; i < 32; ++i) message[i] = seed[i];
  const std::string text = "expert:" + std::to_string(game) + ":" + std::to_string(player);
  for (std::size_t i = 0; i < text.size(); ++i) message[32 + i] = std::uint8_t(text[i]);
  const Digest d = sha256(message, 32 + text.size());
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | d[std::size_t(i)];
  return v >> 1;  // 63 bits: a Python caller passes it back as a non-negative int64
}

schnapsen::Move expert_schnapsen(Player player, const schnapsen::InfoSet& info,
                                 const Context& context) noexcept {
  schnapsen::ExpertOptions o = options_of<schnapsen::ExpertOptions>(context);
  o.match_aware = player == Player::kExpert && schnapsen::kMatchAware[info.rules.base];
  return schnapsen_expert().choose(info, o);
}

durak::Move expert_durak(const durak::InfoSet& info, const Context& context) noexcept {
  return durak_expert().choose(info, options_of<durak::ExpertOptions>(context));
}

schnapsen::Move choose_schnapsen(Player player, const schnapsen::DealState& s,
                                 const schnapsen::Shown& shown, schnapsen::Seat seat,
                                 const Context& context) noexcept {
  switch (player) {
    case Player::kRandom: {
      MoveList<schnapsen::Move, schnapsen::kMaxMoves> moves;
      const int n = schnapsen::legal_moves(s, seat, moves.m);
      return moves.m[context.stream->below(std::uint32_t(n))];
    }
    case Player::kBot1:
      return schnapsen::bot_choose(s, seat, 1);
    case Player::kExpert:
    case Player::kExpertPimc:
      return expert_move(player, s, shown, seat, context);
    case Player::kPerfect:
      return perfect_move(s, context.stop);
    default:
      return schnapsen::bot_choose(s, seat, 2);
  }
}

schnapsen::Move choose_schnapsen(Player player, const schnapsen::MatchState& m,
                                 const schnapsen::Shown& shown, schnapsen::Seat seat,
                                 const Context& context) noexcept {
  if (needs_shown(player)) return expert_move(player, m, shown, seat, context);
  return choose_schnapsen(player, m.deal, shown, seat, context);
}

durak::Move choose_durak(Player player, const durak::GameState& s, const durak::Shown& shown,
                         durak::Seat seat, const Context& context) noexcept {
  switch (player) {
    case Player::kRandom: {
      MoveList<durak::Move, durak::kMaxMoves> moves;
      const int n = durak::legal_moves(s, seat, moves.m);
      return moves.m[context.stream->below(std::uint32_t(n))];
    }
    case Player::kBot1:
      return durak::bot_choose(s, seat, 1, durak::bot_word(context.bot_seed, seat, s.ply));
    case Player::kBot2:
      return durak::bot_choose(s, seat, 2, 0);
    case Player::kExpert:
    case Player::kExpertPimc:
      return expert_move(s, shown, seat, context);
    case Player::kPerfect:
      return perfect_move(s, context);
    default:
      return durak::bot_choose(s, seat, 3, 0);
  }
}

}  // namespace trumpf::players
