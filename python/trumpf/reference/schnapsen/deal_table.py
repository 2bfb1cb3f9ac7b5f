"""What the table does on a deal by itself: the draws, the turn-up swap, the verdict.

None of it is a move: each is what a move brings about, and the scoring of
a finished deal is handed to :func:`.scoring.deal_result`.
"""

from __future__ import annotations

import copy as copy_mod
from typing import Any

from . import scoring
from .deal_state import DealState
from .seat import other

__all__ = ["DealTable"]


class DealTable(DealState):
    """The changes to a deal that follow from a move: drawing, swapping, finishing."""

    def _draw_both(self, winner: str) -> None:
        # The winner draws first; with the turn-up last in the talon, the
        # loser of the last drawing trick is the one who gets it.
        for seat in (winner, other(winner)):
            if self._talon:
                self._hands[seat].append(self._talon.pop(0))
            elif self._turn_up is not None:
                self._hands[seat].append(self._turn_up)
                self._turn_up = None

    def _swap_turn_up(self, seat: str, low_trump: int) -> None:
        assert self._turn_up is not None
        self._hands[seat].remove(low_trump)
        self._hands[seat].append(self._turn_up)
        self._turn_up = low_trump

    def _finish(self, how: str, by: str | None) -> dict[str, Any]:
        result = scoring.deal_result(
            variant=self._rules,
            how=how,
            by=by,
            points=self._taken,
            tricks=self._tricks_won,
            closed_by=self._closed_by,
            close_state=self._close_state,
            last_trick=self._tricks[-1]["winner"] if self._tricks else None,
        )
        self._result = result
        event = {"kind": "deal_end"}
        event.update(copy_mod.deepcopy(result))
        return event
