"""The rules of a bout as pure functions (cap, throws, beats, forced answers, closes)."""

from __future__ import annotations

from trumpf._core.durak import cap_for, closes, forced, legal_attacks, legal_beats

__all__ = ["cap_for", "closes", "forced", "legal_attacks", "legal_beats"]
