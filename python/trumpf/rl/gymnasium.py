"""Gymnasium environments: one agent against a built-in opponent.

Importing this module registers ``trumpf/Schnapsen-v0``,
``trumpf/SixtySix-v0`` and ``trumpf/Durak-v0`` (Gymnasium is the ``rl``
extra: ``pip install "trumpf[rl]"``; nothing else in trumpf imports it)::

    import gymnasium as gym
    import trumpf.rl.gymnasium  # registers the ids

    env = gym.make("trumpf/Schnapsen-v0", opponent="bot2")
    obs, info = env.reset(seed=0)
    action = int(info["action_mask"].nonzero()[0][0])
    obs, reward, terminated, truncated, info = env.step(action)

or, without the import, ``gym.make("trumpf.rl.gymnasium:trumpf/Durak-v0")``.
``gym.make`` returns the env itself (no ``OrderEnforcing`` or
``PassiveEnvChecker`` around it), so ``env.action_masks()`` is at hand;
through any other wrapper, ``env.get_wrapper_attr("action_masks")()``
reaches it, as SB3's ``env_method`` does.
Keywords: ``game=`` any of :data:`trumpf.rl.GAMES` of the id's family
(``"schnapsen-match"``, ``"schnapsen-tjger"``, ``"sixtysix-match"``, ...),
``rules=`` a variant value of the game's own variant, ``opponent=`` any of
``trumpf.rl.OPPONENTS[game]`` (default ``"random"``), ``dict_obs=``,
``obs_key=`` (the tensor's key in the Dict: ``"observations"`` for
RLlib's action-masking module), ``illegal=``, ``render_mode=`` (``"ansi"``;
any other mode is warned about and taken as None, as Gymnasium's own
environments take it).

- **Observation**: the agent's ``trumpf.rl.observe`` tensor, a float32
  ``Box`` of 256 slots (Durak 304) in ``[0, high]``; with ``dict_obs=True``
  a ``Dict`` of it (``"observation"``) and the mask (``"action_mask"``).
- **Actions**: ``Discrete(40)``, the table in docs/rl.md. The legal ones are
  ``info["action_mask"]`` (int8, 40) after every reset and step, and
  ``env.action_masks()`` (bool), as masked-PPO implementations ask for them.
  An action is an int or an integral numpy scalar in 0 .. 39; anything else
  (8.7, 8.0, NaN, None, a bool, 40) is no action: Error ``bad_action``, and
  nothing changes.
- **An illegal action** (in range, not in the mask) ends the episode
  at once with the worst reward the game has (-3 game points in a deal, -1
  in Durak and in a match) and ``info["illegal_action"] = True``; the
  position is left as it was. So an unmasked random agent (and
  ``check_env``) can play, and learns fast that the mask matters. With
  ``illegal="raise"`` it raises :class:`trumpf.errors.Error` ``not_legal``
  and changes nothing.
- **Episodes** are a deal (a Durak game, a match) of
  ``trumpf.rl.VectorEnv(game, 1, seed, opponent)``: ``reset(seed=n)`` plays
  episode 0, 1, 2, ... of the 32-byte seed ``n.to_bytes(32, "big")``; the
  agent sits in seat 0 and the dealer alternates. The terminal observation
  is the agent's tensor of the final position.

:class:`TrumpfVectorEnv` is a ``gymnasium.vector.VectorEnv``
(``gym.make_vec("trumpf/Schnapsen-v0", num_envs=1024)``) with Gymnasium's
default ``NEXT_STEP`` autoreset, or ``SAME_STEP``; one C++ batch plays it
in every mode (its class docstring).

Both pickle and deep-copy (with their :class:`trumpf.rl.VectorEnv`, by its own pickling)
under every protocol, and go on as the original would.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._gym_spaces import check_game, check_obs_key, spaces_of
from trumpf.rl._gym_vector import TrumpfVectorEnv
from trumpf.rl._single import (
    action_index,
    check_flag,
    check_options,
    seed_of,
    single,
    worst_reward,
)

__all__ = ["ENV_IDS", "TrumpfEnv", "TrumpfVectorEnv"]

# Its home is a private module; users meet it here, and pickles say so.
TrumpfVectorEnv.__module__ = __name__

_N = rl.N_ACTIONS  # the actions are 0 .. _N - 1

ENV_IDS: dict[str, str] = {
    "trumpf/Schnapsen-v0": "schnapsen",
    "trumpf/SixtySix-v0": "sixtysix",
    "trumpf/Durak-v0": "durak",
}
"""The registered ids and the game each plays unless told ``game=``."""


class TrumpfEnv(gymnasium.Env[Any, np.int64]):
    """One agent in seat 0 against a built-in opponent (module docstring).

    >>> env = TrumpfEnv("durak", opponent="bot1")
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, info["action_mask"].sum() > 0
    ((304,), np.True_)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - as gymnasium.Env

    def __init__(
        self,
        game: str = "schnapsen",
        opponent: str = "random",
        rules: object = None,
        dict_obs: bool = False,
        illegal: str = "terminate",
        render_mode: str | None = None,
        family: str | None = None,
        obs_key: str = "observation",
    ) -> None:
        check_game(game, family or game, opponent)
        self.render_mode = check_options(illegal, render_mode)
        check_flag("dict_obs", dict_obs)
        self.obs_key = check_obs_key(obs_key, dict_obs)
        self._single = single(game, opponent, rules)
        self.game = game
        self.opponent = opponent
        self.dict_obs = dict_obs
        self.illegal = illegal
        self.observation_space, self.action_space = spaces_of(game, dict_obs, obs_key)
        self._penalty = worst_reward(game)

    # ---- the Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begins the next episode, or episode 0 of ``seed`` (see the module docstring)."""
        raw = None if seed is None else seed_of(seed)  # checked before anything changes
        single = self._single
        single.reset(raw)
        # Gymnasium's np_random, seeded with the same number (it takes only a Python int).
        super().reset(seed=None if raw is None else int.from_bytes(raw, "big"))
        return self._answer(*single.decision())

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Plays ``action`` and the opponent's replies until it is the agent's turn again."""
        # A plain int in range needs no more checking (most steps).
        a = action if type(action) is int and 0 <= action < _N else action_index(action)
        single = self._single
        if single.over:
            raise Error("not_reset", "the episode is over: call reset()")
        if not single.mask[a]:
            if self.illegal == "raise":
                raise Error("not_legal", f"action {a} is not legal now")
            obs = single.observe(0)
            single.abandon((self._penalty, 0.0))
            obs, info = self._answer(obs, np.zeros(rl.N_ACTIONS, np.int8))
            info["illegal_action"] = True
            return obs, self._penalty, True, False, info
        if single.step(a):
            obs, info = self._answer(single.observe(0), np.zeros(rl.N_ACTIONS, np.int8))
            return obs, single.rewards[0], True, False, info
        obs, info = self._answer(*single.decision())
        return obs, 0.0, False, False, info

    def _answer(self, obs: Any, mask: npt.NDArray[np.int8]) -> tuple[Any, dict[str, Any]]:
        if self.dict_obs:
            return {self.obs_key: obs, "action_mask": mask}, {"action_mask": mask.copy()}
        return obs, {"action_mask": mask}

    def render(self) -> str | None:
        """The agent's information set as text (``render_mode="ansi"``): its
        hand and the cards it knows of by name, the rest of ``info`` as JSON."""
        if self.render_mode != "ansi":
            return None
        single = self._single
        seat = single.seats[0]
        return render_info(
            single.table().info(seat),
            self.game,
            f"{self.game} against {self.opponent}, episode {single.episode}, seat {seat}",
        )

    def close(self) -> None:
        """Nothing to release: the env is a C++ object freed with it."""

    # ---- beyond the API

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as a bool array of 40 (none once the episode is over)."""
        return self._single.legal_mask(0)

    @property
    def episode(self) -> int:
        """The episode in play: ``rl.VectorEnv(game, 1, seed).build(0, episode)`` is its start."""
        return self._single.episode

    @property
    def seed_bytes(self) -> bytes:
        """The 32-byte seed the episodes come from."""
        return self._single.seed

    def table(self) -> Any:
        """The episode's Deal, Match or Durak Game as it stands (rebuilt through the ordinary API)."""
        return self._single.table()


_CARD_LISTS = ("hand", "known", "unseen", "discarded")


def render_info(info: Any, game: str, title: str) -> str:
    """A seat's ``info`` as lines of text, card lists by name."""
    from trumpf.durak import card as durak_card
    from trumpf.schnapsen import card as schnapsen_card

    name_of = durak_card.name_of if game == "durak" else schnapsen_card.name_of
    lines = [title]
    for key, value in dict(info).items():
        if key in _CARD_LISTS:
            lines.append(f"{key}: {' '.join(name_of(c) for c in value)}")
        else:
            lines.append(f"{key}: {json.dumps(value, default=str)}")
    return "\n".join(lines)


def _register() -> None:
    for env_id, game in ENV_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="trumpf.rl.gymnasium:TrumpfEnv",
            vector_entry_point="trumpf.rl.gymnasium:TrumpfVectorEnv",
            kwargs={"game": game, "family": game},
            nondeterministic=False,
            # gym.make then returns the env itself, whose own methods
            # (action_masks, table, episode) a wrapper would hide: the env
            # refuses a step before reset itself (Error not_reset), and
            # Gymnasium's check_env passes on it (tests/rl/test_rl_gymnasium.py).
            order_enforce=False,
            disable_env_checker=True,
        )


_register()
