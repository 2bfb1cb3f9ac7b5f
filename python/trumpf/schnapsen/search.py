"""The reference bots' building blocks (docs/rules/schnapsen.md)."""

from __future__ import annotations

from trumpf._core.schnapsen import (
    best_follow,
    best_lead,
    best_marriage,
    cheapest,
    dearest,
    hand_strength,
    should_claim,
    should_close,
)

__all__ = [
    "best_follow",
    "best_lead",
    "best_marriage",
    "cheapest",
    "dearest",
    "hand_strength",
    "should_claim",
    "should_close",
]
