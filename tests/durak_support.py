"""What the Durak tests share: the two implementations, the transcripts, JSON-plain values.

Every test takes the implementation module as a fixture parametrized over the
pure-Python oracle ("oracle") and the C++-backed package ("core"), and drives it
through the public API only, so the same test judges both.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
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
