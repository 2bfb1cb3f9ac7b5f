"""What the Durak tests share: the two implementations, the transcripts, JSON-plain values.

Every test takes the implementation module as a fixture parametrized over the
pure-Python oracle ("oracle") and the C++-backed package ("core"), and drives it
through the public API only, so the same test judges both.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pytest

IMPLEMENTATIONS = [
    pytest.param("trumpf.reference.durak", id="oracle"),
    pytest.param("trumpf.durak", id="core"),
]

TRANSCRIPTS = Path(__file__).parent / "conformance" / "durak.jsonl.gz"

SEATS = (1, 2)


@lru_cache(maxsize=1)
def records() -> list[dict[str, Any]]:
    """The reference engine's 200 games, in file order (a bot seed names the line)."""
    with gzip.open(TRANSCRIPTS, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def plain(value: Any) -> Any:
    """A value as the transcripts hold it: int keys become "1"/"2", True compares equal to 1."""
    return json.loads(json.dumps(value))


def state_of(game: Any) -> dict[str, Any]:
    """Every accessor the transcripts record, per-seat maps built from the per-seat methods."""
    return {
        "phase": game.phase,
        "turn": game.turn,
        "trump": game.trump,
        "trump_card": game.trump_card,
        "hands": {seat: game.hand_of(seat) for seat in SEATS},
        "talon": game.talon,
        "talon_left": game.talon_left,
        "discard": game.discard,
        "six_owner": game.six_owner,
        "six_of_trumps": game.six_of_trumps,
        "turn_up_left": game.turn_up_left,
        "can_swap": {seat: game.can_swap(seat) for seat in SEATS},
        "over": game.over,
        "bout": game.bout,
    }


def snapshot(game: Any) -> Any:
    """The whole game as plain JSON, to see that a refused move changed nothing."""
    whole = state_of(game)
    whole["hands_property"] = game.hands
    whole["result"] = game.result
    whole["history"] = game.history
    whole["views"] = {seat: game.view(seat) for seat in SEATS}
    whole["legal"] = {seat: game.legal(seat) for seat in SEATS}
    return plain(whole)


def seed_of(text: str) -> bytes:
    """A 32-byte seed named by some text, so a searched-for deal can be found again."""
    return hashlib.sha256(text.encode("utf-8")).digest()


@cache
def playouts(count: int = 160) -> list[dict[str, Any]]:
    """Whole games the oracle's bots play against each other, as {seed, number, moves}.

    They are where the rules tests look for real positions; each test then
    replays the moves on the implementation under test and asserts what that
    implementation does there.
    """
    from trumpf.reference.durak import Bot, Game

    games: list[dict[str, Any]] = []
    for i in range(count):
        seed = seed_of(f"trumpf-durak-rules-{i}")
        number = 1 + i % 9
        game = Game.build(seed=seed, number=number)
        levels = [(1, 1), (1, 2), (2, 3), (3, 1), (1, 3)][i % 5]
        bots = {seat: Bot(level=levels[seat - 1], seed=f"rules-{i}-{seat}") for seat in SEATS}
        while not game.over:
            seat = game.turn
            assert seat is not None
            move = bots[seat].choose(game.view(seat))
            assert move is not None
            game.apply(seat, move)
        games.append({"seed": seed, "number": number, "moves": Game.moves_of(game.history)})
    return games


def walk(durak: Any, play: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Replay a playout on an implementation, one step at a time.

    Each step holds the position before the move (``before``: state, legal of
    the seat on turn, the move's index), the move, the events it caused and
    the position after it, plus the live game (after the move).
    """
    game = durak.Game.build(seed=play["seed"], number=play["number"])
    for index, move in enumerate(play["moves"]):
        before = state_of(game)
        before["legal"] = game.legal(game.turn) if game.turn is not None else []
        before["history"] = len(game.history)
        body = {key: value for key, value in move.items() if key != "seat"}
        events = game.apply(move["seat"], body)
        yield {
            "index": index,
            "before": before,
            "move": move,
            "events": events,
            "after": state_of(game),
            "game": game,
        }


_TRACES: dict[str, list[list[dict[str, Any]]]] = {}


def traces(durak: Any) -> list[list[dict[str, Any]]]:
    """Every playout walked on an implementation (without the live game), once per module."""
    if durak.__name__ not in _TRACES:
        walked = []
        for play in playouts():
            steps = []
            for step in walk(durak, play):
                del step["game"]
                step["play"] = play
                steps.append(step)
            walked.append(steps)
        _TRACES[durak.__name__] = walked
    return _TRACES[durak.__name__]


def position(durak: Any, play: dict[str, Any], moves: int) -> Any:
    """The implementation's game after the first ``moves`` moves of a playout."""
    game = durak.Game.build(seed=play["seed"], number=play["number"])
    for move in play["moves"][:moves]:
        game.apply(move["seat"], {k: v for k, v in move.items() if k != "seat"})
    return game
