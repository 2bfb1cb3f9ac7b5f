"""The cards of Schnapsen and Sixty-Six, by their integer ids.

Ids run 1..24: suits in id order spades, hearts, diamonds, clubs; ranks in id
order ace, ten, king, queen, jack, nine. ``id = suit_index*6 + rank_index + 1``.
The ten ranks above the king, and the nines only play in Sixty-Six.
"""

from __future__ import annotations

from .errors import Error

__all__ = [
    "MARRIAGE_SUITS",
    "RANKS",
    "SUITS",
    "card_of",
    "id_of",
    "is_card",
    "long_name_of",
    "name_of",
    "points_of",
    "power_of",
    "rank_of",
    "suit_of",
]

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["A", "T", "K", "Q", "J", "9"]
# Marriages are offered and listed in alphabetical suit order, not id order.
MARRIAGE_SUITS: list[str] = ["C", "D", "H", "S"]

RANK_POINTS: dict[str, int] = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
RANK_NAMES: dict[str, str] = {
    "A": "Ace",
    "T": "Ten",
    "K": "King",
    "Q": "Queen",
    "J": "Jack",
    "9": "Nine",
}
SUIT_NAMES: dict[str, str] = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def is_card(card: object) -> bool:
    """Whether ``card`` is a card id at all (an int 1..24; a bool is not a card)."""
    return isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 24


def _check(card: object) -> int:
    if not is_card(card):
        raise Error("bad_card", f"{card!r} is not a card id (1..24)")
    assert isinstance(card, int)
    return card


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
    """The card in words, lower case as the reference spells them: "ten of diamonds"."""
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}".lower()


def card_of(suit: str, rank: str) -> int:
    """The id of the card of that suit and rank."""
    return SUITS.index(suit) * 6 + RANKS.index(rank) + 1


def id_of(name: object) -> int | None:
    """The id of a card name such as "TD", "td" or "10D" (any case); None for
    anything that is not a card's name, as the reference answers undef rather
    than dying."""
    if not isinstance(name, str):
        return None
    text = name.upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return card_of(text[1], text[0])
