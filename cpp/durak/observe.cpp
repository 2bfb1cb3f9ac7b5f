#include "durak/observe.hpp"

#include "common/planes.hpp"

namespace trumpf::durak {

namespace {

struct Scales : ObsScale {
  constexpr Scales() : ObsScale{} {
    for (float& x : v) x = 1.0f;
    v[kObsTalon] = 1.0f / 24;
    v[kObsDiscard] = 1.0f / 36;
    for (int k : {kObsCardsMine, kObsCardsTheirs, kObsCap, kObsOnTable}) v[k] = 1.0f / 6;
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

template <class T>
void write(const InfoSet& i, T* out) noexcept {
  // Each plane writes 40 slots (five bytes of its set); the four past its
  // end are the next plane's, written after it, and the last plane's spill
  // into the trump slots, written after it.
  const Bout& b = i.bout;
  Cards attacks = 0, beats = 0;
  for (int k = 0; k < b.n_att; ++k) attacks |= bit(b.attacks[k]);
  for (int k = 0; k < b.n_beat; ++k) beats |= bit(b.beats[k]);
  const Card to_beat = b.open && !b.taken ? b.unbeaten() : Card(0);
  put_bits<5>(out + kObsHand, i.hand);
  put_bits<5>(out + kObsKnown, i.known);
  put_bits<5>(out + kObsUnseen, i.unseen);
  put_bits<5>(out + kObsDiscarded, i.discarded);
  put_bits<5>(out + kObsAttacks, attacks);
  put_bits<5>(out + kObsBeats, beats);
  put_bits<5>(out + kObsToBeat, to_beat ? bit(to_beat) : 0);
  put_bits<5>(out + kObsUnderTalon, i.turn_up_left ? bit(i.trump_card) : 0);
  // The trump and the flags as one more plane; its last six slots are the
  // counts', written after it.
  const bool my_turn = i.turn == i.seat;
  const bool flags[6] = {my_turn,
                         b.open && b.attacker == i.seat,
                         i.phase == Phase::kAttack,
                         i.phase == Phase::kDefend,
                         i.phase == Phase::kPileOn,
                         i.swap};
  std::uint32_t bits = 1u << i.trump;
  for (int k = 0; k < 6; ++k) bits |= std::uint32_t(flags[k]) << (kObsMyTurn - kObsTrump + k);
  put_bits<2>(out + kObsTrump, bits);
  put(out, kObsTalon, i.talon);
  put(out, kObsDiscard, i.discard);
  put(out, kObsCardsMine, i.counts[i.seat]);
  put(out, kObsCardsTheirs, i.counts[other(i.seat)]);
  put(out, kObsCap, b.open ? b.cap : 0);
  put(out, kObsOnTable, b.n_att);
}

}  // namespace

const ObsScale& obs_scale() noexcept { return kScales; }

void observe(const InfoSet& info, float* out) noexcept { write(info, out); }
void observe(const InfoSet& info, std::uint8_t* out) noexcept { write(info, out); }

}  // namespace trumpf::durak
