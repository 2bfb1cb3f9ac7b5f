// trumpf.schnapsen.sample_world: one deal a seat cannot tell from the one it
// sits in, dealt from its info dict and a seed (schnapsen/worlds.hpp,
// sample_world). The info is checked as Expert.choose(info) checks it; the
// world comes back as both hands and the face-down talon.
#include <pybind11/pybind11.h>

#include <cstdint>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/info_args.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "common/limits.hpp"
#include "schnapsen/worlds.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

// A hand's cards in id order: a world says which cards a hand holds, not
// the order they came in.
py::list sorted_hand(std::uint32_t mask) {
  ts::Card cards[24];
  int n = 0;
  for (ts::Card c = 1; c <= 24; ++c)
    if (mask & ts::bit(c)) cards[n++] = c;
  return cards_obj(cards, n);
}

}  // namespace

void register_world(py::module_& m) {
  m.def(
      "sample_world",
      [](py::handle info, py::handle seed) {
        const long long s = int_arg(seed, 0, limits::kMaxSeed, "bad_seed", "a world's seed");
        const ts::InfoSet i = checked_info(info, "sample_world");
        ts::DealState d;
        if (!ts::sample_world(i, std::uint64_t(s), d))
          refuse(info_args::kCode, "the info leaves no world to deal");
        py::dict out;
        out[keys().hands] =
            per_seat(sorted_hand(d.hand_mask[ts::kP1]), sorted_hand(d.hand_mask[ts::kP2]));
        out[keys().talon] = cards_obj(d.talon + d.talon_pos, d.talon_end - d.talon_pos);
        return out;
      },
      py::arg("info"), py::arg("seed") = 0,
      "One deal the seat of `info` (a Deal.info or Match.info dict of the seat on turn, checked "
      "as Expert.choose(info) checks it) cannot tell from its own, as {'hands': {'p1': [...], "
      "'p2': [...]}, 'talon': [...]}: hands in id order, the face-down talon in draw order "
      "without the turn-up. The other hand holds the cards it is known to hold and unseen cards "
      "its phase-2 follows (or a Sixty-Six close the table made no exchange at) have not shown "
      "it lacks; every such world is equally likely, and the same "
      "info and seed (an int 0..2**63-1, else bad_seed) give the same world.");
}

}  // namespace trumpf::bindings::schnapsen
