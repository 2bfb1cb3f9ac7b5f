"""The reference Durak bot, levels 1 to 3, playing from a seat's view."""

from __future__ import annotations

from typing import Any

from . import search

__all__ = ["LADDER", "Bot"]

#: The level a player's asked level 1..5 plays at.
LADDER: list[int] = [1, 1, 2, 3, 3]


class Bot:
    """A reference bot: ``Bot(level=L, seed=...).choose(view)``.

    The level is clamped to 1..3. The seed (text or bytes, None meaning "")
    only matters at level 1, where it picks a legal move reproducibly.
    """

    level: int
    seed: str | bytes

    def __init__(self, level: int = 1, seed: str | bytes | None = None) -> None:
        self.level = max(1, min(3, int(level)))
        self.seed = "" if seed is None else seed

    @staticmethod
    def level_for(n: int) -> int:
        """The bot level an asked level plays at: the ladder 1, 1, 2, 3, 3, clamped."""
        return LADDER[max(1, min(len(LADDER), int(n))) - 1]

    def choose(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The move this bot makes from a seat's view, or None when it has nothing to do."""
        word = search.word_for(self.seed, view["seat"], view["ply"]) if self.level == 1 else 0
        return search.choose(view, self.level, word)

    @staticmethod
    def hint(view: dict[str, Any]) -> dict[str, Any] | None:
        """The move to suggest to a person: level 3's choice (with word 0)."""
        return search.choose(view, 3, 0)

    def __repr__(self) -> str:
        return f"Bot(level={self.level}, seed={self.seed!r})"
