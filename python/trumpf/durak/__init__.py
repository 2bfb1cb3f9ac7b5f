"""Two-seat Podkidnoy Durak, exactly as Game::Durak 0.01 plays it, over the C++ core.

``Game`` is the deal (build, legal, apply, view, replay), ``Bot`` the reference
bot, ``Error`` every refusal (a ``ValueError`` with ``.code``). Seats are the
ints 1 and 2; cards are int ids 1..36; moves and events are plain dicts.
"""

from __future__ import annotations

from trumpf._core.durak import Bot, Error, Game
from trumpf.durak import card, deck, result, rules, search, solve

__all__ = ["Bot", "Error", "Game", "card", "deck", "result", "rules", "search", "solve"]
