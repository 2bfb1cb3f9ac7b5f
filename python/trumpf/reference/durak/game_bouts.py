"""What the table does in a Durak game by itself: bouts, refills and the end.

It plays the forced answers, closes a bout (to the heap or into the
defender's hand), refills both hands from the talon, and opens the next bout
or, once :mod:`.result` says a seat is out, ends the game.
"""

from __future__ import annotations

import copy as _copy
from typing import Any

from . import deck, result, rules
from .game_legal import GameLegal
from .game_state import SEATS

__all__ = ["GameBouts"]


def _other(seat: int) -> int:
    return 3 - seat


class GameBouts(GameLegal):
    """The changes to a game that follow from a move: its events, its bouts, its end."""

    def _emit(self, event: dict[str, Any]) -> None:
        self._history.append(event)

    def _resolve(self) -> None:
        # A position with one answer is no decision: the table plays it, silently.
        while True:
            bout = self._bout
            assert bout is not None
            if self.phase == "attack":
                how = rules.closes_of(bout, len(self._hands[bout["defender"]]))
                if how is not None:
                    self._end_bout(how)
                    return
            turn = self.turn
            assert turn is not None
            forced = rules.forced_of(self._hands[turn], bout, self._trump, self.can_swap(turn))
            if forced == "take":
                bout["taken"] = True
                continue
            if forced == "done":
                self._end_bout("taken" if bout["taken"] else "exhausted")
            return

    def _end_bout(self, how: str) -> None:
        bout = self._bout
        assert bout is not None
        attacker, defender = int(bout["attacker"]), int(bout["defender"])
        laid = list(bout["attacks"]) + [b for b in bout["beats"] if b is not None]
        if bout["taken"]:
            self._hands[defender] = sorted(self._hands[defender] + laid)
            # The six loses its pedigree when the other seat comes to hold it.
            if self._six in laid and self._six_owner is not None and self._six_owner != defender:
                self._six_owner = None
            next_attacker = attacker
        else:
            self._discard += len(laid)
            next_attacker = defender
        self._emit(
            {
                "kind": "bout_end",
                "taken": bool(bout["taken"]),
                "how": how,
                "cards": len(laid),
                "discard": self._discard,
                "next_attacker": next_attacker,
            }
        )
        drawn = {1: 0, 2: 0}
        # The attacker of the bout that just ended draws first, even when it attacks no more.
        for seat in (attacker, defender):
            hand = self._hands[seat]
            while len(hand) < deck.HAND_SIZE and self._talon:
                got = self._talon.pop(0)
                if got == self._six:
                    self._six_owner = seat
                hand.append(got)
                drawn[seat] += 1
            hand.sort()
        self._emit({"kind": "refill", "drawn": drawn, "talon": len(self._talon)})
        counts = {seat: len(self._hands[seat]) for seat in SEATS}
        ended = result.outcome_of(counts, len(self._talon))
        if ended is None:
            self._open_bout(next_attacker)
            return
        for seat in result.out_seats(counts, len(self._talon)):
            self._emit({"kind": "out", "seat": seat})
        self._bout = None
        self._finish(ended)

    def _open_bout(self, attacker: int) -> None:
        defender = _other(attacker)
        self._bout = {
            "attacker": attacker,
            "defender": defender,
            "cap": min(rules.MAX_BOUT, len(self._hands[defender])),
            "attacks": [],
            "beats": [],
            "taken": False,
        }

    def _finish(self, ended: dict[str, Any]) -> None:
        if self._result is not None:
            raise RuntimeError("a deal that ends twice is a bug")
        self._result = ended
        self._emit({"kind": "game_end", **_copy.deepcopy(ended)})
