"""The endings' words: one phrase for each ending the engine names, and none it does not."""

from __future__ import annotations

import pytest

from trumpf.play.words import ENDINGS, durak_ending, ending_words
from trumpf.simulation import simulate


def test_every_engine_ending_has_one_phrase() -> None:
    named = set()
    for game in ("schnapsen", "sixtysix", "durak"):
        named |= set(simulate(game, games=1, seed=bytes(32)).endings)
    assert set(ENDINGS) == named


@pytest.mark.parametrize("how", sorted(ENDINGS))
def test_a_phrase_reads_alike_for_you_and_a_name(how: str) -> None:
    """Past tense: "you" and "seat 1" take the same verb, so no "you is"."""
    you = ending_words(how, winner="you", loser="you")
    named = ending_words(how, winner="seat 1", loser="seat 1")
    assert you.replace("you", "seat 1") == named
    assert " is " not in you.replace("is drawn", "")


def test_durak_endings_name_the_fool() -> None:
    name = {1: "seat 1", 2: "seat 2"}.__getitem__
    assert durak_ending({"outcome": "fool", "fool": 2}, name) == "seat 2 ended up the fool"
    assert durak_ending({"outcome": "resign", "fool": 1}, name).startswith("seat 1 resigned")
    assert durak_ending({"outcome": "draw", "fool": None}, name).startswith("the game is drawn")
