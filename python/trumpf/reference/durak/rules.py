"""The rules of a bout, as plain functions over hands and a bout.

A bout is the dict ``Game.bout`` gives: ``{attacker, defender, cap, attacks,
beats, taken}``, where ``beats`` runs parallel to ``attacks`` with None for a
card nobody has beaten yet.
"""

from __future__ import annotations

from typing import Any

from . import card as cards
from . import checks

__all__ = ["cap_for", "closes", "forced", "legal_attacks", "legal_beats"]

MAX_BOUT = 6

Bout = dict[str, Any]


def cap_for(defender_cards: int) -> int:
    """How many attack cards a bout may hold: six, or fewer if the defender holds fewer.

    ``defender_cards`` is a count 0..36, else ``bad_counts``.
    """
    return min(MAX_BOUT, checks.count(defender_cards, "a defender's card count"))


def ranks_on_table(bout: Bout) -> list[str]:
    """Every rank lying in the bout, attack and answer alike: what may be thrown in."""
    ranks: list[str] = []
    for laid in list(bout["attacks"]) + [b for b in bout["beats"] if b is not None]:
        rank = cards.RANKS[(laid - 1) % 9]
        if rank not in ranks:
            ranks.append(rank)
    return ranks


def unbeaten_of(bout: Bout) -> int | None:
    """The first attack card still waiting for an answer, or None."""
    for attack, beat in zip(bout["attacks"], bout["beats"], strict=False):
        if beat is None:
            return int(attack)
    return None


def legal_attacks(hand: list[int], bout: Bout) -> list[int]:
    """The cards of ``hand`` the attacker may play into ``bout``, in hand order.

    None once the bout holds its cap; the first card is free; later ones must
    match a rank on the table. A hand is a list or tuple of distinct card
    ids (``bad_card``), a bout ``Game.bout``'s dict (``bad_bout``).
    """
    held = checks.hand(hand)
    return attacks_of(held, checks.bout(bout))


def attacks_of(hand: list[int], bout: Bout) -> list[int]:
    """``legal_attacks`` for a hand and a bout already read."""
    if len(bout["attacks"]) >= bout["cap"]:
        return []
    if not bout["attacks"]:
        return list(hand)
    ranks = ranks_on_table(bout)
    return [held for held in hand if cards.RANKS[(held - 1) % 9] in ranks]


def legal_beats(hand: list[int], attack: int, trump: str) -> list[int]:
    """The cards of ``hand`` that beat ``attack``, in hand order."""
    held = checks.hand(hand)
    attack = checks.card(attack)
    return beats_of(held, attack, checks.suit(trump))


def beats_of(hand: list[int], attack: int, trump: str) -> list[int]:
    """``legal_beats`` for values already read."""
    return [held for held in hand if cards.beats_unchecked(held, attack, trump)]


def forced(hand: list[int], bout: Bout, trump: str, can_swap: bool) -> str | None:
    """The move the engine makes by itself for the seat on turn, holding ``hand``.

    "take" for a defender facing an unbeaten card with no beat and no swap;
    "done" for an attacker with cards in the bout, nothing legal to throw and
    no swap. A position with a single answer is not a decision, so it costs
    no move, no event and no turn. None when the seat has a real choice.
    ``can_swap`` is True or False (``bad_value``).
    """
    held = checks.hand(hand)
    read = checks.bout(bout)
    suit = checks.suit(trump)
    return forced_of(held, read, suit, checks.flag(can_swap, "can_swap"))


def forced_of(hand: list[int], bout: Bout, trump: str, can_swap: bool) -> str | None:
    """``forced`` for values already read."""
    attack = unbeaten_of(bout)
    if attack is not None and not bout["taken"]:
        if not beats_of(hand, attack, trump) and not can_swap:
            return "take"
        return None
    if bout["attacks"] and not attacks_of(hand, bout) and not can_swap:
        return "done"
    return None


def closes(bout: Bout, defender_cards: int) -> str | None:
    """How a bout whose attacks are all beaten ends by itself, or None if it can go on.

    "spent" when the defender has nothing left to beat with (this wins over
    the cap: the last card beaten was the defender's last), "capped" when the
    bout holds all the attack cards it may.
    """
    read = checks.bout(bout)
    return closes_of(read, checks.count(defender_cards, "a defender's card count"))


def closes_of(bout: Bout, defender_cards: int) -> str | None:
    """``closes`` for values already read."""
    if not bout["attacks"] or bout["taken"] or unbeaten_of(bout) is not None:
        return None
    if defender_cards == 0:
        return "spent"
    if len(bout["attacks"]) >= bout["cap"]:
        return "capped"
    return None
