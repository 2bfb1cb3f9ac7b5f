// The scalar RL API: integer actions both ways, legal masks, observation
// tensors and the tables naming them, for one Deal, Match or Durak Game.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/rl/position.hpp"
#include "bindings/rl/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "common/planes.hpp"
#include "durak/actions.hpp"
#include "durak/observe.hpp"
#include "players/players.hpp"
#include "rl/games.hpp"
#include "rl/rewards.hpp"
#include "schnapsen/actions.hpp"
#include "schnapsen/observe.hpp"

namespace py = pybind11;

namespace trumpf::bindings::rl {

namespace {

namespace ts = trumpf::schnapsen;
namespace td = trumpf::durak;
namespace trl = trumpf::rl;

constexpr int kActions = 40;
static_assert(ts::kActions == kActions && td::kActions == kActions, "one action count");

int action_of(py::handle game, py::handle move) {
  const Family f = family_of(game);
  const int a = f == Family::kSchnapsen ? ts::action_of(schnapsen::parse_move(move))
                                        : td::action_of(durak::parse_move(move));
  if (a < 0)
    refuse("not_legal", repr_text(move) + " is not a move of " + family_name(f) +
                            ", so no action stands for it");
  return a;
}

int action_arg(py::handle h) { return int(int_arg(h, 0, kActions - 1, "bad_action", "an action")); }

py::dict move_of(py::handle game, py::handle action) {
  const int a = action_arg(action);
  const Position p = position_of(game, false);
  if (p.family == Family::kSchnapsen)
    return schnapsen::move_dict(p.match.deal.trump, ts::move_of(p.match.deal, a));
  return durak::move_dict(td::move_of(p.game, a));
}

py::array_t<bool> legal_mask(py::handle game, py::handle seat_h) {
  const Position p = position_of(game, false);
  const int seat = seat_of(p.family, seat_h);
  std::uint64_t bits = 0;
  if (p.family == Family::kDurak)
    bits = td::legal_actions(p.game, seat);
  else if (!(p.in_match && p.match.over))
    bits = ts::legal_actions(p.match.deal, ts::Seat(seat));
  py::array_t<bool> out(kActions);
  put_bits<kActions / 8>(reinterpret_cast<std::uint8_t*>(out.mutable_data()), bits);
  return out;
}

py::tuple rewards(py::handle game) {
  const Position p = position_of(game, false);
  float r[2];
  if (p.family == Family::kDurak)
    trl::durak_rewards(p.game, r);
  else if (p.in_match)
    trl::match_rewards(p.match, r);
  else
    trl::deal_rewards(p.match.deal, r);
  return py::make_tuple(r[0], r[1]);
}

template <class T>
py::array observed(const Position& p, int seat) {
  py::array_t<T> out(p.family == Family::kDurak ? td::kObsSize : ts::kObsSize);
  T* o = out.mutable_data();
  if (p.family == Family::kDurak) {
    td::observe(td::info_set(p.game, p.durak_shown, seat), o);
  } else {
    const ts::Seat s = ts::Seat(seat);
    ts::observe(
        p.in_match ? ts::info_set(p.match, p.shown, s) : ts::info_set(p.match.deal, p.shown, s), o);
  }
  return std::move(out);
}

py::array observe(py::handle game, py::handle seat_h, py::handle dtype) {
  const bool raw = uint8_obs_arg(dtype);
  const Position p = position_of(game);
  const int seat = seat_of(p.family, seat_h);
  return raw ? observed<std::uint8_t>(p, seat) : observed<float>(p, seat);
}

py::tuple action_names(py::handle game) {
  const Family f = family_of(game);
  py::tuple t(kActions);
  for (int a = 0; a < kActions; ++a)
    t[a] = py::str(f == Family::kDurak ? td::action_name(a) : ts::action_name(a));
  return t;
}

py::array_t<float> obs_scale(py::handle game) {
  const Family f = family_of(game);
  const int size = f == Family::kDurak ? td::kObsSize : ts::kObsSize;
  const float* v = f == Family::kDurak ? td::obs_scale().v : ts::obs_scale().v;
  py::array_t<float> out(size);
  std::copy(v, v + size, out.mutable_data());
  return out;
}

template <int N>
py::tuple layout_of(const LayoutRow (&rows)[N]) {
  py::tuple out(N);
  for (int k = 0; k < N; ++k)
    out[k] =
        py::make_tuple(rows[k].start, rows[k].size, py::str(rows[k].group), py::str(rows[k].about));
  return out;
}

py::tuple obs_layout(py::handle game) {
  return family_of(game) == Family::kDurak ? layout_of(td::kObsRows) : layout_of(ts::kObsRows);
}

py::tuple action_layout(py::handle game) {
  return family_of(game) == Family::kDurak ? layout_of(td::kActionRows)
                                           : layout_of(ts::kActionRows);
}

py::tuple games() {
  py::list names;
  for (const std::string& name : trl::game_names()) names.append(py::str(name));
  return py::tuple(names);
}

float worst_reward(py::handle game_h) {
  std::string name;
  trl::Game game;
  ts::Rules rules;
  if (!text_of(game_h, &name) || !trl::game_named(name, &game, &rules))
    refuse("bad_game", "unknown game " + repr_text(game_h));
  return trl::worst_reward(game);
}

py::tuple opponents(py::handle game) {
  const Family f = family_of(game);
  py::list names;
  for (const trumpf::players::Row& row : trumpf::players::kPlayers)
    if (f == Family::kDurak ? row.durak : row.schnapsen) names.append(py::str(row.name));
  return py::tuple(names);
}

}  // namespace

void register_scalar(py::module_& m) {
  m.attr("N_ACTIONS") = kActions;
  m.def("action_of", &action_of, py::arg("game"), py::arg("move"),
        "The integer action (0..39) that `move` (a dict as legal() gives it) is in the game "
        "family of `game` (a Deal, Match or Game, or a game name); Error not_legal for "
        "what is not a move.");
  m.def("move_of", &move_of, py::arg("game"), py::arg("action"),
        "The move dict action `action` stands for in `game` now, shaped as its legal() entry "
        "(a card is a lead or a follow, an attack or a beat, by the position); legal or not.");
  m.def("legal_mask", &legal_mask, py::arg("game"), py::arg("seat"),
        "legal(seat) as a bool array of the 40 actions.");
  m.def("rewards", &rewards, py::arg("game"),
        "What the finished `game` pays each seat, as the VectorEnv pays it (rl/rewards.hpp): "
        "(seat 1's, seat 2's); (0.0, 0.0) while it runs.");
  m.def("observe", &observe, py::arg("game"), py::arg("seat"), py::arg("dtype") = "float32",
        "The observation tensor of `seat` in `game`, computed from its information set "
        "alone: float32 (or the raw uint8 values; times obs_scale they are the float32 ones).");
  m.def("action_names", &action_names, py::arg("game"),
        "The names of the 40 actions of the family of `game`, in action order.");
  m.def("obs_scale", &obs_scale, py::arg("game"),
        "What one unit of each slot of the raw uint8 observation is worth in the float32 one.");
  m.def("obs_layout", &obs_layout, py::arg("game"),
        "The observation tensor's layout for the family of `game`: rows of (start, size, "
        "group, about), in slot order, covering the tensor.");
  m.def("action_layout", &action_layout, py::arg("game"),
        "The action space's layout for the family of `game`: rows of (start, size, group, "
        "about), in action order, covering the 40 actions.");
  m.def("games", &games,
        "The VectorEnv's game names: each variant and preset as a deal, each with -match, "
        "and durak.");
  m.def("worst_reward", &worst_reward, py::arg("game"),
        "The worst reward an episode of the named game can pay a seat (rl/rewards.hpp).");
  m.def("opponents", &opponents, py::arg("game"),
        "The built-in players a single agent can meet in the family of `game` "
        "(players/players.hpp).");
}

}  // namespace trumpf::bindings::rl
