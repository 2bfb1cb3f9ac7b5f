"""Durak cards: ids 1..36, suits S H D C, ranks A K Q J T 9 8 7 6 in id order."""

from __future__ import annotations

from trumpf._core.durak import (
    beats,
    face_of,
    id_of,
    long_name_of,
    name_of,
    power_of,
    rank_of,
    suit_of,
)

__all__ = ["beats", "face_of", "id_of", "long_name_of", "name_of", "power_of", "rank_of", "suit_of"]
