// Durak without Python: legal-move generation against a brute force over
// every move there is, the unchecked apply against the checked one, and
// refusals that change nothing. Run under ASan and UBSan by .ci/sanitize.
#include <cstdint>
#include <cstring>
#include <vector>

#include "durak/bot.hpp"
#include "durak/expert.hpp"
#include "durak/game.hpp"
#include "durak/worlds.hpp"
#include "sim/stream.hpp"
#include "tests/check.hpp"

using namespace trumpf::durak;

namespace {

std::vector<Move> every_move() {
  std::vector<Move> all;
  for (Kind k : {Kind::kAttack, Kind::kBeat})
    for (int c = 0; c <= 37; ++c) all.push_back(Move{k, Card(c)});
  for (Kind k : {Kind::kTake, Kind::kDone, Kind::kSwap, Kind::kNone,
                 Kind(int(Kind::kResign) + 1)})  // out of range too
    all.push_back(Move{k, 0});
  return all;
}

bool listed(const Move* legal, int n, Move m) {
  for (int i = 0; i < n; ++i)
    if (legal[i].kind == m.kind && legal[i].card == m.card) return true;
  return false;
}

void check_position(const GameState& s, const std::vector<Move>& all) {
  for (Seat seat : {kP1, kP2, Seat(2), kNoSeat}) {  // both seats and two that are none
    Move legal[kMaxMoves];
    const int n = legal_moves(s, seat, legal);
    CHECK(n <= kMaxMoves);
    for (Move m : all) {
      GameState copy = s;
      const Code c = apply_move(copy, seat, m, nullptr);
      CHECK(c == check_move(s, seat, m));
      // A card on a move that needs none is ignored, so take and done are
      // listed with card 0 whatever a caller sends.
      const bool needs_card = m.kind == Kind::kAttack || m.kind == Kind::kBeat;
      const Move plain{m.kind, needs_card ? m.card : Card(0)};
      CHECK((c == Code::kOk) == listed(legal, n, plain));
      if (c != Code::kOk) CHECK(std::memcmp(&copy, &s, sizeof s) == 0);
    }
    // Resigning is always taken from a seat of the game that is not over.
    GameState copy = s;
    const Code r = apply_move(copy, seat, Move{Kind::kResign, 0}, nullptr);
    CHECK((r == Code::kOk) == (!is_over(s) && is_seat(seat)));
  }
}

void random_games(int games) {
  const std::vector<Move> all = every_move();
  std::uint8_t seed[32];
  for (int i = 0; i < 32; ++i) seed[i] = std::uint8_t(255 - i);
  const auto key = trumpf::sim::Stream::key_of(seed);
  for (int g = 0; g < games; ++g) {
    trumpf::sim::Stream rng(key, std::uint64_t(g), 0);
    GameState checked;
    CHECK(deal_game(seed, std::uint64_t(g + 1), checked) == Code::kOk);
    GameState fast = checked;
    int plies = 0;
    while (!is_over(checked) && CHECK(plies++ < 2000)) {
      check_position(checked, all);
      const Seat seat = turn_of(checked);
      Move legal[kMaxMoves];
      const int n = legal_moves(checked, seat, legal);
      if (!CHECK(n > 0)) return;
      const Move m =
          rng.below(3) == 0 ? bot_choose(checked, seat, 3, 0) : legal[rng.below(std::uint32_t(n))];
      EventSink a, b;
      CHECK(apply_move(checked, seat, m, &a) == Code::kOk);
      apply_legal(fast, seat, m, &b);
      // The simulator's unchecked path and the checked one agree exactly.
      CHECK(std::memcmp(&checked, &fast, sizeof fast) == 0);
      CHECK(a.n == b.n && std::memcmp(a.ev, b.ev, sizeof(Event) * std::size_t(a.n)) == 0);
    }
    const int cards = count_of(checked.hands[0]) + count_of(checked.hands[1]) + checked.discard +
                      checked.talon_left() + checked.bout.size();
    CHECK(cards == kPackSize);
  }
}

// Writes into the engine's fixed arrays check their bounds in release builds
// too: a bout forged to hold six attacks under a cap of seven offers no
// seventh and takes none (nothing changes, nothing is written past the
// arrays), a move of no seat changes nothing, and a world of an InfoSet
// whose talon no position holds is refused: the expert gives no move.
void bounds_hold() {
  std::uint8_t seed[32] = {};
  GameState s;
  CHECK(deal_game(seed, 1, s) == Code::kOk);
  Bout& b = s.bout;
  b.cap = 7;
  b.n_att = b.n_beat = kHandSize;
  const Seat a = b.attacker;
  s.hands[a] = ~Cards(0) >> (64 - kPackSize);  // every card, every rank
  CHECK(legal_attacks(s.hand(a), b) == 0);
  CHECK(check_move(s, a, Move{Kind::kAttack, lowest(s.hand(a))}) == Code::kBoutFull);
  GameState before = s;
  apply_legal(s, a, Move{Kind::kAttack, lowest(s.hand(a))}, nullptr);
  CHECK(std::memcmp(&before, &s, sizeof s) == 0);
  apply_legal(s, other(a), Move{Kind::kBeat, lowest(s.hand(other(a)))}, nullptr);
  CHECK(std::memcmp(&before, &s, sizeof s) == 0);
  for (Seat seat : {Seat(2), Seat(3), kNoSeat}) {
    apply_legal(s, seat, Move{Kind::kTake, 0}, nullptr);
    CHECK(std::memcmp(&before, &s, sizeof s) == 0);
  }
  // An InfoSet that adds up except for a talon of 30 cards: hidden_of takes
  // it (29 face-down unseen cards), no world can hold it.
  InfoSet info{};
  info.seat = kP1;
  info.trump = 0;
  info.trump_card = 9;
  info.talon = 30;
  info.turn_up_left = true;
  info.hand = bit(1);
  for (int c = 2; c <= 6; ++c) info.discarded |= bit(Card(c));
  info.discard = 5;
  for (int c = 7; c <= kPackSize; ++c)
    if (c != 9) info.unseen |= bit(Card(c));
  info.counts[kP1] = 1;
  info.counts[kP2] = 0;
  info.bout = open_bout(kP1, 0);
  info.phase = Phase::kAttack;
  info.turn = kP1;
  Hidden hidden;
  CHECK(hidden_of(info, &hidden));
  World world{};
  GameState out;
  CHECK(!game_of(info, world, out));
  Expert expert;
  CHECK(expert.choose(info, ExpertOptions{}).kind == Kind::kNone);
}

}  // namespace

int main() {
  bounds_hold();
  random_games(300);
  return trumpf::test::report("durak_test");
}
