#include "durak/explain.hpp"

#include "durak/names.hpp"

namespace trumpf::durak {

namespace {

// The moves a phase takes, for a wrong_phase refusal.
const char* moves_of_phase(Phase p) {
  switch (p) {
    case Phase::kDefend:
      return "beat, take or swap";
    case Phase::kPileOn:
      return "attack (throwing in), done or swap";
    default:
      return "attack, done or swap";
  }
}

std::string ranks_text(std::uint16_t ranks) {
  std::string out;
  for (int r = 0; r < 9; ++r)
    if (ranks & (1u << r)) {
      if (!out.empty()) out += ", ";
      out += kRankLetters[r];
    }
  return out;
}

std::string no_beat(const GameState& s, Card card, Card attack) {
  const std::string what = "it does not beat " + label_of(attack);
  const char trump = kSuitLetters[s.trump];
  if (suit_of(attack) == s.trump)
    return what + ", a trump, which only a higher trump (" + trump + ") beats";
  if (suit_of(card) == suit_of(attack)) return what + ": it is lower";
  return what + ": it takes a higher " + kSuitLetters[suit_of(attack)] + " or a trump (" + trump +
         ")";
}

std::string no_swap(const GameState& s, Seat seat) {
  const Card six = s.six();
  if (s.six_owner != seat) {
    const std::string owner = is_seat(s.six_owner)
                                  ? "seat " + std::to_string(seat_number(s.six_owner))
                                  : std::string("nobody");
    return "only the seat dealt the trump six " + label_of(six) +
           " or that drew it may swap it, and that is " + owner;
  }
  return "it no longer holds the trump six " + label_of(six);
}

}  // namespace

std::string explain(const GameState& s, Seat seat, Move m, Code code, const Given& given) {
  const bool seated = is_seat(seat);
  const std::string who = seated ? "seat " + std::to_string(seat_number(seat)) : given.seat;
  const std::string what = m.kind == Kind::kNone || m.kind > Kind::kResign
                               ? std::string("move")
                               : std::string(kind_name(m.kind));
  const std::string card = valid_card(m.card) ? label_of(m.card) : given.card;
  switch (code) {
    case Code::kGameOver:
      return "the game is over; " + who + " cannot move";
    case Code::kNotYourTurn:
      if (!seated) return given.seat + " is not a seat (expected 1 or 2)";
      return who + " cannot " + what + ": it is seat " + std::to_string(seat_number(turn_of(s))) +
             "'s turn";
    case Code::kNotLegal:
      return given.move +
             " is not a move of durak (a dict with kind attack, beat, take, done, swap or resign)";
    case Code::kWrongPhase:
      return who + " cannot " + what + " in the " + phase_name(phase_of(s)) +
             " phase, which takes " + moves_of_phase(phase_of(s));
    case Code::kCardNotHeld:
      return who + " cannot " + what + " with " + card + ": not in hand " + labels_of(s.hand(seat));
    case Code::kBoutFull:
      return who + " cannot attack with " + card + ": the bout is full (cap " +
             std::to_string(s.bout.cap) + ")";
    case Code::kRankNotInBout:
      return who + " cannot attack with " + card + ": no " + kRankLetters[rank_index_of(m.card)] +
             " on the table (ranks on the table: " + ranks_text(s.bout.ranks) + ")";
    case Code::kBeatsNothing:
      return who + " cannot beat with " + card + ": " + no_beat(s, m.card, s.bout.unbeaten());
    case Code::kMustAttack:
      return who + " cannot say done: the bout is empty, attack first";
    case Code::kNotTheSix:
      return who + " cannot swap: " + no_swap(s, seat);
    case Code::kTalonShut:
      return who + " cannot swap: the turn-up has been drawn";
    default:
      return std::string("refused: ") + code_name(code);
  }
}

}  // namespace trumpf::durak
