#include "rl/games.hpp"

#include "common/games.hpp"
#include "schnapsen/scoring.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::rl {

namespace {

constexpr std::string_view kMatchSuffix = "-match";

// Game's values are the games table's row indices (common/games.hpp).
static_assert(kGames[int(Game::kSchnapsen)].kind == Kind::kDeal &&
                  !kGames[int(Game::kSchnapsen)].sixtysix &&
                  kGames[int(Game::kSixtySix)].sixtysix &&
                  kGames[int(Game::kSchnapsenMatch)].kind == Kind::kMatch &&
                  kGames[int(Game::kSixtySixMatch)].kind == Kind::kMatch &&
                  kGames[int(Game::kSixtySixMatch)].sixtysix &&
                  kGames[int(Game::kDurak)].family == Family::kDurak,
              "rl::Game follows the games table");

// The games-table row of a Schnapsen-family variant played as a deal or a match.
Game schnapsen_game(bool sixtysix, bool match) noexcept {
  for (int i = 0; i < kGameCount; ++i)
    if (kGames[i].family == Family::kSchnapsen && kGames[i].sixtysix == sixtysix &&
        (kGames[i].kind == Kind::kMatch) == match)
      return Game(i);
  return Game::kSchnapsen;  // unreachable: the table has all four
}

}  // namespace

bool game_named(std::string_view name, Game* game, schnapsen::Rules* rules) noexcept {
  const int row = game_index(name);
  if (row >= 0 && kGames[row].family == Family::kDurak) {
    *game = Game(row);
    return true;
  }
  const bool match = name.size() > kMatchSuffix.size() &&
                     name.substr(name.size() - kMatchSuffix.size()) == kMatchSuffix;
  if (match) name.remove_suffix(kMatchSuffix.size());
  schnapsen::Rules r;
  if (!schnapsen::rules_named(name, &r)) return false;
  *game = schnapsen_game(r.base == schnapsen::kSixtySix, match);
  *rules = r;
  return true;
}

std::vector<std::string> game_names() {
  std::vector<std::string> deals;
  for (const schnapsen::Variant& v : schnapsen::kVariants) deals.emplace_back(v.name);
  for (const schnapsen::Preset& p : schnapsen::kPresets) deals.emplace_back(p.name);
  std::vector<std::string> out = deals;
  for (const std::string& d : deals) out.push_back(d + std::string(kMatchSuffix));
  for (const GameRow& g : kGames)
    if (g.family == Family::kDurak) out.emplace_back(g.name);
  return out;
}

float worst_reward(Game game) noexcept {
  const Kind kind = kGames[int(game)].kind;
  // A schwarz is the most a deal pays.
  return kind == Kind::kDeal ? -float(schnapsen::kPenaltySchwarz) : -1.0f;
}

}  // namespace trumpf::rl
