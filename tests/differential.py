"""Drive two implementations of a game side by side and demand they agree.

The differential tests hand the C++-backed package and the pure-Python oracle
the same seeds and the same moves, good and bad, and compare everything the
public API reports after every step: state, legal lists, events, error codes.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

from _surface import DEAL, GAME, MATCH, without_info

SCHNAPSEN_SEATS = ("p1", "p2")
DURAK_SEATS = (1, 2)


def scaled(examples: int) -> int:
    """A hypothesis example count, scaled down for slow runs (the sanitizer build)."""
    return max(1, round(examples * float(os.environ.get("TRUMPF_EXAMPLES_SCALE", "1"))))


def _hex(value: Any) -> str:
    if isinstance(value, bytes):
        return value.hex()  # a seed
    raise TypeError(f"not JSON: {type(value).__name__}")


def jsonable(value: Any) -> Any:
    """The value as it would come back from JSON: int keys become str, tuples
    lists, bytes hex."""
    return json.loads(json.dumps(value, default=_hex))


def outcome(call: Callable[[], Any], error: type[Exception]) -> tuple[str, Any]:
    """("ok", value) or ("error", code) for one call."""
    try:
        return "ok", jsonable(call())
    except error as exc:
        return "error", getattr(exc, "code", None)


def schnapsen_state(deal: Any) -> dict[str, Any]:
    """Everything the Deal API reports, seat by seat (its stub's members, tests/_surface.py)."""
    state = {name: getattr(deal, name) for name in DEAL.props}
    for seat in SCHNAPSEN_SEATS:
        state[seat] = {name: getattr(deal, name)(seat) for name in without_info(DEAL.seat_methods)}
    return jsonable(state)


def match_state(match: Any) -> dict[str, Any]:
    """Everything the Match API reports, with the current deal's state."""
    state = {name: getattr(match, name) for name in MATCH.props if name != "deal"}
    for seat in SCHNAPSEN_SEATS:
        state[seat] = {
            name: getattr(match, name)(seat) for name in without_info(MATCH.seat_methods)
        }
    state["deal"] = schnapsen_state(match.deal)
    return jsonable(state)


def durak_state(game: Any) -> dict[str, Any]:
    """Everything the Game API reports, seat by seat."""
    state = {name: getattr(game, name) for name in GAME.props}
    for seat in DURAK_SEATS:
        state[str(seat)] = {
            name: getattr(game, name)(seat) for name in without_info(GAME.seat_methods)
        }
    return jsonable(state)


# Moves no engine may accept: each is refused with a code, never a crash.
def bad_moves(rng: random.Random, kinds: list[str], seats: tuple[Any, ...]) -> tuple[Any, Any]:
    """A (seat, move) pair drawn from the shapes of input a careless caller sends."""
    choice = rng.randrange(13)
    seat = rng.choice(seats)
    kind = rng.choice(kinds)
    if choice == 0:
        return seat, {"kind": "launch", "card": 1}
    if choice == 1:
        return seat, {"kind": kind, "card": rng.choice([0, -1, 37, 99, 2**40, -(2**70)])}
    if choice == 2:
        return seat, {"kind": kind, "card": rng.choice(["7", 7.0, True, None, [7], {"id": 7}])}
    if choice == 3:
        return seat, rng.choice([None, 7, "lead", [("kind", "lead")], ("lead", 7), b"x"])
    if choice == 4:
        return seat, {}
    if choice == 5:
        return seat, {"card": rng.randrange(1, 37)}
    if choice == 6:
        return rng.choice([3, 0, "p3", None, "P1", 1.0, b"p1"]), {"kind": kind, "card": 1}
    if choice == 7:
        return seat, {"kind": kind}
    if choice == 8:
        return seat, {"kind": rng.choice([None, 7, "", "LEAD", b"lead"]), "card": 1}
    if choice == 9:
        return seat, {"kind": "marriage", "suit": rng.choice(["X", "h", None, 3, "HH"])}
    if choice == 10:
        return seat, {"kind": kind, "card": rng.randrange(1, 37), "extra": [1, 2]}
    if choice == 11:
        # A marriage shown by a lead (house rules): any suit, any card or none.
        card = rng.choice([rng.randrange(1, 25), None, "10", 0])
        return seat, {"kind": "marriage", "suit": rng.choice("SHDC"), "card": card}
    return seat, {"card": rng.randrange(1, 25), "kind": kind}
