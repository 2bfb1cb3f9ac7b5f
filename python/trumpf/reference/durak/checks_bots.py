"""The checks of a bot's arguments: a seat's view, a level, a word, a ply, a seed."""

from __future__ import annotations

from typing import Any

from .checks_cards import SUITS, distinct_cards, parse_card, parse_kind
from .checks_values import (
    HAND,
    MAX_INT64,
    MISSING,
    PACK,
    exact_int,
    int_arg,
    int_item,
    item,
    items,
    required,
    short,
    text_of,
)
from .errors import Error

__all__ = ["asked_level", "bot_seed", "level", "ply", "view", "word"]

PHASES = ("attack", "defend", "pile_on", "over")


def _offered_move(value: object) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        return None
    kind = item(value, "kind", "bad_view")
    name = None if kind is MISSING else parse_kind(kind)
    if name is None:
        return None
    if name not in ("attack", "beat"):
        return {"kind": name}
    held = item(value, "card", "bad_view")
    ident = 0 if held is MISSING else parse_card(held)
    return {"kind": name, "card": ident} if ident else None


def view(value: object) -> dict[str, Any]:
    """A seat's view as ``Game.view`` gives it, or ``bad_view``.

    Reads seat, ply, phase, trump, talon, hand, bout (its size) and legal,
    in that order; returns {seat, ply, phase, trump, talon, hand, size,
    legal} with each legal move as a fresh {kind, card} dict.
    """
    if not isinstance(value, dict):
        raise Error("bad_view", f"a view is the dict Game.view(seat) gives, not {short(value)}")
    what = "the view"
    number = exact_int(required(value, "seat", "bad_view", what), 1, 2)
    if number is None:
        raise Error("bad_view", "the view's seat is the int 1 or 2")
    at = int_item(value, "ply", 0, MAX_INT64, "bad_view", what)
    phase = required(value, "phase", "bad_view", what)
    if text_of(phase) not in PHASES:
        raise Error(
            "bad_view",
            f"the view's phase is 'attack', 'defend', 'pile_on' or 'over', not {short(phase)}",
        )
    trump = required(value, "trump", "bad_view", what)
    if text_of(trump) not in SUITS:
        raise Error(
            "bad_view", f"the view's trump is a suit letter S, H, D or C, not {short(trump)}"
        )
    talon = int_item(value, "talon", 0, PACK, "bad_view", what)
    hand = distinct_cards(required(value, "hand", "bad_view", what), "bad_view", "the view's hand")
    laid = required(value, "bout", "bad_view", what)
    size = 0
    if laid is not None:
        if not isinstance(laid, dict):
            raise Error("bad_view", f"the view's bout is a dict or None, not {short(laid)}")
        size = int_item(laid, "size", 0, HAND, "bad_view", "its bout")
    legal: list[dict[str, Any]] = []
    offered = items(
        required(value, "legal", "bad_view", what), "bad_view", "the view's legal moves", 40
    )
    for entry in offered:
        move = _offered_move(entry)
        if move is None:
            raise Error(
                "bad_view", f"the view's legal move {len(legal)} is not a move: {short(entry)}"
            )
        legal.append(move)
    return {
        "seat": number,
        "ply": at,
        "phase": text_of(phase),
        "trump": text_of(trump),
        "talon": talon,
        "hand": hand,
        "size": size,
        "legal": legal,
    }


def asked_level(value: object) -> int:
    """An asked level: any int (a bool is not one), or ``bad_level``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise Error("bad_level", f"a bot level is an int, not {short(value)}")
    return int.__int__(value)


def level(value: object) -> int:
    """The level a bot plays: an int of any size clamped to 1..3, or ``bad_level``."""
    return max(1, min(3, asked_level(value)))


def word(value: object) -> int:
    """A level-1 word, 0..2**32-1, or ``bad_value``."""
    return int_arg(value, 0, 2**32 - 1, "bad_value", "a word")


def ply(value: object) -> int:
    """A ply, 0..2**63-1, or ``bad_value``."""
    return int_arg(value, 0, MAX_INT64, "bad_value", "a ply")


def bot_seed(value: object) -> bytes:
    """What a bot seed hashes as: a str's UTF-8, bytes as they are, None as nothing."""
    if value is None:
        return b""
    if isinstance(value, bytes):
        return bytes.__getitem__(value, slice(None))  # by value: no __bytes__ runs
    text = text_of(value)
    if text is None:
        raise Error(
            "bad_seed", f"a bot seed is a str (valid Unicode), bytes or None, not {short(value)}"
        )
    return text.encode("utf-8")
