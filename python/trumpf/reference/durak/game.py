"""Two-seat Podkidnoy Durak: a deal played out in bouts.

One seat attacks with a card, the other beats it or picks it up, and the
attacker may keep throwing in cards whose rank is already on the table. A
bout that is beaten off goes to the discard and the defender attacks next; a
bout that is taken goes into the defender's hand and the attacker attacks
again. Between bouts both draw back up to six, the attacker of that bout
first. The seat left holding cards when the talon is empty and the other has
run out is the durak, the fool.

``Game`` is the whole class, top to bottom: its state, how it is built,
replayed and copied, its read-only properties, what a seat may play and
playing it, and what a seat sees. The rules behind ``legal`` and ``apply``
(and what the table does after a move: bouts, refills, the end) are
functions over a game in :mod:`.game_rules`; a single bout's rules are
:mod:`.rules`'s, the deal :mod:`.deck`'s, the end :mod:`.result`'s and what a
seat knows :mod:`.info`'s.
"""

from __future__ import annotations

import copy as _copy
from typing import TYPE_CHECKING, Any

from trumpf import logs

from . import checks, deck, game_rules, rules
from .errors import Error
from .game_rules import SEATS
from .info import game_info

if TYPE_CHECKING:
    from trumpf.durak.types import DurakInfo

__all__ = ["MOVE_KINDS", "SEATS", "Game"]

#: The events that are somebody's move, in the order docs/rules/durak.md lists them.
MOVE_KINDS: list[str] = ["attack", "beat", "take", "done", "swap", "resign"]

NOT_BUILT = "this Game was never built: make one with Game.build(), .replay() or .from_log()"

# What build sets: every attribute a Game never built lacks.
_STATE = frozenset(
    {
        "_seed",
        "_number",
        "_trump",
        "_trump_card",
        "_turn_up",
        "_six",
        "_six_owner",
        "_hands",
        "_talon",
        "_discard",
        "_bout",
        "_result",
        "_history",
    }
)


class Game:
    """A dealt game of two-seat Podkidnoy Durak (Game::Durak)."""

    # ------------------------------------------------------------------ state

    _seed: bytes
    _number: int
    _trump: str
    _trump_card: int
    _turn_up: int  # the card turned up at the deal (the trump card before any swap)
    _six: int
    _six_owner: int | None
    _hands: dict[int, list[int]]
    _talon: list[int]
    _discard: int
    _bout: dict[str, Any] | None
    _result: dict[str, Any] | None
    _history: list[dict[str, Any]]

    def __init__(self) -> None:
        raise TypeError("use Game.build(seed=..., number=1, seats=2)")

    if not TYPE_CHECKING:  # hidden from mypy, which would take every name for an attribute

        def __getattr__(self, name: str) -> Any:
            # Called only for a missing attribute: in a Game made by
            # Game.__new__(Game) and never built, the state is, and every use
            # of it refuses, as the core's does.
            if name in _STATE:
                raise Error("not_built", NOT_BUILT)
            raise AttributeError(name)

    def _check_built(self) -> None:
        if "_history" not in self.__dict__:
            raise Error("not_built", NOT_BUILT)

    # ------------------------------------------------------------------ build

    @classmethod
    def build(cls, seed: bytes, number: int = 1, seats: int = 2) -> Game:
        """A dealt game with its first bout open.

        Refused with no_seed unless the seed is exactly 32 bytes, bad_deal for a
        deal number that is not an int from 1 to 2**63 - 1, bad_seats for
        anything but two.
        """
        seed = deck.check_seed(seed)
        number = deck.check_number(number)
        if checks.exact_int(seats, 2, 2) is None:
            raise Error("bad_seats", f"Durak is for two seats, not {checks.short(seats)}")
        return cls._dealt(seed, number, deck.deal_for(seed, number))

    @classmethod
    def _from_order(cls, order: list[int]) -> Game:
        """A game dealt from the pack in ``order`` (a permutation of 1..36), with no
        seed (its seed is 32 zero bytes, which deal another order): private, for
        the witnesses of :mod:`.witness`, never a way to look at a seeded deal."""
        if sorted(order) != list(range(1, 37)):
            raise ValueError("a deal's order is the 36 cards, each once")
        return cls._dealt(bytes(32), 1, deck._deal_of(list(order)))

    @classmethod
    def _dealt(cls, seed: bytes, number: int, dealt: dict[str, Any]) -> Game:
        game = object.__new__(cls)
        game._seed = seed
        game._number = number
        game._turn_up = dealt["trump_card"]
        game._trump = dealt["trump"]
        game._trump_card = dealt["trump_card"]
        game._six = dealt["six_of_trumps"]
        game._six_owner = dealt["six_owner"]
        game._hands = {1: list(dealt["hands"][1]), 2: list(dealt["hands"][2])}
        game._talon = list(dealt["talon"])
        game._discard = 0
        game._result = None
        game._history = []
        game._bout = None
        game_rules.open_bout(game, dealt["first_attacker"])
        return game

    def copy(self) -> Game:
        """An independent copy of the game."""
        self._check_built()
        twin = object.__new__(type(self))
        twin.__dict__.update(_copy.deepcopy(self.__dict__))
        return twin

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> Game:
        return self.copy()

    # ------------------------------------------------------------- properties

    @property
    def seed(self) -> bytes:
        """The 32 bytes the deal was made from."""
        return self._seed

    @property
    def number(self) -> int:
        """The deal number."""
        return self._number

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return self._trump

    @property
    def trump_card(self) -> int:
        """The turned-up card; after an exchange, the trump six under the talon.

        It keeps its id once drawn; the view says None then.
        """
        return self._trump_card

    @property
    def six_of_trumps(self) -> int:
        """The id of the trump six, the one card that may be exchanged."""
        return self._six

    @property
    def turn_up_left(self) -> bool:
        """Whether the turn-up is still in the talon (it is always drawn last)."""
        return len(self._talon) > 0

    @property
    def six_owner(self) -> int | None:
        """The seat that was dealt the trump six or drew it, while its pedigree holds."""
        return self._six_owner

    @property
    def hands(self) -> dict[int, list[int]]:
        """Both hands, each sorted by id."""
        return {seat: list(self._hands[seat]) for seat in SEATS}

    @property
    def talon(self) -> list[int]:
        """The cards still to draw, in draw order, the turn-up last."""
        return list(self._talon)

    @property
    def talon_left(self) -> int:
        """How many cards are left to draw."""
        return len(self._talon)

    @property
    def discard(self) -> int:
        """How many cards lie on the heap (a count: nobody may look through it)."""
        return self._discard

    @property
    def bout(self) -> dict[str, Any] | None:
        """The open bout ``{attacker, defender, cap, attacks, beats, taken}`` or None."""
        return _copy.deepcopy(self._bout)

    @property
    def over(self) -> bool:
        """Whether the deal has ended."""
        return self._result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        """``{outcome, fool, places}`` once the deal has ended, else None."""
        return _copy.deepcopy(self._result)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event so far."""
        return _copy.deepcopy(self._history)

    @property
    def ply(self) -> int:
        """The number of events so far."""
        return len(self._history)

    @property
    def seats(self) -> list[int]:
        """The seat numbers."""
        self._check_built()
        return list(SEATS)

    @property
    def phase(self) -> str:
        """The stage of the bout: "attack", "defend", "pile_on" or "over".

        An attack card with no answer in a bout nobody has taken is defend, a
        taken bout is pile_on, anything else is attack.
        """
        if self._result is not None or self._bout is None:
            return "over"
        if self._bout["taken"]:
            return "pile_on"
        if rules.unbeaten_of(self._bout) is not None:
            return "defend"
        return "attack"

    @property
    def turn(self) -> int | None:
        """The seat the game waits on: the defender defends, the attacker does the rest."""
        phase = self.phase
        if phase == "over":
            return None
        assert self._bout is not None
        return int(self._bout["defender"] if phase == "defend" else self._bout["attacker"])

    def _seat(self, seat: object) -> int:
        self._check_built()  # a Game never built refuses before its argument is looked at
        checked = checks.exact_int(seat, 1, 2)  # by value: an int subclass is its int
        if checked is None:
            raise Error("bad_seat", f"{checks.short(seat)} is not a seat: seats are 1 and 2")
        return checked

    def hand_of(self, seat: int) -> list[int]:
        """A seat's cards, sorted by id."""
        return list(self._hands[self._seat(seat)])

    def count_of(self, seat: int) -> int:
        """How many cards a seat holds."""
        return len(self._hands[self._seat(seat)])

    # -------------------------------------------------------- what may be played

    def can_swap(self, seat: int) -> bool:
        """Whether a seat may exchange the trump six for the turn-up now."""
        return game_rules.can_swap(self, self._seat(seat))

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """What a seat may do now, in the reference order; empty for the seat not on turn."""
        return game_rules.legal(self, self._seat(seat))

    # ------------------------------------------------------------------- play

    def apply(self, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Make a move and return the events it caused; a refusal raises ``Error``.

        The checks run in the reference's order: game_over; not_your_turn for a
        seat that is not 1 or 2; not_legal for a kind this game does not have;
        resign (taken from either seat at any time); not_your_turn; wrong_phase;
        then the move's own check. A refused move changes nothing.
        """
        return game_rules.apply(self, seat, move)

    # ------------------------------------------------------------------- view

    def view(self, seat: int) -> dict[str, Any]:
        """Everything a seat can see and nothing else.

        Its own hand, the bout as attack and answer pairs, the trump, the
        turn-up while it is in the talon, the sizes of the talon and the heap,
        both hand sizes, whether this seat may exchange, its legal moves and the
        result. Never the other hand, the talon order, a drawn turn-up, the
        heap's contents, the seed, or whether the other seat may exchange.
        """
        seat = self._seat(seat)
        bout_view: dict[str, Any] | None = None
        if self._bout is not None:
            bout = self._bout
            bout_view = {
                "attacker": bout["attacker"],
                "defender": bout["defender"],
                "cap": bout["cap"],
                "size": len(bout["attacks"]),
                "taken": bool(bout["taken"]),
                "unbeaten": rules.unbeaten_of(bout),
                "pairs": [
                    {"attack": attack, "beat": beat}
                    for attack, beat in zip(bout["attacks"], bout["beats"], strict=False)
                ],
            }
        return {
            "seat": seat,
            "ply": len(self._history),
            "phase": self.phase,
            "turn": self.turn,
            "trump": self._trump,
            "trump_card": self._trump_card if self.turn_up_left else None,
            "talon": len(self._talon),
            "discard": self._discard,
            "hand": list(self._hands[seat]),
            "counts": {s: len(self._hands[s]) for s in SEATS},
            "swap": self.can_swap(seat),
            "legal": self.legal(seat),
            "over": self.over,
            "result": _copy.deepcopy(self._result),
            "bout": bout_view,
        }

    def info(self, seat: int) -> DurakInfo:
        """Everything the seat can know now, and nothing else: see :mod:`.info`."""
        return game_info(self, seat)

    # ------------------------------------------------------------ logs, replay

    @classmethod
    def replay(
        cls,
        seed: bytes,
        moves: list[dict[str, Any]] | tuple[dict[str, Any], ...],
        number: int = 1,
    ) -> dict[str, Any]:
        """Play a move log from the deal: ``{"game": Game, "events": [...]}``.

        Each move is ``{seat, kind}`` plus ``card`` for an attack or a beat;
        ``moves`` is a list or a tuple of them, read by value (anything else,
        a generator or a str included, is ``not_legal``). The first move the
        rules refuse raises its refusal, naming the move's index, so a forged
        log comes back as an error and not as another game.
        """
        game = cls.build(seed=seed, number=number)
        listed = checks.items(moves, "not_legal", "moves")
        events: list[dict[str, Any]] = []
        for index, move in enumerate(listed):
            # A seat that cannot be read is no seat: not_your_turn, as the core has it.
            seat = checks.item(move, "seat", "not_your_turn") if isinstance(move, dict) else None
            try:
                who: Any = None if seat is checks.MISSING else seat
                events.extend(game.apply(who, move))
            except Error as refusal:
                raise Error(
                    refusal.code, f"move {index} ({checks.short(move)}) refused: {refusal.message}"
                ) from None
        return {"game": game, "events": events}

    @staticmethod
    def moves_of(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Just the moves of an event history, each ``{seat, kind}`` plus ``card`` if it has one.

        ``bad_history`` for an entry that is not an event: not a dict, no known
        kind, or a move event without its seat (or an attack or beat without its card).
        """
        moves: list[dict[str, Any]] = []
        for event in checks.history(history):
            if event["kind"] in MOVE_KINDS:
                move = {"seat": event["seat"], "kind": event["kind"]}
                if "card" in event:
                    move["card"] = event["card"]
                moves.append(move)
        return moves

    @staticmethod
    def is_move(kind: object) -> bool:
        """Whether an event of this kind is somebody's move rather than what the table did."""
        return checks.parse_kind(kind) is not None

    # Logs and pickling are trumpf.logs's, for the core and the oracle alike.
    to_log = logs.durak_log
    from_log = classmethod(logs.durak_from_log)
    __reduce__ = logs.reduce

    def __repr__(self) -> str:
        if "_history" not in self.__dict__:
            return "<durak.Game not built>"
        return f"<durak.Game #{self._number} {self.phase} turn {self.turn}>"
