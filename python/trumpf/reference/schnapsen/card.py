"""The cards of Schnapsen and Sixty-Six, by their integer ids.

Ids run 1..24: suits in id order spades, hearts, diamonds, clubs; ranks in id
order ace, ten, king, queen, jack, nine. ``id = suit_index*6 + rank_index + 1``.
The ten ranks above the king, and the nines only play in Sixty-Six.
"""

from __future__ import annotations

from .._args import as_int, show
from .errors import Error

__all__ = ["id_of", "long_name_of", "name_of", "points_of", "power_of", "rank_of", "suit_of"]

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["A", "T", "K", "Q", "J", "9"]
# Marriages are offered and listed in alphabetical suit order, not id order.
MARRIAGE_SUITS: list[str] = ["C", "D", "H", "S"]

RANK_POINTS: dict[str, int] = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
# Long names are lower case, as the reference's are ("ace of spades").
RANK_NAMES: dict[str, str] = {
    "A": "ace",
    "T": "ten",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "9": "nine",
}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def is_card(card: object) -> bool:
    """Whether ``card`` is a card id at all (an int 1..24; a bool is not a card)."""
    return isinstance(card, int) and not isinstance(card, bool) and 1 <= int.__index__(card) <= 24


def card_id(card: object) -> int | None:
    """The exact id ``card`` holds when it is a card id, else None."""
    return int.__index__(card) if is_card(card) else None  # type: ignore[arg-type]


def check_card(card: object) -> int:
    """The exact card id, or ``bad_card``."""
    return as_int(card, "bad_card", "a card id (1..24)", 1, 24)


def check_suit(suit: object) -> str:
    """The exact suit letter (S, H, D or C), or ``bad_suit``."""
    if isinstance(suit, str) and str.__str__(suit) in SUITS:
        return str.__str__(suit)
    raise Error("bad_suit", f"a suit is S, H, D or C, not {show(suit)}")


_check = check_card


def rank_of(card: int) -> str:
    """The rank letter: A, T, K, Q, J or 9."""
    return RANKS[(_check(card) - 1) % 6]


def suit_of(card: int) -> str:
    """The suit letter: S, H, D or C."""
    return SUITS[(_check(card) - 1) // 6]


def power_of(card: int) -> int:
    """Strength inside the suit: ace 5, ten 4, king 3, queen 2, jack 1, nine 0."""
    return 5 - (_check(card) - 1) % 6


def points_of(card: int) -> int:
    """Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0."""
    return RANK_POINTS[rank_of(card)]


def name_of(card: int) -> str:
    """Rank letter then suit letter, e.g. "TD" for the ten of diamonds."""
    return rank_of(card) + suit_of(card)


def long_name_of(card: int) -> str:
    """The card in words, lower case as the reference writes it: "ten of diamonds"."""
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def card_of(suit: str, rank: str) -> int:
    """The id of the card of that suit and rank."""
    return SUITS.index(suit) * 6 + RANKS.index(rank) + 1


def id_of(name: str) -> int | None:
    """The id of a card name such as "TD", "td" or "10D" (any case), or None.

    The reference parses input here, so a str that names no card answers None
    "rather than dying"; only a name that is not a str at all is ``bad_card``.
    """
    if not isinstance(name, str):
        raise Error("bad_card", f"a card name is a str, not {show(name)}")
    text = str.__str__(name)
    if not text.isascii():
        return None
    text = text.upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return card_of(text[1], text[0])
