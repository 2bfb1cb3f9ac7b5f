#include "durak/worlds.hpp"

#include <algorithm>

namespace trumpf::durak {

namespace {

constexpr Cards kPack = (Cards(1) << kPackSize) - 1;

int cards_of(Cards set, Card* out) noexcept {
  int n = 0;
  for (; set; set &= set - 1) out[n++] = lowest(set);
  return n;
}

}  // namespace

bool hidden_of(const InfoSet& info, Hidden* out) noexcept {
  if (!is_seat(info.seat)) return false;
  const Seat o = other(info.seat);
  const Cards under = info.turn_up_left ? bit(info.trump_card) : 0;
  const Cards table = info.bout.open ? info.bout.cards() : 0;
  // Hand, table, heap, known, unseen and the card under the talon split the pack.
  const Cards parts[6] = {info.hand, table, info.discarded, info.known, info.unseen, under};
  Cards all = 0;
  for (Cards p : parts) {
    if ((p & ~kPack) || (all & p)) return false;
    all |= p;
  }
  if (all != kPack || (info.talon > 0) != info.turn_up_left) return false;
  const int face_down = info.talon - (info.turn_up_left ? 1 : 0);
  const int need = info.counts[o] - count_of(info.known);
  if (need < 0 || face_down < 0 || need + face_down != count_of(info.unseen)) return false;
  if (count_of(info.hand) != info.counts[info.seat]) return false;
  Hidden& h = *out;
  h.need = need;
  h.face_down = face_down;
  h.order_counts = face_down > 0;
  h.n_unseen = cards_of(info.unseen, h.unseen);
  h.n_allowed = cards_of(info.unseen, h.allowed);
  return true;
}

bool game_of(const InfoSet& info, const World& world, GameState& s) noexcept {
  const Seat me = info.seat;
  if (!is_seat(me)) return false;
  const Seat o = other(me);
  const int need = info.counts[o] - count_of(info.known);
  const int face_down = info.talon - (info.turn_up_left ? 1 : 0);
  if (need < 0 || need > worlds::kMaxCards || info.talon < 0 || info.talon > 24 || face_down < 0 ||
      face_down > 23 || !valid_card(info.trump_card))
    return false;
  s = GameState{};
  Cards theirs = info.known;
  for (int i = 0; i < need; ++i) theirs |= bit(world.hand[i]);
  s.hands[me] = info.hand;
  s.hands[o] = theirs;
  s.talon_pos = std::uint8_t(24 - info.talon);
  std::copy(world.talon, world.talon + face_down, s.talon + s.talon_pos);
  s.talon[23] = info.trump_card;
  s.trump = std::uint8_t(info.trump);
  s.discard = std::uint8_t(info.discard);
  // Who may swap the six (worlds.hpp): the seat itself as `swap` says; the
  // other seat when a world deals it the unseen six.
  const Card six = six_of(info.trump);
  const Cards dealt = theirs & ~info.known;
  if (info.swap)
    s.six_owner = me;
  else if (info.turn_up_left && (dealt & bit(six)))
    s.six_owner = o;
  s.ply = info.ply;
  s.bout = info.bout;
  return true;
}

bool sample_world(const InfoSet& info, std::uint64_t seed, GameState& out) noexcept {
  Hidden h;
  if (!hidden_of(info, &h) || !worlds::fits(h)) return false;
  Stream stream = worlds::world_stream(seed);
  World w;
  worlds::sample(h, stream, &w);
  return game_of(info, w, out);
}

int info_legal(const InfoSet& info, Move* out) noexcept {
  Hidden h;
  int n = 0;
  if (hidden_of(info, &h))
    worlds::any_world(h, [&](const World& w) {
      GameState s;
      n = game_of(info, w, s) ? legal_moves(s, info.seat, out) : 0;
    });
  return n;
}

}  // namespace trumpf::durak
