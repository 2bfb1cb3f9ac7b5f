"""The two games the engine plays, as the table of their differences."""

from __future__ import annotations

from typing import Any

from .._args import show
from .errors import Error

__all__ = ["get", "variants"]

VARIANTS: dict[str, dict[str, Any]] = {
    "schnapsen": {
        "name": "schnapsen",
        "deck_size": 20,
        "hand_size": 5,
        "exchange_rank": "J",
        "exchange_needs_trick": False,
        "marriage_after_close": True,
        "false_claim_schwarz": True,
        "beaten_closer_flat": False,
        "last_trick_rule": "one_point",
        "close_counts_tricks_at": "close",
        "close_before_draw": False,
        "exchange_on_close": False,
        "next_dealer": "alternate",
        "match_start": 7,
        "match_target": 0,
    },
    "sixtysix": {
        "name": "sixtysix",
        "deck_size": 24,
        "hand_size": 6,
        "exchange_rank": "9",
        "exchange_needs_trick": True,
        "marriage_after_close": False,
        "false_claim_schwarz": False,
        "beaten_closer_flat": True,
        "last_trick_rule": "ten_points",
        "close_counts_tricks_at": "end",
        "close_before_draw": True,
        "exchange_on_close": True,
        "next_dealer": "winner",
        "match_start": 0,
        "match_target": 7,
    },
}


def variants() -> list[str]:
    """The names of the games played: schnapsen and sixtysix."""
    return ["schnapsen", "sixtysix"]


def get(name: str) -> dict[str, Any]:
    """The rules table of one game (a fresh dict), or ``bad_variant``."""
    if not isinstance(name, str) or str.__str__(name) not in VARIANTS:
        raise Error("bad_variant", f"{show(name)} is not a game played here (schnapsen, sixtysix)")
    return dict(VARIANTS[str.__str__(name)])
