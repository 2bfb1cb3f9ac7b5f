"""The bot at a table: which one plays is decided here, in ``make_bot`` alone.

The expert is level ``EXPERT`` (a client sends ``"expert"``;
the store keeps the integer): it chooses from its seat's information set
alone, with a seed of the table's, so a table's bot is repeatable.
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol, cast

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf import _core

from .games import Play, Refused

EXPERT = 6
"""The level number of the expert; clients name it ``"expert"``."""

LEVELS = (1, 2, 3, 4, 5, EXPERT)


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


class _Expert:
    def __init__(self, seed: str) -> None:
        digest = hashlib.sha256(b"serve:expert:" + seed.encode()).digest()
        self._seed = int.from_bytes(digest[:8], "little") >> 1  # 63 bits, as the core takes

    def choose(self, play: Play, seat: Any) -> dict[str, Any] | None:
        # The core cuts the table down to the seat's information set before it searches.
        move: dict[str, Any] | None = _core.players.choose(
            play.engine, seat, "expert", seed=self._seed
        )
        return move


def parse_level(level: object) -> int:
    """A level as a client may send it (1..5, ``"expert"``, or its text), else Refused."""
    if level == "expert":
        level = EXPERT
    if isinstance(level, str) and level.isdigit():
        level = int(level)
    if isinstance(level, bool) or level not in LEVELS:
        raise Refused("bad_level", "the bot's level is one of 1, 2, 3, 4, 5 or expert")
    assert isinstance(level, int)
    return level


def make_bot(family: str, level: int, seed: str) -> Player:
    """The bot of ``level`` for a game of ``family`` ("schnapsen" or "durak").

    ``seed`` makes a Durak level-1 bot's and the expert's choices repeatable per table.
    """
    if level == EXPERT:
        return _Expert(seed)
    if family == "durak":
        return _DurakBot(level, seed)
    return _SchnapsenBot(level)
