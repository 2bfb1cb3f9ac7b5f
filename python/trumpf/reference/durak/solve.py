"""Plain minimax over the oracle's Game: the yardstick of the C++ solver.

Every move of both seats is tried on a copy through nothing but the Game's
own ``legal``, ``apply``, ``over`` and ``result``: no pruning, no table, no
ordering, so it is slow and obviously right, and answers only for small
positions. Resigning is not searched: the resigner is the fool, the worst
there is, so it is never better than a move on the board. The same
functions as :mod:`trumpf.durak.solve`; ``budget`` counts positions, and a
move whose search needs more is left unknown (value None, bounds -1..1).
"""

from __future__ import annotations

from typing import Any

from .._args import as_int, show
from .errors import Error
from .game import Game

__all__ = ["DEFAULT_BUDGET", "value", "values"]

DEFAULT_BUDGET = 1_000_000
MAX_BUDGET = 1_000_000_000_000


class _Spent(Exception):
    pass


def values(game: Game, budget: int = DEFAULT_BUDGET) -> list[dict[str, Any]]:
    """Each legal move of the seat on turn as ``{move, value, low, high}``, in legal order.

    The value is +1 if the other seat ends as the fool, -1 if this one does,
    0 for a draw; None if the budget ran out first, with low..high the bounds.
    """
    _live(game)
    left = [_check_budget(budget)]
    out: list[dict[str, Any]] = []
    for move in game.legal(_turn(game)):
        try:
            found: int | None = _after(game, move, left)
        except _Spent:
            found = None
        low, high = (-1, 1) if found is None else (found, found)
        out.append({"move": move, "value": found, "low": low, "high": high})
    return out


def value(game: Game, budget: int = DEFAULT_BUDGET) -> int | None:
    """The value of the position for the seat on turn, or None if the budget ran out."""
    _live(game)
    try:
        return _best(game, [_check_budget(budget)])
    except _Spent:
        return None


def _live(game: object) -> None:
    if not isinstance(game, Game):
        raise Error("bad_game", f"not a built durak Game: {show(game)}")
    if game.over:  # an unbuilt Game refuses not_built here
        raise Error("game_over", "the game is over: there is nothing to solve")


def _check_budget(budget: object) -> int:
    return as_int(budget, "bad_budget", "budget", 1, MAX_BUDGET)


def _turn(game: Game) -> int:
    turn = game.turn
    assert turn is not None
    return turn


def _best(game: Game, left: list[int]) -> int:
    return max(_after(game, move, left) for move in game.legal(_turn(game)))


def _after(game: Game, move: dict[str, Any], left: list[int]) -> int:
    # The move's value for the seat that makes it: an attacker keeps the turn
    # after a beat is answered, so the sign flips only on a change of turn.
    left[0] -= 1
    if left[0] < 0:
        raise _Spent
    seat = _turn(game)
    child = game.copy()
    child.apply(seat, move)
    if child.over:
        result = child.result
        assert result is not None
        if result["fool"] is None:
            return 0
        return -1 if result["fool"] == seat else 1
    best = _best(child, left)
    return best if child.turn == seat else -best
