"""A match: deals one after another until a seat reaches the target.

Schnapsen counts down from 7 to 0 and the dealer alternates; Sixty-Six counts
up from 0 to 7 and the winner of a deal deals the next (a drawn deal keeps the
dealer and pays nobody). Every deal uses the same seed and the next number.
"""

from __future__ import annotations

import copy as copy_mod
from typing import TYPE_CHECKING, Any

from trumpf import logs

from . import info as info_mod
from . import moves as moves_mod
from . import unbuilt
from . import variant as variant_mod
from .deal import Deal
from .deck import check_dealer, check_seed
from .errors import Error
from .seat import check_seat, other

if TYPE_CHECKING:
    from trumpf.schnapsen.types import MatchInfo

__all__ = ["Match"]


class Match:
    """Game::Schnapsen: the running score and the rotation of deals."""

    _variant: str
    _rules: dict[str, Any]
    _seed: bytes
    _first_dealer: str
    _deal: Deal
    _scores: dict[str, int]
    _deals: list[dict[str, Any]]
    _result: dict[str, Any] | None
    _history: list[dict[str, Any]]
    _orders: dict[int, list[int]]  # set only on a match dealt from chosen orders

    def __init__(self) -> None:
        raise TypeError("use Match.build(variant=..., seed=..., dealer='p1')")

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Reached only for a name the match does not have: on a built one
            # an AttributeError as anywhere, on one made by __new__ not_built.
            unbuilt.refuse(self, name, "_seed")

    @classmethod
    def build(
        cls, variant: object = "schnapsen", seed: bytes | None = None, dealer: str = "p1"
    ) -> Match:
        """A new match with its first deal dealt (which emits no event).

        ``variant`` is a game's name, a preset's name or a dict of rules;
        every deal of the match plays by the same rules.
        """
        rules = variant_mod.get(variant)
        checked_seed = check_seed(seed)
        dealer = check_dealer(dealer)
        match = object.__new__(cls)
        match._variant = rules["name"]
        match._rules = rules
        match._seed = checked_seed
        match._first_dealer = dealer
        match._deal = Deal.build(variant=rules, seed=checked_seed, number=1, dealer=dealer)
        start = rules["match_start"]
        match._scores = {"p1": start, "p2": start}
        match._deals = []
        match._result = None
        match._history = []
        return match

    @classmethod
    def _from_orders(
        cls, rules: dict[str, Any], dealer: str, orders: dict[int, list[int]]
    ) -> Match:
        """A match whose deal number ``n`` is dealt from ``orders[n]`` (as ``Deal._from_order``).

        Private, for the oracle's witnesses (:mod:`.witness`): its seed is
        zeros and deals nothing; such a match is replayed and read, never logged.
        """
        match = object.__new__(cls)
        match._variant = rules["name"]
        match._rules = rules
        match._seed = bytes(32)
        match._first_dealer = dealer
        match._orders = dict(orders)
        match._deal = Deal._from_order(rules, 1, dealer, orders[1])
        start = rules["match_start"]
        match._scores = {"p1": start, "p2": start}
        match._deals = []
        match._result = None
        match._history = []
        return match

    def _next_deal(self, number: int, dealer: str) -> Deal:
        orders: dict[int, list[int]] | None = getattr(self, "_orders", None)
        if orders is not None:
            return Deal._from_order(self._rules, number, dealer, orders[number])
        return Deal.build(variant=self._rules, seed=self._seed, number=number, dealer=dealer)

    @staticmethod
    def variants() -> list[str]:
        """The games a match can be of."""
        return variant_mod.variants()

    def copy(self) -> Match:
        """An independent copy of the whole match."""
        _ = self._seed  # an unbuilt match refuses here
        return copy_mod.deepcopy(self)

    def __copy__(self) -> Match:
        # copy.copy gives an independent copy too: a shallow one would share
        # the hands and the history with this match.
        return self.copy()

    # -------------------------------------------------------------- accessors

    @property
    def variant(self) -> str:
        """schnapsen or sixtysix: the game, whatever its house rules."""
        return self._variant

    @property
    def rules(self) -> dict[str, Any]:
        """The full rules table every deal of the match plays by."""
        return dict(self._rules)

    @property
    def seed(self) -> bytes:
        """The seed every deal of the match is shuffled from."""
        return self._seed

    @property
    def first_dealer(self) -> str:
        """The seat that dealt the first deal: with the seed, what a log starts from."""
        return self._first_dealer

    @property
    def dealer(self) -> str:
        """Who dealt the current deal."""
        return self._deal.dealer

    @property
    def deal(self) -> Deal:
        """The current deal (the last one, once the match is over)."""
        return self._deal

    @property
    def number(self) -> int:
        """The current deal's number."""
        return self._deal.number

    @property
    def scores(self) -> dict[str, int]:
        """The game-point score of each seat."""
        return dict(self._scores)

    @property
    def deals(self) -> list[dict[str, Any]]:
        """Every finished deal's result, with its number."""
        return copy_mod.deepcopy(self._deals)

    @property
    def result(self) -> dict[str, Any] | None:
        """{winner, loser, scores, deals (a count)} once the match is over."""
        return copy_mod.deepcopy(self._result)

    @property
    def over(self) -> bool:
        """Whether a seat has reached the target."""
        return self._result is not None

    @property
    def winner(self) -> str | None:
        """The match winner, or None while it runs."""
        return None if self._result is None else self._result["winner"]

    @property
    def turn(self) -> str | None:
        """Whose move it is in the current deal; None once the match is over."""
        return None if self.over else self._deal.turn

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event of every deal, with the deal and game_end events."""
        return copy_mod.deepcopy(self._history)

    def to_win(self, seat: str) -> int:
        """How many game points the seat still needs; never below 0."""
        seat = check_seat(seat)
        score = self._scores[seat]
        target: int = self._rules["match_target"]
        if self._rules["match_start"] > target:
            return max(0, score - target)
        return max(0, target - score)

    # ------------------------------------------------------------------- play

    def legal(self, seat: str) -> list[dict[str, Any]]:
        """The current deal's legal moves for the seat; [] once it is over."""
        seat = check_seat(seat)
        if self.over:
            return []
        return self._deal.legal(seat)

    def apply(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Play a move in the current deal; a finished deal starts the next."""
        if self.over:
            raise Error("game_over", "the match is over")
        events = self._deal.apply(seat, move)
        ended = [e for e in events if e["kind"] == "deal_end"]
        if ended:
            events.extend(self._after_deal(ended[0]))
        self._history.extend(copy_mod.deepcopy(events))
        return events

    def _reached(self, seat: str) -> bool:
        target = self._rules["match_target"]
        if self._rules["match_start"] > target:
            return bool(self._scores[seat] <= target)
        return bool(self._scores[seat] >= target)

    def _after_deal(self, deal_end: dict[str, Any]) -> list[dict[str, Any]]:
        result = {k: v for k, v in deal_end.items() if k != "kind"}
        result["number"] = self._deal.number
        self._deals.append(copy_mod.deepcopy(result))
        winner = result["winner"]
        if winner is not None:
            # Counting down in Schnapsen, up in Sixty-Six.
            step = 1 if self._rules["match_target"] > self._rules["match_start"] else -1
            self._scores[winner] += step * result["game_points"]
            if self._reached(winner):
                self._result = {
                    "winner": winner,
                    "loser": other(winner),
                    "scores": dict(self._scores),
                    "deals": len(self._deals),
                }
                end = {"kind": "game_end"}
                end.update(copy_mod.deepcopy(self._result))
                return [end]
        dealer = self._deal.dealer
        if self._rules["next_dealer"] == "alternate":
            dealer = other(dealer)
        elif winner is not None:
            dealer = winner
        self._deal = self._next_deal(self._deal.number + 1, dealer)
        return [
            {
                "kind": "deal",
                "number": self._deal.number,
                "dealer": dealer,
                "trump": self._deal.trump,
                "turn_up": self._deal.turn_up,
            }
        ]

    # ------------------------------------------------------------------- view

    def view(self, seat: str) -> dict[str, Any]:
        """The current deal as the seat sees it, plus the match score."""
        seat = check_seat(seat)
        view = self._deal.view(seat)
        view["ply"] = len(self._history)
        if self.over:
            # A finished match waits on nobody, whatever its last deal says.
            view["legal"] = []
            view["turn"] = None
        view["scores"] = self.scores
        view["to_win"] = {"p1": self.to_win("p1"), "p2": self.to_win("p2")}
        view["deals"] = len(self._deals)
        view["match_over"] = self.over
        view["winner"] = self.winner
        return view

    def info(self, seat: str) -> MatchInfo:
        """The current deal's info for the seat, plus the match score: see :mod:`.info`."""
        return info_mod.match_info(self, seat)

    # ------------------------------------------------------------ logs, replay

    @staticmethod
    def moves_of(history: list[dict[str, Any]], variant: object = None) -> list[dict[str, Any]]:
        """The moves behind a match history (deal and game_end are not moves).

        ``variant`` gives the rules, as for :meth:`Deal.moves_of`.
        """
        return moves_mod.moves_of(history, variant)

    @classmethod
    def replay(
        cls,
        variant: object = "schnapsen",
        seed: bytes | None = None,
        dealer: str = "p1",
        moves: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    ) -> dict[str, Any]:
        """Rebuild a match from its seed and play the moves; {match, events}."""
        match = cls.build(variant=variant, seed=seed, dealer=dealer)
        return {"match": match, "events": moves_mod.replay(match, moves)}

    def to_log(self) -> dict[str, Any]:
        """A replayable log of the whole match: seed, first dealer, rules, moves.

        Written by :func:`trumpf.logs.match_log`, as the core's logs are.
        """
        _ = self._seed  # an unbuilt match refuses here
        return logs.match_log(self)

    @classmethod
    def from_log(cls, log: dict[str, Any] | str | bytes | bytearray) -> Match:
        """The match a log (dict, or its JSON text as str or UTF-8 bytes) describes, replayed.

        Read by :func:`trumpf.logs.match_from_log`: exactly the keys
        ``to_log`` writes, "rules" optional (a log without it plays by the
        reference's rules for its game).
        """
        match: Match = logs.match_from_log(cls, log)
        return match
