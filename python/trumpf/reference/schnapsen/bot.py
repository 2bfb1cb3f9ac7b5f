"""The reference bots, levels 1 and 2: fixed rules, no randomness."""

from __future__ import annotations

from typing import Any

from . import search
from .match import Match

__all__ = ["Bot"]

# A player's asked level 1..5 maps onto the two levels the reference has.
LADDER = [1, 1, 2, 2, 2]


class Bot:
    """A reference bot. ``Bot(level=L)`` plays level L (1 or 2)."""

    def __init__(self, level: int = 1, seed: object = None) -> None:
        # The reference bots are deterministic; the seed is accepted so that
        # every bot in trumpf is built the same way.
        self.level = max(1, min(2, int(level)))
        self.seed = seed

    @staticmethod
    def level_for(n: int) -> int:
        """The bot level that an asked level 1..5 maps onto (1,1,2,2,2)."""
        return LADDER[max(1, min(5, int(n))) - 1]

    def choose(self, game: Any, seat: str) -> dict[str, Any] | None:
        """The move this bot makes for the seat, or None with nothing to do.

        In order: exchange if offered; the best marriage; claim with a real
        66; close (level 2, strong hand); lead; follow; draw.
        """
        deal = game.deal if isinstance(game, Match) else game
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
        if "close" in kinds and search.should_close(deal, seat, self.level):
            return legal[kinds.index("close")]
        if "lead" in kinds:
            card = search.best_lead(deal, seat, self.level)
            return {"kind": "lead", "card": card}
        if "follow" in kinds:
            card = search.best_follow(deal, seat)
            return {"kind": "follow", "card": card}
        if "draw" in kinds:
            return legal[kinds.index("draw")]
        return legal[0]
