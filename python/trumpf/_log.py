"""Move logs: how a game is written down, read back and pickled.

A log is the seed and the moves, never the cards: rebuilding from the seed and
replaying the moves *is* the serialisation, so a log cannot leak a hand however
it is filtered later. Reading one is a Python concern (JSON, hex, checking what
a stranger sent), so it lives here, once, for the C++-backed games and the
oracle alike; the replay itself is each implementation's own.

>>> from trumpf.schnapsen import Deal
>>> deal = Deal.build(seed=bytes(32))
>>> sorted(deal.to_log())
['dealer', 'game', 'kind', 'moves', 'number', 'seed']
>>> Deal.from_log(deal.to_log()).hands == deal.hands
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from trumpf.errors import Error

__all__ = [
    "MAX_LOG_BYTES",
    "deal_from_log",
    "deal_log",
    "durak_from_log",
    "durak_log",
    "match_from_log",
    "match_log",
    "read",
    "reduce",
    "restore",
    "seed_of",
]

MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest log text read: a whole match is a few kilobytes, so anything near
this is not a log, and parsing it would only cost the reader."""

_T = TypeVar("_T", covariant=True)


def read(log: object, kind: str, games: tuple[str, ...]) -> dict[str, Any]:
    """The log as a dict, checked to be a log of `kind` for one of `games`.

    `log` is the dict ``to_log`` returns or its JSON text (str or UTF-8 bytes).
    Anything else, and any text that is not such a log, is ``Error("bad_log")``
    saying what is wrong; a seed that is not 64 hex digits is ``no_seed``.
    """
    data = _parse(log) if isinstance(log, (str, bytes, bytearray)) else log
    if not isinstance(data, dict):
        raise Error("bad_log", f"a log is a dict or its JSON text, not {_short(data)}")
    game = data.get("game")
    if game not in games:
        expected = " or ".join(repr(g) for g in games)
        raise Error("bad_log", f"this log's game is {_short(game)}, not {expected}")
    found = data.get("kind", kind)
    if found != kind:
        raise Error("bad_log", f"this log is a {_short(found)} log, not a {kind!r} log")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise Error("bad_log", f"a log's moves are a list, not {_short(moves)}")
    out = dict(data)
    out["seed"] = seed_of(data.get("seed"))
    out["moves"] = moves
    return out


def seed_of(text: object) -> bytes:
    """The 32-byte seed a log's 64 hex digits spell, or ``Error("no_seed")``."""
    if isinstance(text, str) and len(text) == 64:
        try:
            return bytes.fromhex(text)
        except ValueError:
            pass
    raise Error("no_seed", f"a log's seed is 64 hex digits, not {_short(text)}")


SCHNAPSEN_GAMES = ("schnapsen", "sixtysix")


def deal_log(deal: Any) -> dict[str, Any]:
    """A Schnapsen or Sixty-Six deal's log: {game, kind, seed (hex), number, dealer, moves}."""
    return {
        "game": deal.variant,
        "kind": "deal",
        "seed": deal.seed.hex(),
        "number": deal.number,
        "dealer": deal.dealer,
        "rules": deal.rules,
        "moves": type(deal).moves_of(deal.history, variant=deal.rules),
    }


def deal_from_log(cls: Any, log: object) -> Any:
    """The deal a log (``deal_log``'s dict or its JSON text) replays to."""
    data = read(log, "deal", SCHNAPSEN_GAMES)
    with _rules_read_as_log():
        replayed = cls.replay(
            variant=_rules_of(data),
            seed=data["seed"],
            number=data.get("number", 1),
            dealer=data.get("dealer", "p1"),
            moves=data["moves"],
        )
    return replayed["deal"]


def match_log(match: Any) -> dict[str, Any]:
    """A match's log: {game, kind, seed (hex), dealer (of the first deal), moves}."""
    return {
        "game": match.variant,
        "kind": "match",
        "seed": match.seed.hex(),
        "dealer": match.first_dealer,
        "rules": match.rules,
        "moves": type(match).moves_of(match.history, variant=match.rules),
    }


def match_from_log(cls: Any, log: object) -> Any:
    """The match a log (``match_log``'s dict or its JSON text) replays to."""
    data = read(log, "match", SCHNAPSEN_GAMES)
    with _rules_read_as_log():
        replayed = cls.replay(
            variant=_rules_of(data),
            seed=data["seed"],
            dealer=data.get("dealer", "p1"),
            moves=data["moves"],
        )
    return replayed["match"]


def _rules_of(data: dict[str, Any]) -> object:
    """The rules a Schnapsen-family log was played under: its table, else its game's."""
    if "rules" not in data:
        return data["game"]
    rules = data["rules"]
    if not isinstance(rules, dict) or rules.get("name") != data["game"]:
        raise Error(
            "bad_log", f"a log's rules are a table for {data['game']!r}, not {_short(rules)}"
        )
    return rules


@contextmanager
def _rules_read_as_log() -> Iterator[None]:
    # The game is checked before replay, so a bad variant can only be the
    # log's own rules table: the log is what the caller got wrong.
    try:
        yield
    except Error as err:
        if err.code != "bad_variant":
            raise
        raise Error("bad_log", f"the log's rules: {err.message}") from None


def durak_log(game: Any) -> dict[str, Any]:
    """A Durak game's log: {game, kind, seed (hex), number, moves}."""
    return {
        "game": "durak",
        "kind": "game",
        "seed": game.seed.hex(),
        "number": game.number,
        "moves": type(game).moves_of(game.history),
    }


def durak_from_log(cls: Any, log: object) -> Any:
    """The Durak game a log (``durak_log``'s dict or its JSON text) replays to."""
    data = read(log, "game", ("durak",))
    replayed = cls.replay(seed=data["seed"], moves=data["moves"], number=data.get("number", 1))
    return replayed["game"]


def reduce(game: Any) -> tuple[Any, tuple[Any, dict[str, Any]]]:
    """``__reduce__`` of every game: pickled as its class and log, unpickled by replay,
    so a game in progress moves between processes under any pickle protocol."""
    return (restore, (type(game), game.to_log()))


class _FromLog(Protocol[_T]):
    def from_log(self, log: dict[str, Any]) -> _T: ...


def restore(cls: _FromLog[_T], log: dict[str, Any]) -> _T:
    """Unpickles a game: its class replays its log (the target of ``__reduce__``)."""
    return cls.from_log(log)


def _parse(text: str | bytes | bytearray) -> object:
    if len(text) > MAX_LOG_BYTES:
        raise Error("bad_log", f"a log is at most {MAX_LOG_BYTES} bytes, this is {len(text)}")
    try:
        return json.loads(text)
    except RecursionError:
        raise Error("bad_log", "the log's JSON is nested too deeply") from None
    except ValueError as err:  # JSONDecodeError, bad UTF-8, a number too long to read
        raise Error("bad_log", f"the log is not JSON: {_clip(str(err))}") from None


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real complaint
        text = f"<{type(value).__name__}>"
    return _clip(text)


def _clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
