"""The Python side of an OpenSpiel state of trumpf's games (trumpf.rl.openspiel).

A :class:`Position` is the chance draws so far (the dealer, then the cards
one by one, or a match's seed bytes), then the Deal, Match or Durak Game
they deal and its moves, and what each player has seen: as a record of
each move (``trace``, from which the information state's string is
written) and as numbers (``marks``, the part of the information state's
tensor that the observation does not hold). OpenSpiel clones a
Python state by deep-copying its attributes and serialises one by pickling
them: a position copies itself cheaply, and pickles as :class:`Replay`, a
bare word, because the state's history, which OpenSpiel writes beside it,
is the state.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pyspiel

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import legal_actions, move_for

__all__ = [
    "DEAL_LENGTH",
    "DURAK_LENGTH",
    "SEED_BYTES",
    "OpenSpielError",
    "Position",
    "Replay",
    "build",
    "checked_player",
    "dealt",
    "durak_public",
    "mark_pieces",
    "pack_of",
]

SEED_BYTES = 32
"""Chance nodes that draw a match's seed, one byte each."""

# Decisions in a deal at most: 24 cards, 4 marriages declared, an exchange, a
# close, a claim and 6 draws (Sixty-Six, one a trick while the talon is open).
DEAL_LENGTH = 43
# Durak: at most 18 bouts beaten off (2 cards to the heap each), at most 36
# taken bouts in a row (each leaves the attacker's hand and the talon a card
# shorter), at most 14 decisions a bout (6 attacks, 5 beats, take, done, swap).
DURAK_LENGTH = 14 * (18 + 19 * 36) + 1


def mark_pieces(family: str) -> list[tuple[str, tuple[int, ...]]]:
    """The marks' pieces (see :class:`Position`), in order, with their shapes:
    by seat (the player first, then the other) and action, when it was last
    made and how often; by card id (1 first), when it came into the hand,
    and which card was dealt face up (the turn-up, Durak's trump card)."""
    cards = 36 if family == "durak" else 24
    return [
        ("last_made", (2, rl.N_ACTIONS)),
        ("times_made", (2, rl.N_ACTIONS)),
        ("arrived", (cards,)),
        ("dealt_up", (cards,)),
    ]


# Made once: OpenSpiel makes a fresh state each time it sizes a tensor.
_MARKS = {
    f: sum(int(np.prod(shape)) for _, shape in mark_pieces(f))
    for f in ("durak", "schnapsen", "sixtysix")
}
_PACKS: dict[tuple[str, Any], tuple[int, ...]] = {}


class OpenSpielError(Error, pyspiel.SpielError):  # type: ignore[misc]
    """What these games refuse: trumpf's :class:`~trumpf.errors.Error`, with
    its ``code``, and OpenSpiel's own ``pyspiel.SpielError``, so code written
    for any OpenSpiel game catches it as it catches OpenSpiel's refusals."""


def build(family: str, rules: Any, match: bool, seed: bytes, dealer: str) -> Any:
    """The Deal, Match or Durak Game that ``seed`` (and ``dealer``) deal."""
    if family == "durak":
        from trumpf import durak

        return durak.Game.build(seed=seed, number=1)
    from trumpf import schnapsen

    if match:
        return schnapsen.Match.build(variant=rules, seed=seed, dealer=dealer)
    return schnapsen.Deal.build(variant=rules, seed=seed, number=1, dealer=dealer)


def pack_of(family: str, rules: Any) -> list[int]:
    """The card ids a deal of the family (and rules) deals, ascending."""
    if family == "durak":
        from trumpf import durak

        return list(durak.deck.pack())
    from trumpf import schnapsen

    return list(schnapsen.deck.pack_for(rules))


def dealt(family: str, rules: Any, dealer: str, order: list[int]) -> Any:
    """The Deal or Durak Game of the cards in ``order``: it has no seed."""
    if family == "durak":
        from trumpf import durak

        return durak.Game._from_order(order)
    from trumpf import schnapsen

    return schnapsen.Deal._from_order(rules, 1, dealer, order)


def checked_player(player: Any) -> int:
    """``player`` as an int, or OpenSpielError ``bad_seat`` unless it is 0 or 1
    (an int or a numpy int; a bool is not a player)."""
    if isinstance(player, bool) or not isinstance(player, int | np.integer) or player not in (0, 1):
        raise OpenSpielError("bad_seat", f"a player is 0 or 1, not {player!r}")
    return int(player)


def durak_public(table: Any) -> tuple[int, int, int, int, int]:
    """What a Durak table shows everyone after a move, beyond the move: whose
    turn it is, the hands' sizes, the talon's and the heap's. A take or a
    done the table made for a seat with no other option, and who attacks
    first, show in them and nowhere else."""
    return (table.turn, table.count_of(1), table.count_of(2), table.talon_left, table.discard)


def _written(public: tuple[int, int, int, int, int] | None) -> str:
    """A trace entry's Durak counts (``durak_public``) as its string writes them."""
    if public is None:
        return ""
    turn, one, two, talon, heap = public
    return f" t{turn} c{one}.{two} k{talon} d{heap}"


class Replay:
    """What a position pickles as: nothing but the word that its state's
    history, which OpenSpiel serialises beside it, is to be played again."""

    def __reduce__(self) -> tuple[type[Replay], tuple[()]]:
        return (Replay, ())


class Position:
    """The Python side of a state: the chance draws so far, then the game and
    its moves, and what each player has seen. ``moves`` counts the actions
    applied, chance ones included, as OpenSpiel's ``move_number`` does.

    ``marks[p]`` is player ``p``'s information state as numbers beside what
    its observation holds (pieces: :func:`mark_pieces`): for each seat (``p``
    first) and action, when it was last made in this deal and how often,
    for each card, when it last came into ``p``'s hand, and the card dealt
    face up. A time is ``(k + 1) / (length + 1)`` after the deal's ``k``-th
    decision (the deal is ``k = 0``), 0 for never. A match's next deal
    starts them afresh."""

    __slots__ = (
        "deal_number",
        "dealer",
        "family",
        "left",
        "legal_at",
        "legal_cache",
        "length",
        "marks",
        "match",
        "moves",
        "name",
        "order",
        "rules",
        "seats",
        "seed",
        "step",
        "table",
        "trace",
    )

    def __init__(self, game: Any) -> None:
        """The position before the deal in ``game``, a TrumpfGame."""
        self.family: str = game.family
        self.name: str = game.name
        self.match: bool = game.match
        self.rules: Any = game.rules
        self.seats: tuple[Any, Any] = game.seats
        # Durak has no dealer: the deal decides who attacks first.
        self.dealer: str | None = None if game.dealer == "chance" else game.dealer
        if game.family == "durak":
            self.dealer = "-"
        self.seed = bytearray()  # a match's chance: its seed's bytes
        # A deal's chance: the cards dealt so far, in dealing order, and the
        # cards left, ascending (chance outcome i deals left[i]).
        self.order: list[int] = []
        if game.match:
            self.left: list[int] = []
        else:
            key = (game.family, game.rules)
            if key not in _PACKS:
                _PACKS[key] = tuple(pack_of(game.family, game.rules))
            self.left = list(_PACKS[key])
        self.table: Any = None
        # Each player's trace: after the deal and each move, what happened
        # (the dealer, or who made which move), the player's hand (sorted),
        # the face-up card and (Durak) the table's public counts; written out
        # only when a string is asked for.
        self.trace: list[list[tuple[str, tuple[int, ...], Any, Any]]] = [[], []]
        self.moves = 0
        # Each player's marks.
        size = _MARKS[game.family]
        self.marks: list[np.ndarray] = [np.zeros(size, np.float32) for _ in (0, 1)]
        # Decisions since this deal (or Durak game) was dealt, and the most it has.
        self.step = 0
        self.length = DURAK_LENGTH if game.family == "durak" else DEAL_LENGTH
        self.deal_number = 0
        self.legal_cache: list[int] = []
        self.legal_at = -1  # the move count legal_cache is for

    def __deepcopy__(self, memo: Any) -> Position:
        # OpenSpiel clones a Python state by deep-copying its attributes:
        # the game copies itself in C++, the rest is small.
        twin = copy.copy(self)
        twin.seed = bytearray(self.seed)
        twin.order = list(self.order)
        twin.left = list(self.left)
        twin.table = None if self.table is None else self.table.copy()
        twin.trace = [list(self.trace[0]), list(self.trace[1])]
        twin.marks = [self.marks[0].copy(), self.marks[1].copy()]
        return twin

    def __copy__(self) -> Position:
        twin = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    def __reduce__(self) -> tuple[type[Replay], tuple[()]]:
        # Serialised, a position is its state's history alone (see TrumpfState).
        return (Replay, ())

    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.seats.index(self.table.turn)

    def legal(self, player: int) -> list[int]:
        if self.table is None or self.table.over:
            return []
        seat = self.seats[player]
        if self.table.turn != seat:
            return []
        return list(self._legal_now())

    def _legal_now(self) -> list[int]:
        """The legal actions of the seat on turn, kept until the next move:
        OpenSpiel asks for them, and a move checks against them."""
        if self.legal_at != self.moves:
            self.legal_cache = legal_actions(self.table, self.table.turn)
            self.legal_at = self.moves
        return self.legal_cache

    def apply(self, action: int) -> None:
        """Plays ``action`` (a chance outcome or a move); OpenSpielError
        ``not_legal``, changing nothing, for one that is not legal now."""
        table = self.table
        if table is None:
            self._chance(action)
            self.moves += 1
            return
        seat = table.turn
        player = self.seats.index(seat)
        # OpenSpiel's legal actions are the only ones: Durak's resign, which the
        # engine takes at any time but never lists, is refused too.
        legal = self._legal_now()
        if action not in legal:
            raise OpenSpielError("not_legal", f"action {action} is not among {legal}")
        table.apply(seat, move_for(table, action))
        head = f"{player}:{rl.ACTIONS[self.name][action]}"
        if self.match and table.deal.number != self.deal_number:
            self._start_deal()  # the move ended a deal and the match dealt the next
        else:
            self.step += 1
            for p in (0, 1):
                at = (0 if p == player else rl.N_ACTIONS) + action
                marks = self.marks[p]
                marks[at] = (self.step + 1) / (self.length + 1)
                marks[2 * rl.N_ACTIONS + at] += 1.0
        self._record(head)
        self.moves += 1

    def _start_deal(self) -> None:
        """Marks a fresh deal: nothing made yet, the card dealt face up, and
        (``_record``) the hand dealt at step 0."""
        self.step = 0
        table = self.table
        if self.family == "durak":
            up = table.trump_card
        else:
            deal = table.deal if self.match else table
            self.deal_number = deal.number
            up = deal.turn_up
        cards = (len(self.marks[0]) - 4 * rl.N_ACTIONS) // 2  # arrived, then dealt_up
        for p in (0, 1):
            self.marks[p].fill(0.0)
            self.marks[p][4 * rl.N_ACTIONS + cards + up - 1] = 1.0

    def _record(self, head: str) -> None:
        """Adds to each player's trace ``head``, then what it sees that the
        moves do not say (its hand, the face-up card and, in Durak, the
        table's counts), and marks when the cards it did not hold after the
        last move arrived."""
        table = self.table
        public = None
        if self.family == "durak":
            deal, up = table, table.trump_card
            public = durak_public(table)
        else:
            deal = table.deal if self.match else table
            up = deal.turn_up
        when = (self.step + 1) / (self.length + 1)
        base = 4 * rl.N_ACTIONS - 1  # card id 1 is the first
        for p in (0, 1):
            hand = tuple(sorted(deal.hand_of(self.seats[p])))
            trace = self.trace[p]
            # At a deal every card arrives; after a move, those the trace's
            # last entry did not hold.
            before = set(trace[-1][1]) if self.step and trace else set()
            marks = self.marks[p]
            for card in hand:
                if card not in before:
                    marks[base + card] = when
            trace.append((head, hand, up, public))

    def information_state(self, player: int) -> str:
        """``player``'s trace written out: ``<what happened> h<hand> u<face-up>``
        (Durak: then ``t<turn> c<counts> k<talon> d<heap>``) after the deal and
        each move, joined by `` | ``."""
        return " | ".join(
            f"{head} h{'.'.join(map(str, hand))} u{up}" + _written(public)
            for head, hand, up, public in self.trace[player]
        )

    def chance_count(self) -> int:
        """How many outcomes the chance node has: the dealer's two, a seed
        byte's 256, or the cards left to deal."""
        if self.dealer is None:
            return 2
        return 256 if self.match else len(self.left)

    def _chance(self, outcome: int) -> None:
        count = self.chance_count()
        if not 0 <= outcome < count:
            raise OpenSpielError(
                "not_legal", f"this chance node's outcomes are 0 .. {count - 1}, not {outcome}"
            )
        if self.dealer is None:
            self.dealer = ("p1", "p2")[outcome]
            return
        if self.match:
            self.seed.append(outcome)
            if len(self.seed) == SEED_BYTES:
                self.table = build(
                    self.family, self.rules, True, bytes(self.seed), str(self.dealer)
                )
        else:
            self.order.append(self.left.pop(outcome))
            if len(self.left) == 1:  # the last card has nowhere else to go
                self.order.append(self.left.pop())
                self.table = dealt(self.family, self.rules, str(self.dealer), self.order)
        if self.table is not None:
            self._start_deal()
            self._record(f"dealer {self.dealer}")
