"""What a seat of a Durak game may do now: exchange the trump six, and its legal moves."""

from __future__ import annotations

from typing import Any

from . import rules
from .game_state import GameState

__all__ = ["GameLegal"]


class GameLegal(GameState):
    """The questions a game answers about what may be played, changing nothing."""

    def can_swap(self, seat: int) -> bool:
        """Whether a seat may exchange the trump six for the turn-up now.

        It must be the six's owner, still hold it, and the turn-up must still be
        in the talon; whose turn it is, is for ``legal`` to say.
        """
        seat = self._seat(seat)
        return (
            self._result is None
            and self._six_owner == seat
            and self._six in self._hands[seat]
            and self.turn_up_left
        )

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """What a seat may do now, in the reference order; empty for the seat not on turn.

        Defending: each beating card, then take (when a beat or a swap is also
        possible), then swap. Attacking: each card that may go in, then done
        (when the bout has cards and a throw or a swap is also possible), then swap.
        """
        seat = self._seat(seat)
        if seat != self.turn:
            return []
        assert self._bout is not None
        hand = self._hands[seat]
        swap = self.can_swap(seat)
        moves: list[dict[str, Any]] = []
        if self.phase == "defend":
            attack = rules.unbeaten_of(self._bout)
            assert attack is not None
            beats = rules.beats_of(hand, attack, self._trump)
            moves += [{"kind": "beat", "card": held} for held in beats]
            if beats or swap:
                moves.append({"kind": "take"})
        else:
            throws = rules.attacks_of(hand, self._bout)
            moves += [{"kind": "attack", "card": held} for held in throws]
            if self._bout["attacks"] and (throws or swap):
                moves.append({"kind": "done"})
        if swap:
            moves.append({"kind": "swap"})
        return moves
