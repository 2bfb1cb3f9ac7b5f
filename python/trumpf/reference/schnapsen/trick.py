"""Who wins a trick, and what may answer a lead.

Phase 1 (talon open): any card answers. Phase 2 (talon closed or gone): the
second player must, in this order, beat in the suit led, else follow it lower,
else trump, else play anything. That is a cascade: exactly one band applies.
"""

from __future__ import annotations

from .._args import as_int, as_seq
from .card import check_card, check_suit, points_of, power_of, suit_of

__all__ = ["follow_band", "legal_follows", "value_of", "winner_of"]


def check_hand(hand: object) -> list[int]:
    """A plain list of the card ids in a list or tuple, or ``bad_card``."""
    return [check_card(c) for c in as_seq(hand, "bad_card", "a hand")]


def check_phase(phase: object) -> int:
    """The phase, 1 or 2, or ``bad_value``."""
    return as_int(phase, "bad_value", "a phase", 1, 2)


def winner_of(lead: int, follow: int, trump: str) -> int:
    """The winning card of a two-card trick (no ties: no pack has duplicates)."""
    lead, follow, trump = check_card(lead), check_card(follow), check_suit(trump)
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
    lead, follow = check_card(lead), check_card(follow)
    return points_of(lead) + points_of(follow)


def _bands(hand: list[int], lead: int, trump: str) -> list[tuple[str, list[int]]]:
    lead_suit = suit_of(lead)
    higher = [c for c in hand if suit_of(c) == lead_suit and power_of(c) > power_of(lead)]
    lower = [c for c in hand if suit_of(c) == lead_suit and power_of(c) < power_of(lead)]
    trumps = [c for c in hand if suit_of(c) == trump]
    return [("beat", higher), ("follow", lower), ("trump", trumps), ("free", list(hand))]


def follow_band(hand: list[int], lead: int, trump: str, phase: int) -> str:
    """Which rule applies to the answer: beat, follow, trump or free."""
    hand, lead, trump = check_hand(hand), check_card(lead), check_suit(trump)
    if check_phase(phase) == 1:
        return "free"
    for band, cards in _bands(hand, lead, trump):
        if cards:
            return band
    return "free"


def legal_follows(hand: list[int], lead: int, trump: str, phase: int) -> list[int]:
    """The cards that may answer this lead, in the hand's own order."""
    hand, lead, trump = check_hand(hand), check_card(lead), check_suit(trump)
    if check_phase(phase) == 1:
        return list(hand)
    wanted = follow_band(hand, lead, trump, phase)
    for band, cards in _bands(hand, lead, trump):
        if band == wanted:
            return cards
    return list(hand)
