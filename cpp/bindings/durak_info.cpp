// The dict of a Durak information set, keys in the contract's order. Its
// parts shaped as in Game.view (bout, legal, result) are spelt here again,
// as view spells them, so this file stands apart from the Durak bindings.
#include "bindings/durak_info.hpp"

#include <vector>

namespace py = pybind11;

namespace trumpf::bindings {

namespace {

namespace td = trumpf::durak;

struct Keys {
  py::str seat{"seat"}, ply{"ply"}, phase{"phase"}, turn{"turn"}, trump{"trump"},
      trump_card{"trump_card"}, talon{"talon"}, discard{"discard"}, discarded{"discarded"},
      hand{"hand"}, counts{"counts"}, swap{"swap"}, bout{"bout"}, played{"played"}, known{"known"},
      unseen{"unseen"}, legal{"legal"}, over{"over"}, result{"result"}, kind{"kind"}, card{"card"},
      attacker{"attacker"}, defender{"defender"}, cap{"cap"}, size{"size"}, taken{"taken"},
      unbeaten{"unbeaten"}, pairs{"pairs"}, attack{"attack"}, beat{"beat"}, outcome{"outcome"},
      fool{"fool"}, places{"places"};
  py::str phases[4] = {py::str("attack"), py::str("defend"), py::str("pile_on"), py::str("over")};
  py::str kinds[7] = {py::str(""),     py::str("attack"), py::str("beat"),  py::str("take"),
                      py::str("done"), py::str("swap"),   py::str("resign")};
  py::str outcomes[4] = {py::str("none"), py::str("fool"), py::str("draw"), py::str("resign")};
  py::str suits[4] = {py::str("S"), py::str("H"), py::str("D"), py::str("C")};
};

// Made on first use, with the GIL, and never freed: strings outlive every caller.
const Keys& keys() {
  static const Keys* k = new Keys();
  return *k;
}

py::object seat_obj(int seat) {
  if (seat != 1 && seat != 2) return py::none();
  return py::int_(seat);
}

py::object card_obj(td::Card c) {
  return c ? py::object(py::int_(int(c))) : py::object(py::none());
}

py::list cards_obj(td::Cards s) {
  py::list out;
  for (; s; s &= s - 1) out.append(py::int_(int(td::lowest(s))));
  return out;
}

py::dict seat_map(int a, int b) {
  py::dict d;
  d[py::int_(1)] = py::int_(a);
  d[py::int_(2)] = py::int_(b);
  return d;
}

py::object bout_obj(const td::Bout& b) {
  if (!b.open) return py::none();
  const Keys& k = keys();
  py::dict d;
  d[k.attacker] = seat_obj(b.attacker);
  d[k.defender] = seat_obj(b.defender());
  d[k.cap] = py::int_(int(b.cap));
  d[k.size] = py::int_(int(b.n_att));
  d[k.taken] = py::bool_(b.taken != 0);
  d[k.unbeaten] = card_obj(b.unbeaten());
  py::list pairs;
  for (int i = 0; i < b.n_att; ++i) {
    py::dict p;
    p[k.attack] = py::int_(int(b.attacks[i]));
    p[k.beat] = i < b.n_beat ? card_obj(b.beats[i]) : py::object(py::none());
    pairs.append(p);
  }
  d[k.pairs] = pairs;
  return std::move(d);
}

py::dict move_obj(td::Move m) {
  py::dict d;
  d[keys().kind] = keys().kinds[int(m.kind)];
  if (m.kind == td::Kind::kAttack || m.kind == td::Kind::kBeat)
    d[keys().card] = py::int_(int(m.card));
  return d;
}

py::list legal_obj(const td::Move* moves, int n) {
  py::list out;
  for (int i = 0; i < n; ++i) out.append(move_obj(moves[i]));
  return out;
}

py::object result_obj(const td::InfoSet& i) {
  if (!i.over) return py::none();
  const Keys& k = keys();
  py::dict d;
  d[k.outcome] = k.outcomes[int(i.outcome)];
  d[k.fool] = seat_obj(i.fool);
  d[k.places] = seat_map(i.fool == 1 ? 2 : 1, i.fool == 2 ? 2 : 1);
  return std::move(d);
}

// Every attack and beat in order, as {seat, kind, card}.
py::list played_obj(const std::vector<td::Event>& plays) {
  const Keys& k = keys();
  py::list out;
  for (const td::Event& e : plays) {
    py::dict d;
    d[k.seat] = seat_obj(e.seat);
    d[k.kind] = k.kinds[e.kind == td::EventKind::kAttack ? 1 : 2];
    d[k.card] = py::int_(int(e.card));
    out.append(d);
  }
  return out;
}

}  // namespace

py::dict durak_info_dict(const td::GameState& s, const td::Shown& shown, const td::Event* events,
                         std::size_t n, int seat) {
  // Read before any Python object is made: making one may run code that
  // changes the record the events live in.
  const td::InfoSet i = td::info_set(s, shown, seat);
  std::vector<td::Event> plays;
  for (std::size_t e = 0; e < n; ++e)
    if (events[e].kind == td::EventKind::kAttack || events[e].kind == td::EventKind::kBeat)
      plays.push_back(events[e]);
  td::Move legal[td::kMaxMoves];
  const int n_legal = td::legal_moves(s, seat, legal);
  const Keys& k = keys();
  py::dict d;
  d[k.seat] = py::int_(seat);
  d[k.ply] = py::int_(int(i.ply));
  d[k.phase] = k.phases[int(i.phase)];
  d[k.turn] = seat_obj(i.turn);
  d[k.trump] = k.suits[i.trump];
  d[k.trump_card] = py::int_(int(i.trump_card));
  d[k.talon] = py::int_(i.talon);
  d[k.discard] = py::int_(i.discard);
  d[k.discarded] = cards_obj(i.discarded);
  d[k.hand] = cards_obj(i.hand);
  d[k.counts] = seat_map(i.counts[0], i.counts[1]);
  d[k.swap] = py::bool_(i.swap);
  d[k.bout] = bout_obj(i.bout);
  d[k.played] = played_obj(plays);
  d[k.known] = cards_obj(i.known);
  d[k.unseen] = cards_obj(i.unseen);
  d[k.legal] = legal_obj(legal, n_legal);
  d[k.over] = py::bool_(i.over);
  d[k.result] = result_obj(i);
  return d;
}

}  // namespace trumpf::bindings
