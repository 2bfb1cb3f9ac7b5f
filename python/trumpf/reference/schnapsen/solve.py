"""Plain minimax over the oracle's Deal: the yardstick of the C++ solver.

Every move of both seats is tried on a copy, claims, closes, exchanges,
marriages and Sixty-Six's draw included, through nothing but the Deal's own
``legal``, ``apply``, ``over`` and ``result``: no pruning, no table, no
ordering, so it is slow and obviously right, and answers only for small
positions. It knows no rule of its own either: a deal under house rules
(``variant.custom``, a preset) is searched as that deal plays. The same
functions as :mod:`trumpf.schnapsen.solve`, with the same refusals.
"""

from __future__ import annotations

from typing import Any

from .._args import show
from .deal import Deal
from .errors import Error
from .match import Match

__all__ = ["value", "values"]


def values(deal: Deal | Match) -> list[dict[str, Any]]:
    """Each legal move of the seat on turn as ``{move, value}``, in legal order.

    The value is in game points for that seat with every card known: +gp
    when it wins the deal, -gp when it loses, 0 for a drawn Sixty-Six deal.
    """
    table = _live(deal)
    return [{"move": move, "value": _after(table, move)} for move in table.legal(table.turn)]


def value(deal: Deal | Match) -> int:
    """The game points the position is worth to the seat on turn, -3..3."""
    return _best(_live(deal))


def _live(deal: object) -> Deal:
    # An unbuilt Deal or Match refuses not_built at its first property.
    if isinstance(deal, Match):
        deal = deal.deal
    if not isinstance(deal, Deal):
        raise Error("bad_game", f"a solver solves a Deal or a Match, not {show(deal)}")
    if deal.over:
        raise Error("deal_over", "the deal is over: there is nothing to solve")
    return deal


def _best(deal: Deal) -> int:
    return max(_after(deal, move) for move in deal.legal(deal.turn))


def _after(deal: Deal, move: dict[str, Any]) -> int:
    # The move's value for the seat that makes it: a marriage, an exchange or
    # a close leaves the same seat on turn, so the sign flips only on a change.
    seat = deal.turn
    child = deal.copy()
    child.apply(seat, move)
    if child.over:
        result = child.result
        assert result is not None
        if result["winner"] is None:
            return 0
        points = int(result["game_points"])
        return points if result["winner"] == seat else -points
    best = _best(child)
    return best if child.turn == seat else -best
