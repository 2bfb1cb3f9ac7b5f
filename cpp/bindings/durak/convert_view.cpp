// Python -> engine for the bots: a seat's view, levels, words, plies, seeds.
#include <climits>
#include <string>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "durak/bot.hpp"
#include "durak/names.hpp"

namespace trumpf::bindings::durak {

namespace {

// A move a view offers: a dict with a move kind, and a card id for attack and beat.
bool offered_move(py::handle h, td::Move* out) {
  if (!PyDict_Check(h.ptr())) return false;
  const Keys& k = keys();
  py::object kind = dict_item(h, k.kind, "bad_view");
  out->kind = kind ? parse_kind(kind) : td::Kind::kNone;
  if (out->kind == td::Kind::kNone) return false;
  if (!carded(out->kind)) return true;
  py::object card = dict_item(h, k.card, "bad_view");
  out->card = card ? parse_card(card) : td::Card(0);
  return out->card != 0;
}

}  // namespace

td::SeatView view_arg(py::handle h) {
  if (!h || !PyDict_Check(h.ptr()))
    refuse("bad_view", "a view is the dict Game.view(seat) gives, not " + repr_text(h));
  const Keys& k = keys();
  const char* what = "the view";
  td::SeatView v;
  v.seat = parse_seat(required(h, k.seat, "bad_view", what));
  if (v.seat == td::kNoSeat) refuse("bad_view", "the view's seat is the int 1 or 2");
  v.ply = std::uint64_t(int_item(h, k.ply, 0, LLONG_MAX, "bad_view", what));
  std::string text;
  py::object phase = required(h, k.phase, "bad_view", what);
  if (!text_of(phase, &text) || !td::phase_named(text, &v.phase))
    refuse("bad_view",
           "the view's phase is 'attack', 'defend', 'pile_on' or 'over', not " + repr_text(phase));
  py::object trump = required(h, k.trump, "bad_view", what);
  v.trump = text_of(trump, &text) ? td::suit_named(text) : -1;
  if (v.trump < 0)
    refuse("bad_view", "the view's trump is a suit letter S, H, D or C, not " + repr_text(trump));
  v.talon = int(int_item(h, k.talon, 0, td::kPackSize, "bad_view", what));
  v.hand =
      mask_of(distinct_cards(required(h, k.hand, "bad_view", what), "bad_view", "the view's hand"));
  py::object bout = required(h, k.bout, "bad_view", what);
  if (!bout.is_none()) {
    if (!PyDict_Check(bout.ptr()))
      refuse("bad_view", "the view's bout is a dict or None, not " + repr_text(bout));
    v.bout.open = 1;
    v.bout.n_att = std::uint8_t(int_item(bout, k.size, 0, td::kHandSize, "bad_view", "its bout"));
  }
  py::list legal = items_arg(required(h, k.legal, "bad_view", what), "bad_view",
                             "the view's legal moves", td::kMaxMoves);
  for (py::handle item : legal) {
    if (!offered_move(item, &v.legal[v.n_legal]))
      refuse("bad_view", "the view's legal move " + std::to_string(v.n_legal) +
                             " is not a move: " + repr_text(item));
    ++v.n_legal;
  }
  return v;
}

long long asked_level_arg(py::handle h) {
  long long v = 0;
  if (!clamped_int(h, LLONG_MIN, LLONG_MAX, &v))
    refuse("bad_level", "a bot level is an int, not " + repr_text(h));
  return v;
}

int level_arg(py::handle h) { return td::clamp_level(asked_level_arg(h)); }

std::uint32_t word_arg(py::handle h) {
  return std::uint32_t(int_arg(h, 0, 0xFFFFFFFFLL, "bad_value", "a word"));
}

std::uint64_t ply_arg(py::handle h) {
  return std::uint64_t(int_arg(h, 0, LLONG_MAX, "bad_value", "a ply"));
}

std::string bot_seed_arg(py::handle h) {
  if (!h || h.is_none()) return "";
  if (PyBytes_Check(h.ptr()))
    return std::string(PyBytes_AS_STRING(h.ptr()), std::size_t(PyBytes_GET_SIZE(h.ptr())));
  std::string text;
  if (text_of(h, &text)) return text;
  refuse("bad_seed", "a bot seed is a str (valid Unicode), bytes or None, not " + repr_text(h));
}

}  // namespace trumpf::bindings::durak
