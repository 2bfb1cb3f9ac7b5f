"""One deal of Schnapsen or Sixty-Six: the hands, the talon, the two phases.

The non-dealer leads to the first trick. A marriage, an exchange and a close
belong to the player on lead and do not pass the turn. A deal ends only when
somebody claims or the cards run out: reaching 66 does nothing by itself.

``Deal`` is built, copied, shown and logged here; what it is made of comes
from :mod:`.deal_state` (the fields, read-only), :mod:`.deal_legal` (what may
be played), :mod:`.deal_apply` (playing it) and :mod:`.deal_table` (what
follows from a move).
"""

from __future__ import annotations

import copy as copy_mod
from typing import TYPE_CHECKING, Any

from trumpf import logs

from . import info as info_mod
from . import moves as moves_mod
from . import variant as variant_mod
from .card import suit_of
from .deal_apply import DealApply
from .deck import check_dealer, check_number, check_seed, deal_for, pack_for
from .errors import Error
from .seat import check_seat, other

if TYPE_CHECKING:
    from trumpf.schnapsen.types import SchnapsenInfo

__all__ = ["Deal", "other"]

SEATS = ("p1", "p2")


class Deal(DealApply):
    """A deal of Schnapsen or of Sixty-Six, from the deal to the verdict."""

    def __init__(self) -> None:
        raise TypeError("use Deal.build(variant=..., seed=..., number=1, dealer='p1')")

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
