// Schnapsen and Sixty-Six without Python: legal-move generation against a
// brute force over every move there is, records and replays, under every
// combination of house rules; and the shuffle's interleaved digests against
// the portable SHA-256, and the AVX-512 plane writer against the table.
// Run under ASan and UBSan by .ci/sanitize.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "common/planes.hpp"
#include "common/sha256.hpp"
#include "common/shuffle.hpp"
#include "schnapsen/bot.hpp"
#include "schnapsen/deal.hpp"
#include "schnapsen/observe.hpp"
#include "schnapsen/record.hpp"
#include "sim/stream.hpp"
#include "tests/check.hpp"

using namespace trumpf::schnapsen;

namespace {

// Every move a caller could send: each kind with every card or suit, and the
// marriages by lead with every card.
std::vector<Move> every_move() {
  std::vector<Move> all;
  for (int c = 0; c <= 25; ++c) {
    all.push_back(Move{MoveKind::kLead, std::uint8_t(c)});
    all.push_back(Move{MoveKind::kFollow, std::uint8_t(c)});
  }
  for (int suit : {0, 1, 2, 3, 0xFF}) {
    all.push_back(Move{MoveKind::kMarriage, std::uint8_t(suit)});
    for (int c = 1; c <= 24; ++c)
      all.push_back(Move{MoveKind::kMarriage, std::uint8_t(suit), Card(c)});
  }
  for (MoveKind k :
       {MoveKind::kExchange, MoveKind::kClose, MoveKind::kClaim, MoveKind::kDraw, MoveKind::kNone})
    all.push_back(Move{k, 0});
  return all;
}

bool same(const Result& a, const Result& b) {
  return a.drawn == b.drawn && a.points[0] == b.points[0] && a.points[1] == b.points[1] &&
         a.tricks[0] == b.tricks[0] && a.tricks[1] == b.tricks[1] && a.closed_by == b.closed_by &&
         a.last_trick == b.last_trick && a.how == b.how && a.winner == b.winner &&
         a.loser == b.loser && a.game_points == b.game_points;
}

// Field by field: a position's padding bytes are not part of it.
bool same(const DealState& a, const DealState& b) {
  bool eq =
      a.number == b.number && a.rules == b.rules && a.dealer == b.dealer && a.turn == b.turn &&
      a.leader == b.leader && a.lead == b.lead && a.turn_up == b.turn_up && a.trump == b.trump &&
      a.closed_by == b.closed_by && a.pending_draw == b.pending_draw && a.over == b.over &&
      a.must_lead[0] == b.must_lead[0] && a.must_lead[1] == b.must_lead[1] &&
      a.talon_pos == b.talon_pos && a.talon_end == b.talon_end &&
      a.tricks_played == b.tricks_played && a.last_winner == b.last_winner &&
      a.n_melds == b.n_melds && a.close_state.by == b.close_state.by && same(a.result, b.result);
  for (int s = 0; s < 2; ++s) {
    eq = eq && a.hand_n[s] == b.hand_n[s] && a.hand_mask[s] == b.hand_mask[s] &&
         a.taken[s] == b.taken[s] && a.pending_meld[s] == b.pending_meld[s] &&
         a.tricks_won[s] == b.tricks_won[s] && a.declared[s] == b.declared[s] &&
         a.close_state.tricks[s] == b.close_state.tricks[s] &&
         a.close_state.points[s] == b.close_state.points[s];
    for (int i = 0; eq && i < a.hand_n[s]; ++i) eq = a.hand[s][i] == b.hand[s][i];
  }
  for (int i = a.talon_pos; eq && i < a.talon_end; ++i) eq = a.talon[i] == b.talon[i];
  for (int i = 0; eq && i < a.n_melds; ++i)
    eq = a.melds[i].seat == b.melds[i].seat && a.melds[i].suit == b.melds[i].suit &&
         a.melds[i].value == b.melds[i].value;
  return eq;
}

bool listed(const Move* legal, int n, Move m) {
  for (int i = 0; i < n; ++i)
    if (legal[i] == m) return true;
  return false;
}

// A move the engine takes is one legal() lists, and one it refuses leaves
// the state exactly as it was.
void check_position(const DealState& s, const std::vector<Move>& all) {
  for (Seat seat : {kP1, kP2}) {
    Move legal[kMaxMoves];
    const int n = legal_moves(s, seat, legal);
    CHECK(n <= kMaxMoves);
    for (Move m : all) {
      DealState copy = s;
      const Code c = apply_move(copy, seat, m, nullptr);
      // Under the reference rules a marriage ignores a card it carries.
      Move plain = m;
      if (m.kind == MoveKind::kMarriage && !s.rules.marriage_by_lead) plain.card = kNoCard;
      CHECK((c == Code::kOk) == listed(legal, n, plain));
      if (c != Code::kOk) CHECK(same(copy, s));
    }
  }
}

std::vector<Rules> every_rules() {
  std::vector<Rules> out;
  for (VariantId v : {kSchnapsen, kSixtySix})
    for (int ex : {1, 3, 5})
      for (int close : {1, 3})
        for (bool by_lead : {false, true})
          for (ClosePay pay : {ClosePay::kReference, ClosePay::kCloserValue})
            out.push_back(Rules{v, std::uint8_t(ex), std::uint8_t(close), by_lead, pay});
  return out;
}

// Both seats' tensors are the same written through AVX-512 and through
// the table, in both dtypes.
void check_observations(const DealState& s, const Shown& shown) {
  for (int seat = 0; seat < 2; ++seat) {
    const InfoSet info = info_set(s, shown, Seat(seat));
    float wide_f[kObsSize], table_f[kObsSize];
    std::uint8_t wide_u[kObsSize], table_u[kObsSize];
    observe(info, wide_f, true);
    observe(info, table_f, false);
    observe(info, wide_u, true);
    observe(info, table_u, false);
    CHECK(std::memcmp(wide_f, table_f, sizeof wide_f) == 0);
    CHECK(std::memcmp(wide_u, table_u, sizeof wide_u) == 0);
  }
}

void random_deals(const Rules& rules, int deals) {
  const std::vector<Move> all = every_move();
  std::uint8_t seed[32];
  for (int i = 0; i < 32; ++i) seed[i] = std::uint8_t(i * 7 + rules.base);
  const auto key = trumpf::sim::Stream::key_of(seed);
  for (int d = 0; d < deals; ++d) {
    trumpf::sim::Stream rng(key, std::uint64_t(d), 0);
    DealRecord r;
    Seed sd;
    std::memcpy(sd.data(), seed, 32);
    CHECK(r.build(rules, sd, std::uint64_t(d + 1), Seat(d & 1)) == Code::kOk);
    while (!r.state.over) {
      check_position(r.state, all);
      check_observations(r.state, r.shown);
      Move legal[kMaxMoves];
      const int n = legal_moves(r.state, r.state.turn, legal);
      if (!CHECK(n > 0)) return;
      // Half the moves from the level-2 bot, so claims and closes come in time.
      const Move m = (rng.below(2) == 0) ? bot_choose(r.state, r.state.turn, 2)
                                         : legal[rng.below(std::uint32_t(n))];
      CHECK(r.apply(r.state.turn, m) == Code::kOk);
    }
    // The record's moves replay to the same deal.
    DealRecord again;
    CHECK(again.build(rules, sd, std::uint64_t(d + 1), Seat(d & 1)) == Code::kOk);
    std::size_t bad = 0;
    CHECK(replay(again, moves_of(r.history, rules), &bad) == Code::kOk);
    CHECK(same(again.state, r.state));
    CHECK(again.history.size() == r.history.size());
    // Cards are conserved: both hands, the talon and the played cards.
    int cards = r.state.hand_n[0] + r.state.hand_n[1] + talon_left(r.state);
    for (const Trick& t : r.tricks) cards += (t.lead ? 1 : 0) + (t.follow ? 1 : 0);
    CHECK(cards + (r.state.lead ? 1 : 0) == variant_of(rules.base).deck_size);
  }
}

}  // namespace

// Big-endian word w of a digest, as the stream and the many-digest paths give it.
static std::uint32_t word_of(const trumpf::Digest& d, int w) {
  return (std::uint32_t(d[4 * w]) << 24) | (std::uint32_t(d[4 * w + 1]) << 16) |
         (std::uint32_t(d[4 * w + 2]) << 8) | d[4 * w + 3];
}

// sha256_pad and sha256_padded_words_many give each message's digest, at
// every length and count, padded in the caller's buffer over bytes that
// the padding must overwrite.
void check_padded_digests() {
  static std::uint8_t room[9][260 + 72 + 8];
  const std::uint8_t* data[9];
  for (std::size_t len = 0; len <= 260; ++len)
    for (int count = 1; count <= 9; ++count) {
      std::size_t size = 0;
      for (int j = 0; j < count; ++j) {
        std::memset(room[j], 0xA5, sizeof room[j]);  // what padding must overwrite
        for (std::size_t i = 0; i < len; ++i) room[j][i] = std::uint8_t(i * 5 + j * 17 + (i >> 2));
        size = trumpf::sha256_pad(room[j], len, len);
        CHECK(size % 64 == 0 && size >= len + 9 && size < len + 9 + 64);
        data[j] = room[j];
      }
      std::uint32_t out[9][8];
      trumpf::sha256_padded_words_many(data, size, count, out);
      for (int j = 0; j < count; ++j) {
        const trumpf::Digest d = trumpf::sha256_via(room[j], len, false);
        for (int w = 0; w < 8; ++w) CHECK(out[j][w] == word_of(d, w));
      }
    }
}

// A stream's words are its digests' in order whatever it reserves and
// when, also where the counter's digits grow (9 to 10) inside a batch, for
// messages of one SHA-256 block, of two, and of the longest prefix.
void check_word_stream() {
  std::uint8_t seed[32];
  for (int i = 0; i < 32; ++i) seed[i] = std::uint8_t(200 - i);
  const std::string longest(80, 'x');
  for (const std::string& prefix :
       {std::string("schnapsen:deal:7"), std::string("sixtysix:deal:4294967297"), longest}) {
    std::vector<std::uint32_t> expected;
    for (std::uint32_t counter = 0; counter < 16; ++counter) {
      std::uint8_t message[160];
      std::memcpy(message, seed, 32);
      const int n = std::snprintf(reinterpret_cast<char*>(message + 32), 128, "%s:%u",
                                  prefix.c_str(), counter);
      const trumpf::Digest d = trumpf::sha256_via(message, 32 + std::size_t(n), false);
      for (int w = 0; w < 8; ++w) expected.push_back(word_of(d, w));
    }
    for (int skip : {0, 3, 8, 48, 56})
      for (int reserve : {0, 1, 8, 9, 19, 23, 35, 40, 100}) {
        trumpf::WordStream words(seed, prefix);
        std::size_t at = 0;
        for (; at < std::size_t(skip); ++at) CHECK(words.next() == expected[at]);
        words.reserve(reserve);
        for (; at < expected.size(); ++at) CHECK(words.next() == expected[at]);
      }
  }
}

// put_words writes the same rows through AVX-512 (where the CPU has it) as
// through the table, in both dtypes.
void check_plane_words() {
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int round = 0; round < 500; ++round) {
    std::uint64_t words[4];
    for (std::uint64_t& w : words) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      w = round % 3 ? x : x & (x >> 7);  // dense and sparse
    }
    float wide_f[256], table_f[256];
    std::uint8_t wide_u[256], table_u[256];
    trumpf::put_words(words, wide_f);
    trumpf::put_words(words, table_f, false);
    trumpf::put_words(words, wide_u);
    trumpf::put_words(words, table_u, false);
    for (int b = 0; b < 256; ++b) {
      const bool set = (words[b / 64] >> (b % 64)) & 1;
      CHECK(wide_f[b] == (set ? 1.0f : 0.0f) && table_f[b] == wide_f[b]);
      CHECK(wide_u[b] == std::uint8_t(set) && table_u[b] == wide_u[b]);
    }
  }
}

int main() {
  check_plane_words();
  check_padded_digests();
  check_word_stream();
  for (const Rules& rules : every_rules()) random_deals(rules, 60);
  return trumpf::test::report("schnapsen_test");
}
