"""The thirty-six cards of the Durak pack.

A card is an id from 1 to 36: ``id = suit_index * 9 + rank_index + 1`` with the
suits in id order spades, hearts, diamonds, clubs and the ranks ace, king,
queen, jack, ten, nine, eight, seven, six. So 1 is the ace of spades and 36
the six of clubs. Within a suit the ace is strongest (power 8) and the six
weakest (power 0).
"""

from __future__ import annotations

from .errors import Error

__all__ = [
    "CARD_IDS",
    "RANKS",
    "SUITS",
    "beats",
    "face_of",
    "id_of",
    "is_card",
    "long_name_of",
    "name_of",
    "power_of",
    "rank_of",
    "six_of",
    "suit_of",
]

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]
CARD_IDS: list[int] = list(range(1, 37))

_SUIT_NAMES: dict[str, str] = {
    "S": "Spades",
    "H": "Hearts",
    "D": "Diamonds",
    "C": "Clubs",
}
_RANK_NAMES: dict[str, str] = {
    "A": "Ace",
    "K": "King",
    "Q": "Queen",
    "J": "Jack",
    "T": "Ten",
    "9": "Nine",
    "8": "Eight",
    "7": "Seven",
    "6": "Six",
}


def is_card(value: object) -> bool:
    """Whether ``value`` is a card id: an int (not a bool) from 1 to 36."""
    return type(value) is int and 1 <= value <= 36


def _checked(card: object) -> int:
    if not is_card(card):
        raise Error("bad_card", f"{card!r} is not a card: a card is an id from 1 to 36")
    assert isinstance(card, int)
    return card


def rank_of(card: int) -> str:
    """The rank letter of a card: "A", "K", "Q", "J", "T", "9", "8", "7" or "6"."""
    return RANKS[(_checked(card) - 1) % 9]


def suit_of(card: int) -> str:
    """The suit letter of a card: "S", "H", "D" or "C"."""
    return SUITS[(_checked(card) - 1) // 9]


def power_of(card: int) -> int:
    """How strong a card is within its suit: ace 8 down to six 0."""
    return 8 - (_checked(card) - 1) % 9


def name_of(card: int) -> str:
    """The short name, rank letter then suit letter: "TS" for the ten of spades."""
    return rank_of(card) + suit_of(card)


def face_of(card: int) -> str:
    """What is printed in the corner: "10" for a ten, else the rank letter."""
    rank = rank_of(card)
    return "10" if rank == "T" else rank


def long_name_of(card: int) -> str:
    """The card in words: "Ten of Spades"."""
    return f"{_RANK_NAMES[rank_of(card)]} of {_SUIT_NAMES[suit_of(card)]}"


def id_of(name: str) -> int:
    """The id of a card named "TS" or "10S", in any case."""
    if not isinstance(name, str):
        raise Error("bad_card", f"{name!r} is not a card name")
    text = name.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise Error("bad_card", f"{name!r} is not a card name like 'TS' or '10S'")
    return SUITS.index(text[1]) * 9 + RANKS.index(text[0]) + 1


def six_of(trump: str) -> int:
    """The id of the six of a suit: the lowest trump, the card that may be exchanged."""
    if trump not in SUITS:
        raise Error("bad_card", f"{trump!r} is not a suit")
    return SUITS.index(trump) * 9 + 9


def beats(card: int, attack: int, trump: str) -> bool:
    """Whether ``card`` beats the attack card ``attack`` when ``trump`` is trumps.

    A trump attack falls only to a higher trump; any other attack falls to a
    trump, or to a higher card of its own suit.
    """
    card_suit = suit_of(card)
    attack_suit = suit_of(attack)
    if trump not in SUITS:
        raise Error("bad_card", f"{trump!r} is not a suit")
    if attack_suit == trump:
        return card_suit == trump and power_of(card) > power_of(attack)
    if card_suit == trump:
        return True
    return card_suit == attack_suit and power_of(card) > power_of(attack)
