# Stubs of trumpf._core.players: the costly players asked for one move.
from typing import Any

from trumpf.errors import Error as Error

NAMES: tuple[str, ...]

def choose(
    game: object,
    seat: object,
    player: object,
    seed: int = 0,
    samples: int = 0,
    budget: int = 0,
) -> dict[str, Any] | None: ...
def expert_seed(seed: bytes, game: int, player: int) -> int: ...
