// The expert players never read hidden information. Along games
// played by the level-2 and level-3 bots, at every decision of the seat on
// turn, worlds are dealt again from that seat's InfoSet alone
// (schnapsen/worlds.hpp, durak/worlds.hpp); each such world is another
// position the seat cannot tell from the true one, so:
//   - it has the same InfoSet for the seat (the worlds are consistent), and
//     the true position's own hidden cards are among the worlds' choices;
//   - the expert, asked in it, makes the same move as in the true position
//     (the move depends on the InfoSet and the seed alone);
//   - the same seed twice gives the same move, and the move is legal.
// The same holds for the expert's measured modes (schnapsen/expert.hpp),
// and for the table's experts in a match, which read its standing.
#include "durak/expert.hpp"

#include <cstdint>
#include <cstring>

#include "durak/bot.hpp"
#include "durak/info.hpp"
#include "players/players.hpp"
#include "schnapsen/bot.hpp"
#include "schnapsen/expert.hpp"
#include "schnapsen/info.hpp"
#include "tests/check.hpp"

using namespace trumpf;

namespace {

std::uint8_t kSeed[32] = {7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2,
                          3, 5, 3, 6, 0, 2, 8, 7, 4, 7, 1, 3, 5, 2, 6, 6};

bool same_info(const schnapsen::InfoSet& a, const schnapsen::InfoSet& b) {
  return a.seat == b.seat && a.turn == b.turn && a.hand == b.hand && a.known == b.known &&
         a.unseen == b.unseen && a.lacks == b.lacks && a.counts[0] == b.counts[0] &&
         a.counts[1] == b.counts[1] && a.talon_left == b.talon_left && a.draw_left == b.draw_left &&
         a.turn_up == b.turn_up && a.lead == b.lead && a.taken[0] == b.taken[0] &&
         a.taken[1] == b.taken[1] && a.played[0] == b.played[0] && a.played[1] == b.played[1] &&
         a.closed_by == b.closed_by && std::memcmp(a.hand_cards, b.hand_cards, a.hand_n) == 0;
}

bool legal_in(const schnapsen::DealState& s, schnapsen::Seat seat, schnapsen::Move m) {
  schnapsen::Move moves[schnapsen::kMaxMoves];
  const int n = schnapsen::legal_moves(s, seat, moves);
  for (int i = 0; i < n; ++i)
    if (moves[i] == m) return true;
  return false;
}

// Plays `deals` deals of bot2 against itself and calls visit(s, shown,
// info, hidden, d) at each decision, before bot2 moves: the expert modes
// under test choose there and must not care which world is the true one.
template <class Visit>
void along_bot2_deals(const schnapsen::Rules& rules, int deals, Visit visit) {
  using namespace schnapsen;
  for (int d = 1; d <= deals; ++d) {
    DealState s;
    CHECK(deal_new(s, rules, kSeed, std::uint64_t(d), Seat(d & 1)) == Code::kOk);
    Shown shown;
    shown_start(shown, s);
    while (!s.over) {
      const Seat seat = s.turn;
      const InfoSet info = info_set(s, shown, seat);
      Hidden hidden;
      CHECK(hidden_of(info, &hidden));
      visit(s, shown, info, hidden, d);
      const Before before = before_of(s);
      const Move played = bot_choose(s, seat, 2);
      CHECK(apply_move(s, seat, played, nullptr) == Code::kOk);
      shown_update(shown, before, seat, played, s);
    }
  }
}

void schnapsen_deals(const schnapsen::Rules& rules, int deals) {
  using namespace schnapsen;
  players::Context context;
  context.expert.samples = 6;  // small: many decisions, each cheap
  along_bot2_deals(
      rules, deals,
      [&](const DealState& s, const Shown& shown, const InfoSet& info, const Hidden& hidden,
          int d) {
        const Seat seat = s.turn;
        context.expert_seed = std::uint64_t(d) * 977 + s.tricks_played;
        const Move m = players::choose_schnapsen(players::Player::kExpert, s, shown, seat, context);
        CHECK(legal_in(s, seat, m));
        CHECK(players::choose_schnapsen(players::Player::kExpert, s, shown, seat, context) == m);
        Stream stream = worlds::stream_of(std::uint64_t(d), s.tricks_played);
        for (int k = 0; k < 3; ++k) {
          World w;
          worlds::sample(hidden, stream, &w);
          DealState other;
          deal_of(info, w, other);
          CHECK(same_info(info_set(other, shown, seat), info));
          CHECK(players::choose_schnapsen(players::Player::kExpert, other, shown, seat, context) ==
                m);
        }
      });
}

// The same for the measured modes of ExpertOptions (schnapsen/expert.hpp):
// presumed values (presumed.hpp), a win weight, and valuing a match's
// standing. The move is legal, the same twice, and the same in every world
// of the InfoSet. `standing`, when given, is the match the deal is played
// in, set on every InfoSet alike. Returns how many decisions the mode made
// differently from plain PIMC with the same seed (it must change something).
int mode_deals(const schnapsen::Rules& rules, int deals, const schnapsen::ExpertOptions& mode,
               const schnapsen::MatchInfo* standing = nullptr) {
  using namespace schnapsen;
  Expert expert;
  ExpertOptions plain;
  plain.samples = 6;
  ExpertOptions options = mode;
  options.samples = plain.samples;
  const auto in_match = [&](InfoSet info) {
    if (standing) info.match = *standing;
    return info;
  };
  int differ = 0;
  along_bot2_deals(rules, deals,
                   [&](const DealState& s, const Shown& shown, const InfoSet& dealt,
                       const Hidden& hidden, int d) {
                     const Seat seat = s.turn;
                     const InfoSet info = in_match(dealt);
                     plain.seed = options.seed = std::uint64_t(d) * 131 + s.tricks_played;
                     const Move m = expert.choose(info, options);
                     CHECK(legal_in(s, seat, m));
                     CHECK(expert.choose(info, options) == m);
                     differ += !(expert.choose(info, plain) == m);
                     Stream stream = worlds::stream_of(std::uint64_t(d) + 1000, s.tricks_played);
                     for (int k = 0; k < 2; ++k) {
                       World w;
                       worlds::sample(hidden, stream, &w);
                       DealState other;
                       deal_of(info, w, other);
                       const InfoSet seen = in_match(info_set(other, shown, seat));
                       CHECK(same_info(seen, info));
                       CHECK(expert.choose(seen, options) == m);
                     }
                   });
  return differ;
}

// The players' table's experts in matches played by bot2 (players.hpp):
// kExpert reads the match's standing where kMatchAware marks the variant,
// kExpertPimc never. At each decision each one's move is legal, the same
// twice, and the same in other worlds of the seat's InfoSet (the match's
// deal dealt again). Returns how many decisions kExpert made differently
// from kExpertPimc with the same seed.
int match_experts(const schnapsen::Rules& rules, int matches) {
  using namespace schnapsen;
  players::Context context;
  context.expert.samples = 6;
  int differ = 0;
  for (int g = 1; g <= matches; ++g) {
    std::uint8_t seed[32];
    std::memcpy(seed, kSeed, 32);
    seed[0] = std::uint8_t(g);
    MatchState m;
    CHECK(match_new(m, rules, seed, Seat(g & 1)) == Code::kOk);
    Shown shown;
    shown_start(shown, m.deal);
    while (!m.over) {
      const Seat seat = m.deal.turn;
      const InfoSet info = info_set(m, shown, seat);
      CHECK(info.match.in_match);
      Hidden hidden;
      CHECK(hidden_of(info, &hidden));
      context.expert_seed = std::uint64_t(g) * 7919 + m.deal.tricks_played * 2 + m.deals_done * 64;
      Move moves[2];
      for (int k = 0; k < 2; ++k) {
        const players::Player p = k == 0 ? players::Player::kExpert : players::Player::kExpertPimc;
        moves[k] = players::choose_schnapsen(p, m, shown, seat, context);
        CHECK(legal_in(m.deal, seat, moves[k]));
        CHECK(players::choose_schnapsen(p, m, shown, seat, context) == moves[k]);
        Stream stream =
            worlds::stream_of(std::uint64_t(g) + 500, context.expert_seed + std::uint64_t(k));
        World w;
        worlds::sample(hidden, stream, &w);
        MatchState other = m;
        deal_of(info, w, other.deal);
        CHECK(same_info(info_set(other, shown, seat), info));
        CHECK(players::choose_schnapsen(p, other, shown, seat, context) == moves[k]);
      }
      differ += !(moves[0] == moves[1]);
      const std::uint64_t number = m.deal.number;
      const Before before = before_of(m.deal);
      const Move played = bot_choose(m.deal, seat, 2);
      CHECK(match_apply(m, seat, played, nullptr) == Code::kOk);
      if (m.deal.number == number)
        shown_update(shown, before, seat, played, m.deal);
      else
        shown_start(shown, m.deal);
    }
  }
  return differ;
}

void schnapsen_modes() {
  using namespace schnapsen;
  const Rules schnapsen = reference_rules(kSchnapsen), sixtysix = reference_rules(kSixtySix);
  Rules tjger{};
  CHECK(rules_named("schnapsen-tjger", &tjger));
  ExpertOptions presumed;
  presumed.presumed = 2;
  CHECK(mode_deals(schnapsen, 20, presumed) > 0);
  CHECK(mode_deals(sixtysix, 20, presumed) > 0);
  CHECK(mode_deals(tjger, 10, presumed) > 0);
  ExpertOptions wins;
  wins.win_weight = 1000;
  CHECK(mode_deals(schnapsen, 20, wins) > 0);
  CHECK(mode_deals(sixtysix, 20, wins) > 0);
  // One game point from the match against six: a deal's game points are
  // worth little beyond its winner, and the mode must see that.
  MatchInfo standing;
  standing.in_match = true;
  standing.to_win[0] = 1;
  standing.to_win[1] = 6;
  ExpertOptions by_match;
  by_match.match_aware = true;
  CHECK(mode_deals(schnapsen, 20, by_match, &standing) > 0);
  CHECK(mode_deals(sixtysix, 20, by_match, &standing) > 0);
  // Outside a match the standing is not there to read: plain PIMC's moves.
  CHECK(mode_deals(schnapsen, 10, by_match) == 0);
  ExpertOptions inferring;
  inferring.infer = 1;  // a world where the leader declined a marriage or exchange all but dropped
  CHECK(mode_deals(schnapsen, 20, inferring) > 0);
  CHECK(mode_deals(sixtysix, 20, inferring) > 0);
  ExpertOptions by_lead;
  by_lead.infer_lead = 1;  // a world where bot2 would have led otherwise all but dropped
  CHECK(mode_deals(schnapsen, 20, by_lead) > 0);
  CHECK(mode_deals(sixtysix, 20, by_lead) > 0);
}

bool same_info(const durak::InfoSet& a, const durak::InfoSet& b) {
  return a.seat == b.seat && a.turn == b.turn && a.hand == b.hand && a.known == b.known &&
         a.unseen == b.unseen && a.counts[0] == b.counts[0] && a.counts[1] == b.counts[1] &&
         a.talon == b.talon && a.discarded == b.discarded && a.swap == b.swap &&
         a.trump_card == b.trump_card && a.phase == b.phase;
}

void durak_games(int games) {
  using namespace durak;
  players::Context context;
  context.expert.samples = 4;
  context.expert.budget = 20'000;
  Expert expert;
  for (int g = 1; g <= games; ++g) {
    GameState s;
    CHECK(deal_game(kSeed, std::uint64_t(g), s) == Code::kOk);
    Shown shown{};
    while (!is_over(s)) {
      const Seat seat = turn_of(s);
      const InfoSet info = info_set(s, shown, seat);
      Hidden hidden;
      CHECK(hidden_of(info, &hidden));
      context.expert_seed = std::uint64_t(g) * 31 + s.ply;
      const Move m = players::choose_durak(players::Player::kExpert, s, shown, seat, context);
      CHECK(check_move(s, seat, m) == Code::kOk);
      // The rollouts' own modes too: several noisy games a world, and none.
      ExpertOptions noisy{3, 20'000, context.expert_seed, 3, 128};
      ExpertOptions plain{3, 20'000, context.expert_seed, 1, 0};
      const Move mn = expert.choose(info, noisy), mp = expert.choose(info, plain);
      CHECK(check_move(s, seat, mn) == Code::kOk && check_move(s, seat, mp) == Code::kOk);
      // perfect, which reads the whole position, is legal and reproducible.
      const Move pf = expert.perfect(s, noisy), pf2 = expert.perfect(s, noisy);
      CHECK(check_move(s, seat, pf) == Code::kOk && pf.kind == pf2.kind && pf.card == pf2.card);
      Stream stream = worlds::stream_of(std::uint64_t(g), s.ply);
      for (int k = 0; k < 2; ++k) {
        World w;
        worlds::sample(hidden, stream, &w);
        GameState other;
        CHECK(game_of(info, w, other));
        const InfoSet seen = info_set(other, shown, seat);
        CHECK(same_info(seen, info));
        const Move again =
            players::choose_durak(players::Player::kExpert, other, shown, seat, context);
        CHECK(again.kind == m.kind && again.card == m.card);
        const Move n2 = expert.choose(seen, noisy), p2 = expert.choose(seen, plain);
        CHECK(n2.kind == mn.kind && n2.card == mn.card && p2.kind == mp.kind && p2.card == mp.card);
      }
      const GameState before = s;
      const Move played = bot_choose(s, seat, 3, 0);
      CHECK(apply_move(s, seat, played, nullptr) == Code::kOk);
      shown_update(shown, before, seat, played, s);
    }
  }
}

}  // namespace

int main() {
  schnapsen_deals(schnapsen::reference_rules(schnapsen::kSchnapsen), 30);
  schnapsen_deals(schnapsen::reference_rules(schnapsen::kSixtySix), 30);
  schnapsen::Rules tjger{};
  CHECK(schnapsen::rules_named("schnapsen-tjger", &tjger));
  schnapsen_deals(tjger, 20);
  schnapsen_modes();
  // In a Schnapsen match the table's expert plays for the match; in Sixty-Six
  // (kMatchAware) it plays as expert-pimc.
  CHECK(match_experts(schnapsen::reference_rules(schnapsen::kSchnapsen), 8) > 0);
  CHECK(match_experts(schnapsen::reference_rules(schnapsen::kSixtySix), 4) == 0);
  durak_games(12);
  return trumpf::test::report("expert_test");
}
