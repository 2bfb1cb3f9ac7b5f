"""The pack, the seeded shuffle and the deal (docs/rules/index.md)."""

from __future__ import annotations

from trumpf._core.schnapsen import deal_for, order_for, pack_for

__all__ = ["deal_for", "order_for", "pack_for"]
