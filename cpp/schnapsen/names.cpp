#include "schnapsen/names.hpp"

#include <cstring>

#include "common/names.hpp"

namespace trumpf::schnapsen {

namespace {
constexpr const char* kCodeNames[] = {"ok",          "bad_variant",  "no_seed",       "bad_deal",
                                      "deal_over",   "game_over",    "not_your_turn", "not_legal",
                                      "not_held",    "must_follow",  "must_lead",     "no_marriage",
                                      "no_exchange", "cannot_close", "cannot_claim",  "bad_seat",
                                      "bad_card"};
constexpr const char* kRankWords[6] = {"ace", "ten", "king", "queen", "jack", "nine"};
constexpr const char* kSuitWords[4] = {"spades", "hearts", "diamonds", "clubs"};

}  // namespace

const char* code_name(Code c) noexcept { return name_in(kCodeNames, int(c)); }

std::string name_of(Card c) {
  if (!is_card(c)) return "?";
  return {kRankLetters[rank_of(c)], kSuitLetters[suit_of(c)]};
}

std::string long_name_of(Card c) {
  if (!is_card(c)) return "?";
  return std::string(kRankWords[rank_of(c)]) + " of " + kSuitWords[suit_of(c)];
}

Card id_of(std::string_view name) noexcept {
  char rank, suit;
  if (!card_letters(name, &rank, &suit)) return kNoCard;
  // strchr finds the terminator for '\0', which is not a rank.
  const char* r = rank ? std::strchr(kRankLetters, rank) : nullptr;
  const int s = suit_index(suit);
  if (!r || s < 0) return kNoCard;
  return card_of(s, int(r - kRankLetters));
}

std::string label_of(Card c) { return std::to_string(int(c)) + " " + name_of(c); }

std::string labels_of(const Card* cards, int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i) out += ", ";
    out += label_of(cards[i]);
  }
  return out + "]";
}

int suit_named(std::string_view letter) noexcept {
  if (letter.size() != 1) return -1;
  return suit_index(letter[0]);
}

const char* seat_name(Seat s) noexcept { return s == kP1 ? "p1" : s == kP2 ? "p2" : "nobody"; }

Seat seat_named(std::string_view name) noexcept {
  if (name == "p1") return kP1;
  if (name == "p2") return kP2;
  return kNoSeat;
}

MoveKind move_kind_named(std::string_view name) noexcept {
  for (int i = 0; i < int(MoveKind::kNone); ++i)
    if (name == kMoveKindNames[i]) return MoveKind(i);
  return MoveKind::kNone;
}

bool event_kind_named(std::string_view name, EventKind* out) noexcept {
  for (int i = 0; i <= int(EventKind::kGameEnd); ++i)
    if (name == kEventKindNames[i]) {
      *out = EventKind(i);
      return true;
    }
  return false;
}

namespace {

// "schnapsen", "schnapsen-tjger", or "schnapsen with house rules".
std::string rules_name(const Rules& r) {
  if (r == reference_rules(r.base)) return variant_of(r.base).name;
  if (const char* preset = preset_of(r)) return preset;
  return std::string(variant_of(r.base).name) + " with house rules";
}

}  // namespace

std::string describe(const DealState& s) {
  std::string r = "<Deal " + rules_name(s.rules) + " #" + std::to_string(s.number) + " trump " +
                  kSuitLetters[s.trump];
  if (s.turn_up) r += " turn-up " + name_of(s.turn_up);
  r += " talon " + std::to_string(talon_left(s));
  if (s.closed_by != kNoSeat) r += std::string(" closed by ") + seat_name(s.closed_by);
  for (int i = 0; i < 2; ++i) {
    r += " | p" + std::to_string(i + 1) + ":";
    for (int k = 0; k < s.hand_n[i]; ++k) r += " " + name_of(s.hand[i][k]);
    r += " (" + std::to_string(s.taken[i]) + " pts, " + std::to_string(int(s.tricks_won[i])) +
         " tricks)";
  }
  if (s.lead) r += " | led " + name_of(s.lead);
  if (s.over) {
    const Result& res = s.result;
    r += std::string(" | over: ") + kHowNames[int(res.how)];
    if (!res.drawn)
      r += std::string(", ") + seat_name(res.winner) + " wins " +
           std::to_string(int(res.game_points));
  } else {
    r += std::string(" | ") + seat_name(s.turn) + " to " +
         (s.lead           ? "follow"
          : s.pending_draw ? "draw"
                           : "lead");
  }
  return r + ">";
}

std::string describe(const MatchState& m) {
  std::string r = "<Match " + rules_name(m.deal.rules) + " p1 " + std::to_string(m.scores[0]) +
                  " : p2 " + std::to_string(m.scores[1]);
  if (m.over)
    return r + " | over: " + seat_name(m.winner) + " wins after " + std::to_string(m.deals_done) +
           " deals>";
  return r + " | deal #" + std::to_string(m.deal.number) + " dealt by " + seat_name(m.deal.dealer) +
         ", " + seat_name(m.deal.turn) + " to move>";
}

}  // namespace trumpf::schnapsen
