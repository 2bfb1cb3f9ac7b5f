"""A reachable game behind an info dict: the ground truth of ``choose(info)``.

``build(info)`` takes the plain info of a seat on turn (what ``Deal.info`` or
``Match.info`` gives, read by :func:`.info_read.parse_info`) and constructs a
game the rules reach whose info for that seat is exactly ``info``: a
concrete deal (both hands, the talon's order, the turn-up) and the moves
played on it, under the info's own rules. For ``Match.info`` that is the
current deal; the earlier deals show only in totals (scores, deals, ply),
which :mod:`.info_read` judges, and :mod:`.witness_match` plays whole
earlier deals to match them where its library of played deals can. It
answers None when it finds no deal.

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

It may be slow; it is used by the oracle's reader and by the property tests
(tests/test_info_reachable_schnapsen.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .card import card_of, suit_of
from .deal import Deal
from .errors import Error
from .info import follow_lacks
from .info_parse import DEAL_KEYS
from .match import Match
from .seat import other

__all__ = ["DealPlan", "Witness", "build"]

SEATS = ("p1", "p2")
INF = 10**9


@dataclass
class DealPlan:
    """One deal of a witness: the cards as dealt and the moves played on them."""

    dealer: str
    number: int
    order: list[int]  # the non-dealer's hand, the dealer's, the face-down talon, the turn-up
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


@dataclass
class Witness:
    """A game the rules reach: a deal (or a match's deals in order) and its moves.

    ``totals_only``: a ``Match.info``'s current deal alone, its earlier deals
    judged by their totals (:func:`.info_read` ``_check_match``) and not played.
    """

    rules: dict[str, Any]
    deals: list[DealPlan]
    match: bool
    totals_only: bool = False

    def replay(self) -> Deal | Match:
        """The oracle's Deal or Match with every move played (``Error`` if one is refused)."""
        if not self.match or self.totals_only:
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
    returns it). For ``Match.info`` the current deal is witnessed; its
    earlier deals are played too (a whole match) when ``earlier`` asks for
    them and :mod:`.witness_match` finds some, else the witness is
    ``totals_only``.
    """
    try:
        if "scores" not in info:
            for witness in _deal_candidates(info):
                if _gives(witness, info, info):
                    return witness
            return None
        part = {key: info[key] for key in DEAL_KEYS}
        for plan in _plans(info):
            current = Witness(info["rules"], [plan], True, totals_only=True)
            try:
                deal = current.replay()
            except Error:
                continue
            part["ply"] = len(deal.history)
            if deal.info(info["seat"]) != part:
                continue
            if earlier:
                for whole in _match_candidates(info, plan, part["ply"]):
                    if _gives(whole, info, info):
                        return whole
            return current
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
    for plan in _plans(info):
        yield Witness(info["rules"], [plan], False)


# ---------------------------------------------------------------- one deal


@dataclass
class _Deal:
    """What the info fixes of the deal's course, read once."""

    info: dict[str, Any]
    rules: dict[str, Any]
    seat: str
    other: str
    first: str  # the non-dealer: leads to the first trick
    h: int  # hand size
    half: int  # draw rounds a full talon gives
    rounds: int  # draw rounds made
    choice: bool  # Sixty-Six: the trick's winner draws (or closes) by a move
    close_at: int | None  # tricks played when the talon was closed
    pending_close: bool  # closed right after a trick, before its draw
    winners: list[str]
    plays: dict[str, list[tuple[int, int]]]  # seat -> (trick number, card), the lead now as T + 1
    meld_at: list[int]  # the trick each marriage was led to (T + 1: pending or led now)
    low_trump: int

    def leader_at(self, moment: int) -> str:
        """Who is on lead after `moment` tricks."""
        return self.first if moment == 0 else self.winners[moment - 1]


def _course(info: dict[str, Any]) -> _Deal | None:
    rules = info["rules"]
    h = rules["hand_size"]
    stock = rules["deck_size"] - 2 * h
    if (stock - info["talon_left"]) % 2:
        return None
    tricks = info["tricks"]
    count = len(tricks)
    plays: dict[str, list[tuple[int, int]]] = {"p1": [], "p2": []}
    for t, trick in enumerate(tricks, 1):
        plays[trick["leader"]].append((t, trick["lead"]))
        plays[other(trick["leader"])].append((t, trick["follow"]))
    if info["lead"] is not None:
        plays[info["leader"]].append((count + 1, info["lead"]))
    by_card = {c: (s, t) for s in SEATS for t, c in plays[s]}
    leads = {trick["lead"]: t for t, trick in enumerate(tricks, 1)}
    if info["lead"] is not None:
        leads[info["lead"]] = count + 1
    meld_at = []
    for meld in info["melds"]:
        pair = [card_of(meld["suit"], "K"), card_of(meld["suit"], "Q")]
        seen = [by_card[c] for c in pair if c in by_card]
        if any(s != meld["seat"] for s, _ in seen):
            return None
        if not seen:
            meld_at.append(count + 1)
            continue
        t = min(t for _, t in seen)
        led = [c for c in pair if by_card.get(c) == (meld["seat"], t)]
        if not led or leads.get(led[0]) != t:
            return None
        meld_at.append(t)
    close_at = None
    if info["close_state"] is not None:
        close_at = info["close_state"]["p1"]["tricks"] + info["close_state"]["p2"]["tricks"]
    rounds = (stock - info["talon_left"]) // 2
    choice = bool(rules["close_before_draw"])
    dealer = info["dealer"]
    return _Deal(
        info=info,
        rules=rules,
        seat=info["seat"],
        other=other(info["seat"]),
        first=other(dealer),
        h=h,
        half=stock // 2,
        rounds=rounds,
        choice=choice,
        close_at=close_at,
        pending_close=close_at is not None and choice and rounds == close_at - 1,
        winners=[t["winner"] for t in tricks],
        plays=plays,
        meld_at=meld_at,
        low_trump=card_of(info["trump"], rules["exchange_rank"]),
    )


def _plans(info: dict[str, Any]) -> Iterator[DealPlan]:
    course = _course(info)
    if course is None:
        return
    exchanges = info["exchanges"]
    moments = range(len(info["tricks"]) + 1)
    # When the exchange was made: a move of the seat on lead, or the table's on a close.
    timings: list[tuple[int, bool] | None] = [None]
    if exchanges:
        x = exchanges[0]["seat"]
        timings = [(m, False) for m in moments if course.leader_at(m) == x]
        if course.close_at is not None and course.rules["exchange_on_close"]:
            timings.append((course.close_at, True))
    melds_after_close = [False]
    if course.close_at is not None and course.rules["marriage_after_close"]:
        melds_after_close.append(True)
    for timing, after in itertools.product(timings, melds_after_close):
        for up in _turn_ups(course, timing):
            plan = _plan(course, timing, up, after)
            if plan is not None:
                yield plan


def _drawer_of_turn_up(course: _Deal) -> str | None:
    """Who drew the turn-up as the talon's last card, if the talon ran out."""
    if course.close_at is not None or course.rounds < course.half:
        return None
    return other(course.winners[course.half - 1])


def _turn_ups(course: _Deal, timing: tuple[int, bool] | None) -> Iterator[int | None]:
    """The cards the turn-up drawn last may have been (None: it was not drawn)."""
    drawer = _drawer_of_turn_up(course)
    if drawer is None:
        yield None
        return
    if timing is not None:
        yield course.low_trump  # the exchange left the low trump face up
        return
    info = course.info
    held = info["hand"] if drawer == course.seat else info["known"]
    later = [c for t, c in course.plays[drawer] if t > course.half]
    for card in sorted(set(held) | set(later)):
        if suit_of(card) == info["trump"]:
            yield card


@dataclass
class _Slot:
    key: tuple[int, int]  # (moment, 0 drawn / 1 taken by the exchange; initial: (0, -1))
    card: int | None = None


def _plan(
    course: _Deal, timing: tuple[int, bool] | None, up: int | None, melds_after_close: bool
) -> DealPlan | None:
    info = course.info
    exchange = info["exchanges"][0] if info["exchanges"] else None
    drawer = _drawer_of_turn_up(course)
    # The cards each seat held, with the moment by which it must have held them.
    deadline: dict[str, dict[int, int]] = {"p1": {}, "p2": {}}
    pinned: dict[str, dict[int, tuple[int, int]]] = {"p1": {}, "p2": {}}
    if exchange is not None and timing is not None:
        pinned[exchange["seat"]][exchange["took"]] = (timing[0], 1)
    if drawer is not None and up is not None:
        pinned[drawer][up] = (course.half, 0)
    for s in SEATS:
        for t, c in course.plays[s]:
            deadline[s][c] = t - 1
    for meld, t in zip(info["melds"], course.meld_at, strict=True):
        for rank in ("K", "Q"):
            c = card_of(meld["suit"], rank)
            deadline[meld["seat"]][c] = min(deadline[meld["seat"]].get(c, INF), t - 1)
    # A pinned card is taken at its moment: it cannot have been needed before.
    for s in SEATS:
        for c, key in pinned[s].items():
            if deadline[s].get(c, INF) < key[0]:
                return None
            deadline[s].pop(c, None)
    if exchange is not None and timing is not None:
        # The exchanger held the low trump until it laid it face up: that
        # holding goes by the card's negated id, since the seat that draws
        # it last may be the same seat, holding it a second time.
        deadline[exchange["seat"]][-course.low_trump] = timing[0]
    # The other hand: its known cards and enough unseen ones its follows allow.
    need = info["counts"][course.other] - len(info["known"])
    lacks = _lacks_of(course)
    allowed = [c for c in info["unseen"] if c not in lacks]
    allowed.sort(key=lambda c: (c == course.low_trump, c))
    if need < 0 or need > len(allowed):
        return None
    hidden = allowed[:need]
    for c in [*info["known"], *hidden]:
        deadline[course.other].setdefault(c, INF)
    for c in info["hand"]:
        deadline[course.seat].setdefault(c, INF)
    slots = {s: _slots_of(course, s, pinned[s]) for s in SEATS}
    if slots[course.seat] is None or slots[course.other] is None:
        return None
    placed: dict[str, list[_Slot]] = {}
    for s in SEATS:
        mine = slots[s]
        assert mine is not None
        order = info["hand"] if s == course.seat else None
        if not _place(mine, deadline[s], pinned[s], order):
            return None
        placed[s] = mine
    return _assemble(course, placed, hidden, timing, up, melds_after_close)


def _lacks_of(course: _Deal) -> set[int]:
    """The cards the other hand's phase-2 follows show it does not hold."""
    dry = course.half if course.close_at is None else min(course.half, course.close_at)
    out: set[int] = set()
    for t, trick in enumerate(course.info["tricks"], 1):
        if t > dry and trick["leader"] == course.seat:
            out |= follow_lacks(trick["lead"], trick["follow"], course.info["trump"])
    return out


def _slots_of(course: _Deal, seat: str, pins: dict[int, tuple[int, int]]) -> list[_Slot] | None:
    slots = [_Slot((0, -1)) for _ in range(course.h)]
    slots += [_Slot((r, 0)) for r in range(1, course.rounds + 1)]
    for card, key in pins.items():
        if key[1] == 1:
            slots.append(_Slot(key, card))
        else:
            found = [s for s in slots if s.key == key and s.card is None]
            if not found:
                return None
            found[0].card = card
    return slots


def _place(
    slots: list[_Slot],
    deadline: dict[int, int],
    pins: dict[int, tuple[int, int]],
    hand_order: list[int] | None,
) -> bool:
    """Puts each card the seat held in a slot; False when no placement fits."""
    free = sorted((s for s in slots if s.card is None), key=lambda s: s.key)
    if hand_order is not None:
        # The hand is in order of arrival: the dealt cards first, then each
        # drawn or taken card after the one before it. Latest first.
        limit = (INF, 0)
        for card in reversed(hand_order):
            if card in pins:
                key = pins[card]
                if not key < limit and not (key == limit == (0, -1)):
                    return False
                limit = key
                continue
            due = deadline.get(card, INF)
            options = [
                s
                for s in free
                if s.card is None
                and s.key[0] <= due
                and (s.key < limit or s.key == limit == (0, -1))
            ]
            if not options:
                return False
            chosen = options[-1]
            chosen.card = card
            limit = chosen.key
    rest = sorted(
        (c for c in deadline if c not in pins and c not in (hand_order or [])),
        key=lambda c: (deadline[c], c),
    )
    open_slots = [s for s in free if s.card is None]
    if len(rest) != len(open_slots):
        return False
    for card, slot in zip(rest, open_slots, strict=True):
        if slot.key[0] > deadline[card]:
            return False
        slot.card = card
    return True


def _assemble(
    course: _Deal,
    placed: dict[str, list[_Slot]],
    hidden: list[int],
    timing: tuple[int, bool] | None,
    up: int | None,
    melds_after_close: bool,
) -> DealPlan | None:
    info = course.info
    stock = 2 * course.half
    dealer = info["dealer"]
    hands: dict[str, list[int]] = {}
    for s in SEATS:
        for slot in placed[s]:
            if slot.card is not None and slot.card < 0:
                slot.card = -slot.card
    for s in SEATS:
        dealt = [slot.card for slot in placed[s] if slot.key == (0, -1)]
        assert all(c is not None for c in dealt)
        kept = [c for c in info["hand"] if c in dealt] if s == course.seat else []
        hands[s] = [c for c in dealt if c is not None and c not in kept] + kept
    drawn: dict[tuple[str, int], int] = {}
    for s in SEATS:
        for slot in placed[s]:
            if slot.key[1] == 0 and slot.key[0] >= 1 and slot.card is not None:
                drawn[(s, slot.key[0])] = slot.card
    exchange = info["exchanges"][0] if info["exchanges"] else None
    if exchange is not None:
        turn_up = exchange["took"]
    elif info["turn_up"] is not None:
        turn_up = info["turn_up"]
    else:
        if up is None:
            return None
        turn_up = up
    talon: list[int | None] = [None] * (stock - 1)
    for r in range(1, course.rounds + 1):
        w = course.winners[r - 1]
        talon[2 * (r - 1)] = drawn[(w, r)]
        if 2 * (r - 1) + 1 < stock - 1:
            talon[2 * (r - 1) + 1] = drawn[(other(w), r)]
    used = {c for c in talon if c is not None}
    rest = [c for c in info["unseen"] if c not in hidden and c not in used]
    holes = [i for i, c in enumerate(talon) if c is None]
    if len(rest) != len(holes):
        return None
    for i, c in zip(holes, rest, strict=True):
        talon[i] = c
    order = [*hands[course.first], *hands[dealer], *[c for c in talon if c is not None], turn_up]
    moves = _moves(course, timing, melds_after_close)
    return DealPlan(dealer=dealer, number=info["number"], order=order, moves=moves)


def _moves(
    course: _Deal, timing: tuple[int, bool] | None, melds_after_close: bool
) -> list[tuple[str, dict[str, Any]]]:
    info = course.info
    rules = course.rules
    tricks = info["tricks"]
    count = len(tricks)
    by_lead = bool(rules["marriage_by_lead"])
    moves: list[tuple[str, dict[str, Any]]] = []
    meld_now = {t - 1: meld for meld, t in zip(info["melds"], course.meld_at, strict=True)}
    for moment in range(count + 1):
        x = course.leader_at(moment)
        pending = (
            course.choice
            and moment >= 1
            and moment <= course.half
            and (course.close_at is None or moment <= course.close_at)
        )
        if pending:
            if course.pending_close and moment == course.close_at:
                moves.append((x, {"kind": "close"}))
            elif moment <= course.rounds:
                moves.append((x, {"kind": "draw"}))
            else:
                break  # the draw waits now
        if timing is not None and timing[0] == moment and not timing[1]:
            moves.append((x, {"kind": "exchange"}))
        meld = meld_now.get(moment)
        closing = course.close_at == moment and not course.pending_close
        led = tricks[moment]["lead"] if moment < count else info["lead"]
        marriage: dict[str, Any] | None = None
        if meld is not None:
            marriage = {"kind": "marriage", "suit": meld["suit"]}
            if by_lead:
                marriage["card"] = led
        if closing and melds_after_close:
            moves.append((x, {"kind": "close"}))
        if marriage is not None:
            moves.append((x, marriage))
        if closing and not melds_after_close:
            moves.append((x, {"kind": "close"}))
        if led is not None and not (marriage is not None and by_lead):
            moves.append((x, {"kind": "lead", "card": led}))
        if moment < count:
            moves.append((other(x), {"kind": "follow", "card": tricks[moment]["follow"]}))
    return moves


# ---------------------------------------------------------------- a match


def _match_candidates(info: dict[str, Any], plan: DealPlan, events: int) -> Iterator[Witness]:
    from .witness_match import earlier_deals

    for found in earlier_deals(info, events):
        plans = [
            DealPlan(dealer, number, list(played.order), moves)
            for number, (dealer, played, moves) in enumerate(found, 1)
        ]
        yield Witness(info["rules"], [*plans, plan], True)
