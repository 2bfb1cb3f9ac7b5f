// trumpf.durak card and deck functions.
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"
#include "durak/deck.hpp"
#include "durak/names.hpp"

namespace trumpf::bindings::durak {

void register_cards(py::module_& m) {
  // ---- card
  m.def(
      "rank_of",
      [](py::handle c) { return std::string(1, td::kRankLetters[td::rank_index_of(card_arg(c))]); },
      py::arg("card"),
      "The rank letter of a card id 1..36: A, K, Q, J, T, 9, 8, 7 or 6. Error bad_card for "
      "anything that is not a card id.");
  m.def(
      "suit_of", [](py::handle c) { return keys().suits[td::suit_of(card_arg(c))]; },
      py::arg("card"), "The suit letter of a card id: S, H, D or C.");
  m.def(
      "power_of", [](py::handle c) { return td::power_of(card_arg(c)); }, py::arg("card"),
      "A card's power inside its suit: the ace 8 down to the six 0.");
  m.def(
      "name_of", [](py::handle c) { return td::name_of(card_arg(c)); }, py::arg("card"),
      "A card's name: rank letter then suit letter, a ten as 'TS'.");
  m.def(
      "face_of", [](py::handle c) { return td::face_of(card_arg(c)); }, py::arg("card"),
      "A card's rank as its face shows it: '10' for a ten, else the rank letter.");
  m.def(
      "long_name_of", [](py::handle c) { return td::long_name_of(card_arg(c)); }, py::arg("card"),
      "A card's name in words, lower case as the reference spells it: 'ten of spades'.");
  m.def(
      "id_of",
      [](py::handle name) {
        if (!name || !PyUnicode_Check(name.ptr()))
          refuse("bad_card", "a card name is a str, not " + repr_text(name));
        std::string text;
        return card_obj(text_of(name, &text) ? td::id_of(text) : td::Card(0));
      },
      py::arg("name"),
      "The card id of a name such as 'TS' or '10S', read case-insensitively; None for a str that "
      "names no card, as the reference answers undef rather than dying; Error bad_card for a "
      "name that is not a str.");
  m.def(
      "beats",
      [](py::handle card, py::handle attack, py::handle trump) {
        const td::Card c = card_arg(card), a = card_arg(attack);
        return td::beats(c, a, suit_arg(trump));
      },
      py::arg("card"), py::arg("attack"), py::arg("trump"),
      "Whether `card` beats the attack card `attack` under `trump`: a higher trump on a trump, any "
      "trump on a non-trump, or a higher card of the same suit.");

  // ---- deck
  m.def(
      "pack", []() { return cards_obj((td::Cards(1) << td::kPackSize) - 1); },
      "The 36 card ids of the pack, in id order.");
  m.def(
      "order_for",
      [](py::handle seed, py::handle number) {
        const auto s = seed_arg(seed);
        const std::uint64_t n = number_arg(number);
        td::Card order[td::kPackSize];
        td::order_for(s.data(), n, order);
        return cards_obj(std::vector<td::Card>(order, order + td::kPackSize));
      },
      py::arg("seed"), py::arg("number") = 1,
      "The seeded shuffle of deal `number` (1 or more), as the 36 card ids in dealing order.");
  m.def(
      "deal_for",
      [](py::handle seed, py::handle number) {
        const auto s = seed_arg(seed);
        const td::Deal d = td::deal_for(s.data(), number_arg(number));
        const Keys& k = keys();
        py::dict out;
        out[k.hands] = per_seat(cards_obj(d.hands[td::kP1]), cards_obj(d.hands[td::kP2]));
        out[k.talon] = cards_obj(std::vector<td::Card>(d.talon, d.talon + 24));
        out[k.trump_card] = py::int_(int(d.trump_card));
        out[k.trump] = k.suits[d.trump];
        out[k.first_attacker] = seat_obj(d.first_attacker);
        out[k.six_of_trumps] = py::int_(int(td::six_of(d.trump)));
        out[k.six_owner] = seat_obj(d.six_owner);
        return out;
      },
      py::arg("seed"), py::arg("number") = 1,
      "The deal as {hands, talon, trump_card, trump, first_attacker, six_of_trumps, six_owner}: "
      "hands sorted by id, the talon in draw order with the trump card last, six_owner None when "
      "nobody was dealt the six.");
}

}  // namespace trumpf::bindings::durak
