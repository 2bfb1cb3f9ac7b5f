// Playing moves on a Deal or a Match record: apply() one at a time, and
// replay() of a move log on a fresh record.
#pragma once

#include <string>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/game_class.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/names.hpp"
#include "schnapsen/record.hpp"

namespace trumpf::bindings::schnapsen {

// Plays `moves` (each {seat, kind, ...}) on `record` (game_class::replay_log);
// a refusal is explained in the deal `deal_of` gives.
template <class Record>
void replay_moves(Record& record, const ts::DealState& (*deal_of)(const Record&),
                  py::handle moves) {
  game_class::replay_log(record, moves, &parse_logged_move, &given_of, keys().seat, deal_of);
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
