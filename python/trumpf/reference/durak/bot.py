"""The reference Durak bot, levels 1 to 3, playing from a seat's view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import checks, search
from .errors import Error

__all__ = ["LADDER", "Bot"]

#: The level a player's asked level 1..5 plays at.
LADDER: list[int] = [1, 1, 2, 3, 3]


class Bot:
    """A reference bot: ``Bot(level=L, seed=...).choose(view)``.

    The level is an int of any size, clamped to 1..3 (anything else is
    ``bad_level``). The seed (a str, bytes or None meaning "") only matters at
    level 1, where it picks a legal move reproducibly; anything else is
    ``bad_seed``.
    """

    _level: int
    _seed: str | bytes | None
    _text: bytes

    def __init__(self, level: int = 1, seed: str | bytes | None = None) -> None:
        self._level = checks.level(level)
        self._text = checks.bot_seed(seed)
        self._seed = seed

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Called only for a missing attribute: a Bot made by Bot.__new__(Bot)
            # and never initialised refuses, as the core's does.
            if name in ("_level", "_seed", "_text"):
                raise Error("not_built", "this Bot was never built: make one with Bot(level, seed)")
            raise AttributeError(name)

    @property
    def level(self) -> int:
        """The level the bot plays, 1 to 3 (the asked level clamped)."""
        return self._level

    @property
    def seed(self) -> str | bytes | None:
        """The seed the bot was built with, as given."""
        return self._seed

    @staticmethod
    def level_for(n: int) -> int:
        """The bot level an asked level plays at: the ladder 1, 1, 2, 3, 3, clamped."""
        asked = checks.asked_level(n)
        return LADDER[max(1, min(len(LADDER), asked)) - 1]

    def choose(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The move this bot makes from a seat's view, or None when it has nothing to do."""
        level, text = self._level, self._text  # a Bot never built refuses first
        read = checks.view(view)
        word = search.word_of(text, read["seat"], read["ply"]) if level == 1 else 0
        return search.choose_from(read, level, word)

    @staticmethod
    def hint(view: dict[str, Any]) -> dict[str, Any] | None:
        """The move to suggest to a person: level 3's choice (with word 0)."""
        return search.choose_from(checks.view(view), 3, 0)

    def __reduce__(self) -> tuple[type[Bot], tuple[int, str | bytes | None]]:
        return (type(self), (self._level, self._seed))

    def __repr__(self) -> str:
        if "_level" not in self.__dict__:
            return "<durak.Bot not built>"
        return f"<durak.Bot level {self._level} seed {self._seed!r}>"
