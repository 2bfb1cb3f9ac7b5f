"""Events and refusals in words, for the table's log and for replays."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from trumpf.errors import CODES, sentence

from .cards import long_name, suit_name

Namer = Callable[[Any], str]


def refusal(code: str) -> str:
    """A refusal code in words, from the registry: ``not_held`` -> "you do not hold that card"."""
    if code in CODES:
        return sentence(code)
    return f"the engine refused the move ({code})"


def _pair(d: Mapping[Any, Any], key: Any) -> Any:
    """A seat-keyed value, whether the keys are ints or the strings JSON made of them."""
    if key in d:
        return d[key]
    return d.get(str(key))


def schnapsen_event(impl: ModuleType, event: Mapping[str, Any], name: Namer, variant: str) -> str:
    """One Schnapsen-family event as a sentence."""
    kind = event.get("kind")
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "lead":
        return f"{who} leads {long_name(impl, event['card'])}"
    if kind == "follow":
        return f"{who} answers with {long_name(impl, event['card'])}"
    if kind == "trick":
        return f"{name(event['winner'])} takes the trick"
    if kind == "marriage":
        return f"{who} declares a marriage in {suit_name(event['suit'])} ({event['value']})"
    if kind == "exchange":
        low = "jack" if variant == "schnapsen" else "nine"
        return f"{who} exchanges the trump {low} for the turn-up"
    if kind == "close":
        return f"{who} closes the talon"
    if kind == "claim":
        return f"{who} claims 66 and goes out"
    if kind == "draw":
        return f"{who} draws from the talon, and the other after"
    if kind == "deal_end":
        return deal_end_words(event, name)
    if kind == "deal":
        return (
            f"deal {event['number']}: {name(event['dealer'])} deals, "
            f"trumps are {suit_name(event['trump'])} "
            f"(turn-up {long_name(impl, event['turn_up'])})"
        )
    if kind == "game_end":
        scores = event["scores"]
        return (
            f"{name(event['winner'])} wins the match, "
            f"p1 {scores['p1']} : p2 {scores['p2']}, after {event['deals']} deals"
        )
    return str(dict(event))


def deal_end_words(result: Mapping[str, Any], name: Namer) -> str:
    """How a deal ended and what it paid."""
    points = result["points"]
    score = f"card points p1 {points['p1']}, p2 {points['p2']}"
    how = result["how"]
    if result.get("drawn") or how == "drawn":
        return f"the deal is drawn, nobody scores ({score})"
    winner, loser, paid = name(result["winner"]), name(result["loser"]), result["game_points"]
    pays = f"{winner} wins {paid} game point{'s' if paid != 1 else ''}"
    reasons = {
        "claim": f"{winner} went out with 66 or more",
        "closed_out": f"{winner} closed and went out",
        "false_claim": f"{loser} claimed without 66",
        "beat_closer": f"{winner} went out against the closer {loser}",
        "failed_close": f"the closer {loser} did not reach 66",
        "last_trick": f"the cards ran out and {winner} won the last trick",
    }
    return f"deal over: {reasons.get(how, how)}; {pays} ({score})"


def durak_event(impl: ModuleType, event: Mapping[str, Any], name: Namer) -> str:
    """One Durak event as a sentence."""
    kind = event.get("kind")
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "attack":
        return f"{who} attacks with {long_name(impl, event['card'])}"
    if kind == "beat":
        return f"{who} beats it with {long_name(impl, event['card'])}"
    if kind == "take":
        return f"{who} picks the bout up"
    if kind == "done":
        return f"{who} is done attacking"
    if kind == "swap":
        return f"{who} swaps the trump six for the turn-up"
    if kind == "resign":
        return f"{who} resigns"
    if kind == "bout_end":
        nxt = name(event["next_attacker"])
        cards = event["cards"]
        if event.get("taken"):
            return (
                f"the bout is taken ({cards} card{'s' if cards != 1 else ''}); {nxt} attacks again"
            )
        why = {
            "done": "the attacker stops",
            "exhausted": "the attacker has nothing more to throw",
            "capped": "the bout is full",
            "spent": "the defender has no cards left",
        }.get(str(event["how"]), str(event["how"]))
        return (
            f"the bout is beaten off, {why}: {cards} cards to the heap "
            f"(heap {event['discard']}); {nxt} attacks next"
        )
    if kind == "refill":
        drawn = event["drawn"]
        return (
            f"refill: {name(1)} draws {_pair(drawn, 1)}, {name(2)} draws {_pair(drawn, 2)}; "
            f"{event['talon']} left in the talon"
        )
    if kind == "out":
        return f"{who} is out"
    if kind == "game_end":
        if event.get("outcome") == "draw":
            return "the game is drawn: both are out together"
        return f"game over: {name(event['fool'])} is the fool"
    return str(dict(event))
