// trumpf.schnapsen.Bot and the reference bots' building blocks (search).
#include <pybind11/pybind11.h>

#include <climits>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/bot.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

struct BotObj {
  int level = 1;
  py::object seed;
};

// The deal a bot looks at: a copy of a Deal's state, or of a Match's current
// deal (with whether the match is over).
ts::DealState game_state(py::handle game, bool* match_over) {
  *match_over = false;
  if (auto* d = value_or_null<ts::DealRecord>(game.ptr())) return d->state;
  if (auto* mr = value_or_null<ts::MatchRecord>(game.ptr())) {
    *match_over = mr->state.over;
    return mr->state.deal;
  }
  refuse("bad_game", "a bot plays a built Match or Deal, not " + repr_text(game));
}

ts::DealState game_state(py::handle game) {
  bool over = false;
  return game_state(game, &over);
}

int level_arg(py::handle h) {
  long long v = 0;
  if (!clamped_int(h, LLONG_MIN, LLONG_MAX, &v))
    refuse("bad_level", "a bot level is an int, not " + repr_text(h));
  return ts::bot_level_of(v);
}

std::vector<ts::Card> some_cards(py::handle h) {
  auto cards = cards_arg(h);
  if (cards.empty()) refuse("bad_card", "no cards to choose from");
  return cards;
}

}  // namespace

void register_bot(py::module_& m) {
  py::class_<BotObj>(
      m, "Bot", "The reference bot, levels 1 and 2 (asked levels 1..5 on the ladder 1,1,2,2,2).")
      .def(py::init([](py::handle level, py::object seed) {
             BotObj b;
             // Bot(level=L) plays level L (the transcripts' "2" is Bot(level=2));
             // the 1,1,2,2,2 ladder is level_for's business.
             b.level = level_arg(level);
             b.seed = std::move(seed);
             return b;
           }),
           py::arg("level") = 1, py::arg("seed") = py::none())
      .def_property_readonly(
          "level", [](py::handle self) { return self_of<BotObj>(self).level; },
          "The level the bot plays, 1 or 2 (the asked level clamped).")
      .def_property_readonly(
          "seed", [](py::handle self) { return self_of<BotObj>(self).seed; },
          "The seed the bot was built with, as given (None by default); these bots are "
          "deterministic and do not draw on it.")
      .def_static(
          "level_for",
          [](py::handle n) {
            long long v = 0;
            if (!clamped_int(n, LLONG_MIN, LLONG_MAX, &v))
              refuse("bad_level", "a bot level is an int, not " + repr_text(n));
            return ts::bot_level_for(v);
          },
          py::arg("n"),
          "The bot level an asked level 1..5 plays, on the ladder 1, 1, 2, 2, 2 (clamped).")
      .def(
          "choose",
          [](py::handle self, py::handle game, py::handle seat) -> py::object {
            const int level = self_of<BotObj>(self).level;
            bool match_over = false;
            const ts::DealState s = game_state(game, &match_over);
            const ts::Seat st = seat_arg(seat);
            if (match_over) return py::none();
            const ts::Move mv = ts::bot_choose(s, st, level);
            if (mv.kind == ts::MoveKind::kNone) return py::none();
            return move_dict(s.trump, mv);
          },
          py::arg("game"), py::arg("seat"),
          "The move (a dict from game.legal(seat)) the reference bot of this level makes for "
          "`seat` in a Deal or Match; None when the seat has nothing to do.")
      .def("__reduce__",
           [](py::handle self) {
             const BotObj& b = self_of<BotObj>(self);
             return py::make_tuple(py::type::of(self), py::make_tuple(b.level, b.seed));
           })
      .def("__repr__", [](py::handle self) -> std::string {
        const BotObj* b = value_or_null<BotObj>(self.ptr());
        return b ? "<Bot level " + std::to_string(b->level) + ">" : "<Bot not built>";
      });

  m.def(
      "hand_strength",
      [](py::handle hand, py::handle trump) {
        const auto h = cards_arg(hand);
        return ts::hand_strength(h.data(), int(h.size()), suit_arg(trump));
      },
      py::arg("hand"), py::arg("trump"),
      "The bots' hand strength: card points, plus 5 per trump and 3 per ace.");
  m.def(
      "cheapest",
      [](py::handle cards) {
        const auto h = some_cards(cards);
        return int(ts::cheapest(h.data(), int(h.size())));
      },
      py::arg("cards"),
      "The cheapest card of `cards`: fewest card points, then lowest power, then lowest id. "
      "Error bad_card for an empty list.");
  m.def(
      "dearest",
      [](py::handle cards) {
        const auto h = some_cards(cards);
        return int(ts::dearest(h.data(), int(h.size())));
      },
      py::arg("cards"),
      "The dearest card of `cards`: most card points, then highest power, then lowest id. Error "
      "bad_card for an empty list.");
  m.def(
      "best_marriage",
      [](py::handle game, py::handle seat) -> py::object {
        const ts::DealState s = game_state(game);
        const int suit = ts::best_marriage(s, seat_arg(seat));
        if (suit < 0) return py::none();
        return move_dict(s.trump, ts::Move{ts::MoveKind::kMarriage, std::uint8_t(suit)});
      },
      py::arg("deal"), py::arg("seat"),
      "The marriage move the bot declares in a Deal or Match: the highest-valued one on offer "
      "to `seat`, ties to the first in C, D, H, S; None when there is none.");
  m.def(
      "should_claim",
      [](py::handle game, py::handle seat) {
        const ts::DealState s = game_state(game);
        return ts::should_claim(s, seat_arg(seat));
      },
      py::arg("deal"), py::arg("seat"),
      "Whether the bot claims: only when a claim is on offer to `seat` and it really holds 66.");
  m.def(
      "should_close",
      [](py::handle game, py::handle seat, py::handle level) {
        const ts::DealState s = game_state(game);
        const ts::Seat st = seat_arg(seat);
        return ts::should_close(s, st, level_arg(level));
      },
      py::arg("deal"), py::arg("seat"), py::arg("level"),
      "Whether the bot closes: level 2 only, holding two trumps or more and a hand strength of "
      "at least the points still needed plus 20.");
  m.def(
      "best_lead",
      [](py::handle game, py::handle seat, py::handle level) -> py::object {
        const ts::DealState s = game_state(game);
        const ts::Seat st = seat_arg(seat);
        return card_obj(ts::best_lead(s, st, level_arg(level)));
      },
      py::arg("deal"), py::arg("seat"), py::arg("level"),
      "The card the bot of `level` leads (from the married pair right after a marriage): level "
      "1 the cheapest; level 2 the cheapest non-trump in phase 1, the dearest ace, else dearest "
      "non-trump, else dearest card in phase 2. None with an empty hand.");
  m.def(
      "best_follow",
      [](py::handle game, py::handle seat) -> py::object {
        const ts::DealState s = game_state(game);
        return card_obj(ts::best_follow(s, seat_arg(seat)));
      },
      py::arg("deal"), py::arg("seat"),
      "The card the bot follows with: the cheapest winning card, preferring a non-trump, else "
      "the cheapest card. None when no card is led.");
}

}  // namespace trumpf::bindings::schnapsen

namespace trumpf::bindings {

trumpf::schnapsen::DealState deal_state_of(pybind11::handle game) {
  return schnapsen::game_state(game);
}

}  // namespace trumpf::bindings
