"""The shapes of the plain dicts the Schnapsen family hands out and takes in.

Pure typing: nothing here runs at play time. Moves, legal entries, events,
views, results and logs are plain ``dict`` objects at run time (docs/api-contract.md rule
7); these ``TypedDict`` classes only name their keys for a type checker. The
core's stubs (``trumpf/_core/schnapsen.pyi``) and the oracle use them.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Union

Seat = Literal["p1", "p2"]
Suit = Literal["S", "H", "D", "C"]

__all__ = [
    "CloseState",
    "DealHands",
    "DealLog",
    "DealResult",
    "Event",
    "Exchange",
    "LegalMove",
    "MarriageOffer",
    "MatchInfo",
    "MatchLog",
    "MatchResult",
    "MatchView",
    "Meld",
    "Move",
    "MoveValue",
    "Played",
    "SchnapsenInfo",
    "Seat",
    "Suit",
    "Trick",
    "View",
    "World",
]


class _Kind(TypedDict):
    kind: str


class Move(_Kind, total=False):
    """A move given to ``apply``: its kind plus ``card`` (lead, follow) or ``suit`` (marriage)."""

    card: int
    suit: str


class LegalMove(Move, total=False):
    """An entry of ``legal(seat)``: a move, and a marriage's value."""

    value: int


class LoggedMove(Move):
    """A move in a log or a replay: a move with the seat that made it."""

    seat: str


class MoveValue(TypedDict):
    """An entry of ``solve.values``: a legal move and its value in game points, -3..3."""

    move: LegalMove
    value: int


class SeatFigures(TypedDict):
    tricks: int
    points: int


class CloseState(TypedDict):
    by: str
    p1: SeatFigures
    p2: SeatFigures


class Meld(TypedDict):
    seat: str
    suit: str
    value: int
    counted: bool


class MarriageOffer(TypedDict):
    """An entry of ``can_marry(seat)``."""

    suit: str
    value: int
    king: int
    queen: int


class Trick(TypedDict):
    leader: str
    lead: int
    follow: int
    winner: str


class DealResult(TypedDict):
    """``deal.result`` and ``scoring.deal_result``: the deal_end event without its kind."""

    drawn: bool
    points: dict[str, int]
    tricks: dict[str, int]
    closed_by: str | None
    last_trick: str | None
    how: str
    winner: str | None
    loser: str | None
    game_points: int


class MatchResult(TypedDict):
    winner: str
    loser: str
    scores: dict[str, int]
    deals: int


class LeadEvent(TypedDict):
    kind: Literal["lead", "follow"]
    seat: str
    card: int


class SeatEvent(TypedDict):
    kind: Literal["exchange", "close", "claim", "draw"]
    seat: str


class MarriageEvent(TypedDict):
    kind: Literal["marriage"]
    seat: str
    suit: str
    value: int


class TrickEvent(TypedDict):
    kind: Literal["trick"]
    winner: str


class DealEndEvent(DealResult):
    kind: Literal["deal_end"]


class DealEvent(TypedDict):
    kind: Literal["deal"]
    number: int
    dealer: str
    trump: str
    turn_up: int | None


class GameEndEvent(MatchResult):
    kind: Literal["game_end"]


Event = Union[  # noqa: UP007 - a runtime alias must work on Python 3.10's typing
    LeadEvent, SeatEvent, MarriageEvent, TrickEvent, DealEndEvent, DealEvent, GameEndEvent
]


class View(TypedDict):
    """``deal.view(seat)``: what one seat may see."""

    seat: str
    variant: str
    number: int
    dealer: str
    ply: int
    phase: int
    turn: str | None
    leader: str
    trump: str
    turn_up: int | None
    talon_left: int
    draw_left: int
    closed: bool
    closed_by: str | None
    close_state: CloseState | None
    pending_draw: bool
    hand: list[int]
    counts: dict[str, int]
    taken: dict[str, int]
    tricks_won: dict[str, int]
    melds: list[Meld]
    lead: int | None
    must_lead: list[int] | None
    last_trick: Trick | None
    legal: list[LegalMove]
    over: bool
    result: DealResult | None


class MatchView(View):
    """``match.view(seat)``: the current deal's view plus the match score."""

    scores: dict[str, int]
    to_win: dict[str, int]
    deals: int
    match_over: bool
    winner: str | None


class Played(TypedDict):
    """An entry of ``info(seat)["played"]``: a card led or followed, and by whom."""

    seat: str
    card: int


class Exchange(TypedDict):
    """An entry of ``info(seat)["exchanges"]``: who exchanged, and the turn-up they took."""

    seat: str
    took: int


class SchnapsenInfo(TypedDict):
    """``deal.info(seat)``: everything one seat can know, and nothing else."""

    seat: str
    variant: str
    rules: dict[str, Any]
    number: int
    dealer: str
    ply: int
    phase: int
    turn: str | None
    leader: str
    lead: int | None
    must_lead: list[int] | None
    trump: str
    turn_up: int | None
    talon_left: int
    draw_left: int
    closed_by: str | None
    close_state: CloseState | None
    pending_draw: bool
    hand: list[int]
    counts: dict[str, int]
    taken: dict[str, int]
    tricks_won: dict[str, int]
    melds: list[Meld]
    tricks: list[Trick]
    played: list[Played]
    exchanges: list[Exchange]
    known: list[int]
    unseen: list[int]
    legal: list[LegalMove]
    over: bool
    result: DealResult | None


class MatchInfo(SchnapsenInfo):
    """``match.info(seat)``: the current deal's info plus the match score."""

    scores: dict[str, int]
    to_win: dict[str, int]
    deals: int
    match_over: bool
    winner: str | None


class DealHands(TypedDict):
    """``deck.deal_for``."""

    hands: dict[str, list[int]]
    talon: list[int]
    turn_up: int
    trump: str


class DealLog(TypedDict):
    game: str
    kind: Literal["deal"]
    seed: str
    number: int
    dealer: str
    rules: dict[str, Any]
    moves: list[LoggedMove]


class MatchLog(TypedDict):
    game: str
    kind: Literal["match"]
    seed: str
    dealer: str
    rules: dict[str, Any]
    moves: list[LoggedMove]


class World(TypedDict):
    """``sample_world``: both hands in id order, the face-down talon in draw order, without the turn-up."""

    hands: dict[str, list[int]]
    talon: list[int]
