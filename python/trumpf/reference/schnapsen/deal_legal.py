"""What a seat of a deal may do now: the declarations it may make and its legal moves.

``legal`` lists the moves in the reference order; ``_kinds_now`` is the
coarser question ``apply`` asks first, which kinds are moves at all.
"""

from __future__ import annotations

from typing import Any

from . import marriage, trick
from .card import card_of
from .deal_state import DealState
from .seat import check_seat

__all__ = ["DealLegal"]


class DealLegal(DealState):
    """The questions a deal answers about what may be played, changing nothing."""

    def can_exchange(self, seat: str) -> int | None:
        """The trump jack (nine) the seat may swap for the turn-up, or None.

        Answers for the seat whatever the turn: only the talon, the turn-up
        and (in Sixty-Six) a trick won matter. The stock must hold at least
        ``exchange_min_stock`` cards (the reference's 1: anything at all).
        """
        seat = check_seat(seat)
        if self.closed or self._pending_draw:
            return None
        if self.draw_left < self._rules["exchange_min_stock"] or self._turn_up is None:
            return None
        if self._rules["exchange_needs_trick"] and self._tricks_won[seat] == 0:
            return None
        low_trump = card_of(self._trump, self._rules["exchange_rank"])
        return low_trump if low_trump in self._hands[seat] else None

    def can_close(self, seat: str) -> bool:
        """Whether the talon can be closed (by this seat, were it on lead).

        The stock must hold at least ``close_min_stock`` cards (the
        reference's 1: anything at all).
        """
        seat = check_seat(seat)
        if self.closed or self.draw_left < self._rules["close_min_stock"]:
            return False
        # Only Sixty-Six may close between a trick and its draw.
        return not self._pending_draw or bool(self._rules["close_before_draw"])

    def can_marry(self, seat: str) -> list[dict[str, Any]]:
        """The marriages the seat holds and may declare, in suit order C, D, H, S."""
        seat = check_seat(seat)
        if self._must_lead is not None or self._pending_draw:
            return []
        if not self._rules["marriage_after_close"] and self.phase == 2:
            return []
        return marriage.held(self._hands[seat], self._trump)

    def can_claim(self, seat: str) -> bool:
        """Whether the seat may claim now: timing only, never its points.

        Just after a trick, or after declaring a marriage, on lead, before
        leading. A claim that turns out short is a false claim and loses.
        """
        seat = check_seat(seat)
        if self.over or self._turn != seat or self._lead is not None:
            return False
        return bool(self._tricks) or any(m["seat"] == seat for m in self._melds)

    # ------------------------------------------------------------------ legal

    def legal(self, seat: str) -> list[dict[str, Any]]:
        """What the seat may do, in the reference order; [] if not its move."""
        seat = check_seat(seat)
        if self.over or seat != self._turn:
            return []
        hand = self._hands[seat]
        if self._lead is not None:
            cards = trick.legal_follows(hand, self._lead, self._trump, self.phase)
            return [{"kind": "follow", "card": c} for c in cards]
        moves: list[dict[str, Any]] = []
        if self.can_claim(seat):
            moves.append({"kind": "claim"})
        if self._pending_draw:
            if self.can_close(seat):
                moves.append({"kind": "close"})
            moves.append({"kind": "draw"})
            return moves
        if self.can_exchange(seat) is not None:
            moves.append({"kind": "exchange"})
        if self.can_close(seat):
            moves.append({"kind": "close"})
        moves.extend(marriage.legal_entries(self.can_marry(seat), self._rules["marriage_by_lead"]))
        leads = self._must_lead if self._must_lead is not None else hand
        moves.extend({"kind": "lead", "card": c} for c in leads)
        return moves

    def _kinds_now(self) -> tuple[str, ...]:
        # The kinds that are moves at this moment at all; anything else is
        # refused as not_legal before the move's own check.
        if self._lead is not None:
            return ("follow",)
        if self._pending_draw:
            return ("claim", "close", "draw")
        return ("lead", "claim", "exchange", "close", "marriage")
