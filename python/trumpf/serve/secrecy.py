"""What a seat may be told: the one place that filters events, and the end-of-game reveal.

Every event kind of both games is listed with the keys a seat may see. Each
of today's keys is public: a card in an event is one played to the table
(lead, follow, attack, beat) or the face-up turn-up of a new deal; the
exchange, the Durak swap, the Sixty-Six draw and the Durak refill name no
card, only who did it or how many were drawn. A kind this table does not know
is cut down to its ``kind`` and ``seat``, so an event added to the engine
later tells a seat nothing until someone decides here what it may carry.
Keys that only the event's own seat may see go in ``_OWN``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

_PUBLIC: dict[str, frozenset[str]] = {
    # Schnapsen and Sixty-Six
    "lead": frozenset({"kind", "seat", "card"}),
    "follow": frozenset({"kind", "seat", "card"}),
    "trick": frozenset({"kind", "winner"}),
    "marriage": frozenset({"kind", "seat", "suit", "value"}),
    "exchange": frozenset({"kind", "seat"}),
    "close": frozenset({"kind", "seat"}),
    "claim": frozenset({"kind", "seat"}),
    "draw": frozenset({"kind", "seat"}),
    "deal_end": frozenset(
        {
            "kind",
            "drawn",
            "points",
            "tricks",
            "closed_by",
            "last_trick",
            "how",
            "winner",
            "loser",
            "game_points",
        }
    ),
    "deal": frozenset({"kind", "number", "dealer", "trump", "turn_up"}),
    # Durak
    "attack": frozenset({"kind", "seat", "card"}),
    "beat": frozenset({"kind", "seat", "card"}),
    "take": frozenset({"kind", "seat"}),
    "done": frozenset({"kind", "seat"}),
    "swap": frozenset({"kind", "seat"}),
    "resign": frozenset({"kind", "seat"}),
    "bout_end": frozenset({"kind", "taken", "how", "cards", "discard", "next_attacker"}),
    "refill": frozenset({"kind", "drawn", "talon"}),
    "out": frozenset({"kind", "seat"}),
    # both: the match's or the Durak game's end (keys of either)
    "game_end": frozenset(
        {"kind", "winner", "loser", "scores", "deals", "outcome", "fool", "places"}
    ),
}

# Keys shown only to the seat the event belongs to (none today: see the module's text).
_OWN: dict[str, frozenset[str]] = {}

_UNKNOWN = frozenset({"kind", "seat"})


def known_kinds() -> frozenset[str]:
    """The event kinds the policy has decided on."""
    return frozenset(_PUBLIC)


def event_for(seat: object, event: Mapping[str, Any]) -> dict[str, Any]:
    """One event as ``seat`` may see it: a new dict with only the keys it may know."""
    kind = event.get("kind")
    keys = _PUBLIC.get(kind, _UNKNOWN) if isinstance(kind, str) else _UNKNOWN
    if isinstance(kind, str) and event.get("seat") == seat:
        keys = keys | _OWN.get(kind, frozenset())
    return {key: value for key, value in event.items() if key in keys}


def events_for(seat: object, events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them, in order."""
    return [event_for(seat, event) for event in events]
