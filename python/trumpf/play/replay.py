"""``trumpf replay``: a stored deal, match or Durak game told step by step.

The log is the ``to_log`` JSON of CONTRACT.md. Every move goes through the
engine's ``apply``, so a forged log stops at its first bad move with the
reference's refusal code, after the honest part has been shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any, TextIO

from rich.text import Text

from trumpf._checks import printable

from . import durak as durak_table
from . import schnapsen as schnapsen_table
from .render import durak_lines, schnapsen_lines
from .terminal import Options, Terminal
from .words import (
    DURAK_REFUSALS,
    SCHNAPSEN_REFUSALS,
    deal_end_words,
    durak_event,
    refusal,
    schnapsen_event,
)

MAX_LOG_BYTES = 16 * 2**20
"""The largest file read as a log: a whole match is a few dozen kilobytes."""

KINDS = {"schnapsen": ("match", "deal"), "sixtysix": ("match", "deal"), "durak": ("game",)}
"""What a log of each game may hold; the first is what a log without ``kind`` holds."""


class LogError(ValueError):
    """A log that cannot be replayed: not a trumpf log, or a move the rules refuse."""


def _seat_name(seat: Any) -> str:
    return f"seat {seat}" if isinstance(seat, int) else str(seat)


def read_log_file(path: str) -> str:
    """The text of the log file at ``path``; LogError, saying why, when it cannot be a log."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as bad:
        raise LogError(str(bad.strerror)) from None
    if len(data) > MAX_LOG_BYTES:
        raise LogError(f"larger than any log ({MAX_LOG_BYTES // 2**20} MiB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as bad:
        raise LogError(f"not UTF-8 text (byte {bad.start})") from None


def read_log(text: str) -> dict[str, Any]:
    """The log's JSON as a dict; LogError when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as bad:
        raise LogError(f"not JSON: {bad}") from None
    except ValueError:  # a number of more than 4,300 digits
        raise LogError("not a log: it holds a number too long to read") from None
    except RecursionError:
        raise LogError("not a log: it is nested too deeply") from None
    if not isinstance(data, dict):
        raise LogError("a log is a JSON object")
    game = data.get("game")
    if game not in KINDS:
        raise LogError(f"unknown game {printable(repr(game), 40)}")
    kind = data.setdefault("kind", KINDS[game][0])
    if kind not in KINDS[game]:
        raise LogError(
            f"unknown kind {printable(repr(kind), 40)} for {game}: a log holds a "
            + " or a ".join(KINDS[game])
        )
    if not isinstance(data.get("moves", []), list):
        raise LogError("the log's moves are not a list")
    return data


def _build(impl: ModuleType, log: dict[str, Any]) -> Any:
    """The deal, match or game the log starts from; LogError when the engine refuses it."""
    game_name, kind = log["game"], log["kind"]
    try:
        seed = bytes.fromhex(str(log.get("seed", "")))
        if kind == "game":
            return impl.Game.build(seed=seed, number=log.get("number", 1))
        rules = log.get("rules", game_name)
        if kind == "deal":
            return impl.Deal.build(
                variant=rules,
                seed=seed,
                number=log.get("number", 1),
                dealer=log.get("dealer", "p1"),
            )
        return impl.Match.build(variant=rules, seed=seed, dealer=log.get("dealer", "p1"))
    except (TypeError, ValueError, OverflowError) as bad:
        code = getattr(bad, "code", "no_seed")
        raise LogError(f"the log's deal is refused: {code} ({printable(str(bad))})") from None


def replay_log(
    text: str,
    *,
    out: TextIO,
    options: Options | None = None,
    impl: ModuleType | None = None,
    engine: str = "core",
    seat: Any = None,
) -> None:
    """Tell the game in ``text`` (the log's JSON) on ``out``.

    ``seat`` None shows it from above (both hands), else from that seat's
    view. Raises LogError when the log cannot be read, and at a move the
    rules refuse, after the honest part has been told.
    """
    opts = options or Options.for_stream(out)
    opts = Options(screen=False, colour=opts.colour, glyphs=opts.glyphs, width=opts.width)
    term = Terminal(out, out, opts)  # replays only print
    log = read_log(text)
    game_name, kind = log["game"], log["kind"]
    family = "durak" if game_name == "durak" else "schnapsen"
    if impl is None:
        impl = durak_table.engine(engine) if family == "durak" else schnapsen_table.engine(engine)
    table = SCHNAPSEN_REFUSALS if family == "schnapsen" else DURAK_REFUSALS
    game = _build(impl, log)
    seed = bytes.fromhex(str(log["seed"]))
    seats: tuple[Any, ...] = (1, 2) if family == "durak" else ("p1", "p2")
    if seat is not None and seat not in seats:
        raise LogError(f"{printable(repr(seat), 40)} is not a seat of {game_name}")
    title = {"schnapsen": "Schnapsen", "sixtysix": "Sixty-Six", "durak": "Durak"}[game_name]
    where = "from above" if seat is None else f"as {_seat_name(seat)} saw it"
    term.line(f"replay of a {title} {kind}, seed {seed.hex()}, {where}")

    def words(event: Mapping[str, Any]) -> str:
        if family == "durak":
            return durak_event(impl, event, _seat_name)
        return schnapsen_event(impl, event, _seat_name, game_name)

    def position(step: int) -> None:
        viewer = seat
        if viewer is None:
            viewer = game.turn if game.turn is not None else seats[0]
        view = game.view(viewer)
        others: dict[Any, list[int]] | None = None
        if seat is None:
            hands = game.deal if kind == "match" else game
            others = {s: list(hands.hand_of(s)) for s in seats if s != viewer}
        lines: list[Text]
        if family == "durak":
            lines = durak_lines(
                impl, view, name=_seat_name, glyphs=opts.glyphs, plain=True, others=others
            )
        else:
            lines = schnapsen_lines(
                impl, view, name=_seat_name, glyphs=opts.glyphs, plain=True, others=others
            )
        term.show(f"{title}, move {step}", lines)

    moves: list[Any] = log.get("moves", [])
    for index, move in enumerate(moves):
        position(index + 1)
        mover = move.get("seat") if isinstance(move, dict) else None
        body = {k: v for k, v in move.items() if k != "seat"} if isinstance(move, dict) else move
        try:
            events = game.apply(mover, body)
        except (TypeError, ValueError, OverflowError) as refused:
            code = getattr(refused, "code", "bad_move")
            raise LogError(
                f"move {index + 1} ({printable(json.dumps(move), 80)}) is refused: {code} - "
                f"{refusal(code, table)}; this log was not played by the rules"
            ) from None
        for event in events:
            term.line(words(event))
    position(len(moves) + 1)
    result = game.result
    if result is None:
        term.line(f"the {kind} was not finished when the log was written")
    elif family == "durak":
        fool = result.get("fool")
        term.line("the game is drawn" if fool is None else f"{_seat_name(fool)} is the fool")
    elif kind == "deal":
        term.line(deal_end_words(result, _seat_name))
    else:
        scores = result["scores"]
        term.line(
            f"{result['winner']} wins the match: p1 {scores['p1']}, p2 {scores['p2']} "
            f"after {result['deals']} deals"
        )
