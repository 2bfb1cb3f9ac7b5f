#include "sim/simulate.hpp"

#include <cstring>
#include <string>

#include "common/derive.hpp"
#include "sim/play_durak.hpp"
#include "sim/play_schnapsen.hpp"
#include "sim/stream.hpp"

namespace trumpf::sim {

const std::vector<std::string>& endings_of(Game game) {
  static const std::vector<std::string> schnapsen = {
      "claim", "closed_out", "false_claim", "beat_closer", "failed_close", "last_trick", "drawn"};
  static const std::vector<std::string> durak = {"fool", "draw", "resign"};
  return game == Game::kDurak ? durak : schnapsen;
}

bool offers(Game game, Player player) {
  const players::Row& row = players::row_of(player);
  return game == Game::kDurak ? row.durak : row.schnapsen;
}

void match_seed(const std::uint8_t* seed, std::uint64_t index, std::uint8_t out[32]) {
  derive_seed(seed, "match:", index + 1, out);
}

void run(const Spec& asked, const Columns& out, Progress& progress) {
  Spec spec = asked;
  spec.key = Stream::key_of(spec.seed);
  spec.stop = &progress.stop;
  run_parallel(spec.count, spec.threads, progress, [&](std::uint64_t row) {
    const std::uint64_t game = spec.first + row;
    switch (spec.game) {
      case Game::kSchnapsenDeal:
      case Game::kSixtySixDeal:
        play_schnapsen_deal(spec, game, row, out);
        break;
      case Game::kSchnapsenMatch:
      case Game::kSixtySixMatch:
        play_schnapsen_match(spec, game, row, out);
        break;
      case Game::kDurak:
        play_durak_game(spec, game, row, out);
        break;
    }
    // A game that ended after the stop had its costly players' last moves
    // cut short: its row stays unplayed.
    if (spec.stop->requested()) out.moves[row] = -1;
  });
}

}  // namespace trumpf::sim
