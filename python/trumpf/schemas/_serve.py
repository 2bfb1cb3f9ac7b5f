"""The schemas of the ``trumpf serve`` protocol (docs/serving.md), built from the engine's
and the server's own tables: the games and kinds of table, the bot's levels, the
event kinds a seat may be told (``trumpf.serve.secrecy``) and the error codes
(``trumpf.errors.CODES``).

A schema that holds a view, an info or a log embeds that schema whole, under
its own ``$id``, so each file validates on its own.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from trumpf.errors import CODES
from trumpf.play.words import ENDINGS
from trumpf.schnapsen.scoring import TARGET_POINTS
from trumpf.serve.bots import EXPERT, LEVELS
from trumpf.serve.games import KINDS
from trumpf.tables import families

from . import _games as g

Schema = dict[str, Any]

OPPONENTS = ["bot", "person"]
WELCOME = ("history", "endings")  # keys only a welcome carries
TABLE = {"type": "string", "minLength": 1}
TOKEN = {"type": "string", "minLength": 1}
INT = {"type": "integer", "minimum": -(1 << 31) + 1, "maximum": (1 << 31) - 1}
ANY_SEAT = {"enum": [*g.SCHNAPSEN_SEATS, *g.DURAK_SEATS]}


def shipped(name: str) -> Schema:
    """A schema the package ships as a file of its own (the move logs)."""
    text = resources.files(__package__).joinpath(name + ".json").read_text(encoding="utf-8")
    schema: Schema = json.loads(text)
    return schema


def ref(name: str) -> Schema:
    return {"$ref": g.urn(name)}


def embedded(names: list[str], built: dict[str, Schema]) -> Schema:
    return {name: built[name] if name in built else shipped(name) for name in names}


def error() -> Schema:
    return {
        **g.header(
            "serve-error",
            "A refusal of trumpf serve",
            "Every refusal, over HTTP or the WebSocket: its code (one of trumpf.errors.CODES) "
            "and a sentence saying what was wrong. It changes nothing.",
        ),
        **g.closed(
            {
                "type": {"const": "error"},
                "code": {"enum": list(CODES)},
                "message": {"type": "string"},
            }
        ),
    }


def event_defs() -> Schema:
    """Each event kind a seat may be told, by family (the keys trumpf.serve.secrecy passes)."""
    s_seat = {"enum": g.SCHNAPSEN_SEATS}
    d_seat = {"enum": g.DURAK_SEATS}
    s_card = g.span(g.SCHNAPSEN_CARDS)
    d_card = g.span(g.DURAK_CARDS)
    deal_result = g.schnapsen_defs()["result"]["properties"]
    durak_result = g.durak_defs()["result"]["properties"]

    def kind(*names: str) -> Schema:
        return {"enum": list(names)}

    schnapsen = {
        "card": g.closed({"kind": kind("lead", "follow"), "seat": s_seat, "card": s_card}),
        "seat": g.closed({"kind": kind("exchange", "close", "claim", "draw"), "seat": s_seat}),
        "marriage": g.closed(
            {
                "kind": kind("marriage"),
                "seat": s_seat,
                "suit": {"enum": g.SUITS},
                "value": {"enum": [g.MARRIAGE, g.TRUMP_MARRIAGE]},
            }
        ),
        "trick": g.closed({"kind": kind("trick"), "winner": s_seat}),
        "deal_end": g.closed({"kind": kind("deal_end"), **deal_result}),
        "deal": g.closed(
            {
                "kind": kind("deal"),
                "number": {"type": "integer", "minimum": 1},
                "dealer": s_seat,
                "trump": {"enum": g.SUITS},
                "turn_up": g.either_null(s_card),
            }
        ),
        "game_end": g.closed(
            {
                "kind": kind("game_end"),
                "winner": s_seat,
                "loser": s_seat,
                "scores": g.per_seat(g.SCHNAPSEN_SEATS, {"type": "integer"}),
                "deals": g.count(),
            }
        ),
    }
    durak = {
        "card": g.closed({"kind": kind("attack", "beat"), "seat": d_seat, "card": d_card}),
        "seat": g.closed({"kind": kind("take", "done", "swap", "resign", "out"), "seat": d_seat}),
        "bout_end": g.closed(
            {
                "kind": kind("bout_end"),
                "taken": {"type": "boolean"},
                "how": {"enum": g.BOUT_ENDS},
                "cards": g.count(len(g.DURAK_CARDS)),
                "discard": g.count(len(g.DURAK_CARDS)),
                "next_attacker": d_seat,
            }
        ),
        "refill": g.closed(
            {
                "kind": kind("refill"),
                "drawn": g.per_seat(g.DURAK_SEATS, g.count(len(g.DURAK_CARDS))),
                "talon": g.count(len(g.DURAK_CARDS)),
            }
        ),
        "game_end": g.closed({"kind": kind("game_end"), **durak_result}),
    }
    return {
        "schnapsen_event": {"oneOf": list(schnapsen.values())},
        "durak_event": {"oneOf": list(durak.values())},
    }


def table_state(built: dict[str, Schema]) -> Schema:
    """The state a seat is told (welcome, state, update), its keys fixed by the game's kind."""
    games = list(families())
    kinds = sorted({kind for ks in KINDS.values() for kind in ks})
    properties: Schema = {
        "type": {"enum": ["welcome", "state", "update"]},
        "table": TABLE,
        "seat": ANY_SEAT,
        "game": {"enum": games},
        "kind": {"enum": kinds},
        "opponent": {"enum": OPPONENTS},
        "level": g.either_null({"enum": list(LEVELS)}),
        "seated": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "ply": g.count(),
        "over": {"type": "boolean"},
        "result": {},
        "view": {},
        "info": {},
        "reveal": {},
        "names": {
            "type": "object",
            "propertyNames": {"pattern": "^[1-9][0-9]?$"},
            "additionalProperties": {"type": "string", "minLength": 2, "maxLength": 3},
        },
        "events": {"type": "array"},
        "ack": g.count(),
        # What a claim would do now (Schnapsen family; null when none is on offer).
        "claim": g.either_null(
            g.closed(
                {
                    "points": g.count(),
                    "target": {"const": TARGET_POINTS},
                    "how": {"enum": ["claim", "closed_out", "false_claim", "beat_closer"]},
                    "game_points": {"type": "integer", "minimum": 1},
                }
            )
        ),
        # A welcome's: the seat's events so far, and the endings' words.
        "history": {"type": "array"},
        "endings": g.closed({how: {"type": "string"} for how in ENDINGS}),
    }
    by_type = [
        {
            "if": {"properties": {"type": {"const": "welcome"}}},
            "then": {
                "required": ["names", "history", "endings"],
                "not": {"anyOf": [{"required": ["events"]}, {"required": ["ack"]}]},
            },
        },
        {
            "if": {"properties": {"type": {"const": "state"}}},
            "then": {
                "not": {"anyOf": [{"required": [k]} for k in ("names", "events", "ack", *WELCOME)]}
            },
        },
        {
            "if": {"properties": {"type": {"const": "update"}}},
            "then": {
                "required": ["events"],
                "not": {"anyOf": [{"required": [k]} for k in ("names", *WELCOME)]},
            },
        },
    ]

    def family(
        kind: str,
        game: Schema,
        seats: list[Any],
        view: str,
        info: str,
        result: Schema,
        event: str,
        cards: int,
    ) -> Schema:
        reveal = g.closed(
            {
                "seed": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                "hands": g.per_seat(
                    seats, {"type": "array", "items": g.span(list(range(1, cards + 1)))}
                ),
                "talon": {"type": "array", "items": g.span(list(range(1, cards + 1)))},
            }
        )
        return {
            "if": {"properties": {"kind": {"const": kind}}},
            "then": {
                "properties": {
                    "game": game,
                    "seat": {"enum": seats},
                    "seated": g.per_seat(seats, {"type": "boolean"}),
                    "view": ref(view),
                    "info": ref(info),
                    "result": g.either_null(result),
                    "events": {"items": {"$ref": f"#/$defs/{event}"}},
                    "history": {"items": {"$ref": f"#/$defs/{event}"}},
                    "reveal": g.either_null(reveal),
                }
            },
        }

    s_defs = g.schnapsen_defs()
    match_result = g.closed(
        {
            "winner": {"enum": g.SCHNAPSEN_SEATS},
            "loser": {"enum": g.SCHNAPSEN_SEATS},
            "scores": s_defs["scores"],
            "deals": g.count(),
        }
    )
    schnapsen_games = {"enum": [name for name in games if name != "durak"]}
    top = max(g.SCHNAPSEN_CARDS)
    by_kind = [
        family(
            "deal",
            schnapsen_games,
            g.SCHNAPSEN_SEATS,
            "schnapsen-deal-view",
            "schnapsen-deal-info",
            s_defs["result"],
            "schnapsen_event",
            top,
        ),
        family(
            "match",
            schnapsen_games,
            g.SCHNAPSEN_SEATS,
            "schnapsen-match-view",
            "schnapsen-match-info",
            match_result,
            "schnapsen_event",
            top,
        ),
        family(
            "game",
            {"const": "durak"},
            g.DURAK_SEATS,
            "durak-game-view",
            "durak-game-info",
            g.durak_defs()["result"],
            "durak_event",
            len(g.DURAK_CARDS),
        ),
    ]
    out = g.closed(properties, optional=("names", "events", "ack", *WELCOME))
    out["allOf"] = by_type + by_kind
    return out


def server_message(built: dict[str, Schema]) -> Schema:
    views = [
        f"{f}-{v}"
        for f in ("schnapsen-deal", "schnapsen-match", "durak-game")
        for v in ("view", "info")
    ]
    return {
        **g.header(
            "serve-server-message",
            "A WebSocket message from trumpf serve to a client",
            "welcome, state and update carry the seat's state (GET /api/tables/{id} answers a state, "
            "POST /api/tables/{id}/move an update); pong answers ping; error is a refusal.",
        ),
        "oneOf": [
            {"$ref": "#/$defs/table_state"},
            g.closed({"type": {"const": "pong"}}),
            ref("serve-error"),
        ],
        "$defs": {
            "table_state": table_state(built),
            **event_defs(),
            **embedded(views, built),
            "serve-error": error(),
        },
    }


def move() -> Schema:
    """A move as a client sends it, of either family."""
    return g.closed(
        {
            "kind": {"enum": [*g.SCHNAPSEN_MOVES, *g.DURAK_MOVES]},
            "card": g.span(g.SCHNAPSEN_CARDS + g.DURAK_CARDS),
            "suit": {"enum": g.SUITS},
            "value": INT,
        },
        optional=("card", "suit", "value"),
    )


def client_message() -> Schema:
    return {
        **g.header(
            "serve-client-message",
            "A WebSocket message from a client to trumpf serve",
            "hello (first, with the seat's token), move, sync or ping.",
        ),
        "oneOf": [
            g.closed({"type": {"const": "hello"}, "token": TOKEN}),
            g.closed(
                {
                    "type": {"const": "move"},
                    "move": {"$ref": "#/$defs/move"},
                    "ply": INT,
                    "seat": ANY_SEAT,
                },
                optional=("ply", "seat"),
            ),
            g.closed({"type": {"const": "sync"}}),
            g.closed({"type": {"const": "ping"}}),
        ],
        "$defs": {"move": move()},
    }


def http(built: dict[str, Schema]) -> dict[str, Schema]:
    levels = [*LEVELS, "expert", *(str(n) for n in LEVELS if n != EXPERT)]
    string = {"type": "string"}
    logs = ["schnapsen-deal-log", "schnapsen-match-log", "durak-game-log"]
    return {
        "serve-create-request": {
            **g.header(
                "serve-create-request",
                "POST /api/tables: the body",
                "The table to create; every field may be left out (a Schnapsen match against the level-1 bot).",
            ),
            **g.closed(
                {
                    "game": g.either_null({"enum": list(families())}),
                    "kind": g.either_null(
                        {"enum": sorted({k for ks in KINDS.values() for k in ks})}
                    ),
                    "variant": g.either_null(string),
                    "opponent": g.either_null({"enum": OPPONENTS}),
                    "level": {"enum": levels},
                    "seat": g.either_null(
                        {"enum": [*ANY_SEAT["enum"], *(str(s) for s in g.DURAK_SEATS), ""]}
                    ),
                },
                optional=("game", "kind", "variant", "opponent", "level", "seat"),
            ),
        },
        "serve-create-answer": {
            **g.header(
                "serve-create-answer",
                "POST /api/tables: the answer (201)",
                "The table's id, the creator's seat and token, and the invitation for a person table (null at a bot table).",
            ),
            **g.closed(
                {"table": TABLE, "seat": ANY_SEAT, "token": TOKEN, "invite": g.either_null(TOKEN)}
            ),
        },
        "serve-join-request": {
            **g.header(
                "serve-join-request",
                "POST /api/tables/{id}/join: the body",
                "The invitation; it works once.",
            ),
            **g.closed({"invite": TOKEN}),
        },
        "serve-join-answer": {
            **g.header(
                "serve-join-answer",
                "POST /api/tables/{id}/join: the answer",
                "The seat and token of the invited player.",
            ),
            **g.closed({"table": TABLE, "seat": ANY_SEAT, "token": TOKEN}),
        },
        "serve-move-request": {
            **g.header(
                "serve-move-request",
                "POST /api/tables/{id}/move: the body",
                "A move for the token's seat, with the ply the client saw (optional); the answer is an update message.",
            ),
            **g.closed(
                {"move": {"$ref": "#/$defs/move"}, "ply": INT, "seat": ANY_SEAT},
                optional=("ply", "seat"),
            ),
            "$defs": {"move": move()},
        },
        "serve-log-answer": {
            **g.header(
                "serve-log-answer",
                "GET /api/tables/{id}/log: the answer",
                "The finished game's move log, as to_log() writes it.",
            ),
            "oneOf": [ref(name) for name in logs],
            "$defs": embedded(logs, built),
        },
        "serve-health-answer": {
            **g.header(
                "serve-health-answer",
                "GET /healthz: the answer",
                "Open tables and sockets, and counts since the start.",
            ),
            **g.closed(
                {
                    "ok": {"const": True},
                    **{
                        key: g.count()
                        for key in (
                            "tables",
                            "sockets",
                            "moves",
                            "commits",
                            "jobs",
                            "abandoned",
                            "pruned",
                        )
                    },
                }
            ),
        },
    }


def build(built: dict[str, Schema]) -> dict[str, Schema]:
    """The protocol's schemas, by name; ``built`` holds the view and info schemas."""
    return {
        "serve-error": error(),
        "serve-client-message": client_message(),
        "serve-server-message": server_message(built),
        **http(built),
    }
