"""The oracle raises trumpf's one :class:`~trumpf.errors.Error`, as the core does."""

from __future__ import annotations

from trumpf.errors import Error

__all__ = ["Error"]
