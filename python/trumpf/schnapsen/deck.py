"""The pack, the seeded shuffle and the deal (REFERENCE.md "The shuffle", "Dealing")."""

from __future__ import annotations

from trumpf._core.schnapsen import deal_for, order_for, pack_for

__all__ = ["deal_for", "order_for", "pack_for"]
