"""The two games of the family as one table of rule switches, and house rules on them.

A variant value is a game's name (``"schnapsen"``, ``"sixtysix"``), a preset's
name (``"schnapsen-tjger"``), or a rules table, whole or in part, with
``name`` the game; it is accepted wherever a variant name is.

>>> from trumpf.schnapsen import variant
>>> variant.get("schnapsen")["close_min_stock"]
1
>>> variant.custom("schnapsen", marriage_by_lead=True)["marriage_by_lead"]
True
>>> variant.presets()
['schnapsen-tjger']
"""

from __future__ import annotations

from typing import Any

from trumpf._core.schnapsen import custom, get_variant, presets, variants


def get(name: object) -> dict[str, Any]:
    """The full rules table of a variant value (a name, a preset or a table); `Error`
    bad_variant naming a bad field."""
    return get_variant(name)


__all__ = ["custom", "get", "presets", "variants"]
