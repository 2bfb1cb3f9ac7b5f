"""What the player types, turned into a move (or a request for help).

The parser only spells moves; whether a move is legal is the engine's to
say. A card the player names is sent as a lead, follow, attack or beat by the
moment in the view, and a refusal comes back from ``apply`` with its code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from trumpf._checks import printable

from .cards import SUIT_GLYPHS, SUIT_NAMES, in_hand_order

GLYPH_TO_LETTER = {glyph: letter for letter, glyph in SUIT_GLYPHS.items()}

SCHNAPSEN_HELP = (
    "type a card (KH, TH or 10H) or its number in your hand; m H declares a marriage in "
    "Hearts, x exchanges, c closes, d draws, out (or claim, or 66) claims 66; "
    "? shows what is legal now, q quits"
)
DURAK_HELP = (
    "type a card (7S, TS or 10S) or its number in your hand; t takes the bout, d is done, "
    "x swaps the trump six, r resigns; ? shows what is legal now, q quits"
)


@dataclass
class Command:
    """One line of input, understood: a move, a request, or a friendly "no"."""

    action: str  # "move" | "legal" | "quit" | "unknown"
    move: dict[str, Any] = field(default_factory=dict)
    message: str = ""


def _suit_of_word(word: str) -> str | None:
    word = word.strip()
    if word in GLYPH_TO_LETTER:
        return GLYPH_TO_LETTER[word]
    up = word.upper()
    if up in SUIT_NAMES:
        return up
    for letter, name in SUIT_NAMES.items():
        if name.lower() in (word.lower(), word.lower() + "s"):
            return letter
    return None


def _card_of(impl: ModuleType, word: str, hand: list[int]) -> int | None:
    """A card number in the hand (1-based) or a card name, as an id; None if neither."""
    if word.isdecimal():
        # A hand has at most a few dozen cards; the length test comes first
        # because int() refuses a string of more than 4,300 digits.
        index = int(word) if len(word) <= 3 else 0
        if 1 <= index <= len(hand):
            return hand[index - 1]
        return None
    spelled = "".join(GLYPH_TO_LETTER.get(ch, ch) for ch in word)
    if len(spelled) > 3 or not spelled.isascii():
        return None  # card names are two or three ASCII characters ("KH", "10H")
    try:
        card: int = impl.card.id_of(spelled)
    except (ValueError, TypeError):
        return None
    return card


def _marriage(view: Mapping[str, Any], suit: str, shown: int | None) -> dict[str, Any]:
    """A marriage in `suit`; where the rules show it by a lead (the legal entries carry a
    card), led with `shown`, or with the king when no card was named."""
    by_lead = [m for m in view["legal"] if m.get("kind") == "marriage" and "card" in m]
    if not by_lead:
        return {"kind": "marriage", "suit": suit}
    for_suit = [m for m in by_lead if m["suit"] == suit]
    card = shown if shown is not None else (for_suit[0]["card"] if for_suit else None)
    return {"kind": "marriage", "suit": suit, "card": card}


def _unknown(text: str, help_text: str, hand: list[int]) -> Command:
    if text.isdecimal():
        why = f"there is no card number {printable(text, 20)} in your hand (1-{len(hand)})"
    else:
        why = f"I do not know what {printable(repr(text), 40)} means"
    return Command("unknown", message=f"{why}. {help_text}")


def parse_schnapsen(impl: ModuleType, text: str, view: Mapping[str, Any]) -> Command:
    """A line typed at a Schnapsen or Sixty-Six table."""
    raw = text.strip()
    word = raw.lower()
    hand = in_hand_order(impl, view["hand"])
    if word in ("?", "help", "h"):
        return Command("legal")
    if word in ("q", "quit", "exit"):
        return Command("quit")
    if word in ("out", "claim", "66"):
        return Command("move", {"kind": "claim"})
    if word == "x":
        return Command("move", {"kind": "exchange"})
    if word == "c":
        return Command("move", {"kind": "close"})
    if word == "d":
        return Command("move", {"kind": "draw"})
    if word == "m" or (word.startswith("m ") and len(word) > 2):
        rest = raw[1:].strip()
        if not rest:
            offered = {m["suit"] for m in view["legal"] if m.get("kind") == "marriage"}
            if len(offered) == 1:
                return Command("move", _marriage(view, offered.pop(), None))
            return Command("unknown", message="say which suit: m H, m S, m D or m C")
        shown = _card_of(impl, rest.split()[0], hand) if len(rest) <= 3 else None
        suit = _suit_of_word(rest) if shown is None else impl.card.suit_of(shown)
        if suit is None:
            return Command(
                "unknown",
                message=f"{printable(repr(rest), 40)} is not a suit: try m H, m S, m D or m C",
            )
        return Command("move", _marriage(view, suit, shown))
    if not word:
        return Command("unknown", message=f"nothing typed. {SCHNAPSEN_HELP}")
    card = _card_of(impl, word, hand)
    if card is None:
        return _unknown(raw, SCHNAPSEN_HELP, hand)
    kind = "follow" if view.get("lead") is not None else "lead"
    return Command("move", {"kind": kind, "card": card})


def parse_durak(impl: ModuleType, text: str, view: Mapping[str, Any]) -> Command:
    """A line typed at a Durak table."""
    raw = text.strip()
    word = raw.lower()
    hand = in_hand_order(impl, view["hand"])
    simple = {"t": "take", "d": "done", "x": "swap", "r": "resign"}
    if word in ("?", "help", "h"):
        return Command("legal")
    if word in ("q", "quit", "exit"):
        return Command("quit")
    if word in simple:
        return Command("move", {"kind": simple[word]})
    if not word:
        return Command("unknown", message=f"nothing typed. {DURAK_HELP}")
    card = _card_of(impl, word, hand)
    if card is None:
        return _unknown(raw, DURAK_HELP, hand)
    # What playing a card means (an attack, a beat) is the engine's: the legal
    # move that carries it; a card in no legal move goes as an attack, for
    # the engine to refuse with its reason.
    moves = [m for m in view.get("legal", []) if m.get("card") == card]
    return Command("move", dict(moves[0]) if len(moves) == 1 else {"kind": "attack", "card": card})
