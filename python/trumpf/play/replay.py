"""``trumpf replay``: a stored deal, match or Durak game told step by step.

The log is the ``to_log`` JSON of CONTRACT.md, and it is judged by the
engine's own ``from_log``, nothing else: a log ``from_log`` refuses is
refused here with its code, whatever this module could have shown of it.
The telling goes through the engine's ``apply`` move by move, so a log
whose moves the rules refuse stops at its first bad move, after the honest
part has been shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any, TextIO

from rich.text import Text

from trumpf import logs, tables
from trumpf._checks import printable, read_regular, short
from trumpf.errors import Error
from trumpf.tables import families

from . import durak as durak_table
from . import schnapsen as schnapsen_table
from .render import durak_lines, schnapsen_lines
from .terminal import Options, Terminal
from .words import (
    deal_end_words,
    durak_ending,
    durak_event,
    refusal,
    schnapsen_event,
)

GAMES = families()
"""The games a log can be of."""


class LogError(ValueError):
    """A log that cannot be replayed: not a trumpf log, or a move the rules refuse."""


def _seat_name(seat: Any) -> str:
    return f"seat {seat}" if isinstance(seat, int) else str(seat)


def read_log_file(path: str) -> str:
    """The text of the log file at ``path``; LogError, saying why, when it cannot be a log.

    Only a regular file is read (a FIFO would block, a device never ends), and
    only up to the largest log ``from_log`` reads.
    """
    try:
        data = read_regular(path, logs.MAX_LOG_BYTES)
    except ValueError as bad:
        raise LogError(str(bad)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as bad:
        raise LogError(f"not UTF-8 text (byte {bad.start})") from None


def _refused(err: Error) -> LogError:
    return LogError(f"the log is refused: {err.code} ({printable(err.message)})")


def _judged(
    impl: ModuleType | None, engine: str, text: str
) -> tuple[ModuleType, Any, dict[str, Any], Error | None]:
    """The log judged by ``from_log``: the engine, its class, the log, and the refusal or None.

    Only the ``game`` and ``kind`` fields are looked at here, to know which
    ``from_log`` to ask; everything else, and those too, is that call's to judge.
    """
    try:
        log = logs.parsed(text)
    except Error as err:
        raise _refused(err) from None
    game = log.get("game")
    if type(game) is not str or game not in GAMES:
        allowed = ", ".join(repr(g) for g in GAMES)
        raise _refused(Error("bad_log", f"this log's game is {short(game)}, not {allowed}"))
    if impl is None:
        tables = durak_table if game == "durak" else schnapsen_table
        impl = tables.engine(engine)
    # The family is the engine's: a log of the other family is its from_log's to refuse.
    if not hasattr(impl, "Match"):
        cls = impl.Game
    else:
        cls = impl.Deal if log.get("kind") == "deal" else impl.Match
    try:
        cls.from_log(text)
    except Error as err:
        return impl, cls, log, err
    return impl, cls, log, None


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
    impl, cls, log, refused = _judged(impl, engine, text)
    game_name: str = log["game"]
    family = "durak" if game_name == "durak" else "schnapsen"
    if refused is not None and (family == "durak") == hasattr(impl, "Match"):
        raise _refused(refused)
    seats: tuple[Any, ...] = (1, 2) if family == "durak" else ("p1", "p2")
    if seat is not None and seat not in seats:
        raise LogError(f"{printable(repr(seat), 40)} is not a seat of {game_name}")
    moves = log.get("moves")
    try:
        # The position the moves start from, built by from_log too.
        game = cls.from_log({**log, "moves": []})
    except Error as err:
        raise _refused(refused or err) from None
    if not isinstance(moves, list):
        raise _refused(refused or Error("bad_log", "the log's moves are not a list"))
    kind: str = log["kind"]
    title = tables.GAMES[game_name].title
    where = "from above" if seat is None else f"as {_seat_name(seat)} saw it"
    term.line(f"replay of a {title} {kind}, seed {game.seed.hex()}, {where}")

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

    for index, move in enumerate(moves):
        position(index + 1)
        mover = move.get("seat") if isinstance(move, dict) else None
        body = {k: v for k, v in move.items() if k != "seat"} if isinstance(move, dict) else move
        try:
            events = game.apply(mover, body)
        except (TypeError, ValueError, OverflowError) as bad:
            code = getattr(bad, "code", "bad_move")
            raise LogError(
                f"move {index + 1} ({printable(json.dumps(move), 80)}) is refused: {code} - "
                f"{refusal(code)}; this log was not played by the rules"
            ) from None
        for event in events:
            term.line(words(event))
    if refused is not None:  # every move was played, and from_log still refuses the log
        raise _refused(refused)
    position(len(moves) + 1)
    result = game.result
    if result is None:
        term.line(f"the {kind} was not finished when the log was written")
    elif family == "durak":
        term.line(durak_ending(result, _seat_name))
    elif kind == "deal":
        term.line(deal_end_words(result, _seat_name))
    else:
        scores = result["scores"]
        term.line(
            f"{result['winner']} wins the match: p1 {scores['p1']}, p2 {scores['p2']} "
            f"after {result['deals']} deals"
        )
