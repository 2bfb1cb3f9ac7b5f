"""The exact solver: what each move is worth with every card known.

Alpha-beta in the C++ core over the engine's own rules, with a transposition
table and move ordering; the value is in game points for the seat on turn
(+gp when it wins the deal, -gp when it loses, 0 for a drawn Sixty-Six deal),
with claims, closes, exchanges, marriages and Sixty-Six's draw searched as
moves. The solver knows no rule of its own, so a table's house rules
(``variant.custom``, the ``schnapsen-tjger`` preset) are solved exactly as
the deal plays them. The talon's order counts as known: this is the
perfect-information game, the building block of a sampling bot, not a fair
player.

>>> from trumpf.schnapsen import Deal, solve
>>> deal = Deal.build(variant="schnapsen", seed=b"A" * 32, number=1, dealer="p1")
>>> solve.value(deal) == max(entry["value"] for entry in solve.values(deal))
True
"""

from __future__ import annotations

from trumpf._core import schnapsen as _core
from trumpf._core.schnapsen import Deal, Match
from trumpf.schnapsen.types import MoveValue

__all__ = ["value", "values"]


def values(deal: Deal | Match) -> list[MoveValue]:
    """Each legal move of the seat on turn as ``{move, value}``, in legal order.

    ``move`` is the dict ``legal`` gives; ``value`` is in game points, -3..3.
    A Match is solved in its current deal. Error ``bad_game`` for anything
    else, ``not_built`` for one made by ``__new__``, ``deal_over`` once the
    deal is over.
    """
    return _core.solve_values(deal)


def value(deal: Deal | Match) -> int:
    """The game points the position is worth to the seat on turn, -3..3.

    The best of :func:`values`, with the same refusals.
    """
    return _core.solve_value(deal)
