"""The check of a bout handed back to the rules: ``Game.bout``'s dict, read by value."""

from __future__ import annotations

from typing import Any

from .checks_cards import parse_card
from .checks_values import HAND, int_item, items, required, short
from .errors import Error

__all__ = ["bout"]


def bout(value: object) -> dict[str, Any]:
    """A bout as ``Game.bout`` gives it, or ``bad_bout``.

    Reads attacker and defender (1 or 2), attacks (at most six card ids),
    beats (parallel, beaten in order: no beat after a None), cap (0..6) and
    taken (a bool); returns them as a fresh bout dict.
    """
    if not isinstance(value, dict):
        raise Error("bad_bout", f"a bout is the dict Game.bout gives, not {short(value)}")
    what = "the bout"
    attacker = int_item(value, "attacker", 1, 2, "bad_bout", what)
    defender = int_item(value, "defender", 1, 2, "bad_bout", what)
    attacks = items(
        required(value, "attacks", "bad_bout", what), "bad_bout", "a bout's attacks", HAND
    )
    beats = items(required(value, "beats", "bad_bout", what), "bad_bout", "a bout's beats", HAND)
    if len(beats) != len(attacks):
        raise Error("bad_bout", "a bout's beats run parallel to its attacks, one entry each")
    laid: list[int] = []
    for entry in attacks:
        ident = parse_card(entry)
        if not ident:
            raise Error("bad_bout", f"a bout's attack {short(entry)} is not a card id 1..36")
        laid.append(ident)
    answers: list[int | None] = []
    unbeaten = False
    for entry in beats:
        if entry is None:
            unbeaten = True
            answers.append(None)
            continue
        ident = parse_card(entry)
        if not ident:
            raise Error("bad_bout", f"a bout's beat {short(entry)} is not a card id 1..36")
        if unbeaten:
            raise Error(
                "bad_bout",
                f"a bout's attacks are beaten in order: beat {ident} follows an unbeaten attack",
            )
        answers.append(ident)
    cap = int_item(value, "cap", 0, HAND, "bad_bout", what)
    taken = required(value, "taken", "bad_bout", what)
    if not isinstance(taken, bool):
        raise Error("bad_bout", f"a bout's taken is True or False, not {short(taken)}")
    return {
        "attacker": attacker,
        "defender": defender,
        "cap": cap,
        "attacks": laid,
        "beats": answers,
        "taken": taken,
    }
