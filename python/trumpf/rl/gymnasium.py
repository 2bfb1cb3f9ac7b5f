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
Keywords: ``game=`` any of :data:`trumpf.rl.GAMES` of the id's family
(``"schnapsen-match"``, ``"schnapsen-tjger"``, ``"sixtysix-match"``, ...),
``rules=`` a variant value of the game's own variant, ``opponent=`` any of
``trumpf.rl.OPPONENTS[game]`` (default ``"random"``), ``dict_obs=``,
``illegal=``.

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

:class:`TrumpfVectorEnv` is a ``gymnasium.vector.VectorEnv`` over the C++
batch (``gym.make_vec("trumpf/Schnapsen-v0", num_envs=1024)``), with
``autoreset_mode`` ``SameStep``.

Both pickle (with their :class:`trumpf.rl.VectorEnv`, by its own pickling)
under every protocol, and go on as the original would.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import (
    action_index,
    check_flag,
    check_options,
    obs_high,
    secrets_seed,
    seed_of,
    single,
    worst_reward,
)

__all__ = ["ENV_IDS", "TrumpfEnv", "TrumpfVectorEnv"]

_N = rl.N_ACTIONS  # the actions are 0 .. _N - 1

ENV_IDS: dict[str, str] = {
    "trumpf/Schnapsen-v0": "schnapsen",
    "trumpf/SixtySix-v0": "sixtysix",
    "trumpf/Durak-v0": "durak",
}
"""The registered ids and the game each plays unless told ``game=``."""


def _family(game: str) -> str:
    return "durak" if game == "durak" else "schnapsen"


def _check_game(game: str, default: str, opponent: str | None) -> None:
    if game not in rl.GAMES:
        raise Error("bad_game", f"unknown game {game!r}; one of {', '.join(rl.GAMES)}")
    if _family(game) != _family(default):
        raise Error("bad_game", f"{game!r} is not a game of the {default!r} family")
    if opponent is None:
        names = ", ".join(rl.OPPONENTS[game])
        raise Error("bad_player", f"a Gymnasium env needs an opponent: {names}")


def _spaces(game: str, dict_obs: bool) -> tuple[spaces.Space[Any], spaces.Discrete]:
    board = spaces.Box(0.0, obs_high(game), (rl.OBS_SIZE[game],), np.float32)
    mask = spaces.Box(0, 1, (rl.N_ACTIONS,), np.int8)
    observation: spaces.Space[Any] = (
        spaces.Dict({"observation": board, "action_mask": mask}) if dict_obs else board
    )
    return observation, spaces.Discrete(rl.N_ACTIONS)


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
    ) -> None:
        _check_game(game, family or game, opponent)
        check_options(illegal, render_mode)
        check_flag("dict_obs", dict_obs)
        self._single = single(game, opponent, rules)
        self.game = game
        self.opponent = opponent
        self.dict_obs = dict_obs
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(game, dict_obs)
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
            return {"observation": obs, "action_mask": mask}, {"action_mask": mask.copy()}
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


class TrumpfVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` agents against built-in opponents, stepped in one C++ call.

    The C++ batch (:class:`trumpf.rl.VectorEnv`) in single-agent mode:
    observations ``(num_envs, obs_size)`` float32 (or a Dict with the masks,
    ``dict_obs=True``), rewards of the agent's seat, ``truncations`` always
    False, and ``infos["action_mask"]`` ``(num_envs, 40)`` int8.
    ``autoreset_mode`` is ``SameStep``: where ``terminations`` is set, the
    reward is the ended episode's and the observation is already the next
    episode's first, and, as Gymnasium's own vector envs do in that mode,
    ``infos["final_obs"]`` (an object array, None where no episode ended,
    with its mask ``infos["_final_obs"]``) holds the observation of the
    position each ended episode finished in, written by the C++ batch
    before the reset (:attr:`trumpf.rl.VectorEnv.final_obs`), its mask all
    zero in a Dict observation; ``infos["final_info"]`` is empty beside its
    mask ``infos["_final_info"]``. Episodes end only at terminal positions,
    never truncated, so nothing needs the final observation to bootstrap
    from: ``final_obs=False`` leaves it out and saves the batch a copy of
    the tensors a step. An action not in
    its env's mask raises :class:`trumpf.errors.Error` ``not_legal`` naming
    the envs, and nothing changes. ``reset(seed=n)`` restarts every env at
    episode 0 of the 32-byte seed ``n``; env ``i``'s episode ``e`` is then
    ``rl.VectorEnv(...).build(i, e)``.

    >>> envs = TrumpfVectorEnv("schnapsen", num_envs=4, opponent="bot1")
    >>> obs, infos = envs.reset(seed=0)
    >>> obs.shape, infos["action_mask"].shape
    ((4, 256), (4, 40))
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - as gymnasium.vector.VectorEnv
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str = "schnapsen",
        num_envs: int = 1,
        opponent: str = "random",
        rules: object = None,
        threads: int = 1,
        dict_obs: bool = False,
        family: str | None = None,
        render_mode: str | None = None,
        final_obs: bool = True,
    ) -> None:
        _check_game(game, family or game, opponent)
        if render_mode is not None:
            raise Error("bad_render_mode", "the vector env does not render")
        check_flag("dict_obs", dict_obs)
        self.batch = rl.VectorEnv(
            game,
            num_envs,
            seed=bytes(32),
            opponent=opponent,
            threads=threads,
            rules=rules,
            final_obs=final_obs,
        )
        self.final_obs = final_obs
        self.game = game
        self.opponent = opponent
        self.dict_obs = dict_obs
        self.num_envs = self.batch.num_envs
        self.single_observation_space, self.single_action_space = _spaces(game, dict_obs)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._started = False
        self._has_mask = np.ones(self.num_envs, np.bool_)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begins the next episode of every env, or episode 0 of ``seed`` (one int for the batch)."""
        if isinstance(seed, list):
            raise Error(
                "no_seed", "one seed for the whole batch: env i's episodes come from (seed, i)"
            )
        if options and "reset_mask" in options:
            raise Error(
                "bad_options", "the C++ batch resets every env: reset_mask is not supported"
            )
        if seed is not None:
            raw = seed_of(seed)
            first = self.batch.reset(seed=raw)
            self._np_random, _ = gymnasium.utils.seeding.np_random(int.from_bytes(raw, "big"))
        elif not self._started:
            first = self.batch.reset(seed=secrets_seed())
        else:
            first = self.batch.reset()
        self._started = True
        return self._obs(first.obs, first.mask), self._infos(first.mask)

    def step(
        self, actions: Any
    ) -> tuple[
        Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Plays one action per env (an int array of shape ``(num_envs,)``) in one C++ call."""
        if not self._started:
            raise Error("not_reset", "call reset() before step()")
        out = self.batch.step(np.asarray(actions))
        rewards = out.rewards[:, 0].astype(np.float64)
        truncations = np.zeros(self.num_envs, np.bool_)
        infos = self._infos(out.mask)
        if self.final_obs and out.terminated.any():
            self._add_final(infos, out.terminated)
        return (
            self._obs(out.obs, out.mask),
            rewards,
            out.terminated,
            truncations,
            infos,
        )

    def _add_final(self, infos: dict[str, Any], ended: npt.NDArray[np.bool_]) -> None:
        # Gymnasium's SameStep layout: one object per env, None where none ended.
        final = np.full(self.num_envs, None, dtype=object)
        rows = self.batch.final_obs[:, 0]  # the agent's seat
        for i in np.flatnonzero(ended):
            row = rows[i].copy()
            if self.dict_obs:
                final[i] = {"observation": row, "action_mask": np.zeros(40, np.int8)}
            else:
                final[i] = row
        infos["final_obs"] = final
        infos["_final_obs"] = ended.copy()
        infos["final_info"] = {}
        infos["_final_info"] = ended.copy()

    def _obs(self, obs: Any, mask: Any) -> Any:
        if self.dict_obs:
            return {"observation": obs, "action_mask": mask.view(np.int8)}
        return obs

    def _infos(self, mask: Any) -> dict[str, Any]:
        masks = mask.astype(np.int8) if self.dict_obs else mask.view(np.int8)
        return {"action_mask": masks, "_action_mask": self._has_mask.copy()}


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
        )


_register()
