"""The thirty-six cards of the Durak pack.

A card is an id from 1 to 36: ``id = suit_index * 9 + rank_index + 1`` with the
suits in id order spades, hearts, diamonds, clubs and the ranks ace, king,
queen, jack, ten, nine, eight, seven, six. So 1 is the ace of spades and 36
the six of clubs. Within a suit the ace is strongest (power 8) and the six
weakest (power 0).
"""

from __future__ import annotations

from .._args import as_int, show
from .errors import Error

__all__ = ["beats", "face_of", "id_of", "long_name_of", "name_of", "power_of", "rank_of", "suit_of"]

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]
CARD_IDS: list[int] = list(range(1, 37))

# Long names are lower case, as the reference's are ("ten of spades").
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
    """Whether ``value`` is a card id: an int (not a bool) from 1 to 36, read by value."""
    return (
        isinstance(value, int) and not isinstance(value, bool) and 1 <= int.__index__(value) <= 36
    )


def card_id(value: object) -> int | None:
    """The exact id ``value`` holds when it is a card id, else None."""
    return int.__index__(value) if is_card(value) else None  # type: ignore[arg-type]


def _checked(card: object) -> int:
    return as_int(card, "bad_card", "a card id (1..36)", 1, 36)


check_card = _checked


def check_suit(suit: object) -> str:
    """The exact suit letter (S, H, D or C), or ``bad_suit``."""
    if isinstance(suit, str) and str.__str__(suit) in SUITS:
        return str.__str__(suit)
    raise Error("bad_suit", f"a suit is S, H, D or C, not {show(suit)}")


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
    """The card in words, lower case as the reference writes it: "ten of spades"."""
    return f"{_RANK_NAMES[rank_of(card)]} of {_SUIT_NAMES[suit_of(card)]}"


def id_of(name: str) -> int | None:
    """The id of a card named "TS" or "10S", in any case; None for a str naming no card.

    The reference parses input here and answers undef "rather than dying";
    only a name that is not a str at all is ``bad_card``.
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
    return SUITS.index(text[1]) * 9 + RANKS.index(text[0]) + 1


def six_of(trump: str) -> int:
    """The id of the six of a suit: the lowest trump, the card that may be exchanged."""
    return SUITS.index(check_suit(trump)) * 9 + 9


def beats(card: int, attack: int, trump: str) -> bool:
    """Whether ``card`` beats the attack card ``attack`` when ``trump`` is trumps.

    A trump attack falls only to a higher trump; any other attack falls to a
    trump, or to a higher card of its own suit.
    """
    card_suit = suit_of(card)
    attack_suit = suit_of(attack)
    trump = check_suit(trump)
    if attack_suit == trump:
        return card_suit == trump and power_of(card) > power_of(attack)
    if card_suit == trump:
        return True
    return card_suit == attack_suit and power_of(card) > power_of(attack)
