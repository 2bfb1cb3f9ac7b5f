"""Applying a move to a deal: the refusals in the reference's order, then its events.

``apply`` refuses deal_over, not_your_turn and not_legal before the move's
own check; each move's own check runs before anything changes, so a refused
move leaves the deal as it was.
"""

from __future__ import annotations

import copy as copy_mod
from typing import Any

from .._args import show
from . import marriage, trick
from .card import card_id, card_of, name_of
from .deal_legal import DealLegal
from .deal_table import DealTable
from .deck import seat_of
from .errors import Error
from .seat import other

__all__ = ["DealApply"]


def _names(cards: list[int]) -> str:
    return "[" + ", ".join(name_of(c) for c in cards) + "]"


class DealApply(DealLegal, DealTable):
    """A deal's moves: ``apply`` and the handler of each kind of move."""

    def apply(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Play a move; returns the events it caused, or raises ``Error``.

        Checks run in the reference order: deal_over, not_your_turn,
        not_legal, then the move's own check. A refused move changes nothing.
        """
        if self.over:
            raise Error("deal_over", "the deal is over")
        checked = seat_of(seat)
        if checked is None or checked != self._turn:
            raise Error("not_your_turn", f"it is {self._turn}'s turn, not {show(seat)}'s")
        seat = checked
        # The move is read by value: a dict subclass's own methods never run.
        move = dict(dict.items(move)) if isinstance(move, dict) else {}
        kind = move.get("kind")
        kind = str.__str__(kind) if isinstance(kind, str) else None
        if kind is None or kind not in self._kinds_now():
            raise Error("not_legal", f"{show(move.get('kind'))} is not a move {seat} can make now")
        if kind == "lead":
            events = self._lead_card(seat, move)
        elif kind == "follow":
            events = self._follow(seat, move)
        elif kind == "claim":
            events = self._claim(seat)
        elif kind == "close":
            events = self._close(seat)
        elif kind == "exchange":
            events = self._exchange(seat)
        elif kind == "marriage":
            events = self._marriage(seat, move)
        else:
            events = self._draw_move(seat)
        self._history.extend(copy_mod.deepcopy(events))
        return events

    def _held(self, seat: str, move: dict[str, Any]) -> int:
        card = card_id(move.get("card"))
        hand = self._hands[seat]
        if card is None or card not in hand:
            raise Error(
                "not_held",
                f"{seat} cannot play {show(move.get('card'))}: not in hand {_names(hand)}",
            )
        return card

    def _lead_card(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        card = self._held(seat, move)
        if self._must_lead is not None and card not in self._must_lead:
            raise Error(
                "must_lead",
                f"{seat} must lead from the marriage {_names(self._must_lead)}, "
                f"not {name_of(card)}",
            )
        self._hands[seat].remove(card)
        self._lead = card
        self._leader = seat
        self._must_lead = None
        self._turn = other(seat)
        return [{"kind": "lead", "seat": seat, "card": card}]

    def _follow(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        card = self._held(seat, move)
        assert self._lead is not None
        allowed = trick.legal_follows(self._hands[seat], self._lead, self._trump, self.phase)
        if card not in allowed:
            band = trick.follow_band(self._hands[seat], self._lead, self._trump, self.phase)
            raise Error(
                "must_follow",
                f"{seat} cannot answer {name_of(self._lead)} with {name_of(card)}: "
                f"the rule is {band}, {_names(allowed)}",
            )
        lead = self._lead
        self._hands[seat].remove(card)
        winning = trick.winner_of(lead, card, self._trump)
        winner = self._leader if winning == lead else seat
        self._tricks.append(
            {"leader": self._leader, "lead": lead, "follow": card, "winner": winner}
        )
        self._tricks_won[winner] += 1
        self._taken[winner] += trick.value_of(lead, card)
        # A marriage declared before its owner's first trick counts now.
        for meld in self._melds:
            if meld["seat"] == winner and not meld["counted"]:
                meld["counted"] = True
                self._taken[winner] += meld["value"]
        self._lead = None
        self._leader = winner
        self._turn = winner
        events: list[dict[str, Any]] = [
            {"kind": "follow", "seat": seat, "card": card},
            {"kind": "trick", "winner": winner},
        ]
        if self.cards_out:
            events.append(self._finish("exhausted", None))
        elif self.draw_left > 0:
            if self._rules["close_before_draw"]:
                # Sixty-Six: the winner may still close before drawing.
                self._pending_draw = True
            else:
                self._draw_both(winner)
        return events

    def _draw_move(self, seat: str) -> list[dict[str, Any]]:
        self._draw_both(seat)
        self._pending_draw = False
        return [{"kind": "draw", "seat": seat}]

    def _claim(self, seat: str) -> list[dict[str, Any]]:
        if not self.can_claim(seat):
            raise Error("cannot_claim", f"{seat} may claim only just after a trick or a marriage")
        return [{"kind": "claim", "seat": seat}, self._finish("claim", seat)]

    def _close(self, seat: str) -> list[dict[str, Any]]:
        if not self.can_close(seat):
            raise Error(
                "cannot_close",
                f"{seat} cannot close: it is closed, or fewer than "
                f"{self._rules['close_min_stock']} cards are left to draw",
            )
        # The turn-up passes to the holder of the low trump only if an
        # exchange was still allowed: the stock as it was before the close.
        stock = self.draw_left
        self._closed_by = seat
        self._close_state = {
            "by": seat,
            "p1": {"tricks": self._tricks_won["p1"], "points": self._taken["p1"]},
            "p2": {"tricks": self._tricks_won["p2"], "points": self._taken["p2"]},
        }
        # A Sixty-Six close made before drawing cancels that draw.
        self._pending_draw = False
        events: list[dict[str, Any]] = [{"kind": "close", "seat": seat}]
        opponent = other(seat)
        if (
            self._rules["exchange_on_close"]
            and self._turn_up is not None
            and stock >= self._rules["exchange_min_stock"]
        ):
            low_trump = card_of(self._trump, self._rules["exchange_rank"])
            if low_trump in self._hands[opponent]:
                # Never worse than declining, so the table does it for them.
                self._swap_turn_up(opponent, low_trump)
                events.append({"kind": "exchange", "seat": opponent})
        return events

    def _exchange(self, seat: str) -> list[dict[str, Any]]:
        low_trump = self.can_exchange(seat)
        if low_trump is None:
            raise Error(
                "no_exchange",
                f"{seat} cannot exchange for the turn-up now (it needs the low trump "
                f"and at least {self._rules['exchange_min_stock']} cards left to draw)",
            )
        self._swap_turn_up(seat, low_trump)
        return [{"kind": "exchange", "seat": seat}]

    def _marriage(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        suit = move.get("suit")
        suit = str.__str__(suit) if isinstance(suit, str) else None
        offered = [m for m in self.can_marry(seat) if m["suit"] == suit]
        if not offered:
            raise Error(
                "no_marriage", f"{seat} has no marriage in {show(move.get('suit'))} to declare now"
            )
        meld = offered[0]
        # Under marriage_by_lead the card comes with the marriage, and is
        # checked before anything changes.
        card = marriage.lead_of(seat, meld, move) if self._rules["marriage_by_lead"] else None
        counted = self._tricks_won[seat] > 0
        self._melds.append(
            {"seat": seat, "suit": meld["suit"], "value": meld["value"], "counted": counted}
        )
        if counted:
            self._taken[seat] += meld["value"]
        events = [{"kind": "marriage", "seat": seat, "suit": meld["suit"], "value": meld["value"]}]
        if card is None:
            self._must_lead = [meld["king"], meld["queen"]]
            return events
        return events + self._lead_card(seat, {"card": card})
