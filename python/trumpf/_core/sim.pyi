# Stubs of trumpf._core.sim, the batch simulator.
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf.errors import Error as Error

def run(
    game: str,
    games: int,
    a: str,
    b: str,
    seed: bytes,
    threads: int,
    progress: Callable[[int, int], None] | None = None,
    *,
    rules: dict[str, Any] | None = None,
    start: int = 0,
    expert_samples: int = 0,
    expert_budget: int = 0,
) -> dict[str, Any]: ...

class Stream:
    def __init__(self, seed: bytes, game: int, player: int) -> None: ...
    def below(self, n: int) -> int: ...
    def __reduce__(self) -> tuple[Callable[[bytes], Stream], tuple[bytes]]: ...

def stream_at(state: bytes) -> Stream: ...
def match_seed(seed: bytes, index: int) -> bytes: ...

# An int for an int, an int8 array for an integer array.
def seat_a(games: int | npt.NDArray[np.integer[Any]]) -> int | npt.NDArray[np.int8]: ...
def first_dealer(games: int | npt.NDArray[np.integer[Any]]) -> int | npt.NDArray[np.int8]: ...
def episode_dealer(env: int, episode: int) -> int: ...
