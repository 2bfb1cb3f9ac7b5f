// Game.info(seat): a seat's information set (durak/info.hpp) as the
// contract's dict ("Information sets"). The keys it shares with Game.view are
// the view's own values, so "as in view" holds by construction; the rest
// come from the InfoSet.
#include <pybind11/pybind11.h>

#include <vector>

#include "bindings/common/objects.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "durak/info.hpp"
#include "durak/record.hpp"
#include "durak/view.hpp"

namespace trumpf::bindings::durak {

namespace {

// Every attack and beat in order, as {seat, kind, card}.
py::list played_obj(const std::vector<td::Event>& history) {
  py::list out;
  for (const td::Event& e : history) {
    if (e.kind != td::EventKind::kAttack && e.kind != td::EventKind::kBeat) continue;
    py::dict d;
    d["seat"] = seat_obj(e.seat);
    d["kind"] = e.kind == td::EventKind::kAttack ? "attack" : "beat";
    d["card"] = py::int_(int(e.card));
    out.append(d);
  }
  return out;
}

py::dict info(py::handle self, py::handle seat_h) {
  // The object before the seat: an unbuilt one is not_built whatever the seat.
  // A copy: building the dict may run Python code that re-enters the game.
  const td::GameRecord r = self_of<td::GameRecord>(self);
  const td::Seat seat = seat_arg(seat_h);
  const td::Shown shown = td::shown_of(r.dealt, r.history.data(), r.history.size());
  const td::InfoSet i = td::info_set(r.state, shown, seat);
  const py::dict view = view_dict(td::view_of(r.state, seat));
  py::dict d;
  for (const char* key : {"seat", "ply", "phase", "turn", "trump"}) d[key] = view[key];
  d["trump_card"] = py::int_(int(i.trump_card));  // kept once drawn, as the property has it
  for (const char* key : {"talon", "discard"}) d[key] = view[key];
  d["discarded"] = cards_obj(i.discarded);
  for (const char* key : {"hand", "counts", "swap", "bout"}) d[key] = view[key];
  d["played"] = played_obj(r.history);
  d["known"] = cards_obj(i.known);
  d["unseen"] = cards_obj(i.unseen);
  for (const char* key : {"legal", "over", "result"}) d[key] = view[key];
  return d;
}

}  // namespace

void register_info(py::module_& m) {
  py::reinterpret_borrow<py::class_<td::GameRecord>>(m.attr("Game"))
      .def("info", &info, py::arg("seat"),
           "Everything `seat` can know now, as plain data: its hand, the bout, every attack and "
           "beat with who made it, the heap's cards, the cards the other seat is known to hold "
           "(picked up, swapped for, the last card drawn) and those it cannot place (`unseen`). "
           "Never the other hand, the talon's order or the seed (docs/api-contract.md, "
           "\"Information sets\").");
}

}  // namespace trumpf::bindings::durak
