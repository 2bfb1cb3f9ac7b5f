"""Two-seat Podkidnoy Durak: a deal played out in bouts.

One seat attacks with a card, the other beats it or picks it up, and the
attacker may keep throwing in cards whose rank is already on the table. A
bout that is beaten off goes to the discard and the defender attacks next; a
bout that is taken goes into the defender's hand and the attacker attacks
again. Between bouts both draw back up to six, the attacker of that bout
first. The seat left holding cards when the talon is empty and the other has
run out is the durak, the fool.

``Game`` is built, replayed, copied and shown here; what it is made of comes
from :mod:`.game_state` (the fields, read-only), :mod:`.game_legal` (what may
be played), :mod:`.game_apply` (playing it) and :mod:`.game_bouts` (what
follows from a move: bouts, refills, the end).
"""

from __future__ import annotations

import copy as _copy
from typing import TYPE_CHECKING, Any

from trumpf import logs

from . import checks, deck, rules
from .errors import Error
from .game_apply import GameApply
from .game_state import SEATS
from .info import game_info

if TYPE_CHECKING:
    from trumpf.durak.types import DurakInfo

__all__ = ["MOVE_KINDS", "SEATS", "Game"]

#: The events that are somebody's move, in the order docs/rules/durak.md lists them.
MOVE_KINDS: list[str] = ["attack", "beat", "take", "done", "swap", "resign"]


class Game(GameApply):
    """A dealt game of two-seat Podkidnoy Durak (Game::Durak)."""

    def __init__(self) -> None:
        raise TypeError("use Game.build(seed=..., number=1, seats=2)")

    # ------------------------------------------------------------------ building

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
        game._open_bout(dealt["first_attacker"])
        return game

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

    # ------------------------------------------------------------------ what a seat sees

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

    def __repr__(self) -> str:
        if "_history" not in self.__dict__:
            return "<durak.Game not built>"
        return f"<durak.Game #{self._number} {self.phase} turn {self.turn}>"
