"""The reference bots' word, cost and choice (docs/rules/durak.md, "The reference bots")."""

from __future__ import annotations

from trumpf._core.durak import choose, cost, word_for

__all__ = ["choose", "cost", "word_for"]
