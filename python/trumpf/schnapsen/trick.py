"""Who wins a trick, and what may answer a lead."""

from __future__ import annotations

from trumpf._core.schnapsen import follow_band, legal_follows, value_of, winner_of

__all__ = ["follow_band", "legal_follows", "value_of", "winner_of"]
