// A Deal, Match or Durak Game as the scalar RL functions read it: a copy of
// its position and of what its table has shown (schnapsen/info.hpp,
// durak/info.hpp), so nothing borrowed outlives a call that runs Python code.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "durak/game.hpp"
#include "durak/info.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"

namespace trumpf::bindings::rl {

enum class Family { kSchnapsen, kDurak };

struct Position {
  Family family = Family::kSchnapsen;
  bool in_match = false;
  ::trumpf::schnapsen::MatchState match{};  // a Deal: match.deal alone
  ::trumpf::schnapsen::Shown shown{};
  ::trumpf::durak::GameState game{};
  ::trumpf::durak::Shown durak_shown{};
  std::vector<::trumpf::durak::Event> events;  // a Durak game's history
};

// The position of a built Deal, Match or Durak Game; Error bad_game for
// anything else. `shown` false leaves out what the table has shown, which a
// Durak game rebuilds from its whole record: the calls that read the
// position alone (move_of, legal_mask, rewards) skip that replay.
Position position_of(pybind11::handle game, bool shown = true);

// The family a game object or a game name ("schnapsen-tjger-match", ...)
// belongs to; Error bad_game for anything else.
Family family_of(pybind11::handle game);

// The engine seat a seat argument names: "p1"/"p2" or Durak's 1/2 -> 0/1;
// Error bad_seat.
int seat_of(Family family, pybind11::handle seat);

// Whether an observation dtype asks for the raw uint8 values (else float32);
// Error bad_dtype for any other dtype.
bool uint8_obs_arg(pybind11::handle dtype);

// The family's name for error messages and tables: "schnapsen" or "durak".
const char* family_name(Family family);

}  // namespace trumpf::bindings::rl
