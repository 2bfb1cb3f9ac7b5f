"""The bot at a table: which one plays is decided here, in ``make_bot`` alone.

A stronger bot (the expert of issue 12) joins by adding a branch to
``make_bot`` for its level name; nothing else in the server names a bot.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen

from .games import Play, Refused

LEVELS = (1, 2, 3, 4, 5)


class Player(Protocol):
    """Something that picks a move for a seat, given the game it sits at."""

    def choose(self, play: Play, seat: Any) -> dict[str, Any] | None: ...


class _SchnapsenBot:
    def __init__(self, level: int) -> None:
        self._bot = schnapsen.Bot(level=schnapsen.Bot.level_for(level))

    def choose(self, play: Play, seat: Any) -> dict[str, Any] | None:
        engine = play.engine
        assert not isinstance(engine, durak.Game)
        return cast("dict[str, Any] | None", self._bot.choose(engine, str(seat)))


class _DurakBot:
    def __init__(self, level: int, seed: str) -> None:
        self._bot = durak.Bot(level=durak.Bot.level_for(level), seed=seed)

    def choose(self, play: Play, seat: Any) -> dict[str, Any] | None:
        # The Durak bot reads only the seat's view, as a person would.
        view = cast("durak.types.View", play.view(seat))
        return cast("dict[str, Any] | None", self._bot.choose(view))


def parse_level(level: object) -> int:
    """A level as a client may send it (1..5, or its text), else Refused."""
    if isinstance(level, str) and level.isdigit():
        level = int(level)
    if isinstance(level, bool) or level not in LEVELS:
        raise Refused("bad_level", f"the bot's level is one of {', '.join(map(str, LEVELS))}")
    assert isinstance(level, int)
    return level


def make_bot(family: str, level: int, seed: str) -> Player:
    """The bot of ``level`` for a game of ``family`` ("schnapsen" or "durak").

    ``seed`` makes a Durak level-1 bot's choices repeatable per table.
    """
    if family == "durak":
        return _DurakBot(level, seed)
    return _SchnapsenBot(level)
