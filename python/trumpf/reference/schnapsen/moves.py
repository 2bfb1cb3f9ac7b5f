"""The moves behind an event history, and playing moves back: shared by Deal and Match.

A move log is the seed, the rules and these moves; writing and reading one is
:mod:`trumpf.logs`'s, the one log codec of the core and the oracle. What is
the oracle's own is how it finds the moves in a history and replays them.
"""

from __future__ import annotations

from typing import Any

from .._args import as_dict, as_seq, show
from . import variant as variant_mod
from .card import SUITS, card_id
from .deck import seat_of
from .errors import Error

__all__ = ["EVENT_KINDS", "MOVE_KINDS", "check_moves", "moves_of", "replay"]

# The kinds of event that are somebody's move.
MOVE_KINDS = ("lead", "follow", "marriage", "exchange", "close", "claim", "draw")

# The events a Schnapsen-family history may hold, moves and consequences.
EVENT_KINDS = (*MOVE_KINDS, "trick", "deal_end", "deal", "game_end")


def moves_of(history: object, variant: object = None) -> list[dict[str, Any]]:
    """The moves behind an event history, each {seat, kind} (+ card or suit).

    Sixty-Six's automatic exchange after a close is what the table did, not
    a move, and trick, deal_end, deal and game_end are consequences. Under
    ``marriage_by_lead`` (``variant`` gives the rules; default the
    reference's) a marriage and the lead after it were one move. The history
    is read by value; anything that is not a list or tuple of this family's
    events, with a seat and the card or suit a move needs, is ``bad_history``.
    """
    by_lead = variant is not None and bool(variant_mod.get(variant)["marriage_by_lead"])
    moves: list[dict[str, Any]] = []
    # The kind and seat of the event before this one.
    previous: tuple[str, str | None] | None = None
    for index, raw in enumerate(as_seq(history, "bad_history", "a history")):
        event = as_dict(raw, "bad_history", f"event {index}")
        kind = _event_kind(event, index)
        seat = seat_of(event.get("seat"))
        before, previous = previous, (kind, seat)
        if kind not in MOVE_KINDS:
            continue
        if seat is None:
            raise Error("bad_history", f"event {index} ({kind}) has no seat")
        if kind in ("lead", "follow"):
            card = card_id(event.get("card"))
            if card is None:
                raise Error("bad_history", f"event {index} ({kind}) has no card")
            if kind == "lead" and by_lead and before == ("marriage", seat):
                moves[-1]["card"] = card
            else:
                moves.append({"seat": seat, "kind": kind, "card": card})
        elif kind == "marriage":
            suit = event.get("suit")
            if not isinstance(suit, str) or str.__str__(suit) not in SUITS:
                raise Error("bad_history", f"event {index} (marriage) has no suit")
            moves.append({"seat": seat, "kind": kind, "suit": str.__str__(suit)})
        elif kind == "exchange":
            automatic = (
                before is not None and before[0] == "close" and before[1] not in (None, seat)
            )
            if not automatic:
                moves.append({"seat": seat, "kind": kind})
        else:
            moves.append({"seat": seat, "kind": kind})
    return moves


def _event_kind(event: dict[str, Any], index: int) -> str:
    kind = event.get("kind")
    if isinstance(kind, str) and str.__str__(kind) in EVENT_KINDS:
        return str.__str__(kind)
    raise Error("bad_history", f"event {index} has no kind of this game: {show(kind)}")


def check_moves(moves: object) -> list[Any]:
    """The moves of a replay: a list or a tuple, else ``not_legal``."""
    return as_seq(moves, "not_legal", "the moves of a replay")


def replay(game: Any, moves: object) -> list[dict[str, Any]]:
    """Play logged moves {seat, kind, ...} on ``game``; the events they caused.

    The first refused move raises its ``Error``, naming the move's index.
    Something that is not a dict has no seat, so it is refused as ``apply``
    refuses any move from a seat not on turn: ``not_your_turn``.
    """
    events: list[dict[str, Any]] = []
    for index, raw in enumerate(check_moves(moves)):
        move = dict(dict.items(raw)) if isinstance(raw, dict) else {}
        seat = move.get("seat")
        body = {k: v for k, v in move.items() if type(k) is not str or k != "seat"}
        try:
            events.extend(game.apply(seat, body))
        except Error as error:
            raise Error(error.code, f"move {index} refused: {error.message}") from None
    return events
