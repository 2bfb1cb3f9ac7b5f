"""The oracle's match equity: what a deal's result is worth to the expert in a match.

In a match whose variant is marked for it (Schnapsen, not Sixty-Six), the
expert counts a world's result not in game points but in the chance of
winning the match that it leaves (docs/bots.md, "The expert in a match").
That chance is the one two equal players have when each deal goes to either
of them alike and pays 1, 2 or 3 game points as often as the expert's deals
against itself do. It is computed here from that definition: ``chance(a, b)``
for the seat needing ``a`` more game points and the other seat ``b``, both at
most ``MAX_NEED``; each figure is summed in the same order and rounded to
1/100,000ths alike, so the core and this twin choose alike.
"""

from __future__ import annotations

from functools import cache

__all__ = ["MATCH_AWARE", "MAX_NEED", "equity"]

MAX_NEED = 16
"""The most game points either seat may still need for the table to be used."""

MATCH_AWARE = {"schnapsen": True, "sixtysix": False}
"""By base game: whether the expert plays its matches for the match."""

# How often a deal of the expert against itself pays 1, 2 and 3 game points.
_PAYS = {"schnapsen": (0.344, 0.456, 0.200), "sixtysix": (0.445, 0.460, 0.095)}


@cache
def _chance(game: str, need: int, other_need: int) -> float:
    if need == 0 or other_need == 0:
        return 1.0 if need == 0 and other_need > 0 else 0.0
    total = 0.0
    for points, share in enumerate(_PAYS[game], start=1):
        mine = _chance(game, max(need - points, 0), other_need)
        theirs = _chance(game, need, max(other_need - points, 0))
        total += 0.5 * share * (mine + theirs)
    return total


def equity(game: str, need: int, other_need: int, points: int) -> int:
    """In 1/100,000ths: the chance of winning the match after a deal that
    pays the seat ``points`` game points (negative: the other seat's), when it
    needed ``need`` more and the other seat ``other_need``."""
    if points > 0:
        need = max(need - points, 0)
    elif points < 0:
        other_need = max(other_need + points, 0)
    return int(_chance(game, need, other_need) * 100000.0 + 0.5)
