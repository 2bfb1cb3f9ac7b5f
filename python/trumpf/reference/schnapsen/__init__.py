"""Schnapsen and Sixty-Six, the pure-Python oracle.

The same public names as :mod:`trumpf.schnapsen`: ``Deal`` (one deal),
``Match`` (the match of deals to seven game points), ``Bot`` (the reference
bots), ``Expert``, ``sample_world`` (a deal a seat cannot tell from its
info), ``Error`` and ``other``, with the modules ``card``, ``deck``,
``trick``, ``scoring``, ``variant`` and ``search``.
"""

from __future__ import annotations

from . import card, deck, scoring, search, solve, trick, variant
from .bot import Bot
from .deal import Deal, other
from .errors import Error
from .expert import Expert
from .match import Match
from .world import sample_world

__all__ = [
    "Bot",
    "Deal",
    "Error",
    "Expert",
    "Match",
    "card",
    "deck",
    "other",
    "sample_world",
    "scoring",
    "search",
    "solve",
    "trick",
    "variant",
]
