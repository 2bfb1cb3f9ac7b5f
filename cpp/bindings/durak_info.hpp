// Game.info(seat) for Durak (docs/api-contract.md, "Information sets"): the
// conversion the Durak bindings call once their Game has a record of its
// events (the issue-9 rewrite), as
//
//   const durak::GameRecord r = self_of<durak::GameRecord>(self);
//   const durak::Shown shown = durak::shown_of(r.seed.data(), r.number, r.history.data(),
//                                              r.history.size());
//   return durak_info_dict(r.state, shown, r.history.data(), r.history.size(), seat);
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>

#include "durak/game.hpp"
#include "durak/info.hpp"

namespace trumpf::bindings {

// The info dict of `seat` (1 or 2) in the deal `s` whose events so far are
// events[0 .. n), what those events have shown being `shown`. Everything is
// read before the first Python object is made, so the events may live in
// the record the dict describes.
pybind11::dict durak_info_dict(const durak::GameState& s, const durak::Shown& shown,
                               const durak::Event* events, std::size_t n, int seat);

}  // namespace trumpf::bindings
