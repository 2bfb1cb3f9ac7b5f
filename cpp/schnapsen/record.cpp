#include "schnapsen/record.hpp"

namespace trumpf::schnapsen {

namespace {

// The events of one accepted move up to the deal's end, with the trick they
// completed; `leader` and `lead` are the trick's as it stood before the move,
// `result` the deal's result if it ended.
void record_deal(Seat leader, Card lead, const Result& result, const EventSink& sink,
                 std::vector<Entry>& history, std::vector<Trick>& tricks,
                 std::vector<Entry>* also) {
  for (int i = 0; i < sink.n; ++i) {
    const Event& e = sink.ev[i];
    if (e.kind == EventKind::kDeal || e.kind == EventKind::kGameEnd) break;
    Entry entry;
    entry.e = e;
    if (e.kind == EventKind::kDealEnd) entry.result = result;
    if (e.kind == EventKind::kTrick) {
      // A trick event always follows the follow that completed it.
      const Card follow = i > 0 ? sink.ev[i - 1].card : kNoCard;
      tricks.push_back(Trick{leader, lead, follow, e.seat});
    }
    history.push_back(entry);
    if (also) also->push_back(entry);
  }
}

// A record's start from a fresh deal: nothing played yet.
void start(DealRecord& r, const DealState& fresh) {
  r.state = fresh;
  r.history.clear();
  r.tricks.clear();
  // Room for a whole deal up front (Sixty-Six: 24 plays, 12 tricks, the
  // marriages, exchanges, close and end), so that a deal played through the
  // Python API does not grow its vectors five times over.
  r.history.reserve(48);
  r.tricks.reserve(12);
  shown_start(r.shown, r.state);
}

}  // namespace

Code DealRecord::build_from_order(const Rules& rules, const Card* order, int n,
                                  std::uint64_t number, Seat dealer) {
  DealState fresh;
  const Code c = deal_from_order(fresh, rules, order, n, number, dealer);
  if (c != Code::kOk) return c;
  start(*this, fresh);
  seed = Seed{};
  seeded = false;
  return c;
}

Code DealRecord::build(const Rules& rules, const Seed& s, std::uint64_t number, Seat dealer) {
  DealState fresh;
  const Code c = deal_new(fresh, rules, s.data(), number, dealer);
  if (c != Code::kOk) return c;
  start(*this, fresh);
  seed = s;
  seeded = true;
  return c;
}

Code DealRecord::apply(Seat seat, Move move) {
  EventSink sink;
  const Seat leader = state.leader;
  const Card lead = state.lead;
  const Before before = before_of(state);
  const Code c = apply_move(state, seat, move, &sink);
  if (c != Code::kOk) return c;
  record_deal(leader, lead, state.result, sink, history, tricks, nullptr);
  shown_update(shown, before, seat, move, state);
  return c;
}

Code MatchRecord::build(const Rules& rules, const Seed& s, Seat dealer) {
  MatchState fresh;
  const Code c = match_new(fresh, rules, s.data(), dealer);
  if (c != Code::kOk) return c;
  *this = MatchRecord{};
  state = fresh;
  first_dealer = dealer;
  shown_start(shown, state.deal);
  return c;
}

Code MatchRecord::apply(Seat seat, Move move) {
  EventSink sink;
  const Seat leader = state.deal.leader;
  const Card lead = state.deal.lead;
  const std::uint64_t number = state.deal.number;
  const Before before = before_of(state.deal);
  const Code c = match_apply(state, seat, move, &sink);
  if (c != Code::kOk) return c;
  bool ended = false;
  for (int i = 0; i < sink.n; ++i) ended |= sink.ev[i].kind == EventKind::kDealEnd;
  record_deal(leader, lead, state.last_result, sink, deal_history, tricks, &history);
  if (ended) deals.push_back(FinishedDeal{number, state.last_result});
  if (state.deal.number == number)
    shown_update(shown, before, seat, move, state.deal);
  else
    shown_start(shown, state.deal);
  for (int i = 0; i < sink.n; ++i) {
    Entry entry;
    entry.e = sink.ev[i];
    if (entry.e.kind == EventKind::kDeal) {
      entry.number = state.deal.number;
      entry.trump = state.deal.trump;
      entry.turn_up = state.deal.turn_up;
      history.push_back(entry);
      deal_history.clear();
      tricks.clear();
    } else if (entry.e.kind == EventKind::kGameEnd) {
      entry.scores[0] = state.scores[0];
      entry.scores[1] = state.scores[1];
      entry.deals = state.deals_done;
      history.push_back(entry);
    }
  }
  return c;
}

DealRecord MatchRecord::current_deal() const {
  DealRecord d;
  d.state = state.deal;
  for (int i = 0; i < 32; ++i) d.seed[i] = state.seed[i];
  d.history = deal_history;
  d.tricks = tricks;
  d.shown = shown;
  return d;
}

std::vector<SeatMove> moves_of(const Entry* events, std::size_t n, const Rules& rules) {
  std::vector<SeatMove> out;
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = events[i].e;
    const Event* prev = i > 0 ? &events[i - 1].e : nullptr;
    switch (e.kind) {
      case EventKind::kLead:
        if (rules.marriage_by_lead && prev && prev->kind == EventKind::kMarriage &&
            prev->seat == e.seat && !out.empty()) {
          out.back().move.card = e.card;  // the lead that showed the marriage
          break;
        }
        out.push_back(SeatMove{e.seat, Move{MoveKind::kLead, e.card}});
        break;
      case EventKind::kFollow:
        out.push_back(SeatMove{e.seat, Move{MoveKind::kFollow, e.card}});
        break;
      case EventKind::kMarriage:
        out.push_back(SeatMove{e.seat, Move{MoveKind::kMarriage, e.suit}});
        break;
      case EventKind::kExchange: {
        const bool automatic = prev && prev->kind == EventKind::kClose && prev->seat != e.seat;
        if (!automatic) out.push_back(SeatMove{e.seat, Move{MoveKind::kExchange, 0}});
        break;
      }
      case EventKind::kClose:
        out.push_back(SeatMove{e.seat, Move{MoveKind::kClose, 0}});
        break;
      case EventKind::kClaim:
        out.push_back(SeatMove{e.seat, Move{MoveKind::kClaim, 0}});
        break;
      case EventKind::kDraw:
        out.push_back(SeatMove{e.seat, Move{MoveKind::kDraw, 0}});
        break;
      default:
        break;
    }
  }
  return out;
}

}  // namespace trumpf::schnapsen
