"""The engine's tables: the games trumpf plays, its players, its limits and the house rules.

Each is read from the compiled core (``cpp/common/games.hpp``,
``cpp/players/players.hpp``, ``cpp/common/limits.cpp``,
``cpp/schnapsen/variant.hpp``), where the engine
keeps it, so the simulator, the CLI, the front ends and the docs all say
the same thing. The error codes are :data:`trumpf.errors.CODES`.

>>> from trumpf.tables import GAMES, PLAYERS, LIMITS
>>> GAMES["sixtysix-match"].kind
'match'
>>> [p.name for p in PLAYERS.values() if "durak" in p.families]
['random', 'bot1', 'bot2', 'bot3', 'expert', 'expert-pimc', 'perfect']
>>> LIMITS["max_threads"].value
1024
>>> dict(HOUSE_RULES["close_min_stock"].high)["sixtysix"]
12
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from trumpf import _core

__all__ = [
    "GAMES",
    "HOUSE_RULES",
    "LIMITS",
    "PLAYERS",
    "Game",
    "HouseRule",
    "Limit",
    "Player",
    "families",
]


class Game(NamedTuple):
    """A game by name: its family (``schnapsen`` or ``durak``), its kind
    (``deal``, ``match`` or ``game``) and its title for a person."""

    name: str
    family: str
    kind: str
    title: str


class Player(NamedTuple):
    """A built-in player: the families it plays, whether it is fair (chooses
    from what its seat may know), whether it searches (an expert or perfect:
    it takes the expert's seed and budget, and ``trumpf._core.players.choose``
    plays it) and one line about it."""

    name: str
    families: tuple[str, ...]
    fair: bool
    searches: bool
    about: str


class Limit(NamedTuple):
    """A bound calls are held to, and why it sits there."""

    value: int
    about: str


class HouseRule(NamedTuple):
    """A house rule of the Schnapsen family (docs/rules/house-rules.md): its
    kind (``stock``: an int from 1 to the stock's size, ``high``'s
    ``(variant, size)`` pairs;
    ``flag``: False or True; ``choice``: one of ``choices``), the
    reference's value and one line about it."""

    name: str
    kind: str
    default: int | bool | str
    choices: tuple[str, ...]
    high: tuple[tuple[str, int], ...]
    about: str


GAMES: Mapping[str, Game] = MappingProxyType({row[0]: Game(*row) for row in _core.tables.GAMES})
"""The games, in the engine's order."""

PLAYERS: Mapping[str, Player] = MappingProxyType(
    {row[0]: Player(*row) for row in _core.tables.PLAYERS}
)
"""The built-in players, in the engine's order."""

LIMITS: Mapping[str, Limit] = MappingProxyType(
    {name: Limit(*row) for name, row in _core.tables.LIMITS.items()}
)
"""Every bound by name (``max_threads``, ``max_games``, ``max_expert_samples``, ...)."""

HOUSE_RULES: Mapping[str, HouseRule] = MappingProxyType(
    {
        name: HouseRule(name, kind, default, choices, tuple(high.items()), about)
        for name, kind, default, choices, high, about in _core.tables.HOUSE_RULES
    }
)
"""The house rules, in the order a rules table lists them."""


def families() -> tuple[str, ...]:
    """The names of the games a person sits down to: each deal game and Durak
    (``schnapsen``, ``sixtysix``, ``durak``), in the engine's order."""
    return tuple(g.name for g in GAMES.values() if g.kind != "match")
