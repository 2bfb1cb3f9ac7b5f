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

from trumpf import _log

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


class LogError(ValueError):
    """A log that cannot be read at all (not JSON, not a trumpf log)."""


def _seat_name(seat: Any) -> str:
    return f"seat {seat}" if isinstance(seat, int) else str(seat)


def read_log(text: str) -> dict[str, Any]:
    """The log's JSON as a dict; LogError when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as bad:
        raise LogError(f"not JSON: {bad}") from None
    if not isinstance(data, dict):
        raise LogError("a log is a JSON object")
    if data.get("game") not in ("schnapsen", "sixtysix", "durak"):
        raise LogError(f"unknown game {data.get('game')!r}")
    if not isinstance(data.get("moves", []), list):
        raise LogError("the log's moves are not a list")
    return data


def replay_log(
    text: str,
    *,
    out: TextIO,
    options: Options | None = None,
    impl: ModuleType | None = None,
    engine: str = "core",
    seat: Any = None,
) -> int:
    """Tell the game in ``text`` (the log's JSON); 0 when it replays, 1 at a refused move.

    ``seat`` None shows it from above (both hands), else from that seat's view.
    """
    opts = options or Options.for_stream(out)
    opts = Options(screen=False, colour=opts.colour, glyphs=opts.glyphs, width=opts.width)
    term = Terminal(out, out, opts)  # replays only print
    try:
        log = read_log(text)
    except LogError as bad:
        term.line(f"cannot replay: {bad}")
        return 2
    game_name = log["game"]
    family = "durak" if game_name == "durak" else "schnapsen"
    if impl is None:
        impl = durak_table.engine(engine) if family == "durak" else schnapsen_table.engine(engine)
    table = SCHNAPSEN_REFUSALS if family == "schnapsen" else DURAK_REFUSALS
    kind = log.get("kind", "game" if family == "durak" else "match")
    try:
        seed = bytes.fromhex(str(log.get("seed", "")))
        # A Schnapsen-family log plays by its "rules" (the house rules of
        # issue 10), read as from_log reads them; without them, the reference.
        variant = game_name if family == "durak" else _log.variant_of(log)
        if family == "durak":
            game = impl.Game.build(seed=seed, number=log.get("number", 1))
        elif kind == "deal":
            game = impl.Deal.build(
                variant=variant,
                seed=seed,
                number=log.get("number", 1),
                dealer=log.get("dealer", "p1"),
            )
        else:
            game = impl.Match.build(variant=variant, seed=seed, dealer=log.get("dealer", "p1"))
    except ValueError as bad:
        code = getattr(bad, "code", "no_seed")
        term.line(f"cannot replay: the log's deal is refused: {code} ({bad})")
        return 1
    seats: tuple[Any, ...] = (1, 2) if family == "durak" else ("p1", "p2")
    if seat is not None and seat not in seats:
        term.line(f"cannot replay: {seat!r} is not a seat of {game_name}")
        return 2
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
        except impl.Error as refused:
            term.line(
                f"move {index + 1} ({json.dumps(move)}) is refused: {refused.code} - "
                f"{refusal(refused.code, table)}; this log was not played by the rules"
            )
            return 1
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
    return 0
