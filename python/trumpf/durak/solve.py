"""The exact endgame solver: who ends as the fool with every card known.

Once the talon is empty both hands are known to both seats, and the rest of
the game is a perfect-information game. Alpha-beta in the C++ core over the
engine's own rules, with a transposition table and move ordering, from the
view of the seat on turn: +1 if the other seat ends as the fool, -1 if this
one does, 0 for a draw. Long endgames can outgrow ``budget`` (positions
searched): a move is then unknown, value None, with the bounds proven so far.
Resigning is not searched; it is never better than playing on.
"""

from __future__ import annotations

from trumpf._core import durak as _core
from trumpf._core.durak import Game
from trumpf.durak.types import MoveValue

__all__ = ["DEFAULT_BUDGET", "value", "values"]

DEFAULT_BUDGET = 1_000_000


def values(game: Game, budget: int = DEFAULT_BUDGET) -> list[MoveValue]:
    """Each legal move of the seat on turn as ``{move, value, low, high}``, in legal order.

    ``value`` is +1, 0 or -1, or None when the budget ran out before it was
    proven; ``low``..``high`` are the proven bounds (equal to ``value`` when
    it is known). Error ``bad_game`` (not a Game), ``not_built``,
    ``game_over`` or ``bad_budget`` (an int 1..10**12).
    """
    return _core.solve_values(game, budget)


def value(game: Game, budget: int = DEFAULT_BUDGET) -> int | None:
    """The value of the position for the seat on turn, or None if the budget ran out.

    +1, 0 or -1 as in :func:`values`, with the same refusals.
    """
    return _core.solve_value(game, budget)
