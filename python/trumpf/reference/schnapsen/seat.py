"""The two seats of a deal, "p1" and "p2": reading one, and naming the other."""

from __future__ import annotations

from .._args import show
from .deck import seat_of
from .errors import Error

__all__ = ["check_seat", "other"]


def check_seat(seat: object) -> str:
    """The seat itself, or ``bad_seat`` for anything but "p1" and "p2"."""
    checked = seat_of(seat)
    if checked is None:
        raise Error("bad_seat", f"{show(seat)} is not a seat (p1, p2)")
    return checked


def other(seat: str) -> str:
    """The other seat: "p1" <-> "p2"."""
    return "p2" if check_seat(seat) == "p1" else "p1"
