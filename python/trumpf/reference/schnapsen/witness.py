"""A reachable game behind an info dict: the ground truth of ``choose(info)``.

``build(info)`` takes the plain info of a seat on turn (what ``Deal.info`` or
``Match.info`` gives, read by :func:`.info_read.parse_info`) and constructs a
game the rules reach whose info for that seat is exactly ``info``: a
concrete deal (both hands, the talon's order, the turn-up) and the moves
played on it, under the info's own rules. For ``Match.info`` that is the
current deal, and, when asked, the earlier deals too, which the info shows
only as totals (scores, to_win, deals, the dealer): :mod:`.witness_match`
plays whole deals of each kind to add up to them. It answers None when it
finds no game.

Its answers are checked, never trusted: :meth:`Witness.replay` plays the
moves on the oracle's own ``Deal`` or ``Match`` (dealt from the chosen
cards), and ``build`` keeps a candidate only when the replayed ``info``
equals the given one. So a witness is always right; what this module must
get right is finding one whenever one exists. It reconstructs, from the
info, what the info leaves open:

- when each draw, exchange, marriage and close happened: the tricks fix
  most of it (a marriage is declared just before its owner leads the first
  of its king and queen; the talon's count fixes the draws; ``close_state``
  the close); what is left (when the exchange was made, the order of a
  Schnapsen marriage and a close made at one lead) is tried in turn;
- where each card came from: the seat's own hand order, the cards each
  seat had to hold by the time it played them or showed them in a
  marriage, the turn-up taken by the exchange and the one drawn last. Each
  card goes to the latest dealt or drawn place its holder's hand order
  allows, the rest by earliest deadline, which finds a placement whenever
  one exists;
- the other hand's unseen cards: any that its phase-2 follows do not rule
  out, preferring not the low trump (which a Sixty-Six close would have
  had the table exchange).

:mod:`.witness_course` reads the course off the info; :mod:`.witness_deal`
places the cards and writes the moves. It may be slow; it is used by the oracle's reader and by the property tests
(tests/engine/test_info_reachable_schnapsen.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .deal import Deal
from .errors import Error
from .info_parse import DEAL_KEYS
from .match import Match
from .witness_deal import DealPlan, plans

__all__ = ["DealPlan", "Witness", "build"]


@dataclass
class Witness:
    """A game the rules reach: a deal (or a match's deals in order) and its moves.

    ``current_only``: a ``Match.info``'s current deal alone, its earlier
    deals not played (their totals are judged by :mod:`.info_read`).
    """

    rules: dict[str, Any]
    deals: list[DealPlan]
    match: bool
    current_only: bool = False

    def replay(self) -> Deal | Match:
        """The oracle's Deal or Match with every move played (``Error`` if one is refused)."""
        if not self.match or self.current_only:
            plan = self.deals[0]
            deal = Deal._from_order(self.rules, plan.number, plan.dealer, plan.order)
            for seat, move in plan.moves:
                deal.apply(seat, move)
            return deal
        orders = {plan.number: plan.order for plan in self.deals}
        match = Match._from_orders(self.rules, self.deals[0].dealer, orders)
        for plan in self.deals:
            if match.deal.number != plan.number or match.deal.dealer != plan.dealer:
                raise Error("bad_info", "the match deals another deal than planned")
            for seat, move in plan.moves:
                match.apply(seat, move)
        return match


def build(info: dict[str, Any], earlier: bool = False) -> Witness | None:
    """A witness whose replay gives ``info`` to its seat, or None if none is found.

    ``info`` is plain data in the contract's shape (as :func:`.info_read.parse_info`
    returns it). For ``Match.info`` the current deal alone is witnessed
    (``current_only``) unless ``earlier`` asks for a whole match, the
    earlier deals played too.
    """
    try:
        if "scores" not in info:
            for witness in _deal_candidates(info):
                if _gives(witness, info, info):
                    return witness
            return None
        part = {key: info[key] for key in DEAL_KEYS}
        for plan in plans(info):
            current = Witness(info["rules"], [plan], True, current_only=True)
            if not _gives(current, info, part):
                continue
            if not earlier:
                return current
            for whole in _match_candidates(info, plan):
                if _gives(whole, info, info):
                    return whole
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return None


def _gives(witness: Witness, info: dict[str, Any], want: dict[str, Any]) -> bool:
    try:
        game = witness.replay()
    except Error:
        return False
    return bool(game.info(info["seat"]) == want)


def _deal_candidates(info: dict[str, Any]) -> Iterator[Witness]:
    for plan in plans(info):
        yield Witness(info["rules"], [plan], False)


# ---------------------------------------------------------------- a match


def _match_candidates(info: dict[str, Any], plan: DealPlan) -> Iterator[Witness]:
    from .witness_match import earlier_deals

    for found in earlier_deals(info):
        earlier = [
            DealPlan(dealer, number, list(played.order), moves)
            for number, (dealer, played, moves) in enumerate(found, 1)
        ]
        yield Witness(info["rules"], [*earlier, plan], True)
