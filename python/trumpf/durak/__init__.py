"""Two-seat Podkidnoy Durak, exactly as Game::Durak 0.01 plays it, over the C++ core.

``Game`` is the deal (build, legal, apply, view, replay), ``Bot`` the reference
bot, ``Expert`` the sampling bot, ``sample_world`` one game a seat cannot tell
from its own, ``Error`` every refusal (a ``ValueError`` with ``.code``). Seats
are the ints 1 and 2; cards are int ids 1..36; moves and events are plain dicts.

>>> from trumpf.durak import Game
>>> game = Game.build(bytes(32))
>>> game.turn in (1, 2) and game.phase
'attack'
"""

from __future__ import annotations

from trumpf import logs
from trumpf._core.durak import Bot, Expert, Game, sample_world
from trumpf.errors import Error

from . import card, deck, result, rules, search, solve

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

# Logs and pickling are Python's business (JSON, hex): trumpf.logs writes and
# reads them for the core and the oracle alike. Bot pickles itself (C++).
Game.to_log = logs.durak_log  # type: ignore[method-assign, assignment]
Game.from_log = classmethod(logs.durak_from_log)  # type: ignore[method-assign, assignment]
Game.__reduce__ = logs.reduce  # type: ignore[method-assign, assignment]
for _public in (Bot, Expert, Game, sample_world):
    _public.__module__ = __name__
