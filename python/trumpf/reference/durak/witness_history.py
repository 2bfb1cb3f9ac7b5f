"""The public histories an info's ``played`` list can be the attacks and beats of.

An info lists every attack and beat in order, but not the moves and table
events between them: takes, dones, swaps, bout ends and refills. Most of
that follows from ``played``: a beat answers the first unbeaten attack of
its bout; an attack by the defender of a bout whose attacks are all beaten
opens a new bout (the bout was beaten off and passed the attack on); an
attack by the attacker of such a bout is a throw-in. One thing does not:
an attack by the attacker of a bout with an unbeaten card is either piled
on (the defender took) or the first card of a new bout (the defender took,
the attacker was done, and attacks again, as the attacker of a taken bout
does). :func:`histories` follows both, keeping the counts of both hands and
of the talon as the rules change them (a bout's cards go to the heap or the
defender's hand; the attacker, then the defender, draw up to six), and
yields every history that ends in the info's bout, hands, talon and heap.

A history fixes every count and every bout, so it fixes when each seat
draws how many cards, and which cards each seat must have held when (those
it played, those it picked up). What it leaves open is which card was
drawn when, whether each take and each done was a choice (an event, one
ply) or the table's (no option: no event), and a swap: :mod:`.witness_deal`
decides those.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from .card import beats_unchecked

__all__ = ["Bout", "History", "Step", "Told", "TooInvolved", "bit", "histories", "rank_mask"]

HAND = 6
MAX_BOUT = 6


def bit(card: int) -> int:
    """The card as a one-card set (bit ``card``)."""
    return 1 << card


def rank_mask(cards: list[int]) -> int:
    """The set of every card of a rank among ``cards``: what may be thrown in."""
    out = 0
    for laid in cards:
        rank = (laid - 1) % 9
        for suit in range(4):
            out |= bit(suit * 9 + rank + 1)
    return out


def beaters(attack: int, trump: str) -> int:
    """The set of cards that beat ``attack``."""
    out = 0
    for card in range(1, 37):
        if beats_unchecked(card, attack, trump):
            out |= bit(card)
    return out


@dataclass(frozen=True)
class Told:
    """An info dict as read: every field by value, the redundant ones checked away."""

    seat: int
    ply: int
    trump: str
    trump_card: int
    talon: int
    discarded: int  # a card set
    hand: int
    counts: tuple[int, int]  # seat 1, seat 2
    swap: bool
    attacker: int
    cap: int
    taken: bool
    attacks: tuple[int, ...]
    beats: tuple[int, ...]  # the beaten attacks' answers, in order
    played: tuple[tuple[int, bool, int], ...]  # (seat, is an attack, card)
    known: int
    unseen: int


@dataclass
class Step:
    """One step of a history: a card played, a take, a bout's end (and refill).

    ``take`` and ``end`` steps are a seat's decision when ``opt`` is not
    None: an event (one ply) if the seat held a card of ``opt`` or could
    swap, else the table's doing (no event). ``held`` is what the deciding
    seat then held that the table had seen go in (cards it picked up);
    ``talon`` is the talon's count at the step.
    """

    kind: str  # "play", "take", "end"
    seat: int  # play: the player; take: the defender; end: the attacker
    card: int = 0  # play
    attack: bool = False  # play
    bout: int = 0  # play: the bout it went into
    opt: int | None = None  # take, end
    held: int = 0  # take, end
    talon: int = 0
    taken: bool = False  # end
    drawn: tuple[int, int] = (0, 0)  # end: the refill's cards, seat 1 and 2 (turn-up included)
    last: int = 0  # end: the seat that drew the talon's last card, the turn-up


@dataclass
class Bout:
    """A bout of a history: who attacked, its cards, and how it ended."""

    attacker: int
    cap: int
    attacks: list[int] = field(default_factory=list)
    beats: list[int] = field(default_factory=list)
    taken: bool = False
    end: int = -1  # the tick of its end step; -1 while open


@dataclass
class History:
    """A history up to a point (:func:`histories` yields finished ones)."""

    counts: list[int]
    talon: int
    heap: int
    bouts: list[Bout]
    steps: list[Step] = field(default_factory=list)
    where: dict[int, int] = field(default_factory=dict)  # played card: seat 1/2, 0 table, -1 heap
    first: dict[int, tuple[int, int]] = field(default_factory=dict)  # card: (seat, tick)

    @property
    def bout(self) -> Bout:
        return self.bouts[-1]

    def fork(self) -> History:
        bouts = [replace(b, attacks=list(b.attacks), beats=list(b.beats)) for b in self.bouts]
        return History(
            list(self.counts),
            self.talon,
            self.heap,
            bouts,
            list(self.steps),
            dict(self.where),
            dict(self.first),
        )

    def held(self, seat: int) -> int:
        return sum(bit(c) for c, w in self.where.items() if w == seat)


def _play(h: History, seat: int, attack: bool, card: int, swapped: int) -> bool:
    """Plays the card; ``swapped`` is the trump six when the trump card is the six
    (a swap may have put it under the talon, to be drawn by either seat), else 0."""
    where = h.where.get(card)
    if where is None:
        # A first play comes from a card the table has not seen go anywhere
        # (unless a swap brought a card the table saw into the hand).
        if not swapped and h.counts[seat - 1] <= bin(h.held(seat)).count("1"):
            return False
        h.first[card] = (seat, len(h.steps))
    elif where != seat and not (card == swapped and where > 0):
        return False
    h.counts[seat - 1] -= 1
    h.where[card] = 0
    b = h.bout
    (b.attacks if attack else b.beats).append(card)
    h.steps.append(Step("play", seat, card, attack, len(h.bouts) - 1, talon=h.talon))
    return True


def _take(h: History, trump: str) -> None:
    b = h.bout
    d = 3 - b.attacker
    h.steps.append(
        Step("take", d, opt=beaters(b.attacks[len(b.beats)], trump), held=h.held(d), talon=h.talon)
    )
    b.taken = True


def _end(h: History) -> bool:
    """Ends the bout (after its take, if taken): the decision, the refill, the next bout.

    False when the refill ends the game: no info follows a finished game.
    """
    b = h.bout
    a, d = b.attacker, 3 - b.attacker
    table = b.attacks + b.beats
    opt: int | None
    if b.taken:
        opt = rank_mask(table) if len(b.attacks) < b.cap else 0
    elif h.counts[d - 1] == 0 or len(b.attacks) >= b.cap:
        opt = None  # the bout closes: nobody decides
    else:
        opt = rank_mask(table)
    step = Step("end", a, opt=opt, held=h.held(a), talon=h.talon, taken=b.taken)
    for card in table:
        h.where[card] = d if b.taken else -1
    if b.taken:
        h.counts[d - 1] += len(table)
    else:
        h.heap += len(table)
    drawn = [0, 0]
    for seat in (a, d):
        n = min(max(0, HAND - h.counts[seat - 1]), h.talon)
        h.counts[seat - 1] += n
        drawn[seat - 1] = n
        if n and h.talon == n:
            step.last = seat
        h.talon -= n
    step.drawn = (drawn[0], drawn[1])
    b.end = len(h.steps)
    h.steps.append(step)
    if h.talon == 0 and 0 in h.counts:
        return False
    nxt = a if b.taken else d
    h.bouts.append(Bout(nxt, min(MAX_BOUT, h.counts[2 - nxt])))
    return True


def _ranked(b: Bout, card: int) -> bool:
    return bool(rank_mask(b.attacks + b.beats) & bit(card))


def _after(
    h: History, told: Told, seat: int, attack: bool, card: int, work: list[int]
) -> list[History]:
    """The histories that go on from ``h`` with this play (none, one or two); a
    fork adds the steps it copies to ``work``."""
    six = "SHDC".index(told.trump) * 9 + 9
    swapped = six if told.trump_card == six else 0
    b = h.bout
    a, d = b.attacker, 3 - b.attacker
    if not attack:
        unbeaten = len(b.beats) < len(b.attacks)
        if b.taken or not unbeaten or seat != d:
            return []
        if not beats_unchecked(card, b.attacks[len(b.beats)], told.trump):
            return []
        return [h] if _play(h, seat, False, card, swapped) else []
    if not b.attacks:
        return [h] if seat == a and _play(h, seat, True, card, swapped) else []
    if len(b.beats) == len(b.attacks):  # every attack beaten: a throw-in, or a new bout
        if seat == a:
            closed = h.counts[d - 1] == 0 or len(b.attacks) >= b.cap
            ok = not closed and _ranked(b, card) and _play(h, seat, True, card, swapped)
            return [h] if ok else []
        ok = _end(h) and _play(h, seat, True, card, swapped)
        return [h] if ok else []
    if seat != a:
        return []
    if not b.taken:
        _take(h, told.trump)
    out: list[History] = []
    if len(b.attacks) < b.cap and _ranked(b, card):
        work[0] += len(h.steps)
        piled = h.fork()
        if _play(piled, seat, True, card, swapped):
            out.append(piled)
    if _end(h) and _play(h, seat, True, card, swapped):
        out.append(h)
    return out


def _close(h: History, told: Told) -> bool:
    """Brings ``h`` to the info's bout once ``played`` is through; False if it cannot."""
    b = h.bout
    if not told.attacks:
        if b.attacks:
            if len(b.beats) < len(b.attacks) and not b.taken:
                _take(h, told.trump)
            if not _end(h):
                return False
        b = h.bout
        if told.taken or b.attacker != told.attacker:
            return False
    else:
        if (b.attacker, tuple(b.attacks), tuple(b.beats)) != (
            told.attacker,
            told.attacks,
            told.beats,
        ):
            return False
        if told.taken and not b.taken:
            if len(b.beats) == len(b.attacks):
                return False
            _take(h, told.trump)
        if b.taken and not told.taken:
            return False
    heap = sum(bit(c) for c, w in h.where.items() if w == -1)
    return (
        b.cap == told.cap
        and tuple(h.counts) == told.counts
        and h.talon == told.talon
        and heap == told.discarded
    )


class TooInvolved(Exception):
    """The search passed one of its limits: no game comes near them, so the info
    is refused as too involved to check (the core's limits, counted alike)."""


MAX_WORK = 1 << 20  # plays followed plus steps copied where the history forks


def histories(told: Told) -> Iterator[History]:
    """Every history whose attacks and beats are ``told.played`` and that ends in the
    info's bout, counts, talon and heap, in order (a pile-on before a new bout).

    Raises :class:`TooInvolved` once the work passes ``MAX_WORK``.
    """
    first_attacker = told.played[0][0] if told.played else told.attacker
    start = History([HAND, HAND], 24, 0, [Bout(first_attacker, MAX_BOUT)])
    stack: list[tuple[int, History]] = [(0, start)]
    work = [0]
    while stack:
        i, h = stack.pop()
        if i == len(told.played):
            if _close(h, told):
                yield h
            continue
        work[0] += 1
        if work[0] > MAX_WORK:
            raise TooInvolved("the history search passed its limit")
        seat, attack, card = told.played[i]
        nexts = _after(h, told, seat, attack, card, work)
        for n in reversed(nexts):
            stack.append((i + 1, n))
