"""Schnapsen and Sixty-Six over trumpf's C++ core.

``Deal`` is one deal, ``Match`` a whole match (Game::Schnapsen), ``Bot`` the
reference bots (levels 1 and 2); ``Error`` is raised for every refusal, with
``.code`` set to the reference engine's error code.

>>> from trumpf.schnapsen import Deal
>>> deal = Deal.build(variant="schnapsen", seed=b"A" * 32, number=1, dealer="p1")
>>> deal.legal(deal.turn)[0]
{'kind': 'close'}
"""

from __future__ import annotations

from trumpf._core.schnapsen import Bot, Deal, Error, Match, other

from . import card, deck, scoring, search, solve, trick, variant

__all__ = [
    "Bot",
    "Deal",
    "Error",
    "Match",
    "card",
    "deck",
    "other",
    "scoring",
    "search",
    "solve",
    "trick",
    "variant",
]
