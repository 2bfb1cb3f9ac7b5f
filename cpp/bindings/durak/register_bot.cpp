// trumpf.durak.Bot and the reference bot's building blocks (search).
#include <pybind11/pybind11.h>

#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/common/objects.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "durak/bot.hpp"
#include "durak/search.hpp"

namespace trumpf::bindings::durak {

namespace {

constexpr const char* kMakeOne = "Bot(level, seed)";

struct BotObj {
  int level = 1;
  py::object seed;   // as given: a str, bytes or None
  std::string text;  // what level 1 hashes
};

}  // namespace

void register_bot(py::module_& m) {
  py::class_<BotObj>(m, "Bot", "The reference Durak bot (Game::Durak::Search), levels 1..3.")
      .def(py::init([](py::handle level, py::handle seed) {
             BotObj b;
             // Bot(level=L) plays level L clamped to 1..3; the 1,1,2,3,3
             // ladder is level_for's business.
             b.level = level_arg(level);
             b.text = bot_seed_arg(seed);
             b.seed = py::reinterpret_borrow<py::object>(seed);
             return b;
           }),
           py::arg("level") = 1, py::arg("seed") = py::none())
      .def_property_readonly(
          "level", [](py::handle self) { return self_of<BotObj>(self, kMakeOne).level; },
          "The level the bot plays, 1 to 3 (the asked level clamped).")
      .def_property_readonly(
          "seed", [](py::handle self) { return self_of<BotObj>(self, kMakeOne).seed; },
          "The seed the bot was built with, as given (a str, bytes or None); level 1 hashes it as "
          "text for its word.")
      .def(
          "choose",
          [](py::handle self, py::handle view) {
            // The bot's own values are copied before the view is read: reading
            // it may run Python code.
            const int level = self_of<BotObj>(self, kMakeOne).level;
            const std::string text = self_of<BotObj>(self, kMakeOne).text;
            const td::SeatView v = view_arg(view);
            const std::uint32_t word = level == 1 ? td::bot_word(text, v.seat, v.ply) : 0;
            return move_or_none(td::choose(v, level, word));
          },
          py::arg("view"),
          "The move (a dict equal to an entry of view['legal']) the bot of this level picks from "
          "a seat's view; None when nothing is legal. Error bad_view for a view that is not one.")
      .def_static(
          "hint", [](py::handle view) { return move_or_none(td::choose(view_arg(view), 3, 0)); },
          py::arg("view"),
          "The class-level hint for a seat's view: the level 3 choice with word 0.")
      .def_static(
          "level_for", [](py::handle n) { return td::level_for(asked_level_arg(n)); }, py::arg("n"),
          "The bot level an asked level 1..5 plays, on the ladder 1, 1, 2, 3, 3 (clamped).")
      .def("__reduce__",
           [](py::handle self) {
             const BotObj& b = self_of<BotObj>(self, kMakeOne);
             return py::make_tuple(py::type::of(self), py::make_tuple(b.level, b.seed));
           })
      .def("__repr__", [](py::handle self) -> std::string {
        const BotObj* b = value_or_null<BotObj>(self.ptr());
        if (!b) return "<durak.Bot not built>";
        const int level = b->level;
        const py::object seed = b->seed;  // held: its repr may run Python code
        return "<durak.Bot level " + std::to_string(level) + " seed " + repr_text(seed) + ">";
      });

  // ---- search
  m.def(
      "word_for",
      [](py::handle bot_seed, py::handle seat, py::handle ply) {
        const std::string text = bot_seed_arg(bot_seed);
        const td::Seat s = seat_arg(seat);
        return td::bot_word(text, s, ply_arg(ply));
      },
      py::arg("bot_seed"), py::arg("seat"), py::arg("ply"),
      "The level-1 bot's word: the first big-endian 32-bit word of SHA-256 of the text "
      "'{bot_seed}:{seat}:{ply}', for a seed of any length.");
  m.def(
      "cost",
      [](py::handle card, py::handle hand, py::handle trump, py::handle level,
         py::handle attacking) {
        const td::Card c = card_arg(card);
        const auto h = hand_arg(hand);
        const int t = suit_arg(trump);
        const int l = level_arg(level);
        return td::search_cost(c, mask_of(h), t, l, flag_arg(attacking, "attacking"));
      },
      py::arg("card"), py::arg("hand"), py::arg("trump"), py::arg("level"), py::arg("attacking"),
      "What the bot of `level` counts as the cost of playing `card` from `hand`: its power, +20 "
      "for a trump, +1 for a rank held twice or more (level 3 attacking: -2 instead).");
  m.def(
      "choose",
      [](py::handle view, py::handle level, py::handle word) {
        const td::SeatView v = view_arg(view);
        const int l = level_arg(level);
        return move_or_none(td::choose(v, l, word_arg(word)));
      },
      py::arg("view"), py::arg("level"), py::arg("word"),
      "The move (a dict equal to an entry of view['legal']) the bot of `level` picks from a "
      "seat's view, level 1 picking legal[word mod len(legal)]; None when nothing is legal.");
}

}  // namespace trumpf::bindings::durak
