"""How a card looks on the table: rank and suit, with or without glyphs."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from types import ModuleType

from rich.text import Text

SUIT_GLYPHS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SUIT_STYLE = {"S": "bold", "H": "bold red", "D": "bold red", "C": "bold"}


def suit_label(suit: str, glyphs: bool) -> str:
    """``♥`` with glyphs, else the suit letter ``H``."""
    return SUIT_GLYPHS[suit] if glyphs else suit


def suit_name(suit: str) -> str:
    """``Hearts``."""
    return SUIT_NAMES.get(suit, suit)


def card_label(impl: ModuleType, card: int, glyphs: bool) -> str:
    """``10♥`` / ``K♠`` with glyphs; the engine's own name (``TH``) without."""
    name: str = impl.card.name_of(card)
    if not glyphs:
        return name
    rank, suit = name[0], name[1]
    return ("10" if rank == "T" else rank) + SUIT_GLYPHS[suit]


def card_text(impl: ModuleType, card: int, glyphs: bool, *, dim: bool = False) -> Text:
    """The card as styled text: red hearts and diamonds, dim when not playable now."""
    suit: str = impl.card.suit_of(card)
    style = "dim" if dim else SUIT_STYLE[suit]
    return Text(card_label(impl, card, glyphs), style=style)


def long_name(impl: ModuleType, card: int) -> str:
    """``the king of hearts``, as the engines spell a card in words."""
    return "the " + str(impl.card.long_name_of(card))


@functools.cache
def _places(impl: ModuleType) -> dict[int, int]:
    # The engine's pack lists its cards suit by suit, each suit from its highest rank
    # down; Durak has one pack, and Sixty-Six's holds Schnapsen's in the same order.
    deck = impl.deck
    pack = deck.pack() if hasattr(deck, "pack") else deck.pack_for("sixtysix")
    return {int(card): place for place, card in enumerate(pack)}


def in_hand_order(impl: ModuleType, hand: Iterable[int]) -> list[int]:
    """A hand as a player holds it: by suit, each suit from its highest rank down, in the
    engine's own pack order. Shown and numbered so, and a typed number reads it so."""
    places = _places(impl)
    return sorted((int(card) for card in hand), key=places.__getitem__)
