"""One interface over the three things a table can hold: a Schnapsen-family Deal or
Match, or a Durak Game, through the public API only.

The server never looks inside a game: it builds one, asks for a seat's view,
applies a move, copies, and writes or reads the ``to_log`` log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf import tables
from trumpf.errors import CODES, sentence
from trumpf.schnapsen.scoring import TARGET_POINTS
from trumpf.tables import families

Engine = schnapsen.Deal | schnapsen.Match | durak.Game
GAMES = families()
# The kinds of table each game offers, the server's default (a match) first.
KINDS = {
    game: tuple(
        sorted(
            (g.kind for g in tables.GAMES.values() if g.name in (game, f"{game}-match")),
            key=lambda kind: kind != "match",
        )
    )
    for game in GAMES
}
ENGINE_ERRORS = (schnapsen.Error, durak.Error)


class Refused(Exception):
    """A move or request the server turns down; ``code`` and a message safe to send."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status  # the HTTP status, when the code's usual one does not say it

    def __reduce__(self) -> tuple[type[Refused], tuple[str, str, int | None]]:
        # An exception pickles its args, the message alone: the code travels too.
        return (type(self), (self.code, self.message, self.status))


@dataclass
class Play:
    """A game in progress at a table."""

    engine: Engine

    @property
    def family(self) -> str:
        return "durak" if isinstance(self.engine, durak.Game) else "schnapsen"

    @property
    def game(self) -> str:
        """schnapsen, sixtysix or durak: the base game, as the log names it."""
        if isinstance(self.engine, durak.Game):
            return "durak"
        return self.engine.variant

    @property
    def kind(self) -> str:
        if isinstance(self.engine, durak.Game):
            return "game"
        return "match" if isinstance(self.engine, schnapsen.Match) else "deal"

    @property
    def seats(self) -> tuple[Any, Any]:
        return (1, 2) if self.family == "durak" else ("p1", "p2")

    def seat_of(self, text: object) -> Any:
        """A seat from JSON ("p1", 2, "2"; 1 and 2 name p1 and p2 too) or None."""
        if isinstance(text, bool):
            return None
        for number, seat in enumerate(self.seats, start=1):
            if text in (seat, str(seat), number, str(number)):
                return seat
        return None

    @property
    def turn(self) -> Any:
        return self.engine.turn

    @property
    def over(self) -> bool:
        return bool(self.engine.over)

    @property
    def result(self) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", self.engine.result)

    @property
    def ply(self) -> int:
        return len(self.engine.history)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event of the game so far, unfiltered: secrecy.events_for cuts it for a seat."""
        return cast("list[dict[str, Any]]", self.engine.history)

    def claim(self, seat: Any) -> dict[str, Any] | None:
        """What claiming 66 now would do, when ``seat`` may claim: its score (card points
        and the marriages that count), the target, and the ending and game points the
        engine gives the claim, tried on a copy. None when no claim is on offer.

        Everything in it follows from what the seat sees: its own score, and what
        the deal pays, which rests on the opponent's taken points and tricks and on
        the close (all face up)."""
        if self.family != "schnapsen" or not any(m["kind"] == "claim" for m in self.legal(seat)):
            return None
        trial = self.engine.copy()
        events = trial.apply(seat, {"kind": "claim"})
        end = next(e for e in events if e["kind"] == "deal_end")
        return {
            "points": end["points"][str(seat)],
            "target": TARGET_POINTS,
            "how": end["how"],
            "game_points": end["game_points"],
        }

    def view(self, seat: Any) -> dict[str, Any]:
        if isinstance(self.engine, durak.Game):
            return cast("dict[str, Any]", self.engine.view(int(seat)))
        return cast("dict[str, Any]", self.engine.view(str(seat)))

    def info(self, seat: Any) -> dict[str, Any]:
        """What ``seat`` can know: its information set (what a bot or an agent decides from)."""
        if isinstance(self.engine, durak.Game):
            return cast("dict[str, Any]", self.engine.info(int(seat)))
        return cast("dict[str, Any]", self.engine.info(str(seat)))

    def legal(self, seat: Any) -> list[dict[str, Any]]:
        if isinstance(self.engine, durak.Game):
            return cast("list[dict[str, Any]]", self.engine.legal(int(seat)))
        return cast("list[dict[str, Any]]", self.engine.legal(str(seat)))

    def apply(self, seat: Any, move: dict[str, Any]) -> list[dict[str, Any]]:
        """The events, or Refused with the engine's code (the game is unchanged then)."""
        try:
            return cast("list[dict[str, Any]]", self.engine.apply(seat, move))
        except ENGINE_ERRORS as refusal:
            raise Refused(str(refusal.code), refusal_text(str(refusal.code), move)) from None

    def copy(self) -> Play:
        return Play(self.engine.copy())

    def log(self) -> dict[str, Any]:
        return cast("dict[str, Any]", self.engine.to_log())

    def names(self) -> dict[int, str]:
        """Every card id of this game's pack and its short name (public: the rules say so)."""
        if isinstance(self.engine, durak.Game):
            return {card: durak.card.name_of(card) for card in durak.deck.pack()}
        return {
            card: schnapsen.card.name_of(card)
            for card in schnapsen.deck.pack_for(self.engine.variant)
        }

    def reveal(self) -> dict[str, Any]:
        """What was hidden, for the end of the game: the seed, the hands and the talon."""
        engine = self.engine
        deal = engine.deal if isinstance(engine, schnapsen.Match) else engine
        return {
            "seed": engine.seed.hex(),
            "hands": {str(seat): list(cards) for seat, cards in deal.hands.items()},
            "talon": list(deal.talon),
        }


def build(game: str, kind: str, variant: str | None, seed: bytes) -> Play:
    """A new game; ``variant`` goes to the engine unchanged, so its presets work as it adds them."""
    if game not in GAMES:
        raise Refused("bad_game", f"game is one of {', '.join(GAMES)}")
    if kind not in KINDS[game]:
        raise Refused("bad_kind", f"a {game} table is a {' or a '.join(KINDS[game])}")
    try:
        if game == "durak":
            if variant not in (None, "durak"):
                raise Refused("bad_variant", "Durak has no variants")
            return Play(durak.Game.build(seed=seed))
        name = game if variant is None else variant
        if kind == "match":
            return Play(schnapsen.Match.build(variant=name, seed=seed, dealer="p1"))
        return Play(schnapsen.Deal.build(variant=name, seed=seed, number=1, dealer="p1"))
    except ENGINE_ERRORS as bad:
        raise Refused(str(bad.code), str(bad)[:200]) from None


def restore(log: dict[str, Any]) -> Play:
    """The game a stored log describes, replayed move by move through ``from_log``."""
    game, kind = log.get("game"), log.get("kind")
    if game == "durak":
        return Play(durak.Game.from_log(log))
    if kind == "match":
        return Play(schnapsen.Match.from_log(log))
    return Play(schnapsen.Deal.from_log(log))


# Refusal texts are the registry's general sentences (trumpf.errors): an
# engine's message may quote a hand, and which hand it quotes is the
# engine's business, so none is passed on.


def refusal_text(code: str, move: dict[str, Any]) -> str:
    """The message for an engine refusal: the code's sentence and the move as sent."""
    words = sentence(code) if code in CODES else "the move was refused"
    return f"{words} ({code}): {json.dumps(move, sort_keys=True)[:120]}"
