"""How a deal ends: the fool, a draw, a resignation."""

from __future__ import annotations

from trumpf._core.durak import outcome, resigned

__all__ = ["outcome", "resigned"]
