// Information sets read back (schnapsen/info.hpp, info_complete): every
// InfoSet of a position reached by play is accepted, with the ply, played
// order and counted flags the record gives; forged ones (counts, talon,
// turn-up, pending draw changed, the counts made to add up again) are
// refused or, when accepted, searched by the expert to a legal move. Under
// the sanitizers (.ci/sanitize) a forgery that reached a write past a hand
// aborts the run; the repro of the leader still holding six cards after
// leading must be refused.
#include "schnapsen/info.hpp"

#include <cstdint>
#include <random>

#include "schnapsen/bot.hpp"
#include "schnapsen/expert.hpp"
#include "schnapsen/record.hpp"
#include "schnapsen/worlds.hpp"
#include "tests/check.hpp"

using namespace trumpf::schnapsen;

namespace {

struct Read {
  InfoSet info;
  InfoStated stated;
  std::vector<Trick> tricks;
};

// What a table tells `seat` of the record, as info_complete reads it.
Read read_of(const DealRecord& r, Seat seat) {
  Read x;
  x.info = info_set(r.state, r.shown, seat);
  x.tricks = r.tricks;
  x.stated.ply = r.history.size();
  for (const Trick& t : r.tricks) {
    x.stated.played[x.stated.n_played++] = Trick{t.leader, t.lead, 0, 0};
    x.stated.played[x.stated.n_played++] = Trick{other(t.leader), t.follow, 0, 0};
  }
  if (r.state.lead)
    x.stated.played[x.stated.n_played++] = Trick{r.state.leader, r.state.lead, 0, 0};
  for (int k = 0; k < x.info.n_melds; ++k)
    x.stated.counted[k] = x.info.tricks_won[x.info.melds[k].seat] > 0;
  return x;
}

const char* judge(Read x) {
  return info_complete(x.info, x.tricks.data(), int(x.tricks.size()), x.stated);
}

// The expert on an accepted InfoSet: a legal move of it, or none at all.
void ask(Read x, Expert& expert) {
  if (judge(x) != nullptr) return;
  Move legal[kMaxMoves];
  const int n = info_legal(x.info, legal);
  ExpertOptions options;
  options.samples = 4;
  options.budget = 2'000;
  const Move m = expert.choose(x.info, options);
  bool found = m.kind == MoveKind::kNone;
  for (int i = 0; i < n; ++i) found |= legal[i] == m;
  CHECK(found);
}

void forge(Read& x, std::mt19937& rng) {
  InfoSet& i = x.info;
  const Seat them = other(i.seat);
  switch (rng() % 6) {
    case 0:  // a talon card moved into the other hand
      ++i.counts[them];
      --i.talon_left;
      if (i.draw_left) --i.draw_left;
      break;
    case 1:
      --i.counts[them];
      ++i.talon_left;
      ++i.draw_left;
      break;
    case 2:
      i.pending_draw = !i.pending_draw;
      break;
    case 3:  // the turn-up hidden among the unseen cards
      if (i.turn_up) i.unseen |= bit(i.turn_up), i.turn_up = kNoCard;
      break;
    case 4:
      i.talon_left = std::uint8_t(rng() % 25);
      i.draw_left = rng() % 2 ? i.talon_left : 0;
      break;
    default:
      x.stated.ply += rng() % 3;
      break;
  }
}

}  // namespace

int main() {
  std::mt19937 rng(12);
  std::uint8_t seed[32] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
                           2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5};
  Expert expert;
  int accepted = 0;
  for (int d = 0; d < 120; ++d) {
    const Rules rules = d % 3 == 2 ? kPresets[0].rules : reference_rules(VariantId(d % 2));
    DealRecord r;
    Seed s;
    for (int k = 0; k < 32; ++k) s[std::size_t(k)] = seed[k];
    CHECK(r.build(rules, s, std::uint64_t(d + 1), Seat(d & 1)) == Code::kOk);
    while (!r.state.over) {
      const Seat seat = r.state.turn;
      const Read x = read_of(r, seat);
      const char* wrong = judge(x);
      if (!CHECK(wrong == nullptr)) std::fprintf(stderr, "refused a reached info: %s\n", wrong);
      accepted += wrong == nullptr;
      for (int f = 0; f < 3; ++f) {
        Read forged = x;
        forge(forged, rng);
        ask(forged, expert);
      }
      Move moves[kMaxMoves];
      const int n = legal_moves(r.state, seat, moves);
      const Move m = rng() % 3 ? bot_choose(r.state, seat, 2) : moves[rng() % std::uint32_t(n)];
      CHECK(r.apply(seat, m) == Code::kOk);
    }
  }
  CHECK(accepted > 1000);
  // The repro: Sixty-Six, the card led, the leader's count still six and
  // the talon one card short, so that the counts add up.
  DealRecord r;
  Seed s{};
  CHECK(r.build(reference_rules(kSixtySix), s, 1, kP1) == Code::kOk);
  const Seat leader = r.state.turn;
  CHECK(r.apply(leader, Move{MoveKind::kLead, r.state.hand[leader][0]}) == Code::kOk);
  Read x = read_of(r, r.state.turn);
  CHECK(judge(x) == nullptr);
  x.info.counts[leader] = 6;
  --x.info.talon_left;
  --x.info.draw_left;
  CHECK(judge(x) != nullptr);
  ask(x, expert);
  return trumpf::test::report("info_test");
}
