"""Move logs: how a game is written down, read back and pickled.

A log is the seed, the rules and the moves, never the cards: rebuilding from
the seed and replaying the moves *is* the serialisation, so a log cannot leak a
hand however it is filtered later. Reading one is a Python concern (JSON, hex,
checking what a stranger sent), so it lives here, once, for the C++-backed
games and the oracle alike; the replay itself is each implementation's own.

What a log may hold is docs/api-contract.md's ("Edge behaviour", "Logs", and
"House rules"): exactly the keys ``to_log`` writes, plus, for the Schnapsen
family, ``"rules"`` (always written, optional on reading so that logs from
before the house rules still replay). Anything unreadable is ``bad_log``; a
seed that is not 64 hex digits is ``no_seed``; the number, the dealer and the
moves are checked by the replay, as ``build`` and ``replay`` check them.

>>> from trumpf.schnapsen import Deal
>>> deal = Deal.build(seed=bytes(32))
>>> sorted(deal.to_log())
['dealer', 'game', 'kind', 'moves', 'number', 'rules', 'seed']
>>> Deal.from_log(deal.to_log()).hands == deal.hands
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from trumpf._checks import clip, short
from trumpf.errors import Error

__all__ = [
    "DEAL_KEYS",
    "DURAK_KEYS",
    "MATCH_KEYS",
    "MAX_LOG_BYTES",
    "deal_from_log",
    "deal_log",
    "durak_from_log",
    "durak_log",
    "match_from_log",
    "match_log",
    "parsed",
    "read",
    "reduce",
    "replayed",
    "restore",
    "seed_of",
]

MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest log text read: a whole match is a few kilobytes, so anything near
this is not a log, and parsing it would only cost the reader."""

SCHNAPSEN_GAMES = ("schnapsen", "sixtysix")

# The keys each kind of log has, in the order to_log writes them ("rules" is
# written between the dealer and the moves, and is optional on reading).
DEAL_KEYS = ("game", "kind", "seed", "number", "dealer", "moves")
MATCH_KEYS = ("game", "kind", "seed", "dealer", "moves")
DURAK_KEYS = ("game", "kind", "seed", "number", "moves")
RULES = "rules"

_HEX = frozenset("0123456789abcdefABCDEF")

_T = TypeVar("_T", covariant=True)


# ------------------------------------------------------------------ reading


def read(
    log: object,
    kind: str,
    games: tuple[str, ...],
    keys: tuple[str, ...],
    optional: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The log as a plain dict, checked to be a log of `kind` for one of `games`.

    `log` is the dict ``to_log`` returns, or its JSON text as a str or as
    UTF-8 bytes or bytearray; subclasses are read by what they hold, so none
    of a caller's methods runs. The log must have exactly `keys`, and may
    have `optional`; ``game`` is one of `games` and ``kind`` is `kind`.
    Anything else is ``Error("bad_log")`` saying what is wrong; a seed that
    is not 64 hex digits is ``no_seed``. The seed comes back as bytes, the
    rest as the log holds it.
    """
    data = parsed(log)
    for key in data:
        if type(key) is not str or (key not in keys and key not in optional):
            allowed = ", ".join(keys + optional)
            raise Error("bad_log", f"a log has no key {short(key)} (its keys: {allowed})")
    game = _text(data.get("game"))
    if game not in games:
        expected = " or ".join(repr(g) for g in games)
        raise Error("bad_log", f"this log's game is {short(data.get('game'))}, not {expected}")
    found = _text(data.get("kind"))
    if found != kind:
        raise Error("bad_log", f"this log is a {short(data.get('kind'))} log, not a {kind!r} log")
    for key in keys:
        if key not in data:
            raise Error("bad_log", f"a {kind} log has {', '.join(keys)}; this one has no {key!r}")
    data["game"], data["kind"] = game, found
    data["seed"] = seed_of(data["seed"])
    return data


def parsed(log: object) -> dict[str, Any]:
    """The log as a plain dict: its JSON text parsed, or a dict's real items copied.

    Text is read as :func:`read` reads it (UTF-8, at most :data:`MAX_LOG_BYTES`,
    nested no deeper than the parser allows); anything else is ``bad_log``.
    The keys and values are not checked: that is :func:`read`'s.
    """
    return _as_dict(_parse(log) if isinstance(log, str | bytes | bytearray) else log)


def seed_of(text: object) -> bytes:
    """The 32-byte seed a log's 64 hex digits spell, or ``Error("no_seed")``."""
    if isinstance(text, str):
        digits = str.__str__(text)
        if len(digits) == 64 and _HEX.issuperset(digits):
            return bytes.fromhex(digits)
    raise Error("no_seed", f"a log's seed is 64 hex digits, not {short(text)}")


def _parse(text: str | bytes | bytearray) -> object:
    # Read by value: a str or bytes subclass's own methods never run.
    raw: str | bytes = str.__str__(text) if isinstance(text, str) else bytes(memoryview(text))
    if len(raw) > MAX_LOG_BYTES:
        raise Error("bad_log", f"a log is at most {MAX_LOG_BYTES} bytes, this is {len(raw)}")
    if isinstance(raw, str):
        source = raw
    else:
        # Only UTF-8, as JSON is exchanged; json.loads would also guess UTF-16
        # and UTF-32 from bytes, which no log is written in.
        try:
            source = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise Error("bad_log", f"a log's text is UTF-8: {clip(str(err))}") from None
    try:
        return json.loads(source)
    except RecursionError:
        raise Error("bad_log", "the log's JSON is nested too deeply") from None
    except ValueError as err:  # JSONDecodeError, a number too long to read
        raise Error("bad_log", f"the log is not JSON: {clip(str(err))}") from None


def _as_dict(value: object) -> dict[Any, Any]:
    # A plain copy of what a dict (or a dict subclass) really holds.
    if not isinstance(value, dict):
        raise Error("bad_log", f"a log is a dict or its JSON text, not {short(value)}")
    return dict(dict.items(value))


def _text(value: object) -> str | None:
    return str.__str__(value) if isinstance(value, str) else None


# --------------------------------------------------------- the Schnapsen family


def variant_of(data: dict[str, Any]) -> object:
    """What to build a logged game with: its "rules" table, or its game's name.

    A log from before the house rules has no "rules" and plays by the
    reference. A log that has them must hold a table (whole, or a part with
    the game's defaults for the rest) naming the log's own game, so that a
    log cannot be replayed under rules other than its own by mistake; the
    implementation that replays it checks the table, and a table it refuses
    is the log's fault (``replayed``).
    """
    game: str = data["game"]
    if RULES not in data:
        return game
    rules = data[RULES]
    if not isinstance(rules, dict):
        raise Error("bad_log", f"the log's rules are a table of the variant, not {short(rules)}")
    table = dict(dict.items(rules))
    if _text(table.get("name")) != game:
        raise Error(
            "bad_log",
            f"the log is a game of {game!r} but its rules are {short(table.get('name'))}",
        )
    return table


@contextmanager
def replayed() -> Iterator[None]:
    """Turns a refusal of the log's rules table by the implementation into ``bad_log``.

    The game's name is checked before the replay, so a ``bad_variant`` there
    can only be the table the log carries: the log is what is wrong.
    """
    try:
        yield
    except Error as err:
        if err.code != "bad_variant":
            raise
        raise Error("bad_log", f"the log's rules are not a variant: {err.message}") from None


def deal_log(deal: Any) -> dict[str, Any]:
    """A Schnapsen or Sixty-Six deal's log: {game, kind, seed (hex), number, dealer, rules, moves}."""
    game, seed, number, dealer = deal.variant, deal.seed, deal.number, deal.dealer
    rules = dict(deal.rules)
    return {
        "game": game,
        "kind": "deal",
        "seed": seed.hex(),
        "number": number,
        "dealer": dealer,
        RULES: rules,
        "moves": type(deal).moves_of(deal.history, variant=rules),
    }


def deal_from_log(cls: Any, log: object) -> Any:
    """The deal a log (``deal_log``'s dict or its JSON text) replays to."""
    data = read(log, "deal", SCHNAPSEN_GAMES, DEAL_KEYS, (RULES,))
    with replayed():
        out = cls.replay(
            variant=variant_of(data),
            seed=data["seed"],
            number=data["number"],
            dealer=data["dealer"],
            moves=data["moves"],
        )
    return out["deal"]


def match_log(match: Any) -> dict[str, Any]:
    """A match's log: {game, kind, seed (hex), dealer (of the first deal), rules, moves}."""
    game, seed, dealer = match.variant, match.seed, match.first_dealer
    rules = dict(match.rules)
    return {
        "game": game,
        "kind": "match",
        "seed": seed.hex(),
        "dealer": dealer,
        RULES: rules,
        "moves": type(match).moves_of(match.history, variant=rules),
    }


def match_from_log(cls: Any, log: object) -> Any:
    """The match a log (``match_log``'s dict or its JSON text) replays to."""
    data = read(log, "match", SCHNAPSEN_GAMES, MATCH_KEYS, (RULES,))
    with replayed():
        out = cls.replay(
            variant=variant_of(data),
            seed=data["seed"],
            dealer=data["dealer"],
            moves=data["moves"],
        )
    return out["match"]


# -------------------------------------------------------------------- Durak


def durak_log(game: Any) -> dict[str, Any]:
    """A Durak game's log: {game, kind, seed (hex), number, moves}."""
    seed, number = game.seed, game.number
    return {
        "game": "durak",
        "kind": "game",
        "seed": seed.hex(),
        "number": number,
        "moves": type(game).moves_of(game.history),
    }


def durak_from_log(cls: Any, log: object) -> Any:
    """The Durak game a log (``durak_log``'s dict or its JSON text) replays to."""
    data = read(log, "game", ("durak",), DURAK_KEYS)
    replayed = cls.replay(seed=data["seed"], moves=data["moves"], number=data["number"])
    return replayed["game"]


# ----------------------------------------------------------------- pickling


def reduce(game: Any) -> tuple[Any, tuple[Any, dict[str, Any]]]:
    """``__reduce__`` of every game: pickled as its class and log, unpickled by replay,
    so a game in progress moves between processes under any pickle protocol."""
    return (restore, (type(game), game.to_log()))


class _FromLog(Protocol[_T]):
    def from_log(self, log: dict[str, Any]) -> _T: ...


def restore(cls: _FromLog[_T], log: dict[str, Any]) -> _T:
    """Unpickles a game: its class replays its log (the target of ``__reduce__``)."""
    return cls.from_log(log)
