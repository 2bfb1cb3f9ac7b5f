"""Agents at the engine's speed: integer actions, observation tensors, a batched env.

Every game family has a fixed action space of :data:`N_ACTIONS` integers
(names in :data:`ACTIONS`; the table is in docs/rl.md) and an observation
tensor computed from a seat's information set alone (``info(seat)``), so it
never holds the other hand, the talon's order or the seed.

>>> import trumpf.schnapsen as schnapsen
>>> from trumpf import rl
>>> deal = schnapsen.Deal.build(seed=bytes(32))
>>> move = deal.legal(deal.turn)[-1]
>>> move
{'kind': 'lead', 'card': 11}
>>> rl.action_of(deal, move), rl.ACTIONS["schnapsen"][10]
(10, 'JH')
>>> rl.move_of(deal, 10) == move
True
>>> rl.legal_mask(deal, deal.turn).nonzero()[0].tolist()  # AS, AH, JH, AD, JC, exchange, close
[0, 6, 10, 12, 22, 36, 37]
>>> rl.observe(deal, deal.turn).shape
(256,)

:class:`VectorEnv` steps many games in one C++ call with the GIL released:

>>> env = rl.VectorEnv("durak", num_envs=8, seed=bytes(32), opponent="random")
>>> obs, mask, player = env.reset()
>>> obs.shape, mask.shape, player.tolist()
((8, 304), (8, 40), [0, 0, 0, 0, 0, 0, 0, 0])
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from trumpf import _core
from trumpf.rl.vector import GAMES, OPPONENTS, Reset, Step, VectorEnv

__all__ = [
    "ACTIONS",
    "ACTION_LAYOUT",
    "GAMES",
    "N_ACTIONS",
    "OBS_LAYOUT",
    "OBS_SCALE",
    "OBS_SIZE",
    "OPPONENTS",
    "LayoutRow",
    "Reset",
    "Step",
    "VectorEnv",
    "action_of",
    "legal_mask",
    "move_of",
    "observe",
    "rewards",
]

N_ACTIONS: int = _core.rl.N_ACTIONS
"""Actions in every family's space: 40 (docs/rl.md has both tables)."""

ACTIONS: dict[str, tuple[str, ...]] = {game: _core.rl.action_names(game) for game in GAMES}
"""Each game's action names in action order: ``ACTIONS["durak"][36] == "take"``."""

OBS_SIZE: dict[str, int] = {game: len(_core.rl.obs_scale(game)) for game in GAMES}
"""The length of each game's observation: 256 in the Schnapsen family, 304 in Durak."""

OBS_SCALE: dict[str, npt.NDArray[np.float32]] = {game: _core.rl.obs_scale(game) for game in GAMES}
"""What one unit of each slot of the raw uint8 observation is worth: the
float32 observation is exactly ``raw.astype(np.float32) * OBS_SCALE[game]``."""


class LayoutRow(NamedTuple):
    """A run of observation slots or actions: ``start`` and ``size``, the
    ``group`` it belongs to (an observation group, as OpenSpiel's observation
    dict names them, or an action's move kind) and what it stands for."""

    start: int
    size: int
    group: str
    about: str


OBS_LAYOUT: dict[str, tuple[LayoutRow, ...]] = {
    game: tuple(LayoutRow(*row) for row in _core.rl.obs_layout(game)) for game in GAMES
}
"""Each game's observation layout, row by row in slot order, covering the
tensor: ``OBS_LAYOUT["durak"][0] == LayoutRow(0, 36, "hand", "my hand")``."""

ACTION_LAYOUT: dict[str, tuple[LayoutRow, ...]] = {
    game: tuple(LayoutRow(*row) for row in _core.rl.action_layout(game)) for game in GAMES
}
"""Each game's action space, row by row in action order, covering the
:data:`N_ACTIONS` actions: ``ACTION_LAYOUT["durak"][1].group == "take"``."""


def action_of(game: object, move: Any) -> int:
    """The action (0..39) that ``move``, a dict as ``legal()`` gives it, is.

    ``game`` is a Deal, Match or Durak Game, or a game name (see
    :data:`GAMES`): only its family matters. A dict that is not a move of the
    family raises :class:`~trumpf.errors.Error` ``not_legal``.

    >>> action_of("durak", {"kind": "take"})
    36
    """
    return _core.rl.action_of(game, move)


def move_of(game: object, action: int) -> dict[str, Any]:
    """The move ``action`` stands for in ``game`` now, as its ``legal()`` entry.

    A card is a lead or a follow (Schnapsen), an attack or a beat (Durak), by
    whether a card is waiting to be answered; a marriage carries its value.
    Legal or not: ``apply`` decides. An action outside 0..39 is
    :class:`~trumpf.errors.Error` ``bad_action``.

    >>> import trumpf.durak as durak
    >>> move_of(durak.Game.build(seed=bytes(32)), 0)
    {'kind': 'attack', 'card': 1}
    """
    return _core.rl.move_of(game, action)


def legal_mask(game: object, seat: Any) -> npt.NDArray[np.bool_]:
    """``legal(seat)`` as a bool array over the :data:`N_ACTIONS` actions.

    >>> import trumpf.durak as durak
    >>> game = durak.Game.build(seed=bytes(32))
    >>> int(legal_mask(game, game.turn).sum()) == len(game.legal(game.turn))
    True
    """
    return _core.rl.legal_mask(game, seat)


def rewards(game: object) -> tuple[float, float]:
    """What ``game`` pays each seat once it is over, as :class:`VectorEnv` pays it.

    A deal pays its game points (to the winner, from the loser; nothing for a
    drawn deal), a match +1 and -1, a Durak game -1 to the fool and +1 to the
    other seat (nothing for a draw). Seat 1's first; ``(0.0, 0.0)`` while the
    game runs.

    >>> import trumpf.durak as durak
    >>> game = durak.Game.build(seed=bytes(32))
    >>> rewards(game)
    (0.0, 0.0)
    >>> game.turn
    2
    >>> _ = game.apply(2, {"kind": "resign"})  # seat 2 gives up: it is the fool
    >>> rewards(game)
    (1.0, -1.0)
    """
    return _core.rl.rewards(game)


def observe(game: object, seat: Any, dtype: Any = np.float32) -> npt.NDArray[Any]:
    """``seat``'s observation tensor in ``game``, from its information set alone.

    The same vector :class:`VectorEnv` gives for that seat: float32 by
    default, or ``dtype=np.uint8`` for the raw counts and flags (times
    :data:`OBS_SCALE` they are the float32 values). docs/rl.md has the layout.

    >>> import trumpf.schnapsen as schnapsen
    >>> observe(schnapsen.Deal.build(seed=bytes(32)), "p1", np.uint8)[:24].tolist()[:6]
    [0, 0, 1, 0, 1, 0]
    """
    return _core.rl.observe(game, seat, dtype)
