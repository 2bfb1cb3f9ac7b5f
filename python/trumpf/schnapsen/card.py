"""Cards of the Schnapsen family: ids 1..24 (suits S H D C, ranks A T K Q J 9)."""

from __future__ import annotations

from trumpf._core.schnapsen import (
    id_of,
    long_name_of,
    name_of,
    points_of,
    power_of,
    rank_of,
    suit_of,
)

__all__ = ["id_of", "long_name_of", "name_of", "points_of", "power_of", "rank_of", "suit_of"]
