"""One deal of Schnapsen or Sixty-Six: the hands, the talon, the two phases.

The non-dealer leads to the first trick. A marriage, an exchange and a close
belong to the player on lead and do not pass the turn. A deal ends only when
somebody claims or the cards run out: reaching 66 does nothing by itself.

``Deal`` is the whole class, top to bottom: its state, how it is built and
copied, its read-only properties, what a seat may play and playing it, what
a seat sees, and its logs. The rules behind ``legal`` and ``apply`` are
functions over a deal in :mod:`.deal_rules`; the shuffle is :mod:`.deck`'s,
a trick's :mod:`.trick`'s, a marriage's :mod:`.marriage`'s, the verdict
:mod:`.scoring`'s, what a seat knows :mod:`.info`'s and a log's moves
:mod:`.moves`'s.
"""

from __future__ import annotations

import copy as copy_mod
from typing import TYPE_CHECKING, Any

from trumpf import logs

from . import deal_rules, unbuilt
from . import info as info_mod
from . import moves as moves_mod
from . import variant as variant_mod
from .card import suit_of
from .deck import check_dealer, check_number, check_seed, deal_for, pack_for
from .errors import Error
from .seat import check_seat, other

if TYPE_CHECKING:
    from trumpf.schnapsen.types import SchnapsenInfo

__all__ = ["Deal", "other"]

SEATS = ("p1", "p2")


class Deal:
    """A deal of Schnapsen or of Sixty-Six, from the deal to the verdict."""

    # ------------------------------------------------------------------ state

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

    def __init__(self) -> None:
        raise TypeError("use Deal.build(variant=..., seed=..., number=1, dealer='p1')")

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Reached only for a name the deal does not have: on a built one
            # an AttributeError as anywhere, on one made by __new__ not_built.
            unbuilt.refuse(self, name, "_seed")

    # ------------------------------------------------------------------ build

    @classmethod
    def build(
        cls,
        variant: object = "schnapsen",
        seed: bytes | None = None,
        number: int = 1,
        dealer: str = "p1",
    ) -> Deal:
        """A freshly dealt deal; the non-dealer is on lead.

        ``variant`` is a game's name, a preset's name or a dict of rules
        (see :func:`variant.get`).
        """
        rules = variant_mod.get(variant)
        checked_seed = check_seed(seed)
        checked_number = check_number(number)
        dealer = check_dealer(dealer)
        dealt = deal_for(rules, checked_seed, checked_number, dealer)
        return cls._from_dealt(rules, checked_seed, checked_number, dealer, dealt)

    @classmethod
    def _from_order(cls, rules: dict[str, Any], number: int, dealer: str, order: list[int]) -> Deal:
        """A deal of the cards in ``order``, dealt as ``build`` deals a shuffled pack.

        Private, for the oracle's witnesses (:mod:`.witness`): the non-dealer's
        hand first, then the dealer's, the face-down talon in draw order and
        the turn-up last. Its seed is zeros and does not shuffle to ``order``:
        such a deal is replayed and read, never logged.
        """
        if sorted(order) != pack_for(rules):
            raise Error("bad_deal", "a deal's order is the pack, each card once")
        size = rules["hand_size"]
        non_dealer = other(dealer)
        hands = {non_dealer: list(order[:size]), dealer: list(order[size : 2 * size])}
        dealt = {
            "hands": {"p1": hands["p1"], "p2": hands["p2"]},
            "talon": list(order[2 * size : -1]),
            "turn_up": order[-1],
            "trump": suit_of(order[-1]),
        }
        deal = cls._from_dealt(rules, bytes(32), number, dealer, dealt)
        deal._first_turn_up = order[-1]
        return deal

    @classmethod
    def _from_dealt(
        cls, rules: dict[str, Any], seed: bytes, number: int, dealer: str, dealt: dict[str, Any]
    ) -> Deal:
        deal = object.__new__(cls)
        deal._variant = rules["name"]
        deal._rules = rules
        deal._seed = seed
        deal._number = number
        deal._dealer = dealer
        deal._trump = dealt["trump"]
        deal._hands = {"p1": list(dealt["hands"]["p1"]), "p2": list(dealt["hands"]["p2"])}
        deal._talon = list(dealt["talon"])
        deal._turn_up = dealt["turn_up"]
        deal._turn = other(dealer)
        deal._leader = other(dealer)
        deal._closed_by = None
        deal._close_state = None
        deal._pending_draw = False
        deal._melds = []
        deal._must_lead = None
        deal._tricks = []
        deal._taken = {"p1": 0, "p2": 0}
        deal._tricks_won = {"p1": 0, "p2": 0}
        deal._lead = None
        deal._result = None
        deal._history = []
        return deal

    def copy(self) -> Deal:
        """An independent copy: playing on it leaves this deal untouched."""
        _ = self._seed  # an unbuilt deal refuses here
        return copy_mod.deepcopy(self)

    def __copy__(self) -> Deal:
        # copy.copy gives an independent copy too: a shallow one would share
        # the hands and the history with this deal.
        return self.copy()

    # ------------------------------------------------------------- properties

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

    # -------------------------------------------------------- what may be played

    def can_exchange(self, seat: str) -> int | None:
        """The trump jack (nine) the seat may swap for the turn-up now, or None."""
        return deal_rules.can_exchange(self, check_seat(seat))

    def can_close(self, seat: str) -> bool:
        """Whether the talon can be closed (by this seat, were it on lead)."""
        return deal_rules.can_close(self, check_seat(seat))

    def can_marry(self, seat: str) -> list[dict[str, Any]]:
        """The marriages the seat holds and may declare, in suit order C, D, H, S."""
        return deal_rules.can_marry(self, check_seat(seat))

    def can_claim(self, seat: str) -> bool:
        """Whether the seat may claim now: timing only, never its points."""
        return deal_rules.can_claim(self, check_seat(seat))

    def legal(self, seat: str) -> list[dict[str, Any]]:
        """What the seat may do, in the reference order; [] if not its move."""
        return deal_rules.legal(self, check_seat(seat))

    # ------------------------------------------------------------------- play

    def apply(self, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Play a move; returns the events it caused, or raises ``Error``.

        Checks run in the reference order: deal_over, not_your_turn,
        not_legal, then the move's own check. A refused move changes nothing.
        """
        return deal_rules.apply(self, seat, move)

    # ------------------------------------------------------------------- view

    def view(self, seat: str) -> dict[str, Any]:
        """What one seat may see: its own hand, never the other's or the talon."""
        seat = check_seat(seat)
        return {
            "seat": seat,
            "variant": self._variant,
            "number": self._number,
            "dealer": self._dealer,
            "ply": len(self._history),
            "phase": self.phase,
            "turn": self._turn,
            "leader": self._leader,
            "trump": self._trump,
            "turn_up": self._turn_up,
            "talon_left": self.talon_left,
            "draw_left": self.draw_left,
            "closed": self.closed,
            "closed_by": self._closed_by,
            "close_state": self.close_state,
            "pending_draw": self._pending_draw,
            "hand": self.hand_of(seat),
            "counts": {"p1": len(self._hands["p1"]), "p2": len(self._hands["p2"])},
            "taken": self.taken,
            "tricks_won": dict(self._tricks_won),
            "melds": self.melds,
            "lead": self._lead,
            "must_lead": self.must_lead,
            "last_trick": self.last_trick,
            "legal": self.legal(seat),
            "over": self.over,
            "result": self.result,
        }

    def info(self, seat: str) -> SchnapsenInfo:
        """Everything the seat can know now, and nothing else: see :mod:`.info`."""
        return info_mod.deal_info(self, seat)

    # ------------------------------------------------------------ logs, replay

    @staticmethod
    def moves_of(history: list[dict[str, Any]], variant: object = None) -> list[dict[str, Any]]:
        """The moves behind an event history, each {seat, kind} (+ card or suit).

        Sixty-Six's automatic exchange after a close is what the table did,
        not a move, and trick, deal_end, deal and game_end are consequences.
        ``variant`` gives the rules (default: the reference's); under
        ``marriage_by_lead`` a marriage and its lead are one move.
        """
        return moves_mod.moves_of(history, variant)

    @classmethod
    def replay(
        cls,
        variant: object = "schnapsen",
        seed: bytes | None = None,
        number: int = 1,
        dealer: str = "p1",
        moves: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    ) -> dict[str, Any]:
        """Rebuild a deal from its seed and play the moves; {deal, events}.

        ``moves`` is a list or a tuple of moves, else ``not_legal``. The first
        refused move raises its ``Error``, naming the move's index.
        """
        deal = cls.build(variant=variant, seed=seed, number=number, dealer=dealer)
        return {"deal": deal, "events": moves_mod.replay(deal, moves)}

    def to_log(self) -> dict[str, Any]:
        """A replayable log: the seed, the rules and the moves, never the cards drawn.

        Written by :func:`trumpf.logs.deal_log`, as the core's logs are.
        """
        _ = self._seed  # an unbuilt deal refuses here
        return logs.deal_log(self)

    @classmethod
    def from_log(cls, log: dict[str, Any] | str | bytes | bytearray) -> Deal:
        """The deal a log (dict, or its JSON text as str or UTF-8 bytes) describes, replayed.

        Read by :func:`trumpf.logs.deal_from_log`: exactly the keys ``to_log``
        writes, "rules" optional (a log without it plays by the reference's
        rules for its game).
        """
        deal: Deal = logs.deal_from_log(cls, log)
        return deal
