"""Stable-Baselines3: a ``VecEnv`` over the C++ batch, for PPO and MaskablePPO.

SB3's algorithms step a ``stable_baselines3.common.vec_env.VecEnv``;
``make_vec_env`` builds one out of single envs (a Python loop over them).
:class:`TrumpfVecEnv` is one instead, played by one
:class:`trumpf.rl.VectorEnv` in one C++ call a step (``pip install
"trumpf[sb3]"``; only this module imports SB3)::

    from sb3_contrib import MaskablePPO
    from trumpf.rl.sb3 import TrumpfVecEnv

    env = TrumpfVecEnv("schnapsen", num_envs=16, opponent="bot1")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, seed=0).learn(20_000)

It keeps SB3's ``VecEnv`` contract as ``DummyVecEnv`` keeps it over
``gym.make("trumpf/Schnapsen-v0")``: an env whose episode ended (``dones``)
answers the next episode's first observation, the final one in
``infos[i]["terminal_observation"]``; ``infos[i]["TimeLimit.truncated"]``
says whether it was cut at ``max_episode_steps`` rather than ended. It also
puts Monitor's ``infos[i]["episode"]`` (``r`` return, ``l`` length in the
agent's actions, ``t`` seconds since the env was made) on every ended
episode, so SB3 logs ``ep_rew_mean`` and ``ep_len_mean`` unwrapped; a
``VecMonitor`` around it counts the same episodes and lengths.

``action_masks()`` (and ``env_method("action_masks")``, as MaskablePPO
asks for it) gives each env's legal actions, ``(num_envs, 40)`` bool; the
infos do not repeat them (the single env's ``info["action_mask"]``), so a
step builds no per-env mask arrays.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from stable_baselines3.common.vec_env.base_vec_env import (
    VecEnv,
    VecEnvIndices,
    VecEnvObs,
    VecEnvStepReturn,
)

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._gym_spaces import check_game, check_obs_key, spaces_of
from trumpf.rl._single import check_flag, check_options, secrets_seed, seed_of

__all__ = ["TrumpfVecEnv"]

_N = rl.N_ACTIONS


class TrumpfVecEnv(VecEnv):
    """``num_envs`` agents against ``opponent`` in ``game`` (see :data:`trumpf.rl.GAMES`).

    Observations are ``(num_envs, obs_size)`` float32, or with
    ``dict_obs=True`` a dict of them (under ``obs_key``) and the masks
    (``"action_mask"``, int8: SB3's ``MultiInputPolicy``); actions are
    ``Discrete(40)``, rewards the agent's (seat 0's) as float32.

    ``illegal="terminate"`` (the default, as the Gymnasium env): an action
    not in its env's mask ends that episode with the game's worst reward,
    ``infos[i]["illegal_action"]`` set, so plain PPO can learn the mask;
    ``illegal="raise"`` raises :class:`trumpf.errors.Error` ``not_legal``
    and nothing changes. ``max_episode_steps`` cuts an episode after that
    many of the agent's actions (``TimeLimit.truncated``).

    Seeds: SB3's ``seed(n)`` (or ``Algorithm(seed=n)``) seeds the next
    :meth:`reset` of the whole batch with ``n``, and env ``i``'s episode
    ``e`` is then ``rl.VectorEnv(game, num_envs, n.to_bytes(32,
    "big")).build(i, e)``, against ``opponent_for(i, e)``, as in
    ``trumpf.rl.gymnasium.TrumpfVectorEnv``: env 0 plays the episodes
    ``gym.make("trumpf/...")`` plays after ``reset(seed=n)``. A reset
    without a seed begins every env's next episode (the first one draws a
    fresh seed).

    Attributes are the batch's, the same for every env: ``get_attr(name)``
    answers this object's ``name`` once per index, ``set_attr`` sets it for
    all envs (a subset is Error ``bad_envs``), and ``env_method(name)``
    calls a per-env method: ``action_masks`` (that env's row) or any method
    of this object, once per index. No env is wrapped.

    >>> env = TrumpfVecEnv("durak", num_envs=4, opponent="random")
    >>> _ = env.seed(0)
    >>> env.reset().shape, env.action_masks().shape
    ((4, 304), (4, 40))
    """

    def __init__(
        self,
        game: str = "schnapsen",
        num_envs: int = 1,
        opponent: str = "random",
        rules: object = None,
        threads: int = 1,
        dict_obs: bool = False,
        obs_key: str = "observation",
        illegal: str = "terminate",
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_game(game, game, opponent)
        self.render_mode = check_options(illegal, render_mode, modes=())
        self.dict_obs = check_flag("dict_obs", dict_obs)
        self.obs_key = check_obs_key(obs_key, dict_obs)
        self.game = game
        self.opponent = opponent
        self.illegal = illegal
        self.max_episode_steps = max_episode_steps
        # copy=False: the batch writes the same arrays every step; the
        # answers are copies of them, the final tensors read in place.
        self.batch = rl.VectorEnv(
            game,
            num_envs,
            seed=bytes(32),
            opponent=opponent,
            threads=threads,
            rules=rules,
            copy=False,
            final_obs=True,
            illegal=illegal,
            max_episode_steps=max_episode_steps,
        )
        n = self.batch.num_envs
        observation, action = spaces_of(game, dict_obs, self.obs_key)
        super().__init__(n, observation, action)
        self._started = False
        self._actions: npt.NDArray[np.int64] | None = None
        self._masks = np.zeros((n, _N), np.bool_)
        self._returns = np.zeros(n, np.float64)
        self._lengths = np.zeros(n, np.int64)
        self._t_start = time.time()

    # ---- SB3's VecEnv

    def reset(self) -> VecEnvObs:
        """Begins every env's next episode, or episode 0 of the seed ``seed()`` set.

        The seed of env 0 seeds the batch (SB3 sets ``seed + i`` for env
        ``i``); ``reset_infos`` are empty dicts. Reset options are not
        supported (Error ``bad_options``).
        """
        if any(self._options):
            raise Error("bad_options", "TrumpfVecEnv takes no reset options")
        first_seed = self._seeds[0]
        raw = None if first_seed is None else seed_of(first_seed)
        if raw is None and not self._started:
            raw = secrets_seed()
        first = self.batch.reset(seed=raw)
        self._started = True
        self._actions = None
        self._masks = first.mask.copy()
        self._returns[:] = 0.0
        self._lengths[:] = 0
        self.reset_infos = [{} for _ in range(self.num_envs)]
        self._reset_seeds()
        self._reset_options()
        return self._obs(first.obs.copy(), self._masks)

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        """Takes one action per env, played by :meth:`step_wait`."""
        if not self._started:
            raise Error("not_reset", "call reset() before step()")
        acts = np.asarray(actions)
        if acts.size == self.num_envs and acts.dtype.kind in "iu":
            acts = acts.reshape(self.num_envs)  # (n,) or SB3's (n, 1)
        self._actions = acts  # checked by the batch when played

    def step_wait(self) -> VecEnvStepReturn:
        """Plays the actions of :meth:`step_async` in one C++ call."""
        acts = self._actions
        if acts is None:
            raise Error("not_reset", "call step_async() before step_wait()")
        self._actions = None
        illegal = None
        if (
            self.illegal == "terminate"
            and acts.shape == (self.num_envs,)
            and acts.dtype.kind in "iu"
        ):
            inside = (acts >= 0) & (acts < _N)
            legal = self._masks[np.arange(self.num_envs), np.where(inside, acts, 0)]
            illegal = inside & ~legal
        out = self.batch.step(acts)
        obs, masks = out.obs.copy(), out.mask.copy()
        rewards = out.rewards[:, 0].copy()
        terminated = out.terminated
        truncated = self.batch.truncated if self.max_episode_steps is not None else None
        dones = terminated | truncated if truncated is not None else terminated.copy()
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{"TimeLimit.truncated": False} for _ in range(self.num_envs)]
        ended = np.flatnonzero(dones)
        if len(ended):
            finals = self.batch.final_obs[:, 0]  # the agent's seat, read in place
            elapsed = round(time.time() - self._t_start, 6)
            for i in ended.tolist():
                info = infos[i]
                info["TimeLimit.truncated"] = bool(truncated is not None and truncated[i])
                info["terminal_observation"] = self._one_obs(finals[i].copy())
                info["episode"] = {
                    "r": float(self._returns[i]),
                    "l": int(self._lengths[i]),
                    "t": elapsed,
                }
            self._returns[ended] = 0.0
            self._lengths[ended] = 0
        if illegal is not None and illegal.any():
            for i in np.flatnonzero(illegal).tolist():
                infos[i]["illegal_action"] = True
        self._masks = masks
        return self._obs(obs, masks), rewards, dones, infos

    def close(self) -> None:
        """Nothing to release: the batch is freed with this object."""

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """This object's ``attr_name`` once per env of ``indices`` (AttributeError when none)."""
        value = getattr(self, attr_name)
        return [value for _ in self._envs(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Sets ``attr_name`` for every env: the envs share one batch, so
        ``indices`` must name them all (Error ``bad_envs`` otherwise)."""
        if sorted(set(self._envs(indices))) != list(range(self.num_envs)):
            raise Error("bad_envs", "the envs share one batch: set_attr sets an attribute for all")
        setattr(self, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``method_name`` for each env of ``indices``: ``action_masks`` gives
        that env's mask row; any other name calls this object's method once
        per env, as ``DummyVecEnv`` calls each env's."""
        envs = self._envs(indices)
        if method_name == "action_masks":  # MaskablePPO's call at every step
            masks = self._masks.copy()
            return [masks[i] for i in envs]
        method = getattr(self, method_name)
        return [method(*method_args, **method_kwargs) for _ in envs]

    def env_is_wrapped(
        self,
        wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],
        indices: VecEnvIndices = None,
    ) -> list[bool]:
        """False for every env: the envs are rows of one batch, never wrapped."""
        return [False for _ in self._envs(indices)]

    def get_images(self) -> Sequence[npt.NDArray[Any] | None]:
        """None for every env: it renders no image."""
        return [None for _ in range(self.num_envs)]

    # ---- masks

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each env's legal actions now, ``(num_envs, 40)`` bool (a copy)."""
        masks: npt.NDArray[np.bool_] = self._masks.copy()
        return masks

    # ---- the answers

    def _envs(self, indices: VecEnvIndices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        if isinstance(indices, Iterable):
            return [int(i) for i in indices]
        raise Error("bad_envs", f"indices are None, an int or ints, not {indices!r}")

    def _obs(self, obs: npt.NDArray[Any], masks: npt.NDArray[np.bool_]) -> VecEnvObs:
        if self.dict_obs:
            return {self.obs_key: obs, "action_mask": masks.astype(np.int8)}
        return obs

    def _one_obs(self, row: npt.NDArray[Any]) -> Any:
        # The final position's observation; no action is legal in it.
        if self.dict_obs:
            return {self.obs_key: row, "action_mask": np.zeros(_N, np.int8)}
        return row
