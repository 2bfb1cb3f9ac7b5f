"""Which card one seat drew when, so that its decisions make the info's ply.

Given a history (:mod:`.witness_history`) a seat draws a fixed number of
cards at fixed moments: six at the deal, then at each refill. Its cards
with a known fate must be among them: each card it played first, drawn
before that play, and each card it still holds that the table never saw
go in (for the info's own seat, the rest of its hand; for the other seat,
any of the unseen cards: the ``pool``). What is open is which of them came
when, and that decides the seat's decisions: a take or a done with an
option (a beating card, a card of a rank on the table, the trump six to
swap) is an event, one ply; without one it is the table's, no ply.

A card covers a decision when it is in the hand then: drawn before it,
played (if ever) after it, and among its options. :func:`counts` answers
every number of covered decisions some order of draws makes, grouped by
the lowest trump the seat was dealt (which decides who attacked first);
:func:`plan` gives one such order.

The search goes slot by slot. What the future needs of the past is the
decisions still to come that a card already drawn covers, and the cards
not yet drawn, each as what it could still cover (of the decisions not
yet covered), whether it must be drawn, and when it leaves: cards alike in
all that can trade places, and so are counted, not named. Among cards
that could cover the same decisions, the one leaving first is drawn first:
trading two such cards changes no decision, and the earlier leaver has
the earlier deadline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .witness_history import TooInvolved, bit

__all__ = ["NEVER", "NONE", "SeatPlan", "counts", "plan"]

NEVER = 1 << 30  # the leave of a card the seat still holds
NONE = 9  # "no trump dealt", above every trump's power (0..8)
MAX_EVENTS = 128  # decisions a seat's draws decide, at most (the core's bit sets)
MAX_DECISIONS = 255  # decisions of a seat, at most
MAX_STATES = 1 << 18  # states of one seat's search


@dataclass(frozen=True)
class SeatPlan:
    """What one seat's draws must do.

    ``slots``: (tick, cards drawn), the deal first at tick -3. ``cards``:
    (card, leave) that must all be drawn, each before its leave (the tick it
    was first played or swapped away; ``NEVER`` for a card still held).
    ``pool``: cards, still held if drawn, that fill the slots left.
    ``events``: (tick, options) of the seat's decisions no card the table
    saw decides; ``fixed``: its decisions that are events whatever it drew.
    ``power``: the trump power of each card id (0..8), -1 for a plain card.
    """

    slots: tuple[tuple[int, int], ...]
    cards: tuple[tuple[int, int], ...]
    pool: tuple[int, ...]
    events: tuple[tuple[int, int], ...]
    fixed: int
    power: tuple[int, ...]


class _Search:
    """The search over one seat's draws, memoised by slot, the events covered and
    the cards not yet drawn.

    Cards are numbered by (leave, id), so a set of them, read from its low
    bit, runs earliest leaver first.
    """

    def __init__(self, p: SeatPlan) -> None:
        self.ticks = [t for t, _ in p.slots] + [NEVER]
        self.p = p = self._settled(p)
        if len(p.events) > MAX_EVENTS or p.fixed + len(p.events) > MAX_DECISIONS:
            raise TooInvolved("a seat has more decisions than the search follows")
        slots = len(p.slots)
        # The events of each slot's stage (after its draw, before the next), and
        # of every stage from it on.
        self.stage = [
            sum(
                1 << i for i, (t, _) in enumerate(p.events) if self.ticks[j] < t < self.ticks[j + 1]
            )
            for j in range(slots)
        ]
        self.later = [0] * (slots + 1)
        for j in range(slots - 1, -1, -1):
            self.later[j] = self.later[j + 1] | self.stage[j]
        cards = sorted(
            [(leave, c, False) for c, leave in p.cards] + [(NEVER, c, True) for c in p.pool]
        )
        self.card = [c for _, c, _ in cards]
        self.leave = [leave for leave, _, _ in cards]
        self.pooled = [pooled for _, _, pooled in cards]
        self.power = [p.power[c] for c in self.card]
        self.could: list[int] = []
        for leave, card, _ in cards:
            self.could.append(
                sum(
                    1 << i
                    for i, (tick, options) in enumerate(p.events)
                    if tick < leave and options & bit(card)
                )
            )
        self.everything = (1 << len(cards)) - 1
        self.held = sum(1 << i for i in range(len(cards)) if not self.pooled[i])
        self.memo: dict[tuple[int, int, int], int] = {}
        # The kinds of cards alike for each set of live events: bit sets, in index order.
        self.kinds: dict[int, tuple[int, ...]] = {}

    def _settled(self, p: SeatPlan) -> SeatPlan:
        """``p`` with the decisions every order of draws covers counted as fixed: a
        card that must be drawn by the decision's stage (it leaves in that stage,
        or it is still held and there is no later draw) is in the hand then."""
        slots = len(p.slots)

        def stage(tick: int) -> int:
            return max(j for j in range(slots) if self.ticks[j] < tick)

        events: list[tuple[int, int]] = []
        fixed = p.fixed
        for tick, options in p.events:
            s = stage(tick)
            due = [
                card
                for card, leave in p.cards
                if tick < leave and (stage(leave) == s if leave != NEVER else s == slots - 1)
            ]
            if any(options & bit(card) for card in due):
                fixed += 1
            else:
                events.append((tick, options))
        return SeatPlan(p.slots, p.cards, p.pool, tuple(events), fixed, p.power)

    # ------------------------------------------------------------- one slot's draws

    def draws(
        self, j: int, undrawn: int, covered: int, lowest: int = -1
    ) -> list[tuple[int, int, int]]:
        """Every draw at slot j: (cards left undrawn, events covered, cards drawn).

        Cards alike (what they could still cover, pooled) are drawn the earliest
        leaver first. At the deal, ``lowest`` is the power of the lowest trump
        dealt (``NONE``: none): that trump is dealt, and no lower one.
        """
        tick, k = self.p.slots[j]
        last = j + 1 == len(self.p.slots)
        nxt = self.ticks[j + 1]
        live = self.later[j] & ~covered
        leave, could, pooled, power = self.leave, self.could, self.pooled, self.power
        groups: dict[tuple[int, bool, int], list[int]] = {}  # key: [members, low, high]
        rest = undrawn
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            if leave[i] <= tick:
                return []  # a card played before this draw was never drawn
            w = power[i]
            # At the deal the lowest trump dealt is a group of its own, dealt; a
            # lower trump is not dealt (a group that stays undrawn).
            flag = (2 if w == lowest else 1) if 0 <= w <= lowest else 0
            key = (could[i] & live, pooled[i], flag)
            g = groups.get(key)
            if g is None:
                g = groups[key] = [0, 0, 0]
            g[0] |= low
            g[2] += 1
            if not pooled[i] and (last or leave[i] < nxt):
                g[1] += 1
        parts: list[tuple[int, int, int, int]] = []  # (covers, members, low, high)
        for (covers, _, flag), (members, need, size) in groups.items():
            if flag == 2:
                need = size
            elif flag == 1:
                size = 0
            if need > size:
                return []
            parts.append((covers, members, need, size))
        n_parts = len(parts)
        rest_low = [0] * (n_parts + 1)
        rest_high = [0] * (n_parts + 1)
        for i in range(n_parts - 1, -1, -1):
            rest_low[i] = rest_low[i + 1] + parts[i][2]
            rest_high[i] = rest_high[i + 1] + parts[i][3]
        result: list[tuple[int, int, int]] = []

        def fill(i: int, left: int, drawn: int, now: int) -> None:
            if i == n_parts:
                result.append((undrawn & ~drawn, now, drawn))
                return
            covers, group, need, size = parts[i]
            taken = 0
            for n in range(min(size, left) + 1):
                if n:
                    low = group & -group
                    group ^= low
                    taken |= low
                if n >= need and rest_low[i + 1] <= left - n <= rest_high[i + 1]:
                    fill(i + 1, left - n, drawn | taken, now | covers if n else now)

        if rest_low[0] <= k <= rest_high[0]:
            fill(0, k, 0, covered)
        return result

    def _key(self, j: int, undrawn: int, covered: int) -> tuple[int, int, int]:
        """The state as the future sees it: the events covered, and which cards are
        undrawn up to trading cards alike (what they could still cover, pooled,
        when they leave); those are named by the first of their kind."""
        live = self.later[j + 1] & ~covered
        kinds = self.kinds.get(live)
        if kinds is None:
            groups: dict[tuple[int, bool, int], int] = {}
            for i in range(len(self.card)):
                kind = (self.could[i] & live, self.pooled[i], self.leave[i])
                groups[kind] = groups.get(kind, 0) | 1 << i
            kinds = self.kinds[live] = tuple(groups.values())
        named = 0
        for members in kinds:
            for _ in range(bin(undrawn & members).count("1")):
                first = members & -members
                named |= first
                members ^= first
        return (j, covered & self.later[j], named)

    def values(self, j: int, undrawn: int, covered: int) -> int:
        """The numbers of covered decisions from slot j's stage on (a bit set), with
        slot j drawn: ``undrawn`` left, ``covered`` the events some drawn card covers."""
        key = self._key(j, undrawn, covered)
        found = self.memo.get(key)
        if found is not None:
            return found
        here = bin(covered & self.stage[j]).count("1")
        out = 0
        if j + 1 == len(self.p.slots):
            out = 0 if undrawn & self.held else 1 << here
        else:
            for left, now, _ in self.draws(j + 1, undrawn, covered):
                out |= self.values(j + 1, left, now)
            out <<= here
        self.memo[key] = out
        if len(self.memo) > MAX_STATES:
            raise TooInvolved("a seat's draws passed the search's limit")
        return out

    def lowests(self) -> list[int]:
        """The powers the lowest trump dealt may have: each of the seat's trumps', NONE."""
        return [*sorted({w for w in self.power if w >= 0}), NONE]

    def named(self, drawn: int) -> tuple[int, ...]:
        return tuple(self.card[i] for i in range(len(self.card)) if drawn >> i & 1)


@lru_cache(maxsize=256)
def counts(p: SeatPlan) -> dict[int, int]:
    """The lowest trump dealt (its power, or NONE) -> the numbers of events the
    seat's decisions can make (a bit set: bit v for v events). Cached: the
    seat that did not swap has the same plan whichever swap the other made."""
    s = _Search(p)
    out: dict[int, int] = {}
    for low in s.lowests():
        v = 0
        for left, covered, _ in s.draws(0, s.everything, 0, low):
            v |= s.values(0, left, covered)
        if v:
            out[low] = v << s.p.fixed
    return out


def plan(p: SeatPlan, lowest: int, value: int) -> list[tuple[int, ...]]:
    """One order of draws with that lowest trump dealt and ``value`` events:
    the cards drawn at each slot."""
    s = _Search(p)
    want = value - s.p.fixed
    out: list[tuple[int, ...]] = []
    options = s.draws(0, s.everything, 0, lowest)
    for j in range(len(p.slots)):
        for left, covered, drawn in options:
            if s.values(j, left, covered) >> want & 1:
                out.append(s.named(drawn))
                want -= bin(covered & s.stage[j]).count("1")
                break
        else:
            raise AssertionError("plan asked for a value counts did not give")
        if j + 1 < len(p.slots):
            options = s.draws(j + 1, left, covered)
    return out
