#include "durak/record.hpp"

#include "durak/names.hpp"

namespace trumpf::durak {

namespace {

// A record's start from a fresh deal: nothing played yet.
void start(GameRecord& r, const GameState& fresh, const Seed& seed, std::uint64_t number,
           bool seeded) {
  r.state = fresh;
  r.dealt = fresh;
  r.seed = seed;
  r.number = number;
  r.seeded = seeded;
  r.history.clear();
  // Room for most games up front (a random game has about 140 events, 200 at
  // the 95th percentile), so that a game played through the Python API does
  // not grow its history eight times over.
  r.history.reserve(192);
}

}  // namespace

Code GameRecord::build(const Seed& s, std::uint64_t n) {
  GameState fresh;
  const Code c = deal_game(s.data(), n, fresh);
  if (c == Code::kOk) start(*this, fresh, s, n, true);
  return c;
}

Code GameRecord::build_from_order(const Card* order, int n) {
  GameState fresh;
  const Code c = deal_game_of_order(order, n, fresh);
  if (c == Code::kOk) start(*this, fresh, Seed{}, 1, false);
  return c;
}

Code GameRecord::apply(Seat seat, Move move) {
  EventSink sink;
  const Code c = apply_move(state, seat, move, &sink);
  if (c == Code::kOk) history.insert(history.end(), sink.ev, sink.ev + sink.n);
  return c;
}

std::vector<SeatMove> moves_of(const Event* events, std::size_t n) {
  std::vector<SeatMove> out;
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = events[i];
    if (!is_move_event(e.kind)) continue;
    const bool carded = e.kind == EventKind::kAttack || e.kind == EventKind::kBeat;
    out.push_back(SeatMove{e.seat, Move{kind_of_event(e.kind), carded ? e.card : Card(0)}});
  }
  return out;
}

Code replay(GameRecord& record, const std::vector<SeatMove>& moves, std::size_t* bad) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Code c = record.apply(moves[i].seat, moves[i].move);
    if (c != Code::kOk) {
      *bad = i;
      return c;
    }
  }
  return Code::kOk;
}

}  // namespace trumpf::durak
