"""The reference Durak bot, levels 1 to 3, playing from a seat's view."""

from __future__ import annotations

from typing import Any

from .._args import show
from . import search
from .errors import Error

__all__ = ["LADDER", "Bot"]

#: The level a player's asked level 1..5 plays at.
LADDER: list[int] = [1, 1, 2, 3, 3]


class Bot:
    """A reference bot: ``Bot(level=L, seed=...).choose(view)``.

    The level (any int) is clamped to 1..3. The seed (text or bytes, None
    meaning "") only matters at level 1, where it picks a legal move
    reproducibly.
    """

    _level: int
    _seed: str | bytes

    def __init__(self, level: int = 1, seed: str | bytes | None = None) -> None:
        search.check_bot_seed(seed)
        self._level = max(1, min(3, search.check_level(level)))
        self._seed = "" if seed is None else seed

    def __getattr__(self, name: str) -> Any:
        # Only a Bot made by __new__ without __init__ gets here.
        if name.startswith("__") or "_level" in object.__getattribute__(self, "__dict__"):
            raise AttributeError(name)
        raise Error("not_built", "this Bot was made by __new__, not built (use Bot(level=...))")

    @property
    def level(self) -> int:
        """The level played, 1..3: the asked level clamped."""
        return self._level

    @property
    def seed(self) -> str | bytes:
        """The seed, "" for None."""
        return self._seed

    @staticmethod
    def level_for(n: int) -> int:
        """The bot level an asked level plays at: the ladder 1, 1, 2, 3, 3, clamped."""
        return LADDER[max(1, min(len(LADDER), search.check_level(n))) - 1]

    def choose(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The move this bot makes from a seat's view, or None when it has nothing to do."""
        level = self._level
        seen = search.check_view(view)
        word = search.word_for(self._seed, seen["seat"], seen["ply"]) if level == 1 else 0
        return search._choose(seen, level, word)

    @staticmethod
    def hint(view: dict[str, Any]) -> dict[str, Any] | None:
        """The move to suggest to a person: level 3's choice (with word 0)."""
        return search.choose(view, 3, 0)

    def __repr__(self) -> str:
        return f"Bot(level={self._level}, seed={show(self._seed)})"
