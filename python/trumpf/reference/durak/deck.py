"""The seeded shuffle and the deal.

The shuffle is a function of the 32-byte seed and the deal number alone, so a
deal can be stored as the seed it came from. Words come from SHA-256 over
``seed || "deal:{number}:{counter}"``, eight big-endian 32-bit words a digest,
and drive a Fisher-Yates shuffle from the back with rejection sampling so that
every position is equally likely.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from . import card as cards
from . import checks
from .errors import Error

__all__ = ["deal_for", "order_for", "pack"]

HAND_SIZE = 6


def check_seed(seed: object) -> bytes:
    """The seed itself, or ``no_seed`` unless it is exactly 32 bytes of type bytes."""
    # Read by value: a bytes subclass's __len__ or __bytes__ never runs.
    if not isinstance(seed, bytes) or bytes.__len__(seed) != 32:
        what = f"{bytes.__len__(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise Error("no_seed", f"a seed is exactly 32 bytes of type bytes, not {what}")
    return bytes.__getitem__(seed, slice(None))


def check_number(number: object) -> int:
    """The deal number itself, or ``bad_deal`` unless it is an int from 1 to 2**63 - 1."""
    checked = checks.exact_int(number, 1, checks.MAX_INT64)
    if checked is None:
        raise Error(
            "bad_deal", f"a deal number is an int from 1 to 2**63 - 1, not {checks.short(number)}"
        )
    return checked


def pack() -> list[int]:
    """The pack in id order, 1 to 36."""
    return list(cards.CARD_IDS)


def _words(seed: bytes, number: int) -> Iterator[int]:
    counter = 0
    while True:
        digest = hashlib.sha256(seed + f"deal:{number}:{counter}".encode("ascii")).digest()
        for at in range(0, 32, 4):
            yield int.from_bytes(digest[at : at + 4], "big")
        counter += 1


def order_for(seed: bytes, number: int = 1) -> list[int]:
    """The shuffled pack for this seed and deal number."""
    seed = check_seed(seed)
    number = check_number(number)
    order = pack()
    words = _words(seed, number)
    for i in range(len(order) - 1, 0, -1):
        m = i + 1
        # Words at or above the last whole multiple of m would favour the low positions.
        limit = (2**32 // m) * m
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % m
        order[i], order[j] = order[j], order[i]
    return order


def deal_for(seed: bytes, number: int = 1) -> dict[str, Any]:
    """The deal: one card at a time to seat 1 then seat 2, six rounds, then the turn-up.

    Returns ``{hands: {1: [...], 2: [...]}, talon, trump_card, trump,
    first_attacker, six_of_trumps, six_owner}``. Hands are sorted by id; the
    talon is the undealt cards in draw order with the turn-up last. The first
    attacker holds the lowest trump (seat 1 if nobody holds a trump); the six
    owner is the seat dealt the trump six, or None when nobody was.
    """
    return _deal_of(order_for(seed, number))


def _deal_of(order: list[int]) -> dict[str, Any]:
    """The deal of a shuffled pack ``order`` (a permutation of 1..36), as ``deal_for``."""
    hands: dict[int, list[int]] = {
        1: sorted(order[0 : 2 * HAND_SIZE : 2]),
        2: sorted(order[1 : 2 * HAND_SIZE : 2]),
    }
    trump_card = order[2 * HAND_SIZE]
    trump = cards.suit_of(trump_card)
    talon = [*order[2 * HAND_SIZE + 1 :], trump_card]
    first_attacker = 1
    lowest: int | None = None
    for seat in (1, 2):
        for held in hands[seat]:
            if cards.suit_of(held) == trump and (lowest is None or cards.power_of(held) < lowest):
                lowest = cards.power_of(held)
                first_attacker = seat
    six = cards.six_of(trump)
    six_owner: int | None = None
    for seat in (1, 2):
        if six in hands[seat]:
            six_owner = seat
    return {
        "hands": hands,
        "talon": talon,
        "trump_card": trump_card,
        "trump": trump,
        "first_attacker": first_attacker,
        "six_of_trumps": six,
        "six_owner": six_owner,
    }
