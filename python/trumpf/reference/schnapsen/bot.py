"""The reference bots, levels 1 and 2: fixed rules, no randomness."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._args import show
from . import search, unbuilt
from .errors import Error
from .seat import check_seat

__all__ = ["Bot"]

# A player's asked level 1..5 maps onto the two levels the reference has.
LADDER = [1, 1, 2, 2, 2]


class Bot:
    """A reference bot. ``Bot(level=L)`` plays level L (1 or 2)."""

    _level: int
    _seed: str | bytes | None

    def __init__(self, level: int = 1, seed: str | bytes | None = None) -> None:
        # The reference bots are deterministic; the seed is accepted (str,
        # bytes or None, as a Durak bot's) so that every bot is built alike.
        if seed is not None and not isinstance(seed, str | bytes):
            raise Error("bad_seed", f"a bot seed is a str, bytes or None, not {show(seed)}")
        self._level = max(1, min(2, search.check_level(level)))
        self._seed = seed

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Reached only for a name the bot does not have: on a built one
            # an AttributeError as anywhere, on one made by __new__ not_built.
            unbuilt.refuse(self, name, "_level")

    @property
    def level(self) -> int:
        """The level played, 1 or 2: the asked level clamped."""
        return self._level

    @property
    def seed(self) -> str | bytes | None:
        """The seed the bot was built with."""
        return self._seed

    @staticmethod
    def level_for(n: int) -> int:
        """The bot level that an asked level 1..5 maps onto (1,1,2,2,2), clamped."""
        return LADDER[max(1, min(5, search.check_level(n))) - 1]

    def choose(self, game: Any, seat: str) -> dict[str, Any] | None:
        """The move this bot makes for the seat, or None with nothing to do.

        In order: exchange if offered; the best marriage; claim with a real
        66; close (level 2, strong hand); lead; follow; draw.
        """
        level = self._level
        deal = search.deal_of(game)
        seat = check_seat(seat)
        legal: list[dict[str, Any]] = game.legal(seat)
        if not legal:
            return None
        kinds = [m["kind"] for m in legal]
        if "exchange" in kinds:
            return legal[kinds.index("exchange")]
        marriage = search.best_marriage(deal, seat)
        if marriage is not None:
            return marriage
        if "claim" in kinds and search.should_claim(deal, seat):
            return legal[kinds.index("claim")]
        if "close" in kinds and search.should_close(deal, seat, level):
            return legal[kinds.index("close")]
        if "lead" in kinds:
            card = search.best_lead(deal, seat, level)
            return {"kind": "lead", "card": card}
        if "follow" in kinds:
            card = search.best_follow(deal, seat)
            return {"kind": "follow", "card": card}
        if "draw" in kinds:
            return legal[kinds.index("draw")]
        return legal[0]
