"""How many hostile calls each fuzzing module made in this run, for the summary (conftest.py)."""

from __future__ import annotations

TALLY: dict[str, int] = {}


def count(module: str, calls: int = 1) -> None:
    """Counts ``calls`` hostile calls for ``module`` (its ``__name__``)."""
    key = module.rsplit(".", 1)[-1]
    TALLY[key] = TALLY.get(key, 0) + calls
