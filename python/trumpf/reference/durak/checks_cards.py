"""Checks of the small arguments: cards, suits, seats, move kinds, hands, counts and flags."""

from __future__ import annotations

from .checks_values import PACK, exact_int, int_arg, items, short, text_of
from .errors import Error

__all__ = [
    "MOVE_KINDS",
    "SUITS",
    "card",
    "count",
    "counts",
    "distinct_cards",
    "flag",
    "hand",
    "parse_card",
    "parse_kind",
    "seat",
    "suit",
]

SUITS = ("S", "H", "D", "C")
MOVE_KINDS = ("attack", "beat", "take", "done", "swap", "resign")


def parse_card(value: object) -> int:
    """A card id 1..36, or 0."""
    return exact_int(value, 1, PACK) or 0


def card(value: object) -> int:
    """A card id, or ``bad_card``."""
    ident = parse_card(value)
    if not ident:
        raise Error("bad_card", f"not a card id (1..36): {short(value)}")
    return ident


def suit(value: object) -> str:
    """A suit letter S, H, D or C (a trump), or ``bad_suit``."""
    text = text_of(value)
    if text is None or text not in SUITS:
        raise Error("bad_suit", f"a trump is a suit letter S, H, D or C, not {short(value)}")
    return text


def seat(value: object) -> int:
    """The seat 1 or 2, or ``bad_seat``."""
    number = exact_int(value, 1, 2)
    if number is None:
        raise Error("bad_seat", f"not a seat: {short(value)} (expected the int 1 or 2)")
    return number


def parse_kind(value: object) -> str | None:
    """The move kind a str names, else None."""
    text = text_of(value)
    return text if text in MOVE_KINDS else None


def distinct_cards(value: object, code: str, what: str) -> list[int]:
    """Distinct card ids from a list or tuple, in its order, or ``code``."""
    out: list[int] = []
    for entry in items(value, code, what, PACK):
        ident = parse_card(entry)
        if not ident:
            raise Error(code, f"{what} holds {short(entry)}, which is not a card id 1..36")
        if ident in out:
            raise Error(code, f"{what} holds card {ident} twice")
        out.append(ident)
    return out


def hand(value: object) -> list[int]:
    """A hand: distinct card ids in a list or tuple, in its order, or ``bad_card``."""
    return distinct_cards(value, "bad_card", "a hand")


def count(value: object, what: str) -> int:
    """A count of cards, 0..36, or ``bad_counts``."""
    return int_arg(value, 0, PACK, "bad_counts", what)


def counts(value: object) -> dict[int, int]:
    """Hand sizes exactly ``{1: n, 2: n}`` (int keys, counts 0..36), or ``bad_counts``.

    Read by value: the keys must be the ints 1 and 2 themselves (no subclass,
    no bool), found in the dict's storage without hashing or comparing
    anything of the caller's.
    """
    if not isinstance(value, dict):
        raise Error("bad_counts", f"counts is a dict {{1: n, 2: n}}, not {short(value)}")
    pairs = list(dict.items(value))
    if len(pairs) != 2 or not all(type(k) is int and k in (1, 2) for k, _ in pairs):
        raise Error("bad_counts", f"counts is exactly {{1: n, 2: n}}, not {short(value)}")
    held = dict(pairs)
    return {seat: count(held[seat], f"counts[{seat}]") for seat in (1, 2)}


def flag(value: object, what: str) -> bool:
    """True or False, or ``bad_value``."""
    if not isinstance(value, bool):
        raise Error("bad_value", f"{what} is True or False, not {short(value)}")
    return value
