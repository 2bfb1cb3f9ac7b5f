"""What a deal was worth, and to whom."""

from __future__ import annotations

from trumpf._core.schnapsen import (
    LAST_TRICK_BONUS,
    PENALTY,
    PENALTY_SCHWARZ,
    SCHNEIDER_AT,
    TARGET_POINTS,
    deal_result,
    scale,
)

__all__ = [
    "LAST_TRICK_BONUS",
    "PENALTY",
    "PENALTY_SCHWARZ",
    "SCHNEIDER_AT",
    "TARGET_POINTS",
    "deal_result",
    "scale",
]
