"""The oracle's Expert: the definition of the core's expert where it is exact.

The core's expert (cpp/schnapsen/expert.hpp) deals the worlds a seat cannot
tell apart from what ``info(seat)`` holds (plus the voids its opponent's
phase-2 follows showed), gives each legal move the sum over the worlds of
its exact value in game points for the seat, and plays the best, the first
in legal order on a tie. When every world is enumerated (at most
``samples`` of them) and solved exactly (at most 14 cards in both hands and
left to draw), the sum is the same whatever the order and the budget does
not bind (the contract's positions are far inside it): that is what this
twin computes, by plain minimax (:mod:`.solve`). Beyond it the core samples
and rolls out, which the oracle does not restate: it refuses ``not_exact``.

In a match of a game :data:`.equity.MATCH_AWARE` marks, the expert (not
``Expert(pimc=True)``) counts a world's value as the chance of winning the
match that it leaves (:func:`.equity.equity`) rather than its game points.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from math import comb, factorial
from typing import Any

from .._args import as_bool, show
from .._expert import ExpertOptions
from .deal import Deal
from .equity import MATCH_AWARE, MAX_NEED, equity
from .errors import Error
from .info import lacks_of
from .info_read import read_info
from .match import Match
from .solve import values

__all__ = ["Expert", "checked_info"]

EXACT_WEIGHT = 14  # cards in both hands and left to draw, at most, for an exact solve


_INFO: Any = object()  # choose's seat when only an info is given


def _world(deal: Deal, info: dict[str, Any], hand: Sequence[int]) -> Deal:
    """The deal with the other hand's unknown cards `hand` (the first of them), the talon the rest."""
    other = "p2" if info["seat"] == "p1" else "p1"
    need = info["counts"][other] - len(info["known"])
    world = deal.copy()
    # A world is the deal with the hidden cards dealt again; nothing
    # of the true hidden cards is read.
    world._hands[other] = sorted([*info["known"], *hand[:need]])
    world._talon = sorted(set(info["unseen"]) - set(hand[:need]))
    return world


def checked_info(given: object) -> tuple[Deal, set[int], dict[str, Any]]:
    """An info dict read back (:func:`.info_read.read_info`: the deal, the
    other hand's lacks, the plain info), its ``legal`` checked too: the
    seat's moves are the same in every world, so any one shows them. What
    ``Expert.choose(info)`` and ``sample_world`` read."""
    table, lacks, told = read_info(given)
    first = _world(table, told, sorted(set(told["unseen"]) - lacks))
    if first.legal(told["seat"]) != told["legal"]:
        raise Error("bad_info", "the info's legal is not the moves its position allows")
    return table, lacks, told


class Expert(ExpertOptions):
    """The sampling bot, as far as the oracle states it (see the module)."""

    def __init__(
        self, samples: int = 64, budget: int = 200_000, seed: int = 0, pimc: bool = False
    ) -> None:
        super().__init__(samples, budget, seed)
        self._pimc = as_bool(pimc, "bad_player", "pimc")

    @property
    def pimc(self) -> bool:
        """True: game points alone, in a match too (the table's expert-pimc)."""
        return self._pimc

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._samples, self._budget, self._seed, self._pimc))

    def __repr__(self) -> str:
        return super().__repr__()[:-1] + (", pimc>" if self._pimc else ">")

    def choose(self, game: Any, seat: Any = _INFO) -> dict[str, Any] | None:
        """The move for ``seat`` from what it may know; None when it is not on turn.

        ``choose(info)``, one argument, reads the seat's info dict alone
        (:mod:`.info_read`): the move ``choose(game, seat)`` makes.
        """
        if seat is _INFO:
            table, lacks, told = checked_info(game)
            return self._best(told, lambda: self._worlds(table, told, lacks))
        if isinstance(game, Match):
            _ = game.seed  # an unbuilt match refuses not_built here
            over = game.over
            deal = game.deal
        elif isinstance(game, Deal):
            _ = game.seed
            over, deal = False, game
        else:
            raise Error("bad_game", f"a player plays a built Deal or Match, not {show(game)}")
        # A match's info is its deal's with the standing (to_win) that _worth reads.
        asked = game if isinstance(game, Match) and not over else deal
        info: dict[str, Any] = dict(asked.info(seat))  # a bad seat: bad_seat
        seat = info["seat"]
        if over or deal.over or deal.turn != seat:
            return None
        return self._best(info, lambda: self._worlds(deal, info, lacks_of(deal, seat)))

    def _worth(self, info: dict[str, Any]) -> Callable[[int], int]:
        """What a world's value in game points counts for: itself, or in a
        match the expert plays for the match, the equity it leaves."""
        game = info["rules"]["name"]
        to_win = info.get("to_win")
        if self._pimc or not MATCH_AWARE[game] or to_win is None:
            return lambda points: points
        seat = info["seat"]
        need = to_win[seat]
        other_need = to_win["p2" if seat == "p1" else "p1"]
        if need > MAX_NEED or other_need > MAX_NEED:
            return lambda points: points
        return lambda points: equity(game, need, other_need, points)

    def _best(self, info: dict[str, Any], worlds: Callable[[], list[Deal]]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = list(info["legal"])
        if len(legal) == 1:
            return legal[0]
        worth = self._worth(info)
        sums = [0] * len(legal)
        for world in worlds():
            for i, entry in enumerate(values(world)):
                assert entry["move"] == legal[i]  # the seat's moves are the same in every world
                sums[i] += worth(int(entry["value"]))
        return legal[max(range(len(legal)), key=lambda i: (sums[i], -i))]

    def _worlds(
        self, deal: Deal, info: dict[str, Any], lacks: set[int] | None = None
    ) -> list[Deal]:
        """Every world the seat cannot tell apart, or not_exact when they are too many."""
        other = "p2" if info["seat"] == "p1" else "p1"
        known, unseen = list(info["known"]), list(info["unseen"])
        if lacks is None:
            lacks = lacks_of(deal, info["seat"])
        allowed = sorted(set(unseen) - lacks)
        need = info["counts"][other] - len(known)
        face_down = info["talon_left"] - (0 if info["turn_up"] is None else 1)
        order_counts = info["draw_left"] > 0
        count = comb(len(allowed), need) * (factorial(face_down) if order_counts else 1)
        weight = info["counts"]["p1"] + info["counts"]["p2"] + info["draw_left"]
        if count > self._samples or weight > EXACT_WEIGHT:
            raise Error(
                "not_exact",
                f"the oracle's expert enumerates and solves exactly: {count} worlds of "
                f"{weight} cards is beyond it (the core samples and rolls out)",
            )
        out: list[Deal] = []
        for hand in itertools.combinations(allowed, need):
            rest = sorted(set(unseen) - set(hand))
            orders = itertools.permutations(rest) if order_counts else [tuple(rest)]
            for talon in orders:
                world = _world(deal, info, hand)
                world._talon = list(talon)
                out.append(world)
        return out
