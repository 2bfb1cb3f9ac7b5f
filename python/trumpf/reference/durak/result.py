"""How a deal ends: the whole of it is two card counts and the size of the talon.

A seat is out when it holds no cards and the talon is empty, which is only
ever looked at after a bout's refill. Both out is a draw; otherwise the seat
still holding cards is the durak, the fool.
"""

from __future__ import annotations

from typing import Any

from . import checks

__all__ = ["outcome", "resigned"]


def out_seats(counts: dict[int, int], talon_left: int) -> list[int]:
    """The seats that are out, in seat order."""
    if talon_left > 0:
        return []
    return [seat for seat in (1, 2) if counts[seat] == 0]


def outcome(counts: dict[int, int], talon_left: int) -> dict[str, Any] | None:
    """The result once the deal is over after a refill, else None.

    ``{outcome: "fool", fool: seat, places: {1: p, 2: p}}`` with the fool
    placed second, or ``{outcome: "draw", fool: None, places: {1: 1, 2: 1}}``.
    ``counts`` is exactly ``{1: n, 2: n}`` and every count 0..36, talon_left
    too, else ``bad_counts``.
    """
    read = checks.counts(counts)
    return outcome_of(read, checks.count(talon_left, "talon_left"))


def outcome_of(counts: dict[int, int], talon_left: int) -> dict[str, Any] | None:
    """``outcome`` for counts already read."""
    out = out_seats(counts, talon_left)
    if not out:
        return None
    if len(out) == 2:
        return {"outcome": "draw", "fool": None, "places": {1: 1, 2: 1}}
    fool = 2 if out[0] == 1 else 1
    return {"outcome": "fool", "fool": fool, "places": _places(fool)}


def resigned(seat: int) -> dict[str, Any]:
    """The result when ``seat`` gives up: it is the fool, whatever it was holding."""
    seat = checks.seat(seat)
    return {"outcome": "resign", "fool": seat, "places": _places(seat)}


def _places(fool: int) -> dict[int, int]:
    return {seat: 2 if seat == fool else 1 for seat in (1, 2)}
