"""The thirty-six cards of the Durak pack.

A card is an id from 1 to 36: ``id = suit_index * 9 + rank_index + 1`` with the
suits in id order spades, hearts, diamonds, clubs and the ranks ace, king,
queen, jack, ten, nine, eight, seven, six. So 1 is the ace of spades and 36
the six of clubs. Within a suit the ace is strongest (power 8) and the six
weakest (power 0).
"""

from __future__ import annotations

from . import checks
from .errors import Error

__all__ = ["beats", "face_of", "id_of", "long_name_of", "name_of", "power_of", "rank_of", "suit_of"]

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]
CARD_IDS: list[int] = list(range(1, 37))

# The long names are lower case, as the reference spells them.
_SUIT_NAMES: dict[str, str] = {
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
}
_RANK_NAMES: dict[str, str] = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
}


def is_card(value: object) -> bool:
    """Whether ``value`` is a card id: an int (not a bool) from 1 to 36."""
    return checks.parse_card(value) != 0


def _checked(card: object) -> int:
    return checks.card(card)


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
    """The card in words, lower case as the reference spells them: "ten of spades"."""
    return f"{_RANK_NAMES[rank_of(card)]} of {_SUIT_NAMES[suit_of(card)]}"


def id_of(name: str) -> int | None:
    """The id of a card named "TS", "ts" or "10S" (any case); None for a str
    naming no card, as the reference answers undef rather than dying.

    Only a name that is not a str at all is ``bad_card``.
    """
    if not isinstance(name, str):
        raise Error("bad_card", f"a card name is a str, not {checks.short(name)}")
    text = checks.text_of(name)
    # ASCII only: "\u017f".upper() (the long s) is "S", but no card is named with it.
    if text is None or not text.isascii():
        return None
    text = text.upper()
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return SUITS.index(text[1]) * 9 + RANKS.index(text[0]) + 1


def six_of(trump: str) -> int:
    """The id of the six of a suit: the lowest trump, the card that may be exchanged."""
    return SUITS.index(checks.suit(trump)) * 9 + 9


def beats(card: int, attack: int, trump: str) -> bool:
    """Whether ``card`` beats the attack card ``attack`` when ``trump`` is trumps.

    A trump attack falls only to a higher trump; any other attack falls to a
    trump, or to a higher card of its own suit.
    """
    card = checks.card(card)
    attack = checks.card(attack)
    return beats_unchecked(card, attack, checks.suit(trump))


def beats_unchecked(card: int, attack: int, trump: str) -> bool:
    """``beats`` for values already known to be two card ids and a suit letter."""
    card_suit = SUITS[(card - 1) // 9]
    attack_suit = SUITS[(attack - 1) // 9]
    card_power = 8 - (card - 1) % 9
    attack_power = 8 - (attack - 1) % 9
    if attack_suit == trump:
        return card_suit == trump and card_power > attack_power
    if card_suit == trump:
        return True
    return card_suit == attack_suit and card_power > attack_power
