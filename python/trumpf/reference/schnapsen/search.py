"""What the reference bots look at: card cost, hand strength, and each choice.

Cheapest sorts by card points, then power, then id; dearest by points and
power from the top, ties still to the lower id.
"""

from __future__ import annotations

from typing import Any

from .._args import show
from . import trick
from .card import check_suit, points_of, power_of, rank_of, suit_of
from .deal import Deal
from .errors import Error
from .match import Match
from .scoring import TARGET_POINTS
from .seat import check_seat
from .trick import check_hand


def deal_of(game: object) -> Deal:
    """The deal a Deal or a Match is playing, or ``bad_game``."""
    if isinstance(game, Match):
        return game.deal
    if isinstance(game, Deal):
        return game
    raise Error("bad_game", f"a Deal or a Match, not {show(game)}")


def check_level(level: object) -> int:
    """A bot level: any int (the ladder clamps it), or ``bad_level``."""
    # Any int at all: the ladder clamps it, so 10**30 is simply the top level.
    if not isinstance(level, int) or isinstance(level, bool):
        raise Error("bad_level", f"a bot level is an int, not {show(level)}")
    return int.__index__(level)


__all__ = [
    "best_follow",
    "best_lead",
    "best_marriage",
    "cheapest",
    "dearest",
    "hand_strength",
    "should_claim",
    "should_close",
]


def hand_strength(hand: list[int], trump: str) -> int:
    """Card points, plus 5 for every trump and 3 for every ace."""
    hand, trump = check_hand(hand), check_suit(trump)
    strength = 0
    for card in hand:
        strength += points_of(card)
        if suit_of(card) == trump:
            strength += 5
        if rank_of(card) == "A":
            strength += 3
    return strength


def cheapest(cards: list[int]) -> int:
    """The card that costs least to give away."""
    cards = _some(cards)
    return min(cards, key=lambda c: (points_of(c), power_of(c), c))


def dearest(cards: list[int]) -> int:
    """The card worth most: points, then power, ties to the lower id."""
    cards = _some(cards)
    return min(cards, key=lambda c: (-points_of(c), -power_of(c), c))


def _some(cards: object) -> list[int]:
    hand = check_hand(cards)
    if not hand:
        raise Error("bad_card", "there is no card to choose from")
    return hand


def best_marriage(deal: Any, seat: str) -> dict[str, Any] | None:
    """The highest marriage on offer, ties to the first in suit order C, D, H, S.

    Under ``marriage_by_lead`` the first entry of a suit is its king, so the
    marriage is shown with the dearer card.
    """
    deal, seat = deal_of(deal), check_seat(seat)
    best: dict[str, Any] | None = None
    for move in deal.legal(seat):
        if move["kind"] == "marriage" and (best is None or move["value"] > best["value"]):
            best = move
    return best


def should_claim(deal: Any, seat: str) -> bool:
    """Claim only when a claim is on offer and the seat really has 66."""
    deal, seat = deal_of(deal), check_seat(seat)
    return bool(deal.can_claim(seat)) and deal.points_of(seat) >= TARGET_POINTS


def should_close(deal: Any, seat: str, level: int) -> bool:
    """Level 2 closes with two trumps and strength >= points still needed + 20."""
    deal, seat, level = deal_of(deal), check_seat(seat), check_level(level)
    if level < 2 or not any(m["kind"] == "close" for m in deal.legal(seat)):
        return False
    hand = deal.hand_of(seat)
    trumps = [c for c in hand if suit_of(c) == deal.trump]
    needed = max(0, TARGET_POINTS - deal.points_of(seat))
    return len(trumps) >= 2 and hand_strength(hand, deal.trump) >= needed + 20


def best_lead(deal: Any, seat: str, level: int) -> int | None:
    """The card to lead among those on offer.

    Level 1: the cheapest. Level 2 with the talon open: the cheapest
    non-trump, else the cheapest; once it is closed or gone: the dearest ace,
    else the dearest non-trump, else the dearest card. None with no lead on offer.
    """
    deal, seat, level = deal_of(deal), check_seat(seat), check_level(level)
    cards = [m["card"] for m in deal.legal(seat) if m["kind"] == "lead"]
    if not cards:
        return None
    if level < 2:
        return cheapest(cards)
    plain = [c for c in cards if suit_of(c) != deal.trump]
    if deal.phase == 1:
        return cheapest(plain) if plain else cheapest(cards)
    aces = [c for c in cards if rank_of(c) == "A"]
    if aces:
        return dearest(aces)
    return dearest(plain) if plain else dearest(cards)


def best_follow(deal: Any, seat: str) -> int | None:
    """The cheapest winning answer, a non-trump if one wins; else the cheapest.

    None when no follow is on offer.
    """
    deal, seat = deal_of(deal), check_seat(seat)
    cards = [m["card"] for m in deal.legal(seat) if m["kind"] == "follow"]
    if not cards:
        return None
    lead = deal.lead
    assert lead is not None
    winning = [c for c in cards if trick.winner_of(lead, c, deal.trump) == c]
    plain_winning = [c for c in winning if suit_of(c) != deal.trump]
    if plain_winning:
        return cheapest(plain_winning)
    if winning:
        return cheapest(winning)
    return cheapest(cards)
