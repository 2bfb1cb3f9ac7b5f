#include "schnapsen/worlds.hpp"

#include <algorithm>

#include "common/bits.hpp"

namespace trumpf::schnapsen {

namespace {

int popcount(std::uint32_t m) noexcept { return bits::popcount(m); }

bool is_seat(Seat s) noexcept { return s == kP1 || s == kP2; }

// The cards of `mask` in id order; `mask` holds cards 1..24 only, and `out`
// room for as many.
int cards_of(std::uint32_t mask, Card* out) noexcept {
  int n = 0;
  for (Card c = 1; c <= 24; ++c)
    if (mask & bit(c)) out[n++] = c;
  return n;
}

}  // namespace

bool hidden_of(const InfoSet& info, Hidden* out) noexcept {
  const Seat o = other(info.seat);
  const std::uint32_t pack = pack_mask(info.rules.base);
  const std::uint32_t turn_up = info.turn_up ? bit(info.turn_up) : 0;
  const std::uint32_t played = info.played[0] | info.played[1];
  // Hand, played cards, turn-up, known and unseen cards split the pack.
  const std::uint32_t parts[5] = {info.hand, played, turn_up, info.known, info.unseen};
  std::uint32_t all = 0;
  for (std::uint32_t p : parts) {
    if ((p & ~pack) || (all & p)) return false;
    all |= p;
  }
  if (all != pack || (info.lacks & ~info.unseen)) return false;
  const int known = popcount(info.known), unseen = popcount(info.unseen);
  const int face_down = int(info.talon_left) - (info.turn_up ? 1 : 0);
  const int need = int(info.counts[o]) - known;
  if (need < 0 || face_down < 0 || need + face_down != unseen) return false;
  // The arrays a world is dealt into: six cards a hand, the talon's 24.
  if (info.counts[o] > 6 || popcount(info.hand) != info.hand_n || info.hand_n > 6) return false;
  if (face_down > int(sizeof(DealState::talon)) || unseen > worlds::kMaxCards) return false;
  Hidden& h = *out;
  h.need = need;
  h.face_down = face_down;
  h.order_counts = info.draw_left > 0;
  h.n_unseen = cards_of(info.unseen, h.unseen);
  h.n_allowed = cards_of(info.unseen & ~info.lacks, h.allowed);
  return need <= h.n_allowed;
}

bool deal_of(const InfoSet& info, const World& world, DealState& s) noexcept {
  const Seat me = info.seat, o = other(me);
  // Every count is checked against the array it sizes before a card is
  // written: an InfoSet hidden_of refused never gets this far, and one that
  // did still writes nothing past an array.
  const int known = popcount(info.known);
  const int need = int(info.counts[o]) - known;
  const int face_down = int(info.talon_left) - (info.turn_up ? 1 : 0);
  if (info.hand_n > 6 || info.counts[o] > 6 || need < 0 || need > worlds::kMaxCards ||
      face_down < 0 || face_down > int(sizeof s.talon) || info.n_melds > 4 || !is_seat(info.seat))
    return false;
  s = DealState{};
  s.number = info.number;
  s.rules = info.rules;
  s.dealer = info.dealer;
  s.turn = info.turn;
  s.leader = info.leader;
  s.lead = info.lead;
  s.turn_up = info.turn_up;
  s.trump = info.trump;
  s.closed_by = info.closed_by;
  s.pending_draw = info.pending_draw;
  s.over = info.over;
  s.must_lead[0] = info.must_lead[0];
  s.must_lead[1] = info.must_lead[1];
  s.hand_n[me] = info.hand_n;
  for (int i = 0; i < info.hand_n; ++i) s.hand[me][i] = info.hand_cards[i];
  s.hand_mask[me] = info.hand;
  std::uint32_t theirs = info.known;
  for (int i = 0; i < need; ++i) theirs |= bit(world.hand[i]);
  if (popcount(theirs) != info.counts[o]) return false;  // a world card twice, or known
  s.hand_n[o] = std::uint8_t(cards_of(theirs, s.hand[o]));
  s.hand_mask[o] = theirs;
  std::copy(world.talon, world.talon + face_down, s.talon);
  s.talon_pos = 0;
  s.talon_end = std::uint8_t(face_down);
  for (int k = 0; k < 2; ++k) {
    s.taken[k] = info.taken[k];
    s.tricks_won[k] = info.tricks_won[k];
  }
  s.tricks_played = std::uint8_t(info.tricks_won[0] + info.tricks_won[1]);
  // Between tricks the leader is the last trick's winner, and so is the
  // seat that led the trick in play.
  s.last_winner = s.tricks_played ? info.leader : kNoSeat;
  s.n_melds = info.n_melds;
  for (int k = 0; k < info.n_melds && k < 4; ++k) {
    const Meld& m = info.melds[k];
    s.melds[k] = m;
    s.declared[m.seat] = true;
    if (s.tricks_won[m.seat] == 0)
      s.pending_meld[m.seat] = std::int16_t(s.pending_meld[m.seat] + m.value);
  }
  s.close_state = info.close_state;
  s.result = info.result;
  return true;
}

bool sample_world(const InfoSet& info, std::uint64_t seed, DealState& out) noexcept {
  Hidden h;
  if (!hidden_of(info, &h) || !worlds::fits(h)) return false;
  Stream stream = worlds::world_stream(seed);
  World w;
  worlds::sample(h, stream, &w);
  return deal_of(info, w, out);
}

int info_legal(const InfoSet& info, Move* out) noexcept {
  Hidden h;
  int n = 0;
  if (hidden_of(info, &h))
    worlds::any_world(h, [&](const World& w) {
      DealState s;
      if (deal_of(info, w, s)) n = legal_moves(s, info.seat, out);
    });
  return n;
}

}  // namespace trumpf::schnapsen
