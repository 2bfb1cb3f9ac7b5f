"""Game::Durak::Search: the reference bot's word, cost and choice."""

from __future__ import annotations

from trumpf._core.durak import choose, cost, word_for

__all__ = ["choose", "cost", "word_for"]
