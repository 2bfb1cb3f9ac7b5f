# Stubs of trumpf._core.rl: integer actions, observation tensors and the
# batched environment (trumpf.rl wraps them).
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf.errors import Error as Error

N_ACTIONS: int

def action_of(game: object, move: Any) -> int: ...
def move_of(game: object, action: int) -> dict[str, Any]: ...
def legal_mask(game: object, seat: Any) -> npt.NDArray[np.bool_]: ...
def rewards(game: object) -> tuple[float, float]: ...
def observe(game: object, seat: Any, dtype: Any = "float32") -> npt.NDArray[Any]: ...
def action_names(game: object) -> tuple[str, ...]: ...
def obs_scale(game: object) -> npt.NDArray[np.float32]: ...
def obs_layout(game: object) -> tuple[tuple[int, int, str, str], ...]: ...
def action_layout(game: object) -> tuple[tuple[int, int, str, str], ...]: ...
def games() -> tuple[str, ...]: ...
def worst_reward(game: object) -> float: ...
def opponents(game: object) -> tuple[str, ...]: ...
def env_seed(seed: bytes, env: int) -> bytes: ...

class VectorEnv:
    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: bytes,
        opponent: str | None = None,
        threads: int = 1,
        rules: object = None,
        obs_dtype: Any = "float32",
        copy: bool = True,
        expert_samples: int = 0,
        expert_budget: int = 0,
        final_obs: bool = False,
        illegal: str = "raise",
        max_episode_steps: int | None = None,
    ) -> None: ...
    # illegal: "raise" or "terminate" (bad_illegal otherwise); max_episode_steps:
    # None or an int in [1, 2**32 - 1] (bad_value otherwise).
    # seed: 32 bytes, or None to go on with the env's own. Error busy while
    # another thread steps it, bad_value for a copy=False array that was
    # resized, reshaped, retyped or made read-only; a refused call changes
    # nothing. KeyboardInterrupt when Ctrl-C stops a long call (a costly
    # opponent's search), which then changes nothing either.
    def reset(
        self, seed: bytes | None = None
    ) -> tuple[npt.NDArray[Any], npt.NDArray[np.bool_], npt.NDArray[np.int8]]: ...
    # actions: an integer array of shape (num_envs,) (bad_actions otherwise),
    # each in range and, with illegal="raise", legal in its env (not_legal),
    # held envs excepted; hold: None or a bool (0/1 uint8) array of shape
    # (num_envs,) (bad_value otherwise); refusals and Ctrl-C as reset's.
    def step(
        self, actions: Any, hold: Any = None
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]: ...
    def clone(self) -> VectorEnv: ...
    # (format 1, started, episodes, lengths, actions, ended, ended lengths,
    # ended actions): ints as little-endian bytes; an action byte is the
    # action, 0xFF for a held step or 0x80 | action for a penalised one
    # (cpp/rl/env.hpp, Record).
    def record(self) -> tuple[int, bool, bytes, bytes, bytes, bytes, bytes, bytes]: ...
    # On a fresh env only (bad_value otherwise); Error bad_log for a record
    # no play reaches, the env then left fresh.
    def restore(self, record: object) -> None: ...
    # Raises TypeError: the trumpf.rl.VectorEnv holding it pickles.
    def __reduce_ex__(self, protocol: Any) -> Any: ...
    @property
    def episodes(self) -> npt.NDArray[np.uint64]: ...
    # Where the last step cut an episode at max_episode_steps (a copy unless copy=False).
    @property
    def truncated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def final_obs(self) -> npt.NDArray[Any]: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def obs_size(self) -> int: ...
