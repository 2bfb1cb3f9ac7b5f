"""One deal behind an info dict: the cards as dealt and the moves, for :mod:`.witness`.

:func:`plans` yields candidate deals for the info's current deal. What the
course leaves open (when the exchange was made; whether a Schnapsen
marriage shown at the lead of the close came before it) is tried in turn,
and so is the turn-up drawn last among the trumps its drawer can have
drawn. Each card then goes to the latest dealt or drawn place its holder's
hand order allows, the rest by earliest deadline, which finds a placement
whenever one exists; the other hand's unseen cards are any its phase-2
follows do not rule out, the low trump last.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .card import card_of, suit_of
from .seat import other
from .witness_course import Course, course_of, lacks_of

__all__ = ["DealPlan", "plans"]

SEATS = ("p1", "p2")
INF = 10**9


@dataclass
class DealPlan:
    """One deal of a witness: the cards as dealt and the moves played on them."""

    dealer: str
    number: int
    order: list[int]  # the non-dealer's hand, the dealer's, the face-down talon, the turn-up
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def plans(info: dict[str, Any]) -> Iterator[DealPlan]:
    course = course_of(info)
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


def _drawer_of_turn_up(course: Course) -> str | None:
    """Who drew the turn-up as the talon's last card, if the talon ran out."""
    if course.close_at is not None or course.rounds < course.half:
        return None
    return other(course.winners[course.half - 1])


def _turn_ups(course: Course, timing: tuple[int, bool] | None) -> Iterator[int | None]:
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
    course: Course, timing: tuple[int, bool] | None, up: int | None, melds_after_close: bool
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
    lacks = lacks_of(course)
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


def _slots_of(course: Course, seat: str, pins: dict[int, tuple[int, int]]) -> list[_Slot] | None:
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
    course: Course,
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
    course: Course, timing: tuple[int, bool] | None, melds_after_close: bool
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
