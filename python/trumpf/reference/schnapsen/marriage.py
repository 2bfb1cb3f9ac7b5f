"""Marriages: the king and queen of one suit in one hand, 20, or 40 in trumps.

By the reference a marriage is a move of its own, and the lead after it must
be the king or the queen. Under the house rule ``marriage_by_lead`` the
marriage is shown by leading one of the two, and both happen in one move.
"""

from __future__ import annotations

from typing import Any

from .._args import show
from .card import MARRIAGE_SUITS, card_id, card_of, name_of
from .errors import Error
from .scoring import MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS

__all__ = ["held", "lead_of", "legal_entries"]


def held(hand: list[int], trump: str) -> list[dict[str, Any]]:
    """Every marriage in the hand as {suit, value, king, queen}, suits C, D, H, S."""
    found = []
    for suit in MARRIAGE_SUITS:
        king = card_of(suit, "K")
        queen = card_of(suit, "Q")
        if king in hand and queen in hand:
            value = TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS
            found.append({"suit": suit, "value": value, "king": king, "queen": queen})
    return found


def legal_entries(offered: list[dict[str, Any]], by_lead: bool) -> list[dict[str, Any]]:
    """The marriage moves on offer, as ``legal`` lists them.

    One a suit by the reference; with ``by_lead`` one a card of the pair, the
    king first, since the king is the dearer card to show it with.
    """
    entries: list[dict[str, Any]] = []
    for meld in offered:
        if not by_lead:
            entries.append({"kind": "marriage", "suit": meld["suit"], "value": meld["value"]})
            continue
        for card in (meld["king"], meld["queen"]):
            entries.append(
                {"kind": "marriage", "suit": meld["suit"], "value": meld["value"], "card": card}
            )
    return entries


def lead_of(seat: str, meld: dict[str, Any], move: dict[str, Any]) -> int:
    """The card a marriage by lead leads: its king or queen, else ``must_lead``."""
    # The card is read by value: an int subclass's own __eq__ never runs.
    card = card_id(move.get("card"))
    pair = [meld["king"], meld["queen"]]
    if card is not None and card in pair:
        return card
    shown = f"{card} ({name_of(card)})" if card is not None else show(move.get("card"))
    raise Error(
        "must_lead",
        f"{seat} shows the marriage in {meld['suit']} by leading "
        f"{pair[0]} ({name_of(pair[0])}) or {pair[1]} ({name_of(pair[1])}), not {shown}",
    )
