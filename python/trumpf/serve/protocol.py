"""The messages a client may send, checked field by field before anything acts on them.

Client to server, one JSON object per WebSocket message:

- ``{"type": "hello", "token": T}``: the first message; the token names the seat.
- ``{"type": "move", "move": {"kind": K, "card": C, "suit": S}, "ply": N}``: a move
  for the seat the token opened (``ply``, optional, is the ply the client saw:
  a move for an older ply is refused as ``stale``, so a resent move is never
  applied twice). A ``seat`` key, if sent, must be that same seat.
- ``{"type": "sync"}``: send the state again. ``{"type": "ping"}``: answered by a pong.

Server to client: ``welcome`` (the state, with the seat's ``view``, ``info`` and
``claim``; the card names, the seat's ``history`` and the endings' words), ``state``,
``update`` (the state and the events, filtered for the seat; ``ack`` = the ply
of the move this socket sent, once it is on disk), ``pong``, and
``{"type": "error", "code": C, "message": M}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .limits import MessageError

_MOVE_KEYS = frozenset({"kind", "card", "suit", "value"})
_INT_LIMIT = 1 << 31


@dataclass(frozen=True)
class Hello:
    """``hello``: the first message of a socket; the token names the seat."""

    token: str


@dataclass(frozen=True)
class Move:
    """``move``: a move for the socket's seat, with the ply the client saw."""

    move: dict[str, Any]
    ply: int | None
    seat: Any  # the seat the client claims; None when it claims none


@dataclass(frozen=True)
class Sync:
    """``sync``: send the state again."""


@dataclass(frozen=True)
class Ping:
    """``ping``: answered by ``pong``."""


Command = Hello | Move | Sync | Ping


def _only(message: dict[str, Any], allowed: frozenset[str]) -> None:
    extra = sorted(set(message) - allowed)
    if extra:
        raise MessageError("bad_message", f"unknown field(s): {', '.join(extra)[:80]}")


def _int(value: Any) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and -_INT_LIMIT < value < _INT_LIMIT
    )


def parse_move(move: Any) -> dict[str, Any]:
    """A move as the engine takes it: kind, and card and suit when given, of the right types."""
    if not isinstance(move, dict):
        raise MessageError("bad_move", 'a move is an object such as {"kind": "lead", "card": 7}')
    _only(move, _MOVE_KEYS)
    kind = move.get("kind")
    if not isinstance(kind, str) or not 0 < len(kind) <= 16:
        raise MessageError("bad_move", "a move's kind is a short string")
    checked: dict[str, Any] = {"kind": kind}
    if "card" in move:
        if not _int(move["card"]):
            raise MessageError("bad_move", "a card is its integer id")
        checked["card"] = move["card"]
    if "suit" in move:
        if not isinstance(move["suit"], str) or len(move["suit"]) != 1:
            raise MessageError("bad_move", "a suit is one letter: C, D, H or S")
        checked["suit"] = move["suit"]
    # "value" is accepted because legal entries carry it; the engine does not need it.
    return checked


def parse(message: dict[str, Any]) -> Command:
    """The command in a client's message, or MessageError saying what is wrong with it."""
    kind = message.get("type")
    if kind == "hello":
        _only(message, frozenset({"type", "token"}))
        token = message.get("token")
        if not isinstance(token, str):
            raise MessageError("bad_message", "hello carries the seat's token")
        return Hello(token)
    if kind == "move":
        _only(message, frozenset({"type", "move", "ply", "seat"}))
        ply = message.get("ply")
        if ply is not None and not _int(ply):
            raise MessageError("bad_message", "ply is an integer")
        return Move(parse_move(message.get("move")), ply, message.get("seat"))
    if kind == "sync":
        _only(message, frozenset({"type"}))
        return Sync()
    if kind == "ping":
        _only(message, frozenset({"type"}))
        return Ping()
    raise MessageError("bad_message", "type is one of hello, move, sync, ping")


def error(code: str, message: str) -> dict[str, Any]:
    """The ``error`` message for a refusal: its code and what was wrong."""
    return {"type": "error", "code": code, "message": message}
