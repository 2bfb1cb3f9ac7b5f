"""The rules of a deal, as functions over a ``Deal``: what may be played, and playing it.

``Deal`` holds the state and its public methods call these, one line each.
The questions (``can_exchange``, ``can_close``, ``can_marry``, ``can_claim``,
``legal``) take a seat already read and change nothing. ``apply`` reads its
own arguments and refuses deal_over, not_your_turn and not_legal before the
move's own check; each move's own check runs before anything changes, so a
refused move leaves the deal as it was. Last come the table's own doings:
the draws, the turn-up swap and the verdict, which no seat plays but each
follows from a move (the verdict's scoring is :func:`.scoring.deal_result`).
"""

from __future__ import annotations

import copy as copy_mod
from typing import TYPE_CHECKING, Any

from .._args import show
from . import marriage, scoring, trick
from .card import card_id, card_of, name_of
from .deck import seat_of
from .errors import Error
from .seat import other

if TYPE_CHECKING:
    from .deal import Deal

__all__ = ["apply", "can_claim", "can_close", "can_exchange", "can_marry", "legal"]


# ------------------------------------------------------------ what may be played


def can_exchange(deal: Deal, seat: str) -> int | None:
    """The trump jack (nine) the seat may swap for the turn-up, or None.

    Answers for the seat whatever the turn: only the talon, the turn-up and
    (in Sixty-Six) a trick won matter. The stock must hold at least
    ``exchange_min_stock`` cards (the reference's 1: anything at all).
    """
    if deal.closed or deal._pending_draw:
        return None
    if deal.draw_left < deal._rules["exchange_min_stock"] or deal._turn_up is None:
        return None
    if deal._rules["exchange_needs_trick"] and deal._tricks_won[seat] == 0:
        return None
    low_trump = card_of(deal._trump, deal._rules["exchange_rank"])
    return low_trump if low_trump in deal._hands[seat] else None


def can_close(deal: Deal, seat: str) -> bool:
    """Whether the talon can be closed (by this seat, were it on lead).

    The stock must hold at least ``close_min_stock`` cards (the reference's
    1: anything at all).
    """
    if deal.closed or deal.draw_left < deal._rules["close_min_stock"]:
        return False
    # Only Sixty-Six may close between a trick and its draw.
    return not deal._pending_draw or bool(deal._rules["close_before_draw"])


def can_marry(deal: Deal, seat: str) -> list[dict[str, Any]]:
    """The marriages the seat holds and may declare, in suit order C, D, H, S."""
    if deal._must_lead is not None or deal._pending_draw:
        return []
    if not deal._rules["marriage_after_close"] and deal.phase == 2:
        return []
    return marriage.held(deal._hands[seat], deal._trump)


def can_claim(deal: Deal, seat: str) -> bool:
    """Whether the seat may claim now: timing only, never its points.

    Just after a trick, or after declaring a marriage, on lead, before
    leading. A claim that turns out short is a false claim and loses.
    """
    if deal.over or deal._turn != seat or deal._lead is not None:
        return False
    return bool(deal._tricks) or any(m["seat"] == seat for m in deal._melds)


def legal(deal: Deal, seat: str) -> list[dict[str, Any]]:
    """What the seat may do, in the reference order; [] if not its move."""
    if deal.over or seat != deal._turn:
        return []
    hand = deal._hands[seat]
    if deal._lead is not None:
        cards = trick.legal_follows(hand, deal._lead, deal._trump, deal.phase)
        return [{"kind": "follow", "card": c} for c in cards]
    moves: list[dict[str, Any]] = []
    if can_claim(deal, seat):
        moves.append({"kind": "claim"})
    if deal._pending_draw:
        if can_close(deal, seat):
            moves.append({"kind": "close"})
        moves.append({"kind": "draw"})
        return moves
    if can_exchange(deal, seat) is not None:
        moves.append({"kind": "exchange"})
    if can_close(deal, seat):
        moves.append({"kind": "close"})
    moves.extend(marriage.legal_entries(can_marry(deal, seat), deal._rules["marriage_by_lead"]))
    leads = deal._must_lead if deal._must_lead is not None else hand
    moves.extend({"kind": "lead", "card": c} for c in leads)
    return moves


def _kinds_now(deal: Deal) -> tuple[str, ...]:
    # The kinds that are moves at this moment at all; anything else is
    # refused as not_legal before the move's own check.
    if deal._lead is not None:
        return ("follow",)
    if deal._pending_draw:
        return ("claim", "close", "draw")
    return ("lead", "claim", "exchange", "close", "marriage")


# ------------------------------------------------------------------ playing a move


def apply(deal: Deal, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
    """``Deal.apply``: the refusals in the order its docstring lists, then the move.

    The move itself and what the table does after it (a draw, the automatic
    exchange at a close, the verdict) are its events.
    """
    if deal.over:
        raise Error("deal_over", "the deal is over")
    checked = seat_of(seat)
    if checked is None or checked != deal._turn:
        raise Error("not_your_turn", f"it is {deal._turn}'s turn, not {show(seat)}'s")
    seat = checked
    # The move is read by value: a dict subclass's own methods never run.
    move = dict(dict.items(move)) if isinstance(move, dict) else {}
    kind = move.get("kind")
    kind = str.__str__(kind) if isinstance(kind, str) else None
    if kind is None or kind not in _kinds_now(deal):
        raise Error("not_legal", f"{show(move.get('kind'))} is not a move {seat} can make now")
    if kind == "lead":
        events = _lead_card(deal, seat, move)
    elif kind == "follow":
        events = _follow(deal, seat, move)
    elif kind == "claim":
        events = _claim(deal, seat)
    elif kind == "close":
        events = _close(deal, seat)
    elif kind == "exchange":
        events = _exchange(deal, seat)
    elif kind == "marriage":
        events = _marriage(deal, seat, move)
    else:
        events = _draw_move(deal, seat)
    deal._history.extend(copy_mod.deepcopy(events))
    return events


def _names(cards: list[int]) -> str:
    return "[" + ", ".join(name_of(c) for c in cards) + "]"


def _held(deal: Deal, seat: str, move: dict[str, Any]) -> int:
    card = card_id(move.get("card"))
    hand = deal._hands[seat]
    if card is None or card not in hand:
        raise Error(
            "not_held",
            f"{seat} cannot play {show(move.get('card'))}: not in hand {_names(hand)}",
        )
    return card


def _lead_card(deal: Deal, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
    card = _held(deal, seat, move)
    if deal._must_lead is not None and card not in deal._must_lead:
        raise Error(
            "must_lead",
            f"{seat} must lead from the marriage {_names(deal._must_lead)}, not {name_of(card)}",
        )
    deal._hands[seat].remove(card)
    deal._lead = card
    deal._leader = seat
    deal._must_lead = None
    deal._turn = other(seat)
    return [{"kind": "lead", "seat": seat, "card": card}]


def _follow(deal: Deal, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
    card = _held(deal, seat, move)
    assert deal._lead is not None
    allowed = trick.legal_follows(deal._hands[seat], deal._lead, deal._trump, deal.phase)
    if card not in allowed:
        band = trick.follow_band(deal._hands[seat], deal._lead, deal._trump, deal.phase)
        raise Error(
            "must_follow",
            f"{seat} cannot answer {name_of(deal._lead)} with {name_of(card)}: "
            f"the rule is {band}, {_names(allowed)}",
        )
    lead = deal._lead
    deal._hands[seat].remove(card)
    winning = trick.winner_of(lead, card, deal._trump)
    winner = deal._leader if winning == lead else seat
    deal._tricks.append({"leader": deal._leader, "lead": lead, "follow": card, "winner": winner})
    deal._tricks_won[winner] += 1
    deal._taken[winner] += trick.value_of(lead, card)
    # A marriage declared before its owner's first trick counts now.
    for meld in deal._melds:
        if meld["seat"] == winner and not meld["counted"]:
            meld["counted"] = True
            deal._taken[winner] += meld["value"]
    deal._lead = None
    deal._leader = winner
    deal._turn = winner
    events: list[dict[str, Any]] = [
        {"kind": "follow", "seat": seat, "card": card},
        {"kind": "trick", "winner": winner},
    ]
    if deal.cards_out:
        events.append(_finish(deal, "exhausted", None))
    elif deal.draw_left > 0:
        if deal._rules["close_before_draw"]:
            # Sixty-Six: the winner may still close before drawing.
            deal._pending_draw = True
        else:
            _draw_both(deal, winner)
    return events


def _draw_move(deal: Deal, seat: str) -> list[dict[str, Any]]:
    _draw_both(deal, seat)
    deal._pending_draw = False
    return [{"kind": "draw", "seat": seat}]


def _claim(deal: Deal, seat: str) -> list[dict[str, Any]]:
    if not can_claim(deal, seat):
        raise Error("cannot_claim", f"{seat} may claim only just after a trick or a marriage")
    return [{"kind": "claim", "seat": seat}, _finish(deal, "claim", seat)]


def _close(deal: Deal, seat: str) -> list[dict[str, Any]]:
    if not can_close(deal, seat):
        raise Error(
            "cannot_close",
            f"{seat} cannot close: it is closed, or fewer than "
            f"{deal._rules['close_min_stock']} cards are left to draw",
        )
    # The turn-up passes to the holder of the low trump only if an
    # exchange was still allowed: the stock as it was before the close.
    stock = deal.draw_left
    deal._closed_by = seat
    deal._close_state = {
        "by": seat,
        "p1": {"tricks": deal._tricks_won["p1"], "points": deal._taken["p1"]},
        "p2": {"tricks": deal._tricks_won["p2"], "points": deal._taken["p2"]},
    }
    # A Sixty-Six close made before drawing cancels that draw.
    deal._pending_draw = False
    events: list[dict[str, Any]] = [{"kind": "close", "seat": seat}]
    opponent = other(seat)
    if (
        deal._rules["exchange_on_close"]
        and deal._turn_up is not None
        and stock >= deal._rules["exchange_min_stock"]
    ):
        low_trump = card_of(deal._trump, deal._rules["exchange_rank"])
        if low_trump in deal._hands[opponent]:
            # Never worse than declining, so the table does it for them.
            _swap_turn_up(deal, opponent, low_trump)
            events.append({"kind": "exchange", "seat": opponent})
    return events


def _exchange(deal: Deal, seat: str) -> list[dict[str, Any]]:
    low_trump = can_exchange(deal, seat)
    if low_trump is None:
        raise Error(
            "no_exchange",
            f"{seat} cannot exchange for the turn-up now (it needs the low trump "
            f"and at least {deal._rules['exchange_min_stock']} cards left to draw)",
        )
    _swap_turn_up(deal, seat, low_trump)
    return [{"kind": "exchange", "seat": seat}]


def _marriage(deal: Deal, seat: str, move: dict[str, Any]) -> list[dict[str, Any]]:
    suit = move.get("suit")
    suit = str.__str__(suit) if isinstance(suit, str) else None
    offered = [m for m in can_marry(deal, seat) if m["suit"] == suit]
    if not offered:
        raise Error(
            "no_marriage", f"{seat} has no marriage in {show(move.get('suit'))} to declare now"
        )
    meld = offered[0]
    # Under marriage_by_lead the card comes with the marriage, and is
    # checked before anything changes.
    card = marriage.lead_of(seat, meld, move) if deal._rules["marriage_by_lead"] else None
    counted = deal._tricks_won[seat] > 0
    deal._melds.append(
        {"seat": seat, "suit": meld["suit"], "value": meld["value"], "counted": counted}
    )
    if counted:
        deal._taken[seat] += meld["value"]
    events = [{"kind": "marriage", "seat": seat, "suit": meld["suit"], "value": meld["value"]}]
    if card is None:
        deal._must_lead = [meld["king"], meld["queen"]]
        return events
    return events + _lead_card(deal, seat, {"card": card})


# ------------------------------------------------------------ what the table does


def _draw_both(deal: Deal, winner: str) -> None:
    # The winner draws first; with the turn-up last in the talon, the
    # loser of the last drawing trick is the one who gets it.
    for seat in (winner, other(winner)):
        if deal._talon:
            deal._hands[seat].append(deal._talon.pop(0))
        elif deal._turn_up is not None:
            deal._hands[seat].append(deal._turn_up)
            deal._turn_up = None


def _swap_turn_up(deal: Deal, seat: str, low_trump: int) -> None:
    assert deal._turn_up is not None
    deal._hands[seat].remove(low_trump)
    deal._hands[seat].append(deal._turn_up)
    deal._turn_up = low_trump


def _finish(deal: Deal, how: str, by: str | None) -> dict[str, Any]:
    result = scoring.deal_result(
        variant=deal._rules,
        how=how,
        by=by,
        points=deal._taken,
        tricks=deal._tricks_won,
        closed_by=deal._closed_by,
        close_state=deal._close_state,
        last_trick=deal._tricks[-1]["winner"] if deal._tricks else None,
    )
    deal._result = result
    event = {"kind": "deal_end"}
    event.update(copy_mod.deepcopy(result))
    return event
