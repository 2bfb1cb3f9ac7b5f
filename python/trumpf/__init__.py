"""trumpf: Schnapsen, Sixty-Six and two-seat Podkidnoy Durak, exactly by the rules, fast.

The games live in the C++ core (``trumpf._core``); the packages here wrap it:

- :mod:`trumpf.schnapsen`: ``Deal``, ``Match``, ``Bot`` for Schnapsen and Sixty-Six.
- :mod:`trumpf.durak`: ``Game`` and ``Bot`` for two-seat Podkidnoy Durak.
- :mod:`trumpf.reference`: the pure-Python oracle with the same public names.

Subpackages are imported on demand so that the pure-Python oracle stays importable
without the compiled core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "simulate"]

if TYPE_CHECKING:
    from trumpf.simulation import simulate


def __getattr__(name: str) -> Any:
    # Loaded on first use so that importing trumpf (or the oracle) needs no compiled core.
    if name == "simulate":
        from trumpf.simulation import simulate

        return simulate
    raise AttributeError(f"module 'trumpf' has no attribute {name!r}")
