"""The check of an event history, as ``Game.moves_of`` reads it."""

from __future__ import annotations

from typing import Any

from .checks_cards import MOVE_KINDS, parse_card
from .checks_values import MISSING, exact_int, item, items, short, text_of
from .errors import Error

__all__ = ["history"]

EVENT_KINDS = (*MOVE_KINDS, "bout_end", "refill", "out", "game_end")


def history(value: object) -> list[dict[str, Any]]:
    """The events of a history, each read as a fresh dict, or ``bad_history``.

    Every entry is a dict with a known event kind; a move event also has its
    seat, and an attack or a beat its card. Other keys are not read.
    """
    out: list[dict[str, Any]] = []
    for index, entry in enumerate(items(value, "bad_history", "a history")):
        where = f"history entry {index}"
        if not isinstance(entry, dict):
            raise Error("bad_history", f"{where} is not an event: {short(entry)}")
        kind = item(entry, "kind", "bad_history")
        name = None if kind is MISSING else text_of(kind)
        if name not in EVENT_KINDS:
            raise Error("bad_history", f"{where} has no known kind: {short(entry)}")
        event: dict[str, Any] = {"kind": name}
        if name in MOVE_KINDS:
            who = item(entry, "seat", "bad_history")
            event["seat"] = 0 if who is MISSING else (exact_int(who, 1, 2) or 0)
            whole = event["seat"] != 0
            if name in ("attack", "beat"):
                held = item(entry, "card", "bad_history")
                event["card"] = 0 if held is MISSING else parse_card(held)
                whole = whole and event["card"] != 0
            if not whole:
                raise Error("bad_history", f"{where} is not a whole move event: {short(entry)}")
        out.append(event)
    return out
