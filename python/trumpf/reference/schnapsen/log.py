"""Logs: the moves behind an event history, and reading a log back.

A log holds the seed, the first dealer, the rules and the moves, never the
cards: replaying the moves on a fresh deal from the same seed is what proves
the log honest. Shared by ``Deal`` and ``Match``.
"""

from __future__ import annotations

import json
from typing import Any

from . import variant as variant_mod
from .errors import Error

__all__ = ["moves_of", "read_log", "replay_one", "variant_of_log"]


def moves_of(history: list[dict[str, Any]], variant: object = None) -> list[dict[str, Any]]:
    """The moves behind an event history, each {seat, kind} (+ card or suit).

    Sixty-Six's automatic exchange after a close is what the table did, not
    a move, and trick, deal_end, deal and game_end are consequences. Under
    ``marriage_by_lead`` a marriage and the lead after it were one move.
    """
    by_lead = variant is not None and variant_mod.get(variant)["marriage_by_lead"]
    moves: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    for event in history:
        kind = event.get("kind")
        after_marriage = (
            previous is not None
            and previous.get("kind") == "marriage"
            and previous.get("seat") == event.get("seat")
        )
        if kind == "lead" and by_lead and after_marriage:
            moves[-1]["card"] = event["card"]
        elif kind in ("lead", "follow"):
            moves.append({"seat": event["seat"], "kind": kind, "card": event["card"]})
        elif kind == "marriage":
            moves.append({"seat": event["seat"], "kind": kind, "suit": event["suit"]})
        elif kind == "exchange":
            automatic = (
                previous is not None
                and previous.get("kind") == "close"
                and previous.get("seat") != event["seat"]
            )
            if not automatic:
                moves.append({"seat": event["seat"], "kind": kind})
        elif kind in ("close", "claim", "draw"):
            moves.append({"seat": event["seat"], "kind": kind})
        previous = event
    return moves


def replay_one(game: Any, index: int, move: Any) -> list[dict[str, Any]]:
    """Apply one logged move {seat, kind, ...}; a refusal names the move's index."""
    if not isinstance(move, dict):
        raise Error("not_legal", f"move {index}: {move!r} is not a move")
    seat = move.get("seat")
    body = {k: v for k, v in move.items() if k != "seat"}
    try:
        events: list[dict[str, Any]] = game.apply(seat, body)
    except Error as error:
        raise Error(error.code, f"move {index} ({move!r}) refused: {error.message}") from None
    return events


def read_log(log: dict[str, Any] | str, kind: str) -> dict[str, Any]:
    """The log as a dict with its seed as bytes, or ``bad_log`` / ``no_seed``."""
    try:
        data = json.loads(log) if isinstance(log, str) else log
    except ValueError:
        raise Error("bad_log", "a log is a dict or its JSON text") from None
    if not isinstance(data, dict):
        raise Error("bad_log", "a log is a dict or its JSON text")
    seed = data.get("seed")
    if isinstance(seed, str):
        try:
            seed = bytes.fromhex(seed)
        except ValueError:
            raise Error("no_seed", f"{seed!r} is not a hex seed") from None
    result = dict(data)
    result["seed"] = seed
    if result.get("kind", kind) != kind:
        raise Error("bad_log", f"this log is a {result.get('kind')!r}, not a {kind}")
    return result


def variant_of_log(data: dict[str, Any]) -> object:
    """What to build a logged game with: its "rules" table, or its "game" alone.

    A log from before the house rules has no "rules" and plays by the
    reference. A log that has them must name the same game, so that a log
    cannot be replayed under rules other than its own by mistake.
    """
    game = data.get("game")
    if "rules" not in data:
        return game
    rules = data["rules"]
    if not isinstance(rules, dict):
        raise Error("bad_log", f"the log's rules are a table of the variant, not {rules!r}")
    try:
        table = variant_mod.get(rules)
    except Error as error:
        raise Error("bad_log", f"the log's rules are not a variant: {error.message}") from None
    if table["name"] != game:
        raise Error("bad_log", f"the log is a game of {game!r} but its rules are {table['name']!r}")
    return table
