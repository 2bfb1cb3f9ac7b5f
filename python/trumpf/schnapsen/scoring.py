"""What a deal was worth, and to whom."""

from __future__ import annotations

from trumpf._core.schnapsen import (
    LAST_TRICK_BONUS,
    MARRIAGE_POINTS,
    PENALTY,
    PENALTY_SCHWARZ,
    SCHNEIDER_AT,
    TARGET_POINTS,
    TRUMP_MARRIAGE_POINTS,
    deal_result,
    scale,
)

__all__ = [
    "LAST_TRICK_BONUS",
    "MARRIAGE_POINTS",
    "PENALTY",
    "PENALTY_SCHWARZ",
    "SCHNEIDER_AT",
    "TARGET_POINTS",
    "TRUMP_MARRIAGE_POINTS",
    "deal_result",
    "scale",
]
