"""Events and refusals in words, for the table's log and for replays."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from .cards import long_name, suit_name

Namer = Callable[[Any], str]

SCHNAPSEN_REFUSALS = {
    "deal_over": "this deal is already over",
    "game_over": "the match is already over",
    "not_your_turn": "it is not your turn",
    "not_legal": "that is not a move you can make at this moment",
    "not_held": "you do not hold that card",
    "must_follow": (
        "with the talon closed or gone you must follow suit, beat the card led if you can, "
        "and trump if you cannot follow"
    ),
    "must_lead": "after declaring a marriage you must lead its king or its queen",
    "no_marriage": "you hold no marriage in that suit that you may declare now",
    "no_exchange": "you cannot exchange for the turn-up now",
    "cannot_close": "the talon cannot be closed now",
    "cannot_claim": (
        "you may only claim straight after winning a trick or declaring a marriage, while on lead"
    ),
    "bad_card": "that is not a card",
    "bad_seat": "that is not a seat",
}

DURAK_REFUSALS = {
    "game_over": "the game is already over",
    "not_your_turn": "it is not your turn",
    "wrong_phase": "that does not fit this stage of the bout",
    "not_legal": "that is not a move in this game",
    "card_not_held": "you do not hold that card",
    "beats_nothing": "that card does not beat the card you face",
    "rank_not_in_bout": "you may only throw in a rank that is already on the table",
    "bout_full": "the bout is full: no more cards may be thrown in",
    "must_attack": "you have to attack with a card first",
    "not_the_six": "only the holder of the trump six may swap it for the turn-up",
    "talon_shut": "the turn-up has been drawn, so there is nothing to swap for",
    "bad_card": "that is not a card",
    "bad_seat": "that is not a seat",
}


def refusal(code: str, table: Mapping[str, str]) -> str:
    """A refusal code in words: ``not_held`` -> "you do not hold that card"."""
    return table.get(code, f"the engine refused the move ({code})")


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
