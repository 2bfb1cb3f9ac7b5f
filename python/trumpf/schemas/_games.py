"""The schemas of the view and information-set dicts, built from the engine's own tables.

Every value set that is an engine fact (the card ids of each pack, the seats,
the suits, the move kinds, the variants and the rules table with its house
rules) is read from the engine here, so a schema cannot drift from the game.
``python -m trumpf.schemas._build`` writes the JSON files the package ships;
tests/schemas/test_schemas_games.py checks the shipped files are what this builds.

The schemas describe the JSON form of the dicts: a Durak seat-keyed dict
(``counts``, ``places``, ``drawn``) has the int keys 1 and 2 in Python and the
keys "1" and "2" in JSON.
"""

from __future__ import annotations

import typing
from typing import Any

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.schnapsen import variant as variants
from trumpf.tables import HOUSE_RULES

Schema = dict[str, Any]
SCHEMA = "https://json-schema.org/draft/2020-12/schema"


def urn(name: str) -> str:
    """The ``$id`` of the schema called ``name``."""
    return f"urn:trumpf:schema:{name}"


def header(name: str, title: str, description: str) -> Schema:
    return {"$schema": SCHEMA, "$id": urn(name), "title": title, "description": description}


def closed(properties: Schema, optional: tuple[str, ...] = ()) -> Schema:
    """An object with exactly these keys (those in ``optional`` may be left out)."""
    return {
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


def either_null(schema: Schema) -> Schema:
    return {"anyOf": [{"type": "null"}, schema]}


def count(maximum: int | None = None) -> Schema:
    out: Schema = {"type": "integer", "minimum": 0}
    if maximum is not None:
        out["maximum"] = maximum
    return out


def cards(item: Schema, max_items: int | None = None) -> Schema:
    """A list of distinct cards."""
    out: Schema = {"type": "array", "items": item, "uniqueItems": True}
    if max_items is not None:
        out["maxItems"] = max_items
    return out


def per_seat(seats: list[Any], value: Schema) -> Schema:
    """A seat-keyed dict: one value for each seat, keyed by the seat as JSON spells it."""
    return closed({str(seat): value for seat in seats})


# Engine facts, read once.

SCHNAPSEN_VARIANTS: list[str] = list(variants.variants())
SCHNAPSEN_PACKS = {name: list(schnapsen.deck.pack_for(name)) for name in SCHNAPSEN_VARIANTS}
SCHNAPSEN_CARDS = sorted({card for pack in SCHNAPSEN_PACKS.values() for card in pack})
SCHNAPSEN_SEATS: list[str] = list(typing.get_args(schnapsen.types.Seat))
SUITS: list[str] = list(dict.fromkeys(schnapsen.card.suit_of(c) for c in SCHNAPSEN_CARDS))
HAND_SIZE = max(int(variants.get(name)["hand_size"]) for name in SCHNAPSEN_VARIANTS)
DURAK_CARDS: list[int] = list(durak.deck.pack())
DURAK_SEATS: list[int] = list(durak.Game.build(bytes(32)).seats)
DURAK_SUITS: list[str] = list(dict.fromkeys(durak.card.suit_of(c) for c in DURAK_CARDS))
BOUT_CAP = durak.rules.cap_for(len(DURAK_CARDS))
MARRIAGE = schnapsen.scoring.MARRIAGE_POINTS
TRUMP_MARRIAGE = schnapsen.scoring.TRUMP_MARRIAGE_POINTS
# A move's kind: Durak says which strings are its moves (Game.is_move); the
# Schnapsen family's are the kinds of its LoggedMove log entries' events.
SCHNAPSEN_MOVES = ["lead", "follow", "marriage", "exchange", "close", "claim", "draw"]
DURAK_MOVES = [
    k for k in ("attack", "beat", "take", "done", "swap", "resign") if durak.Game.is_move(k)
]
# How a finished deal or game came about (docs/api-contract.md, "scoring", "result").
DEAL_ENDS = [
    "claim",
    "closed_out",
    "false_claim",
    "beat_closer",
    "failed_close",
    "last_trick",
    "drawn",
]
DURAK_PHASES = ["attack", "defend", "pile_on", "over"]
DURAK_OUTCOMES = ["fool", "draw", "resign"]
BOUT_ENDS = ["done", "exhausted", "capped", "spent", "taken"]


def span(ids: list[int]) -> Schema:
    return {"type": "integer", "minimum": min(ids), "maximum": max(ids)}


def rules_table() -> Schema:
    """The full rules table of a Schnapsen-family game: each variant's fixed rules, then
    the house rules (``trumpf.tables.HOUSE_RULES``), each with the values it takes."""
    tables = [variants.get(name) for name in SCHNAPSEN_VARIANTS]
    properties: Schema = {}
    for key in tables[0]:
        rule = HOUSE_RULES.get(key)
        if rule is not None and rule.kind == "stock":
            high = max(size for _, size in rule.high)
            properties[key] = {"type": "integer", "minimum": 1, "maximum": high}
        elif rule is not None and rule.kind == "flag":
            properties[key] = {"type": "boolean"}
        elif rule is not None:
            properties[key] = {"enum": list(rule.choices)}
        elif all(isinstance(t[key], bool) for t in tables):
            properties[key] = {"type": "boolean"}
        else:
            properties[key] = {"enum": list(dict.fromkeys(t[key] for t in tables))}
    return closed(properties)


def schnapsen_defs() -> Schema:
    seat = {"enum": SCHNAPSEN_SEATS}
    card = {"$ref": "#/$defs/card"}
    figures = per_seat(SCHNAPSEN_SEATS, count())
    trick = closed({"leader": seat, "lead": card, "follow": card, "winner": seat})
    return {
        "card": {**span(SCHNAPSEN_CARDS), "description": "a card id of the family's pack"},
        "seat": seat,
        "suit": {"enum": SUITS},
        "figures": figures,
        "scores": per_seat(SCHNAPSEN_SEATS, {"type": "integer"}),
        "rules": rules_table(),
        "trick": trick,
        "meld": closed(
            {
                "seat": seat,
                "suit": {"$ref": "#/$defs/suit"},
                "value": {"enum": [MARRIAGE, TRUMP_MARRIAGE]},
                "counted": {"type": "boolean"},
            }
        ),
        "close_state": closed(
            {
                "by": seat,
                **{s: closed({"tricks": count(), "points": count()}) for s in SCHNAPSEN_SEATS},
            }
        ),
        "legal": {
            "type": "object",
            "properties": {
                "kind": {"enum": SCHNAPSEN_MOVES},
                "card": card,
                "suit": {"$ref": "#/$defs/suit"},
                "value": {"type": "integer"},
            },
            "required": ["kind"],
            "additionalProperties": False,
            "allOf": [
                {
                    "if": {"properties": {"kind": {"enum": ["lead", "follow"]}}},
                    "then": {"required": ["card"], "not": {"required": ["suit"]}},
                },
                {
                    "if": {"properties": {"kind": {"const": "marriage"}}},
                    "then": {"required": ["suit", "value"]},
                },
                {
                    "if": {"properties": {"kind": {"enum": SCHNAPSEN_MOVES[3:]}}},
                    "then": {"maxProperties": 1},
                },
            ],
        },
        "result": closed(
            {
                "drawn": {"type": "boolean"},
                "points": figures,
                "tricks": figures,
                "closed_by": either_null(seat),
                "last_trick": either_null(seat),
                "how": {"enum": DEAL_ENDS},
                "winner": either_null(seat),
                "loser": either_null(seat),
                "game_points": count(3),
            }
        ),
    }


def schnapsen_common() -> Schema:
    """The keys a Deal's view and info share, in the view's order."""
    card = {"$ref": "#/$defs/card"}
    seat = {"$ref": "#/$defs/seat"}
    return {
        "seat": seat,
        "variant": {"enum": SCHNAPSEN_VARIANTS},
        "number": {"type": "integer", "minimum": 1},
        "dealer": seat,
        "ply": count(),
        "phase": {"enum": [1, 2]},
        "turn": either_null(seat),
        "leader": seat,
        "trump": {"$ref": "#/$defs/suit"},
        "turn_up": either_null(card),
        "talon_left": count(len(SCHNAPSEN_CARDS)),
        "draw_left": count(len(SCHNAPSEN_CARDS)),
        "closed_by": either_null(seat),
        "close_state": either_null({"$ref": "#/$defs/close_state"}),
        "pending_draw": {"type": "boolean"},
        "hand": cards(card, HAND_SIZE),
        "counts": per_seat(SCHNAPSEN_SEATS, count(HAND_SIZE)),
        "taken": {"$ref": "#/$defs/figures"},
        "tricks_won": {"$ref": "#/$defs/figures"},
        "melds": {"type": "array", "items": {"$ref": "#/$defs/meld"}},
        "lead": either_null(card),
        "must_lead": either_null(cards(card, 2)),
        "legal": {"type": "array", "items": {"$ref": "#/$defs/legal"}},
        "over": {"type": "boolean"},
        "result": either_null({"$ref": "#/$defs/result"}),
    }


def match_keys() -> Schema:
    seat = {"$ref": "#/$defs/seat"}
    return {
        "scores": {"$ref": "#/$defs/scores"},
        "to_win": {"$ref": "#/$defs/figures"},
        "deals": count(),
        "match_over": {"type": "boolean"},
        "winner": either_null(seat),
    }


def schnapsen_view(match: bool) -> Schema:
    common = schnapsen_common()
    keys = list(typing.get_type_hints(schnapsen.types.View))
    extra = {
        "closed": {"type": "boolean"},
        "last_trick": either_null({"$ref": "#/$defs/trick"}),
    }
    properties = {key: {**common, **extra}[key] for key in keys}
    if match:
        properties.update(match_keys())
    name = "schnapsen-match-view" if match else "schnapsen-deal-view"
    what = "Match.view(seat)" if match else "Deal.view(seat)"
    about = (
        "the current deal's view plus the match's score; ply counts the events of the whole match"
        if match
        else "what one seat may see, never the other hand, the talon's order or the seed"
    )
    return {
        **header(
            name, f"A Schnapsen or Sixty-Six {what}", f"{what}: {about} (docs/api-contract.md)."
        ),
        **closed(properties),
        "$defs": schnapsen_defs(),
    }


def schnapsen_info(match: bool) -> Schema:
    common = schnapsen_common()
    card = {"$ref": "#/$defs/card"}
    seat = {"$ref": "#/$defs/seat"}
    extra = {
        "rules": {"$ref": "#/$defs/rules"},
        "tricks": {"type": "array", "items": {"$ref": "#/$defs/trick"}},
        "played": {"type": "array", "items": closed({"seat": seat, "card": card})},
        "exchanges": {
            "type": "array",
            "items": closed({"seat": seat, "took": card}),
            "maxItems": 1,
        },
        "known": cards(card),
        "unseen": cards(card),
    }
    keys = list(typing.get_type_hints(schnapsen.types.SchnapsenInfo))
    properties = {key: {**common, **extra}[key] for key in keys}
    if match:
        properties.update(match_keys())
    name = "schnapsen-match-info" if match else "schnapsen-deal-info"
    what = "Match.info(seat)" if match else "Deal.info(seat)"
    about = (
        "the current deal's information set plus the match's score; ply counts the current deal's events"
        if match
        else "everything one seat can know at this moment, and nothing else"
    )
    return {
        **header(
            name,
            f"A Schnapsen or Sixty-Six {what}",
            f'{what}: {about} (docs/api-contract.md, "Information sets").',
        ),
        **closed(properties),
        "$defs": schnapsen_defs(),
    }


def durak_defs() -> Schema:
    seat = {"enum": DURAK_SEATS}
    card = {"$ref": "#/$defs/card"}
    return {
        "card": {**span(DURAK_CARDS), "description": "a card id of the 36-card pack"},
        "seat": seat,
        "legal": {
            "type": "object",
            "properties": {"kind": {"enum": DURAK_MOVES}, "card": card},
            "required": ["kind"],
            "additionalProperties": False,
            "if": {"properties": {"kind": {"enum": ["attack", "beat"]}}},
            "then": {"required": ["card"]},
            "else": {"not": {"required": ["card"]}},
        },
        "bout": closed(
            {
                "attacker": seat,
                "defender": seat,
                "cap": count(BOUT_CAP),
                "size": count(BOUT_CAP),
                "taken": {"type": "boolean"},
                "unbeaten": either_null(card),
                "pairs": {
                    "type": "array",
                    "maxItems": BOUT_CAP,
                    "items": closed({"attack": card, "beat": either_null(card)}),
                },
            }
        ),
        "result": closed(
            {
                "outcome": {"enum": DURAK_OUTCOMES},
                "fool": either_null(seat),
                "places": per_seat(DURAK_SEATS, {"enum": list(range(1, len(DURAK_SEATS) + 1))}),
            }
        ),
    }


def durak_common() -> Schema:
    card = {"$ref": "#/$defs/card"}
    seat = {"$ref": "#/$defs/seat"}
    return {
        "seat": seat,
        "ply": count(),
        "phase": {"enum": DURAK_PHASES},
        "turn": either_null(seat),
        "trump": {"enum": DURAK_SUITS},
        "talon": count(len(DURAK_CARDS)),
        "discard": count(len(DURAK_CARDS)),
        "hand": cards(card),
        "counts": per_seat(DURAK_SEATS, count(len(DURAK_CARDS))),
        "swap": {"type": "boolean"},
        "legal": {"type": "array", "items": {"$ref": "#/$defs/legal"}},
        "over": {"type": "boolean"},
        "result": either_null({"$ref": "#/$defs/result"}),
        "bout": either_null({"$ref": "#/$defs/bout"}),
    }


def durak_view() -> Schema:
    common = durak_common()
    extra = {"trump_card": either_null({"$ref": "#/$defs/card"})}
    keys = list(typing.get_type_hints(durak.types.View))
    return {
        **header(
            "durak-game-view",
            "A Podkidnoy Durak Game.view(seat)",
            "Game.view(seat): everything that seat can see; trump_card is null once drawn (docs/api-contract.md).",
        ),
        **closed({key: {**common, **extra}[key] for key in keys}),
        "$defs": durak_defs(),
    }


def durak_info() -> Schema:
    common = durak_common()
    card = {"$ref": "#/$defs/card"}
    seat = {"$ref": "#/$defs/seat"}
    extra = {
        "trump_card": card,
        "discarded": cards(card),
        "played": {
            "type": "array",
            "items": closed({"seat": seat, "kind": {"enum": ["attack", "beat"]}, "card": card}),
        },
        "known": cards(card),
        "unseen": cards(card),
    }
    keys = list(typing.get_type_hints(durak.types.DurakInfo))
    return {
        **header(
            "durak-game-info",
            "A Podkidnoy Durak Game.info(seat)",
            'Game.info(seat): everything one seat can know, and nothing else; trump_card keeps its id once drawn (docs/api-contract.md, "Information sets").',
        ),
        **closed({key: {**common, **extra}[key] for key in keys}),
        "$defs": durak_defs(),
    }


def build() -> dict[str, Schema]:
    """The view and info schemas, by name."""
    return {
        "schnapsen-deal-view": schnapsen_view(match=False),
        "schnapsen-match-view": schnapsen_view(match=True),
        "schnapsen-deal-info": schnapsen_info(match=False),
        "schnapsen-match-info": schnapsen_info(match=True),
        "durak-game-view": durak_view(),
        "durak-game-info": durak_info(),
    }
