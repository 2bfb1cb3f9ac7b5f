"""A deal's state and its read-only properties: the cards, the talon, the tricks, the score.

``DealState`` declares every field ``Deal.build`` sets and answers the
read-only properties over them; the moves live in :mod:`.deal_legal` and
:mod:`.deal_apply`, the table's own doings in :mod:`.deal_table`.
"""

from __future__ import annotations

import copy as copy_mod
from typing import Any

from .seat import check_seat
from .unbuilt import Unbuilt

__all__ = ["DealState"]


class DealState(Unbuilt):
    """The fields of a deal and its read-only properties (what ``Deal`` is made of)."""

    _variant: str
    _rules: dict[str, Any]
    _seed: bytes
    _number: int
    _dealer: str
    _trump: str
    _hands: dict[str, list[int]]
    _talon: list[int]
    _turn_up: int | None
    _closed_by: str | None
    _close_state: dict[str, Any] | None
    _pending_draw: bool
    _melds: list[dict[str, Any]]
    _must_lead: list[int] | None
    _tricks: list[dict[str, Any]]
    _taken: dict[str, int]
    _tricks_won: dict[str, int]
    _turn: str
    _leader: str
    _lead: int | None
    _result: dict[str, Any] | None
    _history: list[dict[str, Any]]
    _first_turn_up: int | None  # set only on a deal dealt from a chosen order

    @property
    def variant(self) -> str:
        """schnapsen or sixtysix: the game, whatever its house rules."""
        return self._variant

    @property
    def rules(self) -> dict[str, Any]:
        """The full rules table this deal plays by, house rules included."""
        return dict(self._rules)

    @property
    def seed(self) -> bytes:
        """The 32-byte seed the cards were shuffled with."""
        return self._seed

    @property
    def number(self) -> int:
        """The deal number (the match's first deal is 1)."""
        return self._number

    @property
    def dealer(self) -> str:
        """Who dealt; the other seat leads first."""
        return self._dealer

    @property
    def trump(self) -> str:
        """The trump suit, set by the turn-up."""
        return self._trump

    @property
    def hands(self) -> dict[str, list[int]]:
        """Both hands, in hand order (dealt order, drawn cards at the end)."""
        return {"p1": list(self._hands["p1"]), "p2": list(self._hands["p2"])}

    def hand_of(self, seat: str) -> list[int]:
        """One seat's hand, in hand order."""
        return list(self._hands[check_seat(seat)])

    @property
    def talon(self) -> list[int]:
        """The face-down cards in draw order, without the turn-up."""
        return list(self._talon)

    @property
    def turn_up(self) -> int | None:
        """The face-up trump card under the talon; None once it has been drawn."""
        return self._turn_up

    @property
    def talon_left(self) -> int:
        """How many cards are physically left: the talon and the turn-up."""
        return len(self._talon) + (0 if self._turn_up is None else 1)

    @property
    def draw_left(self) -> int:
        """How many cards may still be drawn: none once the talon is closed."""
        return 0 if self.closed else self.talon_left

    @property
    def closed(self) -> bool:
        """Whether somebody closed the talon."""
        return self._closed_by is not None

    @property
    def closed_by(self) -> str | None:
        """Who closed the talon, if anybody did."""
        return self._closed_by

    @property
    def close_state(self) -> dict[str, Any] | None:
        """Where both stood at the close: {by, p1: {tricks, points}, p2: {...}}."""
        return copy_mod.deepcopy(self._close_state)

    @property
    def pending_draw(self) -> bool:
        """Sixty-Six only: a trick is over and its winner has not yet drawn."""
        return self._pending_draw

    @property
    def drawn(self) -> bool:
        """Whether the draw for the last trick is behind us (no draw pending)."""
        return not self._pending_draw

    @property
    def melds(self) -> list[dict[str, Any]]:
        """The marriages declared, as {seat, suit, value, counted}."""
        return [dict(m) for m in self._melds]

    @property
    def must_lead(self) -> list[int] | None:
        """After a marriage, [king, queen]: the lead must be one of them."""
        return None if self._must_lead is None else list(self._must_lead)

    @property
    def phase(self) -> int:
        """1 while anything may be drawn, 2 once the talon is closed or gone."""
        return 1 if self.draw_left > 0 else 2

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """Every trick played, as {leader, lead, follow, winner}."""
        return [dict(t) for t in self._tricks]

    @property
    def last_trick(self) -> dict[str, Any] | None:
        """The most recent trick, or None before the first."""
        return dict(self._tricks[-1]) if self._tricks else None

    @property
    def taken(self) -> dict[str, int]:
        """Card points taken by each seat, counted marriages included."""
        return dict(self._taken)

    def points_of(self, seat: str) -> int:
        """The points one seat has taken (both players count openly)."""
        return self._taken[check_seat(seat)]

    def tricks_won(self, seat: str) -> int:
        """How many tricks a seat has taken."""
        return self._tricks_won[check_seat(seat)]

    @property
    def turn(self) -> str:
        """Whose move it is (the last leader once the deal is over)."""
        return self._turn

    @property
    def leader(self) -> str:
        """Who leads, or led, the current trick."""
        return self._leader

    @property
    def lead(self) -> int | None:
        """The card led to the current trick; None between tricks."""
        return self._lead

    @property
    def cards_out(self) -> bool:
        """Whether both hands are empty."""
        return not self._hands["p1"] and not self._hands["p2"]

    @property
    def over(self) -> bool:
        """Whether the deal has finished."""
        return self._result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """How the deal finished (the deal_end event without its kind)."""
        return copy_mod.deepcopy(self._result)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event apply has returned, in order."""
        return copy_mod.deepcopy(self._history)
