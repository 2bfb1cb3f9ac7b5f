#include "schnapsen/observe.hpp"

#include "common/planes.hpp"

namespace trumpf::schnapsen {

namespace {

// Each count's scale: one over the most it usually reaches (points over 66).
struct Scales : ObsScale {
  constexpr Scales() : ObsScale{} {
    for (float& x : v) x = 1.0f;
    for (int k : {kObsTalonLeft, kObsDrawLeft, kObsTricksMine, kObsTricksTheirs,
                  kObsCloseTricksMine, kObsCloseTricksTheirs})
      v[k] = 1.0f / 12;
    for (int k : {kObsPointsMine, kObsPointsTheirs, kObsPendingMine, kObsPendingTheirs,
                  kObsClosePointsMine, kObsClosePointsTheirs})
      v[k] = 1.0f / 66;
    v[kObsCardsMine] = v[kObsCardsTheirs] = 1.0f / 6;
    v[kObsToWinMine] = v[kObsToWinTheirs] = 1.0f / 7;
  }
};
constexpr Scales kScales{};

template <class T>
inline void put(T* out, int slot, int raw) noexcept {
  if constexpr (sizeof(T) == 1)
    out[slot] = T(raw);
  else
    out[slot] = T(raw) * kScales.v[slot];
}

// Without a branch on the trick count, which differs from env to env.
inline int pending(const InfoSet& i, Seat seat) {
  int p = 0;
  for (int k = 0; k < i.n_melds; ++k) p += i.melds[k].value & -int(i.melds[k].seat == seat);
  return p & -int(i.tricks_won[seat] == 0);
}

// Hands each 24-slot plane to put(slot, mask): the nine card planes, then
// the trump, the marriages and the flags as one more. Card masks hold
// bit(c) = 1 << c for ids 1..24; planes start at id 1.
template <class Put>
inline void for_planes(const InfoSet& i, Put&& put) noexcept {
  const Seat me = i.seat, them = other(me);
  put(kObsHand, i.hand >> 1);
  put(kObsPlayedMine, i.played[me] >> 1);
  put(kObsPlayedTheirs, i.played[them] >> 1);
  put(kObsWonMine, i.won[me] >> 1);
  put(kObsWonTheirs, i.won[them] >> 1);
  put(kObsLed, bit(i.lead) >> 1);  // bit(kNoCard) >> 1 is 0
  put(kObsKnown, i.known >> 1);
  put(kObsUnseen, i.unseen >> 1);
  put(kObsTurnUp, bit(i.turn_up) >> 1);
  std::uint32_t married[2] = {0, 0};
  for (int k = 0; k < i.n_melds; ++k) married[i.melds[k].seat] |= 1u << i.melds[k].suit;
  const bool my_turn = i.turn == me && !i.over;
  const bool flags[12] = {my_turn,
                          my_turn && !i.lead,
                          my_turn && i.lead,
                          i.dealer == me,
                          i.phase == 2,
                          i.closed_by != kNoSeat,
                          i.closed_by == me,
                          i.pending_draw,
                          i.must_lead[0] != kNoCard,
                          i.rules.base == kSixtySix,
                          i.rules.marriage_by_lead,
                          i.match.in_match};
  std::uint32_t bits = (1u << i.trump) | married[me] << 4 | married[them] << 8;
  for (int k = 0; k < 12; ++k) bits |= std::uint32_t(flags[k]) << (kObsMyTurn - kObsTrump + k);
  put(kObsTrump, bits);
}

template <class T>
void write(const InfoSet& i, T* out, bool wide) noexcept {
  const Seat me = i.seat, them = other(me);
  static_assert(kObsTalonLeft == 240 && kObsSize == 256);
  if (wide && kPlanesWide) {  // never AVX-512 on a CPU without it
    // Slots 0 .. 239 as bits, written sixteen at a time (240 .. 255 zero,
    // then the counts below).
    std::uint64_t words[4] = {0, 0, 0, 0};
    for_planes(i, [&](int slot, std::uint32_t mask) { add_plane(words, slot, mask); });
    put_words(words, out, true);
  } else {
    // Straight from the masks: gathering them into words first cost about
    // sixty instructions more on the table.
    for_planes(i, [&](int slot, std::uint32_t mask) { put_bits<3>(out + slot, mask); });
  }
  // Slot by slot: gathered into an array first, the compiler loaded them
  // back four at a time from stores one at a time, and stalled on each load.
  const int closed = -int(i.close_state.by != kNoSeat);  // all ones or zero
  put(out, kObsTalonLeft, i.talon_left);
  put(out, kObsDrawLeft, i.draw_left);
  put(out, kObsPointsMine, i.taken[me]);
  put(out, kObsPointsTheirs, i.taken[them]);
  put(out, kObsTricksMine, i.tricks_won[me]);
  put(out, kObsTricksTheirs, i.tricks_won[them]);
  put(out, kObsCardsMine, i.counts[me]);
  put(out, kObsCardsTheirs, i.counts[them]);
  put(out, kObsPendingMine, pending(i, me));
  put(out, kObsPendingTheirs, pending(i, them));
  put(out, kObsClosePointsMine, int(i.close_state.points[me]) & closed);
  put(out, kObsClosePointsTheirs, int(i.close_state.points[them]) & closed);
  put(out, kObsCloseTricksMine, int(i.close_state.tricks[me]) & closed);
  put(out, kObsCloseTricksTheirs, int(i.close_state.tricks[them]) & closed);
  put(out, kObsToWinMine, i.match.to_win[me]);
  put(out, kObsToWinTheirs, i.match.to_win[them]);
}

}  // namespace

const ObsScale& obs_scale() noexcept { return kScales; }

void observe(const InfoSet& info, float* out, bool wide) noexcept { write(info, out, wide); }
void observe(const InfoSet& info, std::uint8_t* out, bool wide) noexcept { write(info, out, wide); }

}  // namespace trumpf::schnapsen
