"""The Durak pack, the seeded shuffle and the deal."""

from __future__ import annotations

from trumpf._core.durak import deal_for, order_for, pack

__all__ = ["deal_for", "order_for", "pack"]
