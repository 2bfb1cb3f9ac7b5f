"""Who wins a trick, and what may answer a lead.

Phase 1 (talon open): any card answers. Phase 2 (talon closed or gone): the
second player must, in this order, beat in the suit led, else follow it lower,
else trump, else play anything. That is a cascade: exactly one band applies.
"""

from __future__ import annotations

from .card import points_of, power_of, suit_of

__all__ = ["follow_band", "legal_follows", "value_of", "winner_of"]


def winner_of(lead: int, follow: int, trump: str) -> int:
    """The winning card of a two-card trick (no ties: no pack has duplicates)."""
    lead_suit = suit_of(lead)
    follow_suit = suit_of(follow)
    if follow_suit == lead_suit:
        return follow if power_of(follow) > power_of(lead) else lead
    if follow_suit == trump:
        return follow
    # A card of neither the suit led nor trumps cannot win.
    return lead


def value_of(lead: int, follow: int) -> int:
    """The card points in the trick, which go to whoever took it."""
    return points_of(lead) + points_of(follow)


def _bands(hand: list[int], lead: int, trump: str) -> list[tuple[str, list[int]]]:
    lead_suit = suit_of(lead)
    higher = [c for c in hand if suit_of(c) == lead_suit and power_of(c) > power_of(lead)]
    lower = [c for c in hand if suit_of(c) == lead_suit and power_of(c) < power_of(lead)]
    trumps = [c for c in hand if suit_of(c) == trump]
    return [("beat", higher), ("follow", lower), ("trump", trumps), ("free", list(hand))]


def follow_band(hand: list[int], lead: int, trump: str, phase: int) -> str:
    """Which rule applies to the answer: beat, follow, trump or free."""
    if phase == 1:
        return "free"
    for band, cards in _bands(hand, lead, trump):
        if cards:
            return band
    return "free"


def legal_follows(hand: list[int], lead: int, trump: str, phase: int) -> list[int]:
    """The cards that may answer this lead, in the hand's own order."""
    if phase == 1:
        return list(hand)
    wanted = follow_band(hand, lead, trump, phase)
    for band, cards in _bands(hand, lead, trump):
        if band == wanted:
            return cards
    return list(hand)
