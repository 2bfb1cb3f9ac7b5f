"""The earlier deals of a match witness (:mod:`.witness`): scores, dealers and ply.

A ``Match.info`` shows of the match's earlier deals only what they add up
to: the scores (and ``to_win``), how many there were, who deals now and
``ply``, which counts their events too. ``earlier_deals`` finds deals that
add up so: it plays whole deals of the match's rules at random (dealt from
shuffled orders, a fixed stream, so a run repeats), sorts them by what they
pay and how many events they make, and picks one a deal, the dealer of each
as the rules make it (Schnapsen alternates; Sixty-Six's winner deals, a
drawn deal keeps its dealer), so that the scores, the dealer and the events
come out exactly. It finds what its library holds, which is not every
match that gives such totals: ``choose(info)`` judges the earlier deals by
their totals alone (:mod:`.info_read`), and a witness without them is
``totals_only``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .deal import Deal
from .deck import pack_for
from .seat import other

__all__ = ["Played", "earlier_deals", "library"]

LIBRARY_DEALS = 1200
CLAIMING = (0.0, 0.02, 0.1, 0.3, 0.7)
SEATS = ("p1", "p2")


@dataclass(frozen=True)
class Played:
    """A whole deal dealt by p1: its order, moves, events and what it paid (winner None: drawn)."""

    order: tuple[int, ...]
    moves: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    events: int
    winner: str | None
    points: int


_LIBRARIES: dict[
    str, tuple[random.Random, dict[tuple[bool | None, int], dict[int, Played]], list[int]]
] = {}


def library(
    rules: dict[str, Any], more: int = 0
) -> dict[tuple[bool | None, int], dict[int, Played]]:
    """Whole deals dealt by p1, by (whether the dealer won, None if drawn; game points) and events.

    The first call plays LIBRARY_DEALS deals; ``more`` plays that many more.
    """
    key = json.dumps(rules, sort_keys=True)
    if key not in _LIBRARIES:
        _LIBRARIES[key] = (random.Random(key), {}, [0])
        more += LIBRARY_DEALS
    rng, out, played_so_far = _LIBRARIES[key]
    pack = pack_for(rules)
    for _ in range(more):
        n = played_so_far[0]
        played_so_far[0] += 1
        order = list(pack)
        rng.shuffle(order)
        deal = Deal._from_order(rules, 1, "p1", order)
        moves = []
        # Claims more or less often, closes and marriages taken or not: deals
        # of every length and outcome.
        claiming = CLAIMING[n % len(CLAIMING)]
        while not deal.over:
            seat = deal.turn
            legal = deal.legal(seat)
            claims = [m for m in legal if m["kind"] == "claim"]
            avoid = ("claim", "close") if n % 3 == 0 else ("claim",)
            plain = [m for m in legal if m["kind"] not in avoid] or legal
            move = claims[0] if claims and rng.random() < claiming else rng.choice(plain)
            moves.append((seat, tuple(move.items())))
            deal.apply(seat, move)
        result = deal.result
        assert result is not None
        winner = result["winner"]
        kind = (None if winner is None else winner == "p1", int(result["game_points"]))
        entry = Played(tuple(order), tuple(moves), len(deal.history), winner, kind[1])
        out.setdefault(kind, {}).setdefault(entry.events, entry)
    return out


def _relabel(played: Played, dealer: str) -> list[tuple[str, dict[str, Any]]]:
    """The deal's moves with the seats swapped when ``dealer`` is p2 (the library's deal p1)."""
    swap = dealer == "p2"
    return [((other(s) if swap else s), dict(move)) for s, move in played.moves]


def earlier_deals(
    info: dict[str, Any], events: int
) -> Iterator[list[tuple[str, Played, list[tuple[str, dict[str, Any]]]]]]:
    """Earlier deals (dealer, deal, moves) that give ``info``'s scores, dealer and ply.

    ``events`` is the current deal's own; each earlier deal adds its events
    and the match's deal event. Yields at most one answer.
    """
    rules = info["rules"]
    count = info["deals"]
    before = info["ply"] - events - count
    start = rules["match_start"]
    down = start > rules["match_target"]
    paid = {s: (start - info["scores"][s]) if down else (info["scores"][s] - start) for s in SEATS}
    if count == 0:
        if before == 0 and paid == {"p1": 0, "p2": 0}:
            yield []
        return
    if before < 0 or count > 64:
        return
    found = _search(info, count, before, paid, library(rules))
    if found is not None:
        yield found


def _search(
    info: dict[str, Any],
    count: int,
    before: int,
    paid: dict[str, int],
    deals: dict[tuple[bool | None, int], dict[int, Played]],
) -> list[tuple[str, Played, list[tuple[str, dict[str, Any]]]]] | None:
    rules = info["rules"]
    alternate = rules["next_dealer"] == "alternate"
    # States after i deals: (paid p1, paid p2, next dealer, events) -> how it was reached.
    firsts = [info["dealer"] if count % 2 == 0 else other(info["dealer"])] if alternate else SEATS
    layer: dict[tuple[int, int, str, int], Any] = {(0, 0, d, 0): None for d in firsts}
    history: list[dict[tuple[int, int, str, int], Any]] = [layer]
    for _ in range(count):
        nxt: dict[tuple[int, int, str, int], Any] = {}
        for state in layer:
            p1, p2, dealer, total = state
            for (dealer_won, points), by_events in deals.items():
                winner = None if dealer_won is None else dealer if dealer_won else other(dealer)
                q1 = p1 + (points if winner == "p1" else 0)
                q2 = p2 + (points if winner == "p2" else 0)
                if q1 > paid["p1"] or q2 > paid["p2"]:
                    continue
                after = other(dealer) if alternate else dealer if winner is None else winner
                for e, played in by_events.items():
                    t = total + e
                    if t > before:
                        continue
                    new = (q1, q2, after, t)
                    if new not in nxt:
                        nxt[new] = (state, dealer, played)
        layer = nxt
        history.append(layer)
    goal = (paid["p1"], paid["p2"], info["dealer"], before)
    if goal not in layer:
        return None
    chosen = []
    state = goal
    for back in reversed(history[1:]):
        prev, dealer, played = back[state]
        chosen.append((dealer, played, _relabel(played, dealer)))
        state = prev
    chosen.reverse()
    return chosen
