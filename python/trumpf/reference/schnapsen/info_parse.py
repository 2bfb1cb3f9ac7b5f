"""An info dict read by value into plain data of the contract's shape (``Expert.choose(info)``).

``parse_info`` checks the shape alone: every key ``Deal.info`` gives (and
``Match.info``'s five more, when any of them is there) and no other, each
value of its type and range, read through the base types' own methods so
that nothing of the caller's code runs. Whether the values fit together is
:mod:`.info_read`'s question. Every refusal is ``bad_info`` (``bad_variant``
for a rules table that is not one).
"""

from __future__ import annotations

from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, show
from . import variant as variant_mod
from .errors import Error

__all__ = ["CODE", "DEAL_KEYS", "MATCH_KEYS", "parse_info"]

CODE = "bad_info"
SEATS = ("p1", "p2")
SUITS = ("S", "H", "D", "C")
DEAL_KEYS = (
    "seat", "variant", "rules", "number", "dealer", "ply", "phase", "turn", "leader", "lead",
    "must_lead", "trump", "turn_up", "talon_left", "draw_left", "closed_by", "close_state",
    "pending_draw", "hand", "counts", "taken", "tricks_won", "melds", "tricks", "played",
    "exchanges", "known", "unseen", "legal", "over", "result",
)  # fmt: skip
MATCH_KEYS = ("scores", "to_win", "deals", "match_over", "winner")
MAX_PLY = 2**63 - 1


def _entry(value: object, what: str, keys: tuple[str, ...]) -> dict[Any, Any]:
    """A dict holding exactly ``keys``."""
    entry = as_dict(value, CODE, what)
    if any(type(key) is not str for key in entry):
        raise Error(CODE, f"{what} has a key that is not a plain str")
    for key in keys:
        if key not in entry:
            raise Error(CODE, f"{what} has no {key!r}")
    if len(entry) != len(keys):
        raise Error(CODE, f"{what} holds keys other than {', '.join(keys)}")
    return entry


def _seat(value: object, what: str, none: bool = False) -> str | None:
    if none and value is None:
        return None
    if isinstance(value, str) and str.__str__(value) in SEATS:
        return str.__str__(value)
    raise Error(CODE, f"{what} is 'p1' or 'p2', not {show(value)}")


def _suit(value: object, what: str) -> str:
    if isinstance(value, str) and str.__str__(value) in SUITS:
        return str.__str__(value)
    raise Error(CODE, f"{what} is a suit letter, not {show(value)}")


def _card(value: object, what: str, none: bool = False) -> int | None:
    if none and value is None:
        return None
    return as_int(value, CODE, what, 1, 24)


def _cards(value: object, what: str, limit: int) -> list[int]:
    items = as_seq(value, CODE, what)
    if len(items) > limit:
        raise Error(CODE, f"{what} holds more than {limit} cards")
    cards = [as_int(c, CODE, f"a card of {what}", 1, 24) for c in items]
    if len(set(cards)) != len(cards):
        raise Error(CODE, f"{what} holds a card twice")
    return cards


def _pair(value: object, what: str, low: int, high: int) -> dict[str, int]:
    table = _entry(value, what, SEATS)
    return {s: as_int(table[s], CODE, f"{what}[{s}]", low, high) for s in SEATS}


def _entries(value: object, what: str, limit: int) -> list[Any]:
    items = as_seq(value, CODE, what)
    if len(items) > limit:
        raise Error(CODE, f"{what} holds more than {limit} entries")
    return items


def _move(value: object) -> dict[str, Any]:
    """One entry of ``legal``: a plain dict of a move's exact shape (no subclass)."""
    if type(value) is not dict or any(type(key) is not str for key in value):
        raise Error(CODE, f"an entry of legal is a plain dict of str keys, not {show(value)}")
    kind = value.get("kind") if "kind" in value else None
    kind = str.__str__(kind) if isinstance(kind, str) else None
    if kind in ("claim", "close", "exchange", "draw"):
        _entry(value, "a legal move", ("kind",))
        return {"kind": kind}
    if kind in ("lead", "follow"):
        entry = _entry(value, "a legal move", ("kind", "card"))
        return {"kind": kind, "card": _card(entry["card"], "a legal move's card")}
    if kind == "marriage":
        keys = ("kind", "suit", "value", "card") if "card" in value else ("kind", "suit", "value")
        entry = _entry(value, "a legal marriage", keys)
        move: dict[str, Any] = {
            "kind": kind,
            "suit": _suit(entry["suit"], "a legal marriage's suit"),
            "value": as_int(entry["value"], CODE, "a legal marriage's value", 20, 40),
        }
        if "card" in entry:
            move["card"] = _card(entry["card"], "a legal marriage's card")
        return move
    raise Error(CODE, f"an entry of legal is not a move: {show(value.get('kind'))}")


def parse_info(given: object) -> dict[str, Any]:
    """The info as plain data with the keys in the contract's order, or ``bad_info``."""
    if not isinstance(given, dict):
        raise Error(
            CODE, f"choose(info) takes the dict Deal.info or Match.info gives, not {show(given)}"
        )
    raw = as_dict(given, CODE, "the info")
    if any(type(key) is not str for key in raw):
        raise Error(CODE, "the info has a key that is not a plain str")
    in_match = any(key in raw for key in MATCH_KEYS)
    keys = DEAL_KEYS + (MATCH_KEYS if in_match else ())
    for key in keys:
        if key not in raw:
            raise Error(CODE, f"the info has no {key!r}")
    if len(raw) != len(keys):
        raise Error(CODE, "the info holds keys Deal.info and Match.info never give")
    out: dict[str, Any] = {}
    out["seat"] = _seat(raw["seat"], "seat")
    rules = variant_mod.get(raw["rules"])
    if not isinstance(raw["rules"], dict) or len(as_dict(raw["rules"], CODE, "rules")) != len(
        rules
    ):
        raise Error(CODE, "rules is the whole rules table, as info gives it")
    variant = raw["variant"]
    if not isinstance(variant, str) or str.__str__(variant) != rules["name"]:
        raise Error(CODE, f"variant is the rules' game, not {show(variant)}")
    out["variant"] = rules["name"]
    out["rules"] = rules
    out["number"] = as_int(raw["number"], CODE, "number", 1, 2**63 - 1)
    out["dealer"] = _seat(raw["dealer"], "dealer")
    out["ply"] = as_int(raw["ply"], CODE, "ply", 0, MAX_PLY)
    out["phase"] = as_int(raw["phase"], CODE, "phase", 1, 2)
    out["turn"] = _seat(raw["turn"], "turn", none=True)
    out["leader"] = _seat(raw["leader"], "leader")
    out["lead"] = _card(raw["lead"], "lead", none=True)
    must = raw["must_lead"]
    if must is not None:
        pair = as_seq(must, CODE, "must_lead")
        if len(pair) != 2:
            raise Error(CODE, "must_lead is None or two cards")
        must = [_card(c, "must_lead's card") for c in pair]
    out["must_lead"] = must
    out["trump"] = _suit(raw["trump"], "trump")
    out["turn_up"] = _card(raw["turn_up"], "turn_up", none=True)
    out["talon_left"] = as_int(raw["talon_left"], CODE, "talon_left", 0, 24)
    out["draw_left"] = as_int(raw["draw_left"], CODE, "draw_left", 0, 24)
    out["closed_by"] = _seat(raw["closed_by"], "closed_by", none=True)
    close = raw["close_state"]
    if close is not None:
        state = _entry(close, "close_state", ("by", *SEATS))
        close = {"by": _seat(state["by"], "close_state's by")}
        for s in SEATS:
            part = _entry(state[s], f"close_state[{s}]", ("tricks", "points"))
            close[s] = {
                "tricks": as_int(part["tricks"], CODE, "close_state's tricks", 0, 12),
                "points": as_int(part["points"], CODE, "close_state's points", 0, 250),
            }
    if (close is None) != (out["closed_by"] is None):
        raise Error(CODE, "close_state is None exactly when closed_by is")
    out["close_state"] = close
    out["pending_draw"] = as_bool(raw["pending_draw"], CODE, "pending_draw")
    out["hand"] = _cards(raw["hand"], "hand", 6)
    out["counts"] = _pair(raw["counts"], "counts", 0, 6)
    out["taken"] = _pair(raw["taken"], "taken", 0, 250)
    out["tricks_won"] = _pair(raw["tricks_won"], "tricks_won", 0, 12)
    out["melds"] = []
    for item in _entries(raw["melds"], "melds", 4):
        meld = _entry(item, "a meld", ("seat", "suit", "value", "counted"))
        out["melds"].append(
            {
                "seat": _seat(meld["seat"], "a meld's seat"),
                "suit": _suit(meld["suit"], "a meld's suit"),
                "value": as_int(meld["value"], CODE, "a meld's value", 20, 40),
                "counted": as_bool(meld["counted"], CODE, "a meld's counted"),
            }
        )
    out["tricks"] = []
    for item in _entries(raw["tricks"], "tricks", 12):
        trick = _entry(item, "a trick", ("leader", "lead", "follow", "winner"))
        out["tricks"].append(
            {
                "leader": _seat(trick["leader"], "a trick's leader"),
                "lead": _card(trick["lead"], "a trick's lead"),
                "follow": _card(trick["follow"], "a trick's follow"),
                "winner": _seat(trick["winner"], "a trick's winner"),
            }
        )
    out["played"] = []
    for item in _entries(raw["played"], "played", 24):
        entry = _entry(item, "an entry of played", ("seat", "card"))
        out["played"].append(
            {"seat": _seat(entry["seat"], "a played seat"), "card": _card(entry["card"], "played")}
        )
    out["exchanges"] = []
    for item in _entries(raw["exchanges"], "exchanges", 2):
        entry = _entry(item, "an exchange", ("seat", "took"))
        out["exchanges"].append(
            {
                "seat": _seat(entry["seat"], "an exchange's seat"),
                "took": _card(entry["took"], "an exchange's card"),
            }
        )
    for key in ("known", "unseen"):
        out[key] = _cards(raw[key], key, 24)
        if out[key] != sorted(out[key]):
            raise Error(CODE, f"{key} is not in id order, each card once")
    out["legal"] = [_move(m) for m in _entries(raw["legal"], "legal", 16)]
    out["over"] = as_bool(raw["over"], CODE, "over")
    if raw["result"] is not None:
        raise Error(CODE, "result is None until the deal is over, and nobody moves after")
    out["result"] = None
    if in_match:
        out["scores"] = _pair(raw["scores"], "scores", 0, 7)
        out["to_win"] = _pair(raw["to_win"], "to_win", 0, 7)
        out["deals"] = as_int(raw["deals"], CODE, "deals", 0, 2**63 - 2)
        out["match_over"] = as_bool(raw["match_over"], CODE, "match_over")
        out["winner"] = _seat(raw["winner"], "winner", none=True)
    return out
