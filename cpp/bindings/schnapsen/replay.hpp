// Playing moves on a Deal or a Match record: apply() one at a time, and
// replay() of a move log on a fresh record.
#pragma once

#include <string>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/names.hpp"
#include "schnapsen/record.hpp"

namespace trumpf::bindings::schnapsen {

// Reads `moves` (each {seat, kind, ...}), plays them on `record` off the GIL,
// and refuses at the first bad one, naming it by its index.
template <class Record>
void replay_moves(Record& record, const ts::DealState& (*deal_of)(const Record&),
                  py::handle moves) {
  // The caller's moves are copied into a list of our own first: a refusal
  // quotes the move, and a generator or a list changed meanwhile must not
  // leave us quoting freed memory.
  py::list items = items_arg(moves, "not_legal", "moves");
  std::vector<ts::SeatMove> parsed;
  parsed.reserve(std::size_t(PyList_GET_SIZE(items.ptr())));
  for (py::handle item : items) parsed.push_back(parse_logged_move(item));
  std::size_t bad = 0;
  ts::Code code;
  {
    py::gil_scoped_release nogil;  // the record is ours alone until we return it
    code = ts::replay(record, parsed, &bad);
  }
  if (code == ts::Code::kOk) return;
  py::object item = items[bad];
  py::object seat =
      PyDict_Check(item.ptr()) ? dict_item(item, keys().seat, "not_legal") : py::object();
  const ts::Given given = given_of(seat ? seat : py::none(), item);
  refuse(ts::code_name(code),
         "move " + std::to_string(bad) + " (" + given.move + ") refused: " +
             ts::explain(deal_of(record), parsed[bad].seat, parsed[bad].move, code, given));
}

// Deal.apply / Match.apply: plays `move` for `seat` on the record `self`
// holds and returns the events it caused; a refusal raises Error with the
// engine's code and changes nothing. `deal_of` is the deal being played.
template <class Record>
py::list apply_move(py::handle self, py::handle seat_h, py::handle move_h,
                    const ts::DealState& (*deal_of)(const Record&)) {
  const ts::Seat seat = parse_seat(seat_h);
  const ts::Move move = parse_move(move_h);  // may run Python code: before the record is read
  Record& r = self_of<Record>(self);
  const std::size_t from = r.history.size();
  const ts::Code c = r.apply(seat, move);
  if (c != ts::Code::kOk) {
    // A refusal changed nothing: the state is the one the move was refused in,
    // copied before given_of runs the caller's reprs.
    const ts::DealState at = deal_of(r);
    refuse(ts::code_name(c), ts::explain(at, seat, move, c, given_of(seat_h, move_h)));
  }
  return events_at(r.history, from, r.history.size() - from);
}

// Deal.moves_of / Match.moves_of: the moves behind a history of event dicts.
inline py::list log_moves(py::handle history, py::handle variant) {
  const std::vector<ts::Entry> events = history_arg(history);
  const ts::Rules rules = variant.is_none() ? ts::Rules{} : rules_arg(variant);
  const std::vector<ts::SeatMove> moves = ts::moves_of(events, rules);
  py::list out(py::ssize_t(moves.size()));
  for (std::size_t i = 0; i < moves.size(); ++i)
    PyList_SET_ITEM(out.ptr(), py::ssize_t(i), logged_move_dict(moves[i]).release().ptr());
  return out;
}

}  // namespace trumpf::bindings::schnapsen
