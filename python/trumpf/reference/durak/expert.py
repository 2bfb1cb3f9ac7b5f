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

from .._args import show
from .._expert import ExpertOptions
from .errors import Error
from .game import Game
from .info_read import read_info
from .solve import values

__all__ = ["Expert"]


_INFO: Any = object()  # choose's seat when only an info is given


class Expert(ExpertOptions):
    """The sampling bot, as far as the oracle states it (see the module)."""

    def choose(self, game: Any, seat: Any = _INFO) -> dict[str, Any] | None:
        """The move for ``seat`` from what it may know; None when it is not on turn.

        ``choose(info)``, one argument, reads the seat's info dict alone
        (:mod:`.info_read`): the move ``choose(game, seat)`` makes.
        """
        if seat is _INFO:
            world, told = read_info(game)  # its legal is the world's, compared as moves
            return self._best(world, told)
        if not isinstance(game, Game):
            raise Error("bad_game", f"a player plays a built Durak Game, not {show(game)}")
        info = game.info(seat)  # an unbuilt game: not_built; a bad seat: bad_seat
        if game.over or game.turn != info["seat"]:
            return None
        return self._best(game, dict(info))

    def _best(self, game: Game, info: dict[str, Any]) -> dict[str, Any]:
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
