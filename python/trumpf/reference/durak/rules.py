"""The rules of a bout, as plain functions over hands and a bout.

A bout is the dict ``Game.bout`` gives: ``{attacker, defender, cap, attacks,
beats, taken}``, where ``beats`` runs parallel to ``attacks`` with None for a
card nobody has beaten yet.
"""

from __future__ import annotations

from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, show
from . import card as cards
from .errors import Error

__all__ = ["cap_for", "closes", "forced", "legal_attacks", "legal_beats"]

MAX_BOUT = 6

Bout = dict[str, Any]


def check_count(value: object, what: str) -> int:
    """A number of cards, 0..36, or ``bad_counts``."""
    return as_int(value, "bad_counts", what, 0, 36)


def check_hand(hand: object) -> list[int]:
    """A plain list of the card ids in a list or tuple, or ``bad_card``."""
    return [cards.check_card(c) for c in as_seq(hand, "bad_card", "a hand")]


def check_bout(value: object) -> Bout:
    """A plain copy of a bout as ``Game.bout`` gives it, or ``bad_bout``.

    ``{attacker, defender, cap, attacks, beats, taken}``: the seats 1 and 2,
    a cap 0..6, at most six attack cards, ``beats`` parallel to them (a card
    or None each), ``taken`` a bool. Read by value, never through methods.
    """
    bout = as_dict(value, "bad_bout", "a bout")
    for key in ("attacker", "defender", "cap", "attacks", "beats", "taken"):
        if key not in bout:
            raise Error("bad_bout", f"a bout has {key!r}")

    def seat(key: str) -> int:
        held = bout[key]
        if isinstance(held, int) and not isinstance(held, bool) and int.__index__(held) in (1, 2):
            return int.__index__(held)
        raise Error("bad_bout", f"a bout's {key} is 1 or 2, not {show(held)}")

    attacks: list[int] = []
    for raw in as_seq(bout["attacks"], "bad_bout", "a bout's attacks"):
        laid = cards.card_id(raw)
        if laid is None:
            raise Error("bad_bout", f"a bout's attacks are card ids, not {show(raw)}")
        attacks.append(laid)
    beats: list[int | None] = []
    for raw in as_seq(bout["beats"], "bad_bout", "a bout's beats"):
        laid = None if raw is None else cards.card_id(raw)
        if raw is not None and laid is None:
            raise Error("bad_bout", f"a bout's beats are card ids or None, not {show(raw)}")
        beats.append(laid)
    if len(attacks) > MAX_BOUT or len(beats) != len(attacks):
        raise Error("bad_bout", "a bout holds at most six attacks, its beats parallel to them")
    return {
        "attacker": seat("attacker"),
        "defender": seat("defender"),
        "cap": as_int(bout["cap"], "bad_bout", "a bout's cap", 0, MAX_BOUT),
        "attacks": attacks,
        "beats": beats,
        "taken": as_bool(bout["taken"], "bad_bout", "a bout's taken"),
    }


def cap_for(defender_cards: int) -> int:
    """How many attack cards a bout may hold: six, or fewer if the defender holds fewer."""
    return min(MAX_BOUT, check_count(defender_cards, "the defender's cards"))


def ranks_on_table(bout: Bout) -> list[str]:
    """Every rank lying in the bout, attack and answer alike: what may be thrown in."""
    ranks: list[str] = []
    for laid in list(bout["attacks"]) + [b for b in bout["beats"] if b is not None]:
        rank = cards.rank_of(laid)
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

    The first card is free; later ones must match a rank on the table, and
    none may go in once the bout holds its cap.
    """
    hand, bout = check_hand(hand), check_bout(bout)
    if len(bout["attacks"]) >= bout["cap"]:
        return []
    if not bout["attacks"]:
        return list(hand)
    ranks = ranks_on_table(bout)
    return [held for held in hand if cards.rank_of(held) in ranks]


def legal_beats(hand: list[int], attack: int, trump: str) -> list[int]:
    """The cards of ``hand`` that beat ``attack``, in hand order."""
    hand, attack, trump = check_hand(hand), cards.check_card(attack), cards.check_suit(trump)
    return [held for held in hand if cards.beats(held, attack, trump)]


def forced(hand: list[int], bout: Bout, trump: str, can_swap: bool) -> str | None:
    """The move the engine makes by itself for the seat on turn, holding ``hand``.

    "take" for a defender facing an unbeaten card with no beat and no swap;
    "done" for an attacker with cards in the bout, nothing legal to throw and
    no swap. A position with a single answer is not a decision, so it costs
    no move, no event and no turn. None when the seat has a real choice.
    """
    hand, bout, trump = check_hand(hand), check_bout(bout), cards.check_suit(trump)
    can_swap = as_bool(can_swap, "bad_value", "can_swap")
    attack = unbeaten_of(bout)
    if attack is not None and not bout["taken"]:
        if not legal_beats(hand, attack, trump) and not can_swap:
            return "take"
        return None
    if bout["attacks"] and not legal_attacks(hand, bout) and not can_swap:
        return "done"
    return None


def closes(bout: Bout, defender_cards: int) -> str | None:
    """How a bout whose attacks are all beaten ends by itself, or None if it can go on.

    "spent" when the defender has nothing left to beat with (this wins over
    the cap: the last card beaten was the defender's last), "capped" when the
    bout holds all the attack cards it may.
    """
    bout = check_bout(bout)
    defender_cards = check_count(defender_cards, "the defender's cards")
    if not bout["attacks"] or bout["taken"] or unbeaten_of(bout) is not None:
        return None
    if defender_cards == 0:
        return "spent"
    if len(bout["attacks"]) >= bout["cap"]:
        return "capped"
    return None
