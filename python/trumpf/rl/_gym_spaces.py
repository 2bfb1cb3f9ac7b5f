"""What the Gymnasium env and the Gymnasium vector env share: the checks of
their game and options, and their spaces (trumpf.rl.gymnasium)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import obs_high

__all__ = ["check_game", "check_obs_key", "spaces_of"]


def _family(game: str) -> str:
    return "durak" if game == "durak" else "schnapsen"


def check_game(game: str, default: str, opponent: str | None) -> None:
    """Refuses a game that is not of ``default``'s family, and self-play."""
    if game not in rl.GAMES:
        raise Error("bad_game", f"unknown game {game!r}; one of {', '.join(rl.GAMES)}")
    if _family(game) != _family(default):
        raise Error("bad_game", f"{game!r} is not a game of the {default!r} family")
    if opponent is None:
        names = ", ".join(rl.OPPONENTS[game])
        raise Error("bad_player", f"a Gymnasium env needs an opponent: {names}")


def check_obs_key(obs_key: object, dict_obs: bool) -> str:
    """The key of the tensor in a Dict observation: a string other than
    ``"action_mask"``, and only with ``dict_obs=True`` when it is not the
    default ``"observation"`` (else Error ``bad_value``)."""
    if not isinstance(obs_key, str) or obs_key in ("", "action_mask"):
        raise Error("bad_value", f"obs_key is a name other than 'action_mask', not {obs_key!r}")
    if obs_key != "observation" and not dict_obs:
        raise Error("bad_value", f"obs_key={obs_key!r} names a part of a Dict: set dict_obs=True")
    return obs_key


def spaces_of(
    game: str, dict_obs: bool, obs_key: str = "observation"
) -> tuple[spaces.Space[Any], spaces.Discrete]:
    """The observation space (the tensor's Box, or a Dict of it and the
    mask) and the action space, ``Discrete(40)``."""
    board = spaces.Box(0.0, obs_high(game), (rl.OBS_SIZE[game],), np.float32)
    mask = spaces.Box(0, 1, (rl.N_ACTIONS,), np.int8)
    observation: spaces.Space[Any] = (
        spaces.Dict({obs_key: board, "action_mask": mask}) if dict_obs else board
    )
    return observation, spaces.Discrete(rl.N_ACTIONS)
