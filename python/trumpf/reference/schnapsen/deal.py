"""One deal of Schnapsen or Sixty-Six: the hands, the talon, the two phases.

The non-dealer leads to the first trick. A marriage, an exchange and a close
belong to the player on lead and do not pass the turn. A deal ends only when
somebody claims or the cards run out: reaching 66 does nothing by itself.
"""

from __future__ import annotations

import copy as copy_mod
from typing import TYPE_CHECKING, Any

from trumpf import _log

from .._args import show
from . import info as info_mod
from . import marriage, scoring, trick
from . import moves as moves_mod
from . import variant as variant_mod
from .card import card_id, card_of, name_of
from .deck import check_dealer, check_number, check_seed, deal_for, seat_of
from .errors import Error
from .seat import check_seat, other
from .unbuilt import Unbuilt

if TYPE_CHECKING:
    from trumpf.schnapsen.types import SchnapsenInfo

__all__ = ["Deal", "other"]

SEATS = ("p1", "p2")


def _names(cards: list[int]) -> str:
    return "[" + ", ".join(name_of(c) for c in cards) + "]"


class Deal(Unbuilt):
    """A deal of Schnapsen or of Sixty-Six, from the deal to the verdict."""

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
        deal = object.__new__(cls)
        deal._variant = rules["name"]
        deal._rules = rules
        deal._seed = checked_seed
        deal._number = checked_number
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

    # -------------------------------------------------------------- accessors

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

    # ----------------------------------------------------------- declarations

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

    # ------------------------------------------------------------------ apply

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

    def _draw_both(self, winner: str) -> None:
        # The winner draws first; with the turn-up last in the talon, the
        # loser of the last drawing trick is the one who gets it.
        for seat in (winner, other(winner)):
            if self._talon:
                self._hands[seat].append(self._talon.pop(0))
            elif self._turn_up is not None:
                self._hands[seat].append(self._turn_up)
                self._turn_up = None

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

    def _swap_turn_up(self, seat: str, low_trump: int) -> None:
        assert self._turn_up is not None
        self._hands[seat].remove(low_trump)
        self._hands[seat].append(self._turn_up)
        self._turn_up = low_trump

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

        Written by :func:`trumpf._log.deal_log`, as the core's logs are.
        """
        _ = self._seed  # an unbuilt deal refuses here
        return _log.deal_log(self)

    @classmethod
    def from_log(cls, log: dict[str, Any] | str | bytes | bytearray) -> Deal:
        """The deal a log (dict, or its JSON text as str or UTF-8 bytes) describes, replayed.

        Read by :func:`trumpf._log.deal_from_log`: exactly the keys ``to_log``
        writes, "rules" optional (a log without it plays by the reference's
        rules for its game).
        """
        deal: Deal = _log.deal_from_log(cls, log)
        return deal
