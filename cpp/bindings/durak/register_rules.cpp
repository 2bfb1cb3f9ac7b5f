// trumpf.durak rules and result: the rules of a bout and how a deal ends, as
// pure functions over hands, bouts and counts.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "durak/result.hpp"
#include "durak/rules.hpp"

namespace trumpf::bindings::durak {

namespace {

// The cards of `hand` in `allowed`, in the hand's own order.
py::list filtered(const std::vector<td::Card>& hand, td::Cards allowed) {
  std::vector<td::Card> out;
  for (td::Card c : hand)
    if (allowed & td::bit(c)) out.push_back(c);
  return cards_obj(out);
}

}  // namespace

void register_rules(py::module_& m) {
  // ---- rules
  m.def(
      "cap_for", [](py::handle n) { return td::cap_for(count_arg(n, "a defender's card count")); },
      py::arg("defender_cards"),
      "A bout's cap for a defender holding `defender_cards` (0..36) when it opens: min(6, n).");
  m.def(
      "legal_attacks",
      [](py::handle hand, py::handle bout) {
        const auto h = hand_arg(hand);
        return filtered(h, td::legal_attacks(mask_of(h), bout_arg(bout)));
      },
      py::arg("hand"), py::arg("bout"),
      "The cards of `hand` the attacker may put on `bout` (a bout dict as Game.bout gives it), in "
      "hand order: none once the bout holds its cap, any card first, then a rank already on the "
      "table. Ignores whose turn it is.");
  m.def(
      "legal_beats",
      [](py::handle hand, py::handle attack, py::handle trump) {
        const auto h = hand_arg(hand);
        const td::Card a = card_arg(attack);
        return filtered(h, td::legal_beats(mask_of(h), a, suit_arg(trump)));
      },
      py::arg("hand"), py::arg("attack"), py::arg("trump"),
      "The cards of `hand` that beat the attack card `attack` under `trump`, in hand order.");
  m.def(
      "forced",
      [](py::handle hand, py::handle bout, py::handle trump, py::handle swap) -> py::object {
        const auto h = hand_arg(hand);
        const td::Bout b = bout_arg(bout);
        const int t = suit_arg(trump);
        const td::Kind k = td::forced(mask_of(h), b, t, flag_arg(swap, "can_swap"));
        if (k == td::Kind::kNone) return py::none();
        return keys().kinds[int(k)];
      },
      py::arg("hand"), py::arg("bout"), py::arg("trump"), py::arg("can_swap"),
      "What the engine resolves by itself for the seat on turn holding `hand`: 'take' for a "
      "defender who cannot beat, 'done' for an attacker with nothing to throw; None when the seat "
      "has a choice (a possible swap is one).");
  m.def(
      "closes",
      [](py::handle bout, py::handle defender_cards) -> py::object {
        const td::Bout b = bout_arg(bout);
        td::How how;
        if (td::closes(b, count_arg(defender_cards, "a defender's card count"), &how))
          return keys().hows[int(how)];
        return py::none();
      },
      py::arg("bout"), py::arg("defender_cards"),
      "How a bout with every attack beaten ends by itself: 'spent' when the defender has no cards "
      "left, 'capped' at the cap; None when it goes on.");

  // ---- result
  m.def(
      "outcome",
      [](py::handle counts, py::handle talon_left) -> py::object {
        const std::array<int, 2> n = counts_arg(counts);
        const td::Result r = td::outcome_of(n[0], n[1], count_arg(talon_left, "talon_left"));
        if (r.outcome == td::Outcome::kNone) return py::none();
        return result_dict(r.outcome, r.fool);
      },
      py::arg("counts"), py::arg("talon_left"),
      "The result after a refill, from the hand sizes exactly {1: n, 2: n} and the talon's size "
      "(counts 0..36, else Error bad_counts): {outcome, fool, places} for a fool or a draw, None "
      "while the deal goes on.");
  m.def(
      "resigned",
      [](py::handle seat) {
        const td::Result r = td::resigned(seat_arg(seat));
        return result_dict(r.outcome, r.fool);
      },
      py::arg("seat"),
      "The result when `seat` resigns: {outcome: 'resign', fool: seat, places}; the seat that "
      "resigns is the fool.");
}

}  // namespace trumpf::bindings::durak
