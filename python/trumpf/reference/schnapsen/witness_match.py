"""The earlier deals of a match witness (:mod:`.witness`): scores and dealers.

A ``Match.info`` shows of the match's earlier deals only what they add up
to: the scores (and ``to_win``), how many there were and who deals now.
``earlier_deals`` finds deals that add up so: it plays whole deals of the
match's rules at random (dealt from shuffled orders, a fixed stream, so a
run repeats) until it holds one of every kind (won by the dealer or by the
other seat, for 1, 2 or 3 game points, and drawn where the rules draw),
and picks one a deal, the dealer of each as the rules make it (Schnapsen
alternates; Sixty-Six's winner deals, a drawn deal keeps its dealer), so
that the scores and the dealer come out exactly. Every kind can be
played, so totals that :mod:`.info_read` accepts always have such deals.
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

__all__ = ["Played", "earlier_deals", "kinds", "library"]

MOST_DEALS = 20000  # a bound, never reached: every kind turns up within a few hundred
CLAIMING = (0.0, 0.02, 0.1, 0.3, 0.7)
SEATS = ("p1", "p2")

Kind = tuple[bool | None, int]  # (whether the dealer won, None if drawn; game points)


@dataclass(frozen=True)
class Played:
    """A whole deal dealt by p1: its order, moves, and what it paid (winner None: drawn)."""

    order: tuple[int, ...]
    moves: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    winner: str | None
    points: int


_LIBRARIES: dict[str, dict[Kind, Played]] = {}


def kinds(rules: dict[str, Any]) -> list[Kind]:
    """The kinds of deal the rules pay: won by the dealer or not, for 1 to 3 game
    points, and drawn where a deal is counted to the last trick (Sixty-Six)."""
    won: list[Kind] = [(dealer_won, points) for dealer_won in (True, False) for points in (1, 2, 3)]
    return won + ([(None, 0)] if rules["last_trick_rule"] == "ten_points" else [])


def library(rules: dict[str, Any]) -> dict[Kind, Played]:
    """One whole deal dealt by p1 of each kind the rules pay, found by random play."""
    key = json.dumps(rules, sort_keys=True)
    if key in _LIBRARIES:
        return _LIBRARIES[key]
    rng = random.Random(key)
    want = set(kinds(rules))
    out: dict[Kind, Played] = {}
    pack = pack_for(rules)
    for n in range(MOST_DEALS):
        if want <= out.keys():
            break
        order = list(pack)
        rng.shuffle(order)
        deal = Deal._from_order(rules, 1, "p1", order)
        moves = []
        # Claims more or less often, closes and marriages taken or not: deals
        # of every outcome.
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
        out.setdefault(kind, Played(tuple(order), tuple(moves), winner, kind[1]))
    _LIBRARIES[key] = out
    return out


def _relabel(played: Played, dealer: str) -> list[tuple[str, dict[str, Any]]]:
    """The deal's moves with the seats swapped when ``dealer`` is p2 (the library's deal p1)."""
    swap = dealer == "p2"
    return [((other(s) if swap else s), dict(move)) for s, move in played.moves]


def earlier_deals(
    info: dict[str, Any],
) -> Iterator[list[tuple[str, Played, list[tuple[str, dict[str, Any]]]]]]:
    """Earlier deals (dealer, deal, moves) that give ``info``'s scores and dealer.

    Yields at most one answer.
    """
    rules = info["rules"]
    count = info["deals"]
    start = rules["match_start"]
    down = start > rules["match_target"]
    paid = {s: (start - info["scores"][s]) if down else (info["scores"][s] - start) for s in SEATS}
    deals = library(rules)
    # Deals beyond one a game point paid are drawn ones, which keep their
    # dealer: they go first, and the search plays the rest.
    surplus = max(0, count - sum(paid.values())) if (None, 0) in deals else 0
    found = _search(info, count - surplus, paid, deals)
    if found is None:
        return
    if surplus:
        dealer = found[0][0] if found else info["dealer"]
        drawn = deals[(None, 0)]
        found = [(dealer, drawn, _relabel(drawn, dealer)) for _ in range(surplus)] + found
    yield found


def _search(
    info: dict[str, Any],
    count: int,
    paid: dict[str, int],
    deals: dict[Kind, Played],
) -> list[tuple[str, Played, list[tuple[str, dict[str, Any]]]]] | None:
    rules = info["rules"]
    alternate = rules["next_dealer"] == "alternate"
    # States after i deals: (paid p1, paid p2, next dealer) -> how it was reached.
    # The scores bound the states to a few dozen, and a run of drawn deals
    # repeats one state, so a long match costs a layer each, no more.
    firsts = [info["dealer"] if count % 2 == 0 else other(info["dealer"])] if alternate else SEATS
    layer: dict[tuple[int, int, str], Any] = {(0, 0, d): None for d in firsts}
    history: list[dict[tuple[int, int, str], Any]] = [layer]
    for _ in range(count):
        nxt: dict[tuple[int, int, str], Any] = {}
        for state in layer:
            p1, p2, dealer = state
            for (dealer_won, points), played in deals.items():
                winner = None if dealer_won is None else dealer if dealer_won else other(dealer)
                q1 = p1 + (points if winner == "p1" else 0)
                q2 = p2 + (points if winner == "p2" else 0)
                if q1 > paid["p1"] or q2 > paid["p2"]:
                    continue
                after = other(dealer) if alternate else dealer if winner is None else winner
                new = (q1, q2, after)
                if new not in nxt:
                    nxt[new] = (state, dealer, played)
        layer = nxt
        history.append(layer)
    goal = (paid["p1"], paid["p2"], info["dealer"])
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
