"""How a deal ends: the whole of it is two card counts and the size of the talon.

A seat is out when it holds no cards and the talon is empty, which is only
ever looked at after a bout's refill. Both out is a draw; otherwise the seat
still holding cards is the durak, the fool.
"""

from __future__ import annotations

from typing import Any

from .._args import as_dict, as_int, show
from .errors import Error


def _counts(value: object) -> dict[int, int]:
    counts = as_dict(value, "bad_counts", "counts")
    if len(counts) != 2 or not all(type(k) is int and k in (1, 2) for k in counts):
        raise Error("bad_counts", "counts is {1: n, 2: n}")
    return {seat: as_int(counts[seat], "bad_counts", f"counts[{seat}]", 0, 36) for seat in (1, 2)}


def _seat(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and int.__index__(value) in (1, 2):
        return int.__index__(value)
    raise Error("bad_seat", f"a seat is the int 1 or 2, not {show(value)}")


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
    """
    counts = _counts(counts)
    talon_left = as_int(talon_left, "bad_counts", "talon_left", 0, 36)
    out = out_seats(counts, talon_left)
    if not out:
        return None
    if len(out) == 2:
        return {"outcome": "draw", "fool": None, "places": {1: 1, 2: 1}}
    fool = 2 if out[0] == 1 else 1
    return {"outcome": "fool", "fool": fool, "places": _places(fool)}


def resigned(seat: int) -> dict[str, Any]:
    """The result when ``seat`` gives up: it is the fool, whatever it was holding."""
    seat = _seat(seat)
    return {"outcome": "resign", "fool": seat, "places": _places(seat)}


def _places(fool: int) -> dict[int, int]:
    return {seat: 2 if seat == fool else 1 for seat in (1, 2)}
