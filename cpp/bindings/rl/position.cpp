#include "bindings/rl/position.hpp"

#include <pybind11/numpy.h>

#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "durak/record.hpp"
#include "schnapsen/record.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace ts = trumpf::schnapsen;
namespace td = trumpf::durak;

bool is_durak_game(py::handle h) { return py::isinstance<td::GameRecord>(h); }

[[noreturn]] void not_a_game(py::handle h) {
  refuse("bad_game", "not a game: " + repr_text(h) +
                         " (expected a built Deal, Match or durak Game, or a game name)");
}

// A Durak Game's position and what its moves have shown, replayed from its
// record through the one function that tracks what is shown.
void read_durak(py::handle h, Position& p, bool shown) {
  p.family = Family::kDurak;
  const td::GameRecord& r = self_of<td::GameRecord>(h);  // not_built for a bare __new__
  p.game = r.state;
  if (!shown) return;
  p.events = r.history;
  p.durak_shown = td::shown_of(r.dealt, p.events.data(), p.events.size());
}

}  // namespace

Position position_of(py::handle h, bool shown) {
  Position p;
  if (py::isinstance<ts::DealRecord>(h)) {
    const ts::DealRecord& d = self_of<ts::DealRecord>(h);  // not_built for a bare __new__
    p.match.deal = d.state;
    p.shown = d.shown;
    return p;
  }
  if (py::isinstance<ts::MatchRecord>(h)) {
    const ts::MatchRecord& m = self_of<ts::MatchRecord>(h);
    p.in_match = true;
    p.match = m.state;
    p.shown = m.shown;
    return p;
  }
  if (!is_durak_game(h)) not_a_game(h);
  read_durak(h, p, shown);
  return p;
}

Family family_of(py::handle h) {
  std::string name;
  if (text_of(h, &name)) {
    if (name == "durak") return Family::kDurak;
    const std::string suffix = "-match";
    if (name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      name.resize(name.size() - suffix.size());
    ts::Rules r;
    if (ts::rules_named(name, &r)) return Family::kSchnapsen;
    refuse("bad_game", "unknown game " + repr_text(h));
  }
  if (py::isinstance<ts::DealRecord>(h) || py::isinstance<ts::MatchRecord>(h))
    return Family::kSchnapsen;
  if (is_durak_game(h)) return Family::kDurak;
  not_a_game(h);
}

int seat_of(Family family, py::handle seat) {
  if (family == Family::kSchnapsen) return schnapsen::seat_arg(seat);
  long long s = 0;
  if (!exact_int(seat, 1, 2, &s))
    refuse("bad_seat", "a Durak seat is the int 1 or 2, not " + repr_text(seat));
  return td::seat_numbered(s);
}

bool uint8_obs_arg(py::handle dtype) {
  py::dtype d = py::dtype::of<double>();  // what a value numpy cannot read stands as
  try {
    d = py::dtype::from_args(py::reinterpret_borrow<py::object>(dtype));
  } catch (py::error_already_set&) {
  }
  if (d.equal(py::dtype::of<float>())) return false;
  if (d.equal(py::dtype::of<std::uint8_t>())) return true;
  refuse("bad_dtype", "an observation is float32 or uint8, not " + repr_text(dtype));
}

const char* family_name(Family family) { return family == Family::kDurak ? "durak" : "schnapsen"; }

}  // namespace trumpf::bindings::rl
