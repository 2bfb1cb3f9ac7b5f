// The worlds a seat cannot tell apart, shared by the expert bots of both
// families (schnapsen/worlds.hpp, durak/worlds.hpp): the cards a seat
// cannot place split between the other hand and the face-down talon.
//
// A Split gives the other hand `need` cards of `allowed` (the unseen cards
// it is not shown to lack) and the talon the rest of `unseen`. Every world
// consistent with it is equally likely: what the other seat chose to play
// is not read as evidence. The draws are spelled out for the oracle's twin
// (trumpf/reference/_worlds.py), which must deal the same worlds:
//
//   sample: a = allowed ascending; for i in 0 .. need-1: j = i + below(len(a) - i),
//           swap a[i], a[j]; the hand is a[0 .. need) sorted; the talon is the
//           rest of unseen ascending, then, when its order counts (the talon is
//           still drawn from), for i = len-1 down to 1: j = below(i + 1), swap;
//   enumerate: hands in the lexicographic order of combinations of allowed;
//           for each, talons in lexicographic order of permutations of the
//           rest (only the ascending one when the order does not count).
//
// below() is Stream::below (common/stream.hpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "common/stream.hpp"

namespace trumpf::worlds {

constexpr int kMaxCards = 36;

// What an expert's last decision did (schnapsen/expert.hpp, durak/expert.hpp),
// for benchmarks: worlds visited, work units spent, whether it enumerated.
struct Stats {
  std::uint32_t worlds = 0;
  std::uint64_t work = 0;
  bool enumerated = false;
};

template <class Card>
struct Split {
  int need = 0;       // cards of the other hand the seat cannot place
  int face_down = 0;  // face-down talon cards
  bool order_counts = false;
  int n_allowed = 0, n_unseen = 0;
  Card allowed[kMaxCards];  // ascending
  Card unseen[kMaxCards];   // ascending
};

template <class Card>
struct World {
  Card hand[kMaxCards];   // the other hand's unknown cards, ascending
  Card talon[kMaxCards];  // face-down talon, in draw order
};

// Whether the split fits the arrays its worlds are dealt into: each_world
// and any_world deal no world of one that does not (hidden_of never makes
// one; a check here costs nothing next to a world's search).
template <class Card>
bool fits(const Split<Card>& s) noexcept {
  return s.need >= 0 && s.face_down >= 0 && s.n_allowed >= s.need && s.n_unseen >= s.n_allowed &&
         s.n_unseen <= kMaxCards && s.need + s.face_down == s.n_unseen;
}

// How many worlds there are, or `cap` + 1 when more.
template <class Card>
std::uint64_t count(const Split<Card>& s, std::uint64_t cap) noexcept {
  std::uint64_t n = 1;
  for (int i = 0; i < s.need; ++i) {
    // n * (allowed - i) / (i + 1) stays exact: it is C(allowed, i + 1).
    n = n * std::uint64_t(s.n_allowed - i) / std::uint64_t(i + 1);
    if (n > cap) return cap + 1;
  }
  if (s.order_counts)
    for (int i = 2; i <= s.face_down; ++i) {
      n *= std::uint64_t(i);
      if (n > cap) return cap + 1;
    }
  return n;
}

// The unseen cards not in `hand` (need cards, ascending), ascending.
template <class Card>
void rest_of(const Split<Card>& s, const Card* hand, Card* rest) noexcept {
  int k = 0;
  for (int i = 0; i < s.n_unseen; ++i)
    if (!std::binary_search(hand, hand + s.need, s.unseen[i])) rest[k++] = s.unseen[i];
}

template <class Card>
void sample(const Split<Card>& s, Stream& stream, World<Card>* out) noexcept {
  Card a[kMaxCards];
  std::copy(s.allowed, s.allowed + s.n_allowed, a);
  for (int i = 0; i < s.need; ++i) {
    const int j = i + int(stream.below(std::uint32_t(s.n_allowed - i)));
    std::swap(a[i], a[j]);
  }
  std::copy(a, a + s.need, out->hand);
  std::sort(out->hand, out->hand + s.need);
  rest_of(s, out->hand, out->talon);
  if (!s.order_counts) return;
  for (int i = s.face_down - 1; i >= 1; --i) {
    const int j = int(stream.below(std::uint32_t(i + 1)));
    std::swap(out->talon[i], out->talon[j]);
  }
}

// The next permutation of a[0 .. n) in lexicographic order; false (and a
// back in ascending order) after the last. std::next_permutation does the
// same, but GCC 12 cannot see that n is never negative and warns.
template <class Card>
bool next_order(Card* a, int n) noexcept {
  int i = n - 2;
  while (i >= 0 && !(a[i] < a[i + 1])) --i;
  if (i >= 0) {
    int j = n - 1;
    while (!(a[i] < a[j])) --j;
    std::swap(a[i], a[j]);
  }
  for (int lo = i + 1, hi = n - 1; lo < hi; ++lo, --hi) std::swap(a[lo], a[hi]);
  return i >= 0;
}

// Calls visit(world) for every world in enumeration order until it returns false.
template <class Card, class Visit>
void enumerate(const Split<Card>& s, Visit visit) noexcept {
  const int n = s.n_allowed, k = s.need;
  int idx[kMaxCards];
  for (int i = 0; i < k; ++i) idx[i] = i;
  World<Card> w{};
  for (;;) {
    for (int i = 0; i < k; ++i) w.hand[i] = s.allowed[idx[i]];
    rest_of(s, w.hand, w.talon);
    do {
      if (!visit(static_cast<const World<Card>&>(w))) return;
    } while (s.order_counts && next_order(w.talon, s.face_down));
    // The next combination: the rightmost index that can move, moves.
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

// The stream of one decision of an expert: SHA-256(seed as 8 bytes
// little-endian || "expert" || decision as 8 bytes little-endian) as the
// Stream key, game 0, player 0.
inline Stream stream_of(std::uint64_t seed, std::uint64_t decision) noexcept {
  std::uint8_t message[22];
  for (int i = 0; i < 8; ++i) message[i] = std::uint8_t(seed >> (8 * i));
  const char* text = "expert";
  for (int i = 0; i < 6; ++i) message[8 + i] = std::uint8_t(text[i]);
  for (int i = 0; i < 8; ++i) message[14 + i] = std::uint8_t(decision >> (8 * i));
  return Stream(Stream::key_of_message(message, sizeof message), 0, 0);
}

// The stream of a world dealt from a seed alone (schnapsen::sample_world,
// durak::sample_world): SHA-256(seed as 8 bytes little-endian || "world") as
// the Stream key, game 0, player 0. Its own word, so that a world's seed and
// an expert's seed never share draws.
inline Stream world_stream(std::uint64_t seed) noexcept {
  std::uint8_t message[13];
  for (int i = 0; i < 8; ++i) message[i] = std::uint8_t(seed >> (8 * i));
  const char* text = "world";
  for (int i = 0; i < 5; ++i) message[8 + i] = std::uint8_t(text[i]);
  return Stream(Stream::key_of_message(message, sizeof message), 0, 0);
}

// Every world when there are at most `samples`, else worlds drawn from
// `stream` until visit returns false. Returns whether it enumerated.
template <class Card, class Visit>
bool each_world(const Split<Card>& s, std::uint32_t samples, Stream& stream, Visit visit) noexcept {
  if (!fits(s)) return false;  // no world: visit is never called
  if (count(s, samples) <= samples) {
    enumerate(s, visit);
    return true;
  }
  World<Card> w;
  do sample(s, stream, &w);
  while (visit(static_cast<const World<Card>&>(w)));
  return false;
}

// One world of `s` (each_world's first, from a fixed stream), for what every
// world shares, such as the seat's legal moves: visit is called once.
template <class Card, class Visit>
void any_world(const Split<Card>& s, Visit visit) noexcept {
  Stream stream = stream_of(0, 0);
  each_world(s, 1, stream, [&](const World<Card>& w) {
    visit(w);
    return false;
  });
}

}  // namespace trumpf::worlds
