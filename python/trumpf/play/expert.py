"""The expert as the terminal's opponent (``trumpf play --level expert``).

The core's expert chooses from its seat's information set alone (the core
cuts the table down to it before the search). Its seed comes from the
table's, so a table played again from the same seed meets the same moves.
"""

from __future__ import annotations

import hashlib
from types import ModuleType
from typing import Any

LEVEL = "expert"
"""The level name that seats the expert instead of a reference bot."""


class ExpertBot:
    """Chooses the expert's move for a seat of a Deal, Match or Durak Game."""

    def __init__(self, impl: ModuleType, seed: bytes) -> None:
        if impl.__name__.startswith("trumpf.reference"):
            # The oracle has no expert of its own to play here.
            raise ValueError("--level expert plays the C++ core's expert, not the reference's")
        digest = hashlib.sha256(seed + b"play:expert").digest()
        self.seed = int.from_bytes(digest[:8], "little") >> 1  # 63 bits, as the core takes

    def choose(self, game: Any, seat: Any) -> dict[str, Any] | None:
        from trumpf import _core  # only here: the oracle's tables play without the core

        move: dict[str, Any] | None = _core.players.choose(game, seat, "expert", seed=self.seed)
        return move
