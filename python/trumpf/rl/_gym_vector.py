"""The Gymnasium vector env, ``trumpf.rl.gymnasium.TrumpfVectorEnv``.

Two engines play it, by the options:

- **the C++ batch**, one :class:`trumpf.rl.VectorEnv` stepped in one call,
  with ``autoreset_mode=SAME_STEP``, ``illegal="raise"`` and no
  ``max_episode_steps``: the batch resets an ended env inside the step
  itself and has no way to leave one env out of a step or to end one env's
  episode early, which the other modes need;
- **one driver an env** otherwise: the single env's driver
  (``trumpf.rl._single.BatchEpisode``, the C++ batch of one env), stepped
  one env after the other. It holds an env back for the step after its
  episode ended (NEXT_STEP autoreset, Gymnasium's default, which RLlib and
  Gymnasium's vector wrappers need), ends an episode with the penalty on
  an illegal action (as the single env does), and cuts one at
  ``max_episode_steps``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from trumpf import _core, rl
from trumpf.errors import Error
from trumpf.rl._gym_spaces import check_game, check_obs_key, spaces_of
from trumpf.rl._single import (
    BatchEpisode,
    check_flag,
    check_options,
    secrets_seed,
    seed_of,
    worst_reward,
)

__all__ = ["TrumpfVectorEnv"]

_N = rl.N_ACTIONS

# What step answers: observations, rewards, terminations, truncations, infos.
_Step = tuple[
    Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
]


def _autoreset(mode: object) -> AutoresetMode:
    """``mode`` as an AutoresetMode (its value, ``"NextStep"``, does as well):
    NEXT_STEP or SAME_STEP, else Error ``bad_value``."""
    if isinstance(mode, AutoresetMode):
        mode = mode.value
    if mode not in ("NextStep", "SameStep"):
        raise Error(
            "bad_value", f"autoreset_mode is AutoresetMode.NEXT_STEP or SAME_STEP, not {mode!r}"
        )
    return AutoresetMode(mode)


def _steps_limit(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value > 0:
        return int(value)
    raise Error("bad_value", f"max_episode_steps is None or an int above 0, not {value!r}")


class TrumpfVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` agents against built-in opponents (docs/rl-frameworks.md).

    Observations ``(num_envs, obs_size)`` float32 (or a Dict of them and the
    masks, ``dict_obs=True``, the tensor under ``obs_key``), rewards of the
    agent's seat as float64, ``infos["action_mask"]`` ``(num_envs, 40)``
    int8 and :meth:`action_masks` (bool).

    ``autoreset_mode`` ``NEXT_STEP`` (the default, Gymnasium's): where
    ``terminations`` (or ``truncations``) is set, the observation is the
    final position's; in the next step that env ignores its action and
    begins its next episode (reward 0, no termination). ``SAME_STEP``: the
    observation is already the next episode's first, and
    ``infos["final_obs"]`` (an object array, None where no episode ended,
    masked by ``infos["_final_obs"]``) holds the final one; ``final_obs=False``
    leaves it out.

    ``illegal="terminate"`` (the default): an action not in its env's mask
    ends that episode with the game's worst reward, the observation the
    position as it was, ``infos["illegal_action"]`` set for that env (with
    ``infos["_illegal_action"]``), as the single env does. ``illegal="raise"``
    raises :class:`trumpf.errors.Error` ``not_legal`` naming the envs, and
    nothing changes. An action outside 0 .. 39 for an env that plays is
    Error ``bad_action``, actions that are not an integer array of shape
    ``(num_envs,)`` ``bad_actions``; nothing changes either.

    ``max_episode_steps``: an episode still running after that many of the
    agent's actions is truncated, and its next one begins (as Gymnasium's
    ``TimeLimit`` does for one env).

    Episodes: ``reset(seed=n)`` seeds the whole batch. With the C++ batch
    (SAME_STEP, ``illegal="raise"``, no limit), env ``i``'s episode ``e`` is
    ``rl.VectorEnv(game, num_envs, seed).build(i, e)``; with one driver an
    env, env ``i`` plays the episodes of the single env seeded with
    ``rl.VectorEnv(game, num_envs, seed).env_seed(i)``:
    ``rl.VectorEnv(game, 1, that seed, opponent).build(0, e)``.

    >>> envs = TrumpfVectorEnv("schnapsen", num_envs=4, opponent="bot1")
    >>> obs, infos = envs.reset(seed=0)
    >>> obs.shape, infos["action_mask"].shape, envs.metadata["autoreset_mode"].value
    ((4, 256), (4, 40), 'NextStep')
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - as gymnasium.vector.VectorEnv
        "autoreset_mode": AutoresetMode.NEXT_STEP,
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
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal: str = "terminate",
        max_episode_steps: int | None = None,
        obs_key: str = "observation",
    ) -> None:
        check_game(game, family or game, opponent)
        self.render_mode = check_options(illegal, render_mode, modes=())
        check_flag("dict_obs", dict_obs)
        check_flag("final_obs", final_obs)
        self.obs_key = check_obs_key(obs_key, dict_obs)
        mode = _autoreset(autoreset_mode)
        self.max_episode_steps = _steps_limit(max_episode_steps)
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.autoreset_mode = mode
        self.illegal = illegal
        self.batched = (
            mode == AutoresetMode.SAME_STEP and illegal == "raise" and max_episode_steps is None
        )
        """Whether the one C++ batch plays (see the module docstring)."""
        # The C++ batch checks num_envs, rules and threads for both engines.
        self.batch = rl.VectorEnv(
            game,
            num_envs,
            seed=bytes(32),
            opponent=opponent,
            threads=threads,
            rules=rules,
            final_obs=final_obs and self.batched,
        )
        self.final_obs = final_obs
        self.game = game
        self.opponent = opponent
        self.dict_obs = dict_obs
        self.num_envs = self.batch.num_envs
        self.single_observation_space, self.single_action_space = spaces_of(
            game, dict_obs, self.obs_key
        )
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._started = False
        self._seed = bytes(32)
        self._has_mask = np.ones(self.num_envs, np.bool_)
        self._masks = np.zeros((self.num_envs, _N), np.bool_)
        self._penalty = worst_reward(game)
        self._drivers: list[BatchEpisode] = (
            [] if self.batched else [BatchEpisode(game, opponent, rules) for _ in range(num_envs)]
        )
        self._pending = np.zeros(self.num_envs, np.bool_)  # NEXT_STEP: begins anew next step
        self._lengths = np.zeros(self.num_envs, np.int64)  # the agent's actions this episode

    # ---- the Gymnasium API

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begins the next episode of every env, or episode 0 of ``seed`` (one int for the batch)."""
        if isinstance(seed, list):
            raise Error(
                "no_seed", "one seed for the whole batch: env i's episodes come from (seed, i)"
            )
        if options and "reset_mask" in options:
            raise Error("bad_options", "every env resets together: reset_mask is not supported")
        raw = None if seed is None else seed_of(seed)  # checked before anything changes
        if raw is None and not self._started:
            raw = secrets_seed()
        if self.batched:
            first = self.batch.reset(seed=raw)
            obs, masks = first.obs, first.mask
        else:
            obs, masks = self._reset_drivers(raw)
        if raw is not None:
            self._seed = raw
            if seed is not None:
                self._np_random, _ = gymnasium.utils.seeding.np_random(int.from_bytes(raw, "big"))
        self._started = True
        self._pending[:] = False
        self._lengths[:] = 0
        self._masks = np.array(masks, np.bool_)
        return self._obs(obs, masks), self._infos(masks)

    def _reset_drivers(self, raw: bytes | None) -> tuple[Any, Any]:
        obs = np.empty((self.num_envs, self.batch.obs_size), np.float32)
        masks = np.empty((self.num_envs, _N), np.bool_)
        for i, driver in enumerate(self._drivers):
            driver.reset(None if raw is None else _core.rl.env_seed(raw, i))
            obs[i], masks[i] = driver.obs, driver.mask
        return obs, masks

    def step(self, actions: Any) -> _Step:
        """Plays one action per env (an int array of shape ``(num_envs,)``)."""
        if not self._started:
            raise Error("not_reset", "call reset() before step()")
        if self.batched:
            return self._step_batch(actions)
        return self._step_drivers(self._checked(actions))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each env's legal actions now, ``(num_envs, 40)`` bool: those of
        ``infos["action_mask"]``, none where an episode just ended (an
        episode cut at ``max_episode_steps`` keeps its position's)."""
        masks: npt.NDArray[np.bool_] = self._masks.copy()
        return masks

    @property
    def seed_bytes(self) -> bytes:
        """The 32-byte seed of the batch."""
        return self._seed

    # ---- the C++ batch

    def _step_batch(self, actions: Any) -> _Step:
        out = self.batch.step(np.asarray(actions))
        rewards = out.rewards[:, 0].astype(np.float64)
        infos = self._infos(out.mask)
        if self.final_obs and out.terminated.any():
            finals = self.batch.final_obs[:, 0]  # the agent's seat
            self._add_final(infos, out.terminated, finals)
        self._masks = out.mask.copy()
        truncations = np.zeros(self.num_envs, np.bool_)
        return self._obs(out.obs, out.mask), rewards, out.terminated, truncations, infos

    # ---- one driver an env

    def _checked(self, actions: Any) -> npt.NDArray[np.int64]:
        """``actions`` as int64, every one checked before any is played."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
            raise Error(
                "bad_actions",
                f"actions are an integer array of shape ({self.num_envs},), "
                f"not {acts.dtype} {acts.shape}",
            )
        playing = ~self._pending
        values = acts.astype(np.int64)
        if acts.dtype.kind == "u":
            out_of_range = playing & (acts >= _N)
        else:
            out_of_range = playing & ((acts < 0) | (acts >= _N))
        if out_of_range.any():
            envs = np.flatnonzero(out_of_range).tolist()
            raise Error("bad_action", f"an action is 0 .. {_N - 1}: envs {envs} are not")
        if self.illegal == "raise":
            legal = self._masks[np.arange(self.num_envs), np.where(playing, values, 0)]
            refused = playing & ~legal
            if refused.any():
                raise Error("not_legal", f"envs {np.flatnonzero(refused).tolist()} act illegally")
        return values

    def _step_drivers(self, acts: npt.NDArray[np.int64]) -> _Step:
        n = self.num_envs
        obs = np.empty((n, self.batch.obs_size), np.float32)
        masks = np.zeros((n, _N), np.bool_)
        rewards = np.zeros(n, np.float64)
        terminations = np.zeros(n, np.bool_)
        truncations = np.zeros(n, np.bool_)
        illegal = np.zeros(n, np.bool_)
        limit = self.max_episode_steps
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        finals: npt.NDArray[np.float32] | None = None
        for i, driver in enumerate(self._drivers):
            if self._pending[i]:  # NEXT_STEP: the action is ignored, the next episode begins
                driver.reset()
                self._pending[i] = False
                self._lengths[i] = 0
                obs[i], masks[i] = driver.obs, driver.mask
                continue
            action = int(acts[i])
            self._lengths[i] += 1
            if not driver.mask[action]:
                obs[i] = driver.obs
                driver.abandon((self._penalty, 0.0))
                rewards[i], terminations[i], illegal[i] = self._penalty, True, True
            elif driver.step(action):
                obs[i] = driver.observe(0)  # the final position's tensor
                rewards[i], terminations[i] = driver.rewards[0], True
            else:
                obs[i], masks[i] = driver.obs, driver.mask
                if limit is not None and self._lengths[i] >= limit:
                    truncations[i] = True
                    driver.abandon((0.0, 0.0))
            if terminations[i] or truncations[i]:
                if not same_step:
                    self._pending[i] = True
                    continue
                if self.final_obs:
                    if finals is None:
                        finals = np.zeros_like(obs)
                    finals[i] = obs[i]
                driver.reset()
                self._lengths[i] = 0
                obs[i], masks[i] = driver.obs, driver.mask
        infos = self._infos(masks)
        if illegal.any():
            infos["illegal_action"] = illegal
            infos["_illegal_action"] = illegal.copy()
        if finals is not None:
            self._add_final(infos, terminations | truncations, finals)
        self._masks = masks
        return self._obs(obs, masks), rewards, terminations, truncations, infos

    # ---- the answers

    def _add_final(
        self, infos: dict[str, Any], ended: npt.NDArray[np.bool_], rows: npt.NDArray[Any]
    ) -> None:
        # Gymnasium's SameStep layout: one object per env, None where none ended.
        final = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            row = rows[i].copy()
            if self.dict_obs:
                final[i] = {self.obs_key: row, "action_mask": np.zeros(_N, np.int8)}
            else:
                final[i] = row
        infos["final_obs"] = final
        infos["_final_obs"] = ended.copy()
        infos["final_info"] = {}
        infos["_final_info"] = ended.copy()

    def _obs(self, obs: Any, mask: Any) -> Any:
        if self.dict_obs:
            return {self.obs_key: obs, "action_mask": mask.astype(np.int8)}
        return obs

    def _infos(self, mask: Any) -> dict[str, Any]:
        return {"action_mask": mask.astype(np.int8), "_action_mask": self._has_mask.copy()}
