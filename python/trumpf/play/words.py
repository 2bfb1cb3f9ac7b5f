"""Events and refusals in words, for the table's log and for replays."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from trumpf.errors import CODES, sentence

from .cards import long_name, suit_name

Namer = Callable[[Any], str]

# How a deal or a game ended, in words, one phrase for each of the engine's
# ending names (a result's ``how``; a Durak result's ``outcome``). ``{winner}``
# and ``{loser}`` stand for seats (a Durak game's loser is its fool). Each
# phrase reads alike whether a seat is named or addressed as "you": the
# verbs are past tense. The terminal and the served page both word endings
# from this table.
ENDINGS: dict[str, str] = {
    "claim": "{winner} went out with 66 or more",
    "closed_out": "{winner} closed and went out",
    "false_claim": "{loser} claimed without 66",
    "beat_closer": "{winner} went out after {loser} closed",
    "failed_close": "{loser} closed and did not reach 66",
    "last_trick": "the cards ran out and {winner} won the last trick",
    "drawn": "the deal is drawn: nobody scores",
    "fool": "{loser} ended up the fool",
    "draw": "the game is drawn: both went out together",
    "resign": "{loser} resigned and ended up the fool",
}


def ending_words(how: str, winner: str = "", loser: str = "") -> str:
    """The phrase for the ending ``how``, with the seats' names filled in."""
    phrase = ENDINGS.get(how)
    if phrase is None:
        return f"the game ended ({how})"
    return phrase.format(winner=winner, loser=loser)


def durak_ending(result: Mapping[str, Any], name: Namer) -> str:
    """How a Durak game ended: a draw, or who ended up the fool, and how."""
    fool = result.get("fool")
    outcome = str(result.get("outcome", "fool" if fool is not None else "draw"))
    if fool is None:
        return ending_words("draw")
    other = 2 if int(fool) == 1 else 1
    return ending_words(outcome, winner=name(other), loser=name(fool))


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
        # The card given up is the variant's exchange rank of trumps: its word
        # is the engine's long name of that rank ("jack of spades" -> jack).
        rank = impl.variant.get(variant)["exchange_rank"]
        low = impl.card.long_name_of(impl.card.id_of(rank + "S")).split(" of ")[0]
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
        return f"{ending_words('drawn')} ({score})"
    winner, loser, paid = name(result["winner"]), name(result["loser"]), result["game_points"]
    pays = f"{winner} wins {paid} game point{'s' if paid != 1 else ''}"
    return f"deal over: {ending_words(how, winner, loser)}; {pays} ({score})"


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
        if event.get("outcome") == "draw" or event.get("fool") is None:
            return ending_words("draw")
        return f"game over: {durak_ending(event, name)}"
    return str(dict(event))
