"""The Gymnasium vector env, ``trumpf.rl.gymnasium.TrumpfVectorEnv``.

One C++ batch plays it in every mode: a :class:`trumpf.rl.VectorEnv` made
with the env's ``illegal`` and ``max_episode_steps``, stepped in one call.
The batch resets an env inside the step that ended its episode and keeps
that episode's final tensors (``final_obs``); NEXT_STEP autoreset
(Gymnasium's default, which RLlib and Gymnasium's vector wrappers need)
answers the final observation in that step and holds the env in the next
one (``step(actions, hold)``), which then answers the next episode's first
decision.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._gym_spaces import check_game, check_obs_key, spaces_of
from trumpf.rl._single import check_flag, check_options, secrets_seed, seed_of

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

    Episodes: ``reset(seed=n)`` seeds the whole batch with ``n`` as 32
    big-endian bytes, and env ``i``'s episode ``e`` is
    ``rl.VectorEnv(game, num_envs, seed).build(i, e)`` in every mode (env 0
    plays the single env's episodes of the same seed).

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
        next_step = mode == AutoresetMode.NEXT_STEP
        # copy=False: the batch writes the same arrays every step, and the
        # answers are copies of them (the final tensors are read in place).
        self.batch = rl.VectorEnv(
            game,
            num_envs,
            seed=bytes(32),
            opponent=opponent,
            threads=threads,
            rules=rules,
            copy=False,
            final_obs=final_obs or next_step,
            illegal=illegal,
            max_episode_steps=self.max_episode_steps,
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
        self._next_step = next_step
        self._pending = np.zeros(self.num_envs, np.bool_)  # NEXT_STEP: begins anew next step

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
        first = self.batch.reset(seed=raw)
        obs, masks = first.obs.copy(), first.mask.copy()
        if raw is not None:
            self._seed = raw
            if seed is not None:
                self._np_random, _ = gymnasium.utils.seeding.np_random(int.from_bytes(raw, "big"))
        self._started = True
        self._pending[:] = False
        self._masks = masks
        return self._obs(obs, masks), self._infos(masks)

    def step(self, actions: Any) -> _Step:
        """Plays one action per env (an int array of shape ``(num_envs,)``)."""
        if not self._started:
            raise Error("not_reset", "call reset() before step()")
        acts = self._checked(actions)
        pending = self._pending
        held = pending if pending.any() else None
        illegal = None
        if self.illegal == "terminate":
            playing = ~pending
            legal = self._masks[np.arange(self.num_envs), np.where(playing, acts, 0)]
            illegal = playing & ~legal
        out = self.batch.step(acts, held)
        obs, masks = out.obs.copy(), out.mask.copy()
        rewards = out.rewards[:, 0].astype(np.float64)
        terminations = out.terminated.copy()
        if self.max_episode_steps is None:
            truncations = np.zeros(self.num_envs, np.bool_)
        else:
            truncations = self.batch.truncated.copy()
        ended = terminations | truncations
        any_ended = bool(ended.any())
        keep = any_ended and (self._next_step or self.final_obs)
        finals = self.batch.final_obs[:, 0] if keep else None  # the agent's seat, in place
        if self._next_step:
            if finals is not None:
                obs[ended] = finals[ended]  # the final position, the next episode next step
                masks[ended] = False
            self._pending = ended
        infos = self._infos(masks)
        if illegal is not None and illegal.any():
            infos["illegal_action"] = illegal
            infos["_illegal_action"] = illegal.copy()
        if finals is not None and not self._next_step:
            self._add_final(infos, ended, finals)
        self._masks = masks
        return self._obs(obs, masks), rewards, terminations, truncations, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each env's legal actions now, ``(num_envs, 40)`` bool: those of
        ``infos["action_mask"]``: in NEXT_STEP mode none where an episode
        just ended (terminated or truncated), whose next action is ignored."""
        masks: npt.NDArray[np.bool_] = self._masks.copy()
        return masks

    @property
    def seed_bytes(self) -> bytes:
        """The 32-byte seed of the batch."""
        return self._seed

    def _checked(self, actions: Any) -> npt.NDArray[np.int64]:
        """``actions`` as int64, those of the envs that play checked in range
        (the batch checks their legality, with ``illegal="raise"``)."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
            raise Error(
                "bad_actions",
                f"actions are an integer array of shape ({self.num_envs},), "
                f"not {acts.dtype} {acts.shape}",
            )
        playing = ~self._pending
        if acts.dtype.kind == "u":
            out_of_range = playing & (acts >= _N)
        else:
            out_of_range = playing & ((acts < 0) | (acts >= _N))
        if out_of_range.any():
            envs = np.flatnonzero(out_of_range).tolist()
            raise Error("bad_action", f"an action is 0 .. {_N - 1}: envs {envs} are not")
        return np.where(playing, acts, 0).astype(np.int64)

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
