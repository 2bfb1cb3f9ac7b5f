"""The pack, the seeded shuffle and the deal of the cards.

The shuffle is Fisher-Yates from the back, fed by SHA-256 over the seed and a
counter, so the same seed and deal number give the same cards everywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from .._args import INT64_MAX, as_int, show
from . import variant as variant_mod
from .card import suit_of
from .errors import Error

__all__ = ["deal_for", "order_for", "pack_for"]

SEATS = ("p1", "p2")


def check_seed(seed: object) -> bytes:
    """The seed itself, or ``no_seed`` unless it is exactly 32 bytes."""
    if not isinstance(seed, bytes) or bytes.__len__(seed) != 32:
        raise Error("no_seed", f"the seed must be exactly 32 bytes, not {show(seed)}")
    return bytes.__getitem__(seed, slice(None))


def check_number(number: object) -> int:
    """The deal number itself, or ``bad_deal`` unless it is an int >= 1."""
    return as_int(number, "bad_deal", "a deal number", 1, INT64_MAX)


def seat_of(seat: object) -> str | None:
    """The exact seat ``seat`` holds ("p1" or "p2"), else None."""
    if isinstance(seat, str) and str.__str__(seat) in SEATS:
        return str.__str__(seat)
    return None


def check_dealer(dealer: object) -> str:
    """The dealer itself, or ``bad_seat`` unless it is "p1" or "p2"."""
    checked = seat_of(dealer)
    if checked is None:
        raise Error("bad_seat", f"a dealer is 'p1' or 'p2', not {show(dealer)}")
    return checked


def check_variant(variant: object) -> str:
    """The game a variant value plays (its name, a preset's or a table's), or ``bad_variant``."""
    return str(variant_mod.get(variant)["name"])


def pack_for(variant: object) -> list[int]:
    """The variant's cards in id order: no nines in Schnapsen, all 24 in Sixty-Six."""
    rules = variant_mod.get(check_variant(variant))
    if rules["deck_size"] == 24:
        return list(range(1, 25))
    return [card for card in range(1, 25) if card % 6 != 0]


def _words(seed: bytes, variant: str, number: int) -> Iterator[int]:
    # Every hash yields eight big-endian 32-bit words; the counter moves on
    # only when all eight have been used.
    counter = 0
    while True:
        text = f"{variant}:deal:{number}:{counter}".encode("ascii")
        digest = hashlib.sha256(seed + text).digest()
        for at in range(0, 32, 4):
            yield int.from_bytes(digest[at : at + 4], "big")
        counter += 1


def order_for(variant: object, seed: bytes, number: int) -> list[int]:
    """The shuffled pack for this seed and deal number.

    Only the game's name goes into the hash, so house rules deal the same
    cards as the reference game from the same seed and number.
    """
    name = check_variant(variant)
    seed = check_seed(seed)
    number = check_number(number)
    order = pack_for(name)
    words = _words(seed, name, number)
    for i in range(len(order) - 1, 0, -1):
        m = i + 1
        # Words at or above the last whole multiple of m are thrown away so
        # that every position is equally likely.
        limit = (2**32 // m) * m
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % m
        order[i], order[j] = order[j], order[i]
    return order


def deal_for(variant: object, seed: bytes, number: int, dealer: str = "p1") -> dict[str, Any]:
    """The hands, the face-down talon and the turn-up of one deal.

    The non-dealer gets the first hand's worth of cards, the dealer the next;
    the talon follows, and the last card is turned up and makes trumps.
    """
    rules = variant_mod.get(variant)
    seed = check_seed(seed)
    number = check_number(number)
    dealer = check_dealer(dealer)
    order = order_for(rules["name"], seed, number)
    size = rules["hand_size"]
    non_dealer = "p2" if dealer == "p1" else "p1"
    hands = {non_dealer: order[:size], dealer: order[size : 2 * size]}
    turn_up = order[-1]
    return {
        "hands": {"p1": hands["p1"], "p2": hands["p2"]},
        "talon": order[2 * size : -1],
        "turn_up": turn_up,
        "trump": suit_of(turn_up),
    }
