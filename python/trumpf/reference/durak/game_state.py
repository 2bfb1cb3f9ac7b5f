"""A Durak game's state and its read-only properties: the hands, the talon, the bout, the turn.

``GameState`` declares every field ``Game.build`` sets, refuses every use of
a Game that was never built, and reads a seat argument; nothing here changes
a game.
"""

from __future__ import annotations

import copy as _copy
from typing import TYPE_CHECKING, Any

from . import checks, rules
from .errors import Error

__all__ = ["NOT_BUILT", "SEATS", "GameState"]

SEATS: list[int] = [1, 2]
NOT_BUILT = "this Game was never built: make one with Game.build(), .replay() or .from_log()"

# What build sets: every attribute a Game never built lacks.
_STATE = frozenset(
    {
        "_seed",
        "_number",
        "_trump",
        "_trump_card",
        "_turn_up",
        "_six",
        "_six_owner",
        "_hands",
        "_talon",
        "_discard",
        "_bout",
        "_result",
        "_history",
    }
)


class GameState:
    """The fields of a Durak game and its read-only properties (what ``Game`` is made of)."""

    _seed: bytes
    _number: int
    _trump: str
    _trump_card: int
    _turn_up: int  # the card turned up at the deal (the trump card before any swap)
    _six: int
    _six_owner: int | None
    _hands: dict[int, list[int]]
    _talon: list[int]
    _discard: int
    _bout: dict[str, Any] | None
    _result: dict[str, Any] | None
    _history: list[dict[str, Any]]

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Called only for a missing attribute: in a Game made by
            # Game.__new__(Game) and never built, the state is, and every use
            # of it refuses, as the core's does.
            if name in _STATE:
                raise Error("not_built", NOT_BUILT)
            raise AttributeError(name)

    def _check_built(self) -> None:
        if "_history" not in self.__dict__:
            raise Error("not_built", NOT_BUILT)

    @property
    def seed(self) -> bytes:
        """The 32 bytes the deal was made from."""
        return self._seed

    @property
    def number(self) -> int:
        """The deal number."""
        return self._number

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return self._trump

    @property
    def trump_card(self) -> int:
        """The turned-up card; after an exchange, the trump six under the talon.

        It keeps its id once drawn; the view says None then.
        """
        return self._trump_card

    @property
    def six_of_trumps(self) -> int:
        """The id of the trump six, the one card that may be exchanged."""
        return self._six

    @property
    def turn_up_left(self) -> bool:
        """Whether the turn-up is still in the talon (it is always drawn last)."""
        return len(self._talon) > 0

    @property
    def six_owner(self) -> int | None:
        """The seat that was dealt the trump six or drew it, while its pedigree holds."""
        return self._six_owner

    @property
    def hands(self) -> dict[int, list[int]]:
        """Both hands, each sorted by id."""
        return {seat: list(self._hands[seat]) for seat in SEATS}

    @property
    def talon(self) -> list[int]:
        """The cards still to draw, in draw order, the turn-up last."""
        return list(self._talon)

    @property
    def talon_left(self) -> int:
        """How many cards are left to draw."""
        return len(self._talon)

    @property
    def discard(self) -> int:
        """How many cards lie on the heap (a count: nobody may look through it)."""
        return self._discard

    @property
    def bout(self) -> dict[str, Any] | None:
        """The open bout ``{attacker, defender, cap, attacks, beats, taken}`` or None."""
        return _copy.deepcopy(self._bout)

    @property
    def over(self) -> bool:
        """Whether the deal has ended."""
        return self._result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """``{outcome, fool, places}`` once the deal has ended, else None."""
        return _copy.deepcopy(self._result)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event so far."""
        return _copy.deepcopy(self._history)

    @property
    def ply(self) -> int:
        """The number of events so far."""
        return len(self._history)

    @property
    def seats(self) -> list[int]:
        """The seat numbers."""
        self._check_built()
        return list(SEATS)

    @property
    def phase(self) -> str:
        """The stage of the bout: "attack", "defend", "pile_on" or "over".

        An attack card with no answer in a bout nobody has taken is defend, a
        taken bout is pile_on, anything else is attack.
        """
        if self._result is not None or self._bout is None:
            return "over"
        if self._bout["taken"]:
            return "pile_on"
        if rules.unbeaten_of(self._bout) is not None:
            return "defend"
        return "attack"

    @property
    def turn(self) -> int | None:
        """The seat the game waits on: the defender defends, the attacker does the rest."""
        phase = self.phase
        if phase == "over":
            return None
        assert self._bout is not None
        return int(self._bout["defender"] if phase == "defend" else self._bout["attacker"])

    def _seat(self, seat: object) -> int:
        self._check_built()  # a Game never built refuses before its argument is looked at
        checked = checks.exact_int(seat, 1, 2)  # by value: an int subclass is its int
        if checked is None:
            raise Error("bad_seat", f"{checks.short(seat)} is not a seat: seats are 1 and 2")
        return checked

    def hand_of(self, seat: int) -> list[int]:
        """A seat's cards, sorted by id."""
        return list(self._hands[self._seat(seat)])

    def count_of(self, seat: int) -> int:
        """How many cards a seat holds."""
        return len(self._hands[self._seat(seat)])
