"""A reachable game behind a Durak info: the ground truth of what an info may say.

An info is a seat's information set of a position the rules can reach when
some deal, played legally, leads there. :func:`find` looks for one: a deck
order (both hands, the turn-up, the talon) and a move list whose replay
gives a game whose ``info(seat)`` is the info, to the last key. It is
exhaustive, so ``None`` means no deal and no legal play make that info.

The search has three layers:

- :mod:`.witness_history`: the public histories ``played`` can be (where
  bouts ended, taken or beaten off), each fixing every count and bout;
- here: what the history leaves of the three cards the table saw move
  without being played (the turn-up, drawn last; the trump six and the
  turn-up a swap exchanged: who swapped, when, and which card the turn-up
  was), and which cards each seat must have held when;
- :mod:`.witness_deal`: for each seat, which card it drew when, so that
  its takes and dones that were choices (events, plies) number what
  ``ply`` says, and so that the lowest trump dealt gives the first attack
  to the seat that made it.

:func:`game_of` replays a witness on the oracle's Game; the property tests
compare its info with the one asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .card import SUITS, power_of, six_of, suit_of
from .witness_deal import NEVER, NONE, SeatPlan, counts, plan
from .witness_history import Told, TooInvolved, bit, histories

__all__ = ["Told", "TooInvolved", "Witness", "find", "game_of"]


@dataclass(frozen=True)
class Witness:
    """A deal and its play: ``order`` the 36 cards as dealt (seat 1, seat 2 in
    turn, then the turn-up, then the talon in draw order), ``moves`` every move
    ``{seat, kind}`` (plus ``card``) in order, the table's forced ones left out."""

    order: tuple[int, ...]
    moves: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class _Swap:
    seat: int  # 0: no swap
    tick: int  # before step k: 4k - 2
    turn_up: int  # the card the swap took (the deal's turn-up)


def _cards(mask: int) -> list[int]:
    return [c for c in range(1, 37) if mask >> c & 1]


class _Solver:
    """One history's open questions (see the module)."""

    def __init__(self, told: Told, h: Any) -> None:
        self.told = told
        self.h = h
        self.me, self.other = told.seat, 3 - told.seat
        self.six = six_of(told.trump)
        self.plays: dict[int, list[tuple[int, Any]]] = {}
        for i, step in enumerate(h.steps):
            if step.kind == "play":
                self.plays.setdefault(step.card, []).append((4 * i, step))
        self.ends = [i for i, s in enumerate(h.steps) if s.kind == "end"]
        last = [i for i in self.ends if h.steps[i].last]
        self.drawer = h.steps[last[0]].last if last else 0  # who drew the turn-up
        self.drawn_at = 4 * last[0] + 1 if last else NEVER

    # ---------------------------------------------------------------- one swap

    def _holds_after(self, card: int, seat: int, since: int, tick: int) -> bool:
        """Whether ``seat``, given ``card`` at ``since`` face up (a swap, the last
        draw), still holds it at ``tick``: it has not played it since."""
        return since < tick and all(t <= since or t > tick for t, _ in self.plays.get(card, []))

    def _arrivals(self, swap: _Swap) -> dict[int, tuple[int, int]] | None:
        """The cards a seat got face up, card: (seat, tick); None if their plays
        do not fit (the first play after is the receiver's, none before)."""
        got: dict[int, tuple[int, int]] = {}
        if swap.seat:
            got[swap.turn_up] = (swap.seat, swap.tick)
        if self.told.talon == 0:
            got[self.told.trump_card] = (self.drawer, self.drawn_at)
        for card, (seat, since) in got.items():
            plays = self.plays.get(card, [])
            before = [step for t, step in plays if t < since]
            after = [step for t, step in plays if t > since]
            if after and after[0].seat != seat:
                return None
            if before and not (card == self.six and swap.seat):
                return None
        return got

    def _six_gone(self, swap: _Swap, tick: int) -> bool:
        """Whether the six lay under the talon, or was drawn there again, since the
        swap and is not yet played again at ``tick``: where it was before is stale."""
        plays = self.plays.get(self.six, [])
        return (
            bool(swap.seat) and swap.tick < tick and not any(swap.tick < t < tick for t, _ in plays)
        )

    def _six_fits(self, swap: _Swap) -> bool:
        """The swapped six: held by the swapper at the swap, its own all along
        (every play of it before was the swapper's beat, taken back), and under the
        talon from then until drawn as its last card."""
        if not swap.seat:
            return True
        if any(swap.tick < t < self.drawn_at for t, _ in self.plays.get(self.six, [])):
            return False
        before = [(t, step) for t, step in self.plays.get(self.six, []) if t < swap.tick]
        for _, step in before:
            bout = self.h.bouts[step.bout]
            if step.seat != swap.seat or step.attack or not bout.taken:
                return False
            if bout.end < 0 or 4 * bout.end > swap.tick:
                return False
        return True

    def solve(self, swap: _Swap) -> Witness | None:
        told, h = self.told, self.h
        if not self._six_fits(swap):
            return None
        arrivals = self._arrivals(swap)
        if arrivals is None:
            return None
        # What each seat holds now that the table saw go in.
        shown = {1: 0, 2: 0}
        for card, seat in h.where.items():
            if seat in (1, 2) and not (card == self.six and self._six_gone(swap, NEVER)):
                shown[seat] |= bit(card)
        for card, (seat, since) in arrivals.items():
            if self._holds_after(card, seat, since, NEVER):
                shown[seat] |= bit(card)
        if shown[self.other] != told.known or shown[self.me] & ~told.hand:
            return None
        # The seat may swap exactly when the six in its hand is its own: dealt or
        # drawn there (never played), or played only as its own beats, taken back.
        own = (
            not swap.seat
            and told.talon > 0
            and told.hand & bit(self.six)
            and (self.six not in self.plays or self._own_six(self.me, NEVER))
        )
        if told.swap != bool(own):
            return None
        # The swap: the swapper held the six and could swap, and it is its turn.
        plans: dict[int, SeatPlan] = {}
        for seat in (1, 2):
            p = self._plan(seat, swap, arrivals, shown)
            if p is None:
                return None
            plans[seat] = p
        over = 2 * len(self.ends) + (1 if swap.seat else 0) + len(told.played)
        want = told.ply - over
        if want < 0:
            return None
        found = self._combine(plans, want)
        if found is None:
            return None
        return self._build(swap, arrivals, plans, found)

    def _slots(self, seat: int) -> list[tuple[int, int]]:
        slots = [(-3, 6)]  # the deal, before anything (a swap before step k is at 4k - 2)
        for i in self.ends:
            step = self.h.steps[i]
            n = step.drawn[seat - 1] - (1 if step.last == seat else 0)
            if n:
                slots.append((4 * i + 1, n))
        return slots

    def _plan(
        self, seat: int, swap: _Swap, arrivals: dict[int, tuple[int, int]], shown: dict[int, int]
    ) -> SeatPlan | None:
        told, h = self.told, self.h
        cards: list[tuple[int, int]] = []
        for card, (who, tick) in h.first.items():
            if card in arrivals or (swap.seat and card == self.six):
                continue
            if who == seat:
                cards.append((card, tick * 4))
        if swap.seat == seat:
            before = [t for t, _ in self.plays.get(self.six, []) if t < swap.tick]
            cards.append((self.six, before[0] if before else swap.tick))
        pool: list[int] = []
        if seat == self.me:
            cards += [(c, NEVER) for c in _cards(told.hand & ~shown[seat])]
        else:
            pool = _cards(told.unseen)
        slots = self._slots(seat)
        total = sum(n for _, n in slots)
        if total < len(cards) or (not pool and total != len(cards)):
            return None
        if pool and total - len(cards) != told.counts[seat - 1] - bin(told.known).count("1"):
            return None
        events: list[tuple[int, int]] = []
        fixed = 0
        trump = told.trump
        for i, step in enumerate(h.steps):
            if step.kind == "play" or step.seat != seat or step.opt is None:
                continue
            tick = 4 * i
            held = step.held
            if self._six_gone(swap, tick):
                held &= ~bit(self.six)
            for card, (who, since) in arrivals.items():
                if who == seat and self._holds_after(card, seat, since, tick):
                    held |= bit(card)
            options = step.opt
            can_swap = step.talon > 0 and not (swap.seat and tick > swap.tick)
            if can_swap and held & bit(self.six) and self._own_six(seat, tick):
                fixed += 1
                continue
            if held & options:
                fixed += 1
                continue
            if can_swap:
                options |= bit(self.six)  # a six drawn and still held may be swapped
            events.append((tick, options))
        power = tuple(power_of(c) if c and suit_of(c) == trump else -1 for c in range(37))
        return SeatPlan(tuple(slots), tuple(cards), tuple(pool), tuple(events), fixed, power)

    def _own_six(self, seat: int, tick: int) -> bool:
        """Whether the six, which ``seat`` holds at ``tick`` having played it, is still
        its own to swap: every play of it so far was its own beat."""
        plays = [step for t, step in self.plays.get(self.six, []) if t < tick]
        return bool(plays) and all(step.seat == seat and not step.attack for step in plays)

    def _combine(self, plans: dict[int, SeatPlan], want: int) -> tuple[int, int, int, int] | None:
        """(lowest trump dealt to seat 1, to seat 2, events of seat 1, of seat 2)."""
        first = self.told.played[0][0] if self.told.played else self.told.attacker
        got = {seat: counts(plans[seat]) for seat in (1, 2)}
        for low1, v1s in sorted(got[1].items()):
            for low2, v2s in sorted(got[2].items()):
                if first == 1 and not (low1 < low2 or low1 == low2 == NONE):
                    continue
                if first == 2 and not low2 < low1:
                    continue
                for v1 in range(want + 1):
                    if v1s >> v1 & 1 and v2s >> (want - v1) & 1:
                        return low1, low2, v1, want - v1
        return None

    # ---------------------------------------------------------------- the witness

    def _build(
        self,
        swap: _Swap,
        arrivals: dict[int, tuple[int, int]],
        plans: dict[int, SeatPlan],
        found: tuple[int, int, int, int],
    ) -> Witness:
        told, h = self.told, self.h
        drawn = {seat: plan(plans[seat], found[seat - 1], found[seat + 1]) for seat in (1, 2)}
        when: dict[int, int] = {}  # card: the tick it was drawn
        for seat in (1, 2):
            for (tick, _), got in zip(plans[seat].slots, drawn[seat], strict=True):
                for card in got:
                    when[card] = tick
        deal = {seat: drawn[seat][0] for seat in (1, 2)}
        order = [deal[1 + (i & 1)][i >> 1] for i in range(12)]
        order.append(swap.turn_up if swap.seat else told.trump_card)
        later = {seat: iter(drawn[seat][1:]) for seat in (1, 2)}
        for i in self.ends:
            step = h.steps[i]
            for seat in (step.seat, 3 - step.seat):
                if step.drawn[seat - 1] - (1 if step.last == seat else 0):
                    order += next(later[seat])
        order += sorted(set(_cards(told.unseen)) - set(when))
        assert sorted(order) == list(range(1, 37)), "a witness deck is the pack"

        # Each drawn card's life in its seat's hand: (drawn, leave).
        life: dict[int, dict[int, tuple[int, int]]] = {}
        for seat in (1, 2):
            leaves = dict(plans[seat].cards)
            life[seat] = {
                card: (tick, leaves.get(card, NEVER))
                for (tick, _), got in zip(plans[seat].slots, drawn[seat], strict=True)
                for card in got
            }

        def covered(seat: int, tick: int, options: int) -> bool:
            return any(
                at < tick < leave and options & bit(card)
                for card, (at, leave) in life[seat].items()
            )

        events = {seat: {tick: options for tick, options in plans[seat].events} for seat in (1, 2)}
        moves: list[dict[str, Any]] = []
        for i, step in enumerate(h.steps):
            if swap.seat and swap.tick == 4 * i - 2:
                moves.append({"seat": swap.seat, "kind": "swap"})
            if step.kind == "play":
                kind = "attack" if step.attack else "beat"
                moves.append({"seat": step.seat, "kind": kind, "card": step.card})
                continue
            if step.opt is None:
                continue
            options = events[step.seat].get(4 * i)
            if options is None or covered(step.seat, 4 * i, options):
                moves.append({"seat": step.seat, "kind": "take" if step.kind == "take" else "done"})
        if swap.seat and swap.tick == 4 * len(h.steps) - 2:
            moves.append({"seat": swap.seat, "kind": "swap"})
        return Witness(tuple(order), tuple(moves))

    # ---------------------------------------------------------------- the swaps

    def swaps(self) -> list[_Swap]:
        """No swap; and, when the trump card is the six, every swap that may have put
        it there (one of each kind that the draws cannot tell apart)."""
        out = [_Swap(0, 0, 0)]
        told = self.told
        if told.trump_card != self.six:
            return out
        steps = self.h.steps
        seen: set[tuple[int, ...]] = set()
        trumps = [SUITS.index(told.trump) * 9 + r + 1 for r in range(8)]
        for seat in (1, 2):
            for k in range(len(steps) + 1):
                if k < len(steps):
                    step = steps[k]
                    if step.seat != seat or step.talon == 0:
                        continue
                    if step.kind == "end" and step.opt is None:
                        continue
                elif seat != self.me or told.talon == 0:
                    continue
                tick = 4 * k - 2
                # What the swap's moment decides: which takes and ends came before
                # it (so which draws and bout ends), and which plays of the two cards.
                before = sum(1 for s in steps[:k] if s.kind != "play")
                for turn_up in trumps:
                    key = (
                        seat,
                        turn_up,
                        before,
                        tick if k == len(steps) else -1,
                        sum(1 for t, _ in self.plays.get(turn_up, []) if t < tick),
                        sum(1 for t, _ in self.plays.get(self.six, []) if t < tick),
                    )
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(_Swap(seat, tick, turn_up))
        return out


def find(told: Told) -> Witness | None:
    """A deal and its play whose info for ``told.seat`` is ``told``, or None when
    the rules reach no such position."""
    for h in histories(told):
        solver = _Solver(told, h)
        for swap in solver.swaps():
            found = solver.solve(swap)
            if found is not None:
                return found
    return None


def game_of(witness: Witness) -> Any:
    """The oracle's Game dealt as ``witness.order`` says, its moves played."""
    from .game import Game

    game = Game._from_order(list(witness.order))
    for move in witness.moves:
        game.apply(move["seat"], {k: v for k, v in move.items() if k != "seat"})
    return game
