"""The two games of the family as one table of rule switches."""

from __future__ import annotations

from typing import Any

from trumpf._core.schnapsen import get_variant, variants


def get(name: str) -> dict[str, Any]:
    """The variant's table row as a dict; `Error` bad_variant for an unknown name."""
    return get_variant(name)


__all__ = ["get", "variants"]
