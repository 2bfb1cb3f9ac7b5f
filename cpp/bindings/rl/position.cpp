#include "bindings/rl/position.hpp"

#include <pybind11/numpy.h>

#include <climits>
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/record.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace ts = trumpf::schnapsen;
namespace td = trumpf::durak;

bool is_durak_game(py::handle h) {
  // Held for the life of the process, as the class is.
  static py::handle type =
      py::object(py::module_::import("trumpf._core").attr("durak").attr("Game")).release();
  return PyObject_TypeCheck(h.ptr(), reinterpret_cast<PyTypeObject*>(type.ptr())) != 0;
}

[[noreturn]] void not_a_game(py::handle h) {
  refuse("bad_game", "not a game: " + repr_text(h) +
                         " (expected a built Deal, Match or durak Game, or a game name)");
}

// A move event of a Durak history dict, read by value; false for the rest.
bool move_event(py::handle item, td::Event* out) {
  if (!PyDict_Check(item.ptr())) return false;
  std::string kind;
  py::object k = dict_item(item, py::str("kind"), "bad_game");
  if (!k || !text_of(k, &kind)) return false;
  static const char* const kKinds[] = {"attack", "beat", "take", "done", "swap", "resign"};
  int index = -1;
  for (int i = 0; i < 6; ++i)
    if (kind == kKinds[i]) index = i;
  if (index < 0) return false;
  long long seat = 0, card = 0;
  if (!exact_int(dict_item(item, py::str("seat"), "bad_game"), 1, 2, &seat))
    refuse("bad_game", "a Durak history move without a seat: " + repr_text(item));
  py::object c = dict_item(item, py::str("card"), "bad_game");
  if (c && !exact_int(c, 1, td::kPackSize, &card))
    refuse("bad_game", "a Durak history move with a bad card: " + repr_text(item));
  *out = td::Event{};
  out->kind = td::EventKind(index);  // event kinds follow the move kinds
  out->seat = std::uint8_t(seat);
  out->card = td::Card(card);
  return true;
}

// A Durak Game's position and what its moves have shown. The Game keeps
// only events, so its moves are played again on its deal, through the one
// function that tracks what is shown.
void read_durak(py::handle h, Position& p) {
  p.family = Family::kDurak;
  const auto seed = seed_arg(h.attr("seed"));
  long long number = 0;
  if (!exact_int(h.attr("number"), 1, LLONG_MAX, &number))
    refuse("bad_game", "the game's deal number cannot be read");
  py::list history = items_arg(h.attr("history"), "bad_game", "a game's history");
  for (py::handle item : history) {
    td::Event e;
    if (move_event(item, &e)) p.events.push_back(e);
  }
  p.game = game_state_of(h);  // after the reads above, which may run the caller's code
  p.durak_shown =
      td::shown_of(seed.data(), std::uint64_t(number), p.events.data(), p.events.size());
}

}  // namespace

Position position_of(py::handle h) {
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
  read_durak(h, p);
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
  return int(s);
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
