"""Schnapsen and Sixty-Six over trumpf's C++ core.

``Deal`` is one deal, ``Match`` a whole match (Game::Schnapsen), ``Bot`` the
reference bots (levels 1 and 2), ``Expert`` the sampling bot, ``sample_world``
one deal a seat cannot tell from its own; ``Error`` is raised for every
refusal, with ``.code`` set to the reference engine's error code.

>>> from trumpf.schnapsen import Deal
>>> deal = Deal.build(variant="schnapsen", seed=b"A" * 32, number=1, dealer="p1")
>>> deal.legal(deal.turn)[0]
{'kind': 'close'}
"""

from __future__ import annotations

from trumpf import logs
from trumpf._core.schnapsen import Bot, Deal, Expert, Match, other, sample_world
from trumpf.errors import Error

from . import card, deck, scoring, search, solve, trick, variant

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

# Logs and pickling are Python's business (JSON, hex): trumpf.logs writes and
# reads them for the core and the oracle alike.
Deal.to_log = logs.deal_log  # type: ignore[method-assign, assignment]
Deal.from_log = classmethod(logs.deal_from_log)  # type: ignore[method-assign, assignment]
Deal.__reduce__ = logs.reduce  # type: ignore[method-assign, assignment]
Match.to_log = logs.match_log  # type: ignore[method-assign, assignment]
Match.from_log = classmethod(logs.match_from_log)  # type: ignore[method-assign, assignment]
Match.__reduce__ = logs.reduce  # type: ignore[method-assign, assignment]
for _public in (Bot, Deal, Expert, Match, other, sample_world):
    _public.__module__ = __name__
