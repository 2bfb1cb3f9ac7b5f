// trumpf.schnapsen card, deck and trick functions, and other().
#include <pybind11/pybind11.h>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"
#include "schnapsen/deck.hpp"
#include "schnapsen/names.hpp"
#include "schnapsen/trick.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

int phase_arg(py::handle h) { return int(int_arg(h, 1, 2, "bad_value", "a phase")); }

ts::DealState dealt(py::handle variant, py::handle seed, py::handle number, py::handle dealer) {
  const ts::Rules rules = rules_arg(variant);
  const auto sd = seed_arg(seed);
  const std::uint64_t n = number_arg(number);
  const ts::Seat d = parse_seat(dealer);
  if (d == ts::kNoSeat) refuse("bad_seat", "a dealer is 'p1' or 'p2', not " + repr_text(dealer));
  ts::DealState s;
  ts::deal_new(s, rules, sd.data(), n, d);
  return s;
}

}  // namespace

void register_cards(py::module_& m) {
  m.def(
      "other", [](py::handle seat) { return keys().seats[ts::other(seat_arg(seat))]; },
      py::arg("seat"), "The other seat: 'p2' for 'p1' and 'p1' for 'p2'.");

  // ---- card
  m.def(
      "rank_of",
      [](py::handle c) { return std::string(1, ts::kRankLetters[ts::rank_of(card_arg(c))]); },
      py::arg("card"),
      "The rank letter of a card id 1..24: A, T, K, Q, J or 9. Error bad_card for anything that "
      "is not a card id.");
  m.def(
      "suit_of", [](py::handle c) { return keys().suits[ts::suit_of(card_arg(c))]; },
      py::arg("card"), "The suit letter of a card id: S, H, D or C.");
  m.def(
      "power_of", [](py::handle c) { return ts::power_of(card_arg(c)); }, py::arg("card"),
      "A card's power inside its suit: A 5, T 4, K 3, Q 2, J 1, 9 0 (the ten beats the king).");
  m.def(
      "points_of", [](py::handle c) { return ts::points_of(card_arg(c)); }, py::arg("card"),
      "A card's card points: A 11, T 10, K 4, Q 3, J 2, 9 0.");
  m.def(
      "name_of", [](py::handle c) { return ts::name_of(card_arg(c)); }, py::arg("card"),
      "A card's name: rank letter then suit letter, as 'TD'.");
  m.def(
      "long_name_of", [](py::handle c) { return ts::long_name_of(card_arg(c)); }, py::arg("card"),
      "A card's name in words, lower case as the reference spells it: 'ten of diamonds'.");
  m.def(
      "id_of",
      [](py::handle name) -> py::object {
        std::string text;
        if (!PyUnicode_Check(name.ptr()))
          refuse("bad_card", "a card's name is a str such as 'TD', not " + repr_text(name));
        // A str that is not valid Unicode (a lone surrogate) names no card.
        return card_obj(text_of(name, &text) ? ts::id_of(text) : ts::kNoCard);
      },
      py::arg("name"),
      "The card id of a name such as 'TD' or '10D', read case-insensitively; None for anything "
      "that is not a card's name, as the reference answers undef rather than dying.");

  // ---- deck
  m.def(
      "pack_for",
      [](py::handle variant) {
        ts::Card cs[24];
        const int n = ts::pack_for(rules_arg(variant).base, cs);
        return cards_obj(cs, n);
      },
      py::arg("variant"),
      "The variant's pack in id order: Schnapsen's 20 ids without the nines, Sixty-Six's 24.");
  m.def(
      "order_for",
      [](py::handle variant, py::handle seed, py::handle number) {
        const ts::VariantId v = rules_arg(variant).base;
        const auto sd = seed_arg(seed);
        const std::uint64_t n = number_arg(number);
        ts::Card cs[24];
        const int k = ts::order_for(v, sd.data(), n, cs);
        return cards_obj(cs, k);
      },
      py::arg("variant"), py::arg("seed"), py::arg("number"),
      "The seeded shuffle of deal `number` (1 or more), as a list of card ids: the hands are "
      "dealt off its front and its last card is the turn-up.");
  m.def(
      "deal_for",
      [](py::handle variant, py::handle seed, py::handle number, py::handle dealer) {
        const ts::DealState s = dealt(variant, seed, number, dealer);
        const Keys& k = keys();
        py::dict d;
        d[k.hands] = per_seat(cards_obj(s.hand[0], s.hand_n[0]), cards_obj(s.hand[1], s.hand_n[1]));
        d[k.talon] = cards_obj(s.talon + s.talon_pos, s.talon_end - s.talon_pos);
        d[k.turn_up] = py::int_(int(s.turn_up));
        d[k.trump] = k.suits[s.trump];
        return d;
      },
      py::arg("variant"), py::arg("seed"), py::arg("number"), py::arg("dealer") = "p1",
      "The deal as {hands, talon, turn_up, trump}: the non-dealer's hand first off the order, "
      "then the dealer's, the talon in draw order without the turn-up, and the trump suit the "
      "turn-up sets.");

  // ---- trick
  m.def(
      "winner_of",
      [](py::handle lead, py::handle follow, py::handle trump) {
        return int(ts::winner_of(card_arg(lead), card_arg(follow), suit_arg(trump)));
      },
      py::arg("lead"), py::arg("follow"), py::arg("trump"),
      "The id of the winning card of a trick. Trump beats non-trump; otherwise the higher card "
      "of the suit led wins.");
  m.def(
      "value_of",
      [](py::handle lead, py::handle follow) {
        return ts::value_of(card_arg(lead), card_arg(follow));
      },
      py::arg("lead"), py::arg("follow"),
      "The card points in a trick, which go to whoever took it.");
  m.def(
      "follow_band",
      [](py::handle hand, py::handle lead, py::handle trump, py::handle phase) {
        const auto h = cards_arg(hand);
        const ts::Band b = ts::follow_band(h.data(), int(h.size()), card_arg(lead), suit_arg(trump),
                                           phase_arg(phase));
        return std::string(ts::kBandNames[int(b)]);
      },
      py::arg("hand"), py::arg("lead"), py::arg("trump"), py::arg("phase"),
      "Which rule applies to an answer to `lead`: 'beat', 'follow', 'trump' or 'free' ('free' "
      "always in phase 1).");
  m.def(
      "legal_follows",
      [](py::handle hand, py::handle lead, py::handle trump, py::handle phase) {
        const auto h = cards_arg(hand);
        std::vector<ts::Card> out(h.size() + 1);
        const int n = ts::legal_follows(h.data(), int(h.size()), card_arg(lead), suit_arg(trump),
                                        phase_arg(phase), out.data());
        return cards_obj(out.data(), n);
      },
      py::arg("hand"), py::arg("lead"), py::arg("trump"), py::arg("phase"),
      "The cards of `hand` that may answer this lead, in the hand's own order: any card in "
      "phase 1, exactly one band of the cascade in phase 2.");
}

}  // namespace trumpf::bindings::schnapsen
