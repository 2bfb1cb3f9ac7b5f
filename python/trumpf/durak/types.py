"""The shapes of the plain dicts Durak hands out and takes in.

Pure typing: moves, legal entries, events, views, results and logs are plain
``dict`` objects at run time; these ``TypedDict`` classes name their keys for
a type checker. Seat-keyed dicts use the int keys 1 and 2.
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

__all__ = [
    "Bout",
    "BoutView",
    "Deal",
    "DurakInfo",
    "Event",
    "GameLog",
    "LoggedMove",
    "Move",
    "MoveValue",
    "Played",
    "Result",
    "View",
    "World",
]


class _Kind(TypedDict):
    kind: str


class Move(_Kind, total=False):
    """A move (and a legal entry): its kind, plus ``card`` for an attack or a beat."""

    card: int


class LoggedMove(Move):
    seat: int


class MoveValue(TypedDict):
    """An entry of ``solve.values``: a legal move, its value (None: unknown) and its bounds."""

    move: Move
    value: int | None
    low: int
    high: int


class Bout(TypedDict):
    """``game.bout`` and the bout the rules functions take."""

    attacker: int
    defender: int
    cap: int
    attacks: list[int]
    beats: list[int | None]
    taken: bool


class Pair(TypedDict):
    attack: int
    beat: int | None


class BoutView(TypedDict):
    attacker: int
    defender: int
    cap: int
    size: int
    taken: bool
    unbeaten: int | None
    pairs: list[Pair]


class Result(TypedDict):
    """``game.result``, ``result.outcome`` and ``result.resigned``."""

    outcome: str
    fool: int | None
    places: dict[int, int]


class CardEvent(TypedDict):
    kind: Literal["attack", "beat"]
    seat: int
    card: int


class SeatEvent(TypedDict):
    kind: Literal["take", "done", "swap", "resign", "out"]
    seat: int


class BoutEndEvent(TypedDict):
    kind: Literal["bout_end"]
    taken: bool
    how: str
    cards: int
    discard: int
    next_attacker: int


class RefillEvent(TypedDict):
    kind: Literal["refill"]
    drawn: dict[int, int]
    talon: int


class GameEndEvent(Result):
    kind: Literal["game_end"]


Event = Union[CardEvent, SeatEvent, BoutEndEvent, RefillEvent, GameEndEvent]  # noqa: UP007


class View(TypedDict):
    """``game.view(seat)``: everything that seat can see."""

    seat: int
    ply: int
    phase: str
    turn: int | None
    trump: str
    trump_card: int | None
    talon: int
    discard: int
    hand: list[int]
    counts: dict[int, int]
    swap: bool
    legal: list[Move]
    over: bool
    result: Result | None
    bout: BoutView | None


class Played(TypedDict):
    """An entry of ``info(seat)["played"]``: an attack or a beat, and by whom."""

    seat: int
    kind: Literal["attack", "beat"]
    card: int


class DurakInfo(TypedDict):
    """``game.info(seat)``: everything one seat can know, and nothing else."""

    seat: int
    ply: int
    phase: str
    turn: int | None
    trump: str
    trump_card: int
    talon: int
    discard: int
    discarded: list[int]
    hand: list[int]
    counts: dict[int, int]
    swap: bool
    bout: BoutView | None
    played: list[Played]
    known: list[int]
    unseen: list[int]
    legal: list[Move]
    over: bool
    result: Result | None


class Deal(TypedDict):
    """``deck.deal_for``."""

    hands: dict[int, list[int]]
    talon: list[int]
    trump_card: int
    trump: str
    first_attacker: int
    six_of_trumps: int
    six_owner: int | None


class GameLog(TypedDict):
    game: Literal["durak"]
    kind: Literal["game"]
    seed: str
    number: int
    moves: list[LoggedMove]


class World(TypedDict):
    """``sample_world``: both hands in id order, the talon in draw order with the turn-up last."""

    hands: dict[int, list[int]]
    talon: list[int]
