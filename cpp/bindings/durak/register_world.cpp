// trumpf.durak.sample_world: one game a seat cannot tell from the one it
// sits in, dealt from its info dict and a seed (durak/worlds.hpp,
// sample_world). The info is checked as Expert.choose(info) checks it; the
// world comes back as both hands and the talon.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/info_args.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "common/limits.hpp"
#include "durak/worlds.hpp"

namespace trumpf::bindings::durak {

void register_world(py::module_& m) {
  m.def(
      "sample_world",
      [](py::handle info, py::handle seed) {
        const long long s = int_arg(seed, 0, limits::kMaxSeed, "bad_seed", "a world's seed");
        const td::InfoSet i = checked_info(info, "sample_world");
        td::GameState g;
        if (!td::sample_world(i, std::uint64_t(s), g))
          refuse(info_args::kCode, "the info leaves no world to deal");
        py::dict out;
        out[py::str("hands")] = per_seat(cards_obj(g.hands[td::kP1]), cards_obj(g.hands[td::kP2]));
        out[py::str("talon")] =
            cards_obj(std::vector<td::Card>(g.talon + g.talon_pos, g.talon + 24));
        return out;
      },
      py::arg("info"), py::arg("seed") = 0,
      "One game the seat of `info` (a Game.info dict of the seat on turn, checked as "
      "Expert.choose(info) checks it) cannot tell from its own, as {'hands': {1: [...], 2: "
      "[...]}, 'talon': [...]}: hands in id order, the talon in draw order with the turn-up "
      "last. The other hand holds the cards it is known to hold and unseen ones; every such "
      "world is equally likely, and the same info and seed (an int 0..2**63-1, else bad_seed) "
      "give the same world.");
}

}  // namespace trumpf::bindings::durak
