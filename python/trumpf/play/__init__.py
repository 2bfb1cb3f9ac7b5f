"""The terminal front end: ``trumpf play`` and ``trumpf replay``.

This package is the only part of trumpf that prints or reads input. Every
screen is built from a seat's ``view`` (or, for a replay seen from above,
from the public accessors), every legal set from the engine's ``legal``;
the front end keeps no rules of its own.
"""

from __future__ import annotations

from .durak import play_durak
from .replay import replay_log
from .schnapsen import play_schnapsen
from .terminal import Options

__all__ = ["Options", "play_durak", "play_schnapsen", "replay_log"]
