"""Two-seat Podkidnoy Durak, the plain Python statement of the rules (the oracle).

``Game`` is Game::Durak, ``Bot`` the reference bot, ``Expert`` the
sampling bot, ``sample_world`` a game a seat cannot tell from its info,
``Error`` every refusal; the submodules ``card``, ``deck``, ``rules``,
``result`` and ``search`` hold the rules as plain functions. Written from
the specification so that it can disagree with the C++ core; the
conformance transcripts decide who is right.
"""

from __future__ import annotations

from . import card, deck, result, rules, search, solve
from .bot import Bot
from .errors import Error
from .expert import Expert
from .game import Game
from .world import sample_world

__all__ = [
    "Bot",
    "Error",
    "Expert",
    "Game",
    "card",
    "deck",
    "result",
    "rules",
    "sample_world",
    "search",
    "solve",
]
