#include "durak/names.hpp"

#include "common/names.hpp"

namespace trumpf::durak {

namespace {
constexpr const char* kCodeNames[] = {
    "ok",        "game_over",     "not_your_turn", "wrong_phase",
    "not_legal", "card_not_held", "beats_nothing", "rank_not_in_bout",
    "bout_full", "must_attack",   "not_the_six",   "talon_shut",
    "no_seed",   "bad_deal",      "bad_seats"};
constexpr const char* kPhaseNames[] = {"attack", "defend", "pile_on", "over"};
constexpr const char* kHowNames[] = {"done", "exhausted", "capped", "spent", "taken"};
constexpr const char* kKindNames[] = {"?", "attack", "beat", "take", "done", "swap", "resign"};
constexpr const char* kEventKindNames[] = {"attack", "beat",     "take",   "done", "swap",
                                           "resign", "bout_end", "refill", "out",  "game_end"};
constexpr const char* kOutcomeNames[] = {"none", "fool", "draw", "resign"};
constexpr const char* kRankWords[9] = {"ace",  "king",  "queen", "jack", "ten",
                                       "nine", "eight", "seven", "six"};
constexpr const char* kSuitWords[4] = {"spades", "hearts", "diamonds", "clubs"};

int index_in(const char* letters, int n, char c) noexcept {
  for (int i = 0; i < n; ++i)
    if (letters[i] == c) return i;
  return -1;
}
}  // namespace

const char* code_name(Code c) noexcept { return name_in(kCodeNames, int(c)); }
const char* phase_name(Phase p) noexcept { return name_in(kPhaseNames, int(p)); }
const char* how_name(How h) noexcept { return name_in(kHowNames, int(h)); }
const char* kind_name(Kind k) noexcept { return name_in(kKindNames, int(k)); }
const char* event_kind_name(EventKind k) noexcept { return name_in(kEventKindNames, int(k)); }
const char* outcome_name(Outcome o) noexcept { return name_in(kOutcomeNames, int(o)); }

std::string name_of(Card c) {
  if (!valid_card(c)) return "?";
  return {kRankLetters[rank_index_of(c)], kSuitLetters[suit_of(c)]};
}

std::string face_of(Card c) {
  if (!valid_card(c)) return "?";
  return rank_index_of(c) == 4 ? std::string("10") : std::string(1, kRankLetters[rank_index_of(c)]);
}

std::string long_name_of(Card c) {
  if (!valid_card(c)) return "?";
  return std::string(kRankWords[rank_index_of(c)]) + " of " + kSuitWords[suit_of(c)];
}

Card id_of(std::string_view name) noexcept {
  char rank, suit;
  if (!card_letters(name, &rank, &suit)) return 0;
  const int r = index_in(kRankLetters, 9, rank);
  const int s = index_in(kSuitLetters, 4, suit);
  if (r < 0 || s < 0) return 0;
  return Card(s * 9 + r + 1);
}

std::string label_of(Card c) { return std::to_string(int(c)) + " " + name_of(c); }

std::string labels_of(Cards cards) {
  std::string out = "[";
  for (bool first = true; cards; cards &= cards - 1, first = false) {
    if (!first) out += ", ";
    out += label_of(lowest(cards));
  }
  return out + "]";
}

int suit_named(std::string_view letter) noexcept {
  return letter.size() == 1 ? index_in(kSuitLetters, 4, letter[0]) : -1;
}

Kind kind_named(std::string_view name) noexcept {
  for (int i = int(Kind::kAttack); i <= int(Kind::kResign); ++i)
    if (name == kKindNames[i]) return Kind(i);
  return Kind::kNone;
}

bool event_kind_named(std::string_view name, EventKind* out) noexcept {
  for (int i = 0; i <= int(EventKind::kGameEnd); ++i)
    if (name == kEventKindNames[i]) {
      *out = EventKind(i);
      return true;
    }
  return false;
}

bool phase_named(std::string_view name, Phase* out) noexcept {
  for (int i = 0; i <= int(Phase::kOver); ++i)
    if (name == kPhaseNames[i]) {
      *out = Phase(i);
      return true;
    }
  return false;
}

std::string describe(const GameState& s, std::uint64_t number) {
  std::string r = "<durak.Game #" + std::to_string(number) + " trump " + kSuitLetters[s.trump];
  if (is_over(s)) {
    r += std::string(" over: ") + outcome_name(outcome_of(s));
    if (s.fool != kNoSeat) r += ", fool " + std::to_string(seat_number(s.fool));
  } else {
    r += std::string(" ") + phase_name(phase_of(s)) + " seat " +
         std::to_string(seat_number(turn_of(s)));
    r += " talon " + std::to_string(s.talon_left());
  }
  for (Seat seat : {kP1, kP2}) {
    r += " | " + std::to_string(seat_number(seat)) + ":";
    for (Cards h = s.hand(seat); h; h &= h - 1) r += " " + name_of(lowest(h));
  }
  const Bout& b = s.bout;
  if (b.open && b.n_att) {
    r += " | bout";
    for (int i = 0; i < b.n_att; ++i) {
      r += " " + name_of(b.attacks[i]);
      if (i < b.n_beat) r += "/" + name_of(b.beats[i]);
    }
  }
  return r + ">";
}

}  // namespace trumpf::durak
