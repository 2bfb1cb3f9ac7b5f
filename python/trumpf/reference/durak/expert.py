"""The oracle's Expert: the definition of the core's Durak expert where it is exact.

The core's expert (cpp/durak/expert.hpp) deals the worlds a seat cannot
tell apart, scores every legal move in each as "not the fool" and "won",
and plays the move with the most worlds not lost, then won, the first in
legal order on a tie. Once the talon holds no face-down card, the seat can
place every card (the unseen ones are the rest of the other hand), so there
is one world, the game itself, and each move's scores are the exact
solver's verdict when it settles: value >= 0 is not lost, value > 0 won.
That is what this twin computes, by plain minimax (:mod:`.solve`, within
the expert's budget). Before that, or when the solver does not settle a
move, the core samples worlds and plays them out with the level-3 bot,
which the oracle does not restate: it refuses ``not_exact``.
"""

from __future__ import annotations

from typing import Any

from .._args import as_int, show
from .errors import Error
from .game import Game
from .solve import values

__all__ = ["Expert"]

MAX_SAMPLES = 2**20
MAX_BUDGET = 10**12
MAX_SEED = 2**63 - 1


class Expert:
    """The sampling bot, as far as the oracle states it (see the module)."""

    def __init__(self, samples: int = 64, budget: int = 200_000, seed: int = 0) -> None:
        self._samples = as_int(samples, "bad_budget", "samples", 1, MAX_SAMPLES)
        self._budget = as_int(budget, "bad_budget", "budget", 1, MAX_BUDGET)
        self._seed = as_int(seed, "bad_seed", "an expert's seed", 0, MAX_SEED)

    @property
    def samples(self) -> int:
        """The most worlds a decision."""
        return self._samples

    @property
    def budget(self) -> int:
        """The most work units a decision."""
        return self._budget

    @property
    def seed(self) -> int:
        """The seed the core draws its worlds from."""
        return self._seed

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._samples, self._budget, self._seed))

    def __repr__(self) -> str:
        return f"<Expert samples {self._samples}, budget {self._budget}, seed {self._seed}>"

    def choose(self, game: Game, seat: int) -> dict[str, Any] | None:
        """The move for ``seat`` from what it may know; None when it is not on turn."""
        if not isinstance(game, Game):
            raise Error("bad_game", f"a player plays a built Durak Game, not {show(game)}")
        info = game.info(seat)  # an unbuilt game: not_built; a bad seat: bad_seat
        if game.over or game.turn != info["seat"]:
            return None
        legal: list[dict[str, Any]] = [dict(move) for move in info["legal"]]
        if len(legal) == 1:
            return legal[0]
        if info["talon"] > 1:
            raise Error(
                "not_exact",
                "the oracle's expert solves only once the talon holds no face-down card "
                "(the core samples and plays out before that)",
            )
        scores = []
        for entry in values(game, self._budget):
            value = entry["value"]
            if value is None:
                raise Error("not_exact", "the solver did not settle a move within the budget")
            scores.append((int(value >= 0), int(value > 0)))
        return legal[max(range(len(legal)), key=lambda i: (scores[i], -i))]
