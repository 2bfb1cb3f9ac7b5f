"""The expert plays a Schnapsen match for the match; expert-pimc for game points.

The players' table has two experts (cpp/players/players.hpp). In a match of
a variant ``schnapsen::kMatchAware`` marks (Schnapsen's, not Sixty-Six's) the
expert values a world's result by the chance of winning the match that it
leaves (docs/bots.md, "The expert in a match"); expert-pimc, and the expert
anywhere else, by its game points. Here: the simulator, players.choose,
Expert.choose(game) and Expert.choose(info) all play the same expert, the
two differ exactly where they should, and nowhere else.
"""

from __future__ import annotations

from typing import Any

import pytest

import trumpf
from _sim_support import SEED, columns_equal
from trumpf import _core, schnapsen
from trumpf.errors import Error

CHOOSE = {"samples": 8, "budget": 20_000}  # an Expert's, and players.choose's
BUDGET = {f"expert_{key}": value for key, value in CHOOSE.items()}  # simulate's


def run(game: str, expert: str, games: int = 30) -> Any:
    return trumpf.simulate(game, games=games, players=(expert, "bot2"), seed=SEED, **BUDGET)


def test_in_a_schnapsen_match_the_experts_differ() -> None:
    match_aware, plain = run("schnapsen-match", "expert"), run("schnapsen-match", "expert-pimc")
    assert any((match_aware[c] != plain[c]).any() for c in match_aware.columns)


@pytest.mark.parametrize(
    "game", ["schnapsen", "sixtysix", "schnapsen-tjger", "sixtysix-match", "durak"]
)
def test_elsewhere_the_experts_play_alike(game: str) -> None:
    # The same seeds and the same search: only a Schnapsen match's standing
    # tells them apart, so every game is the same, row for row.
    columns_equal(run(game, "expert", 16), run(game, "expert-pimc", 16))


def test_every_way_to_ask_plays_the_same_expert_in_a_match() -> None:
    match = schnapsen.Match.build(variant="schnapsen", seed=SEED, dealer="p1")
    bot = schnapsen.Bot(level=2)
    differ = 0
    while not match.over:
        seat = match.turn
        info = match.info(seat)
        moves = []
        for pimc, name in ((False, "expert"), (True, "expert-pimc")):
            expert = schnapsen.Expert(**CHOOSE, seed=5, pimc=pimc)
            move = expert.choose(match, seat)
            assert expert.choose(info) == move
            assert _core.players.choose(match, seat, name, seed=5, **CHOOSE) == move
            moves.append(move)
        differ += moves[0] != moves[1]
        match.apply(seat, bot.choose(match, seat))
    assert differ > 0


def test_in_a_deal_the_experts_answer_alike() -> None:
    deal = schnapsen.Deal.build(variant="schnapsen", seed=SEED, number=2, dealer="p2")
    while not deal.over:
        seat = deal.turn
        a = schnapsen.Expert(samples=8, seed=1).choose(deal, seat)
        assert schnapsen.Expert(samples=8, seed=1, pimc=True).choose(deal, seat) == a
        deal.apply(seat, a)


@pytest.mark.parametrize("bad", [1, 0, None, "true", 1.0])
def test_pimc_is_a_flag(bad: object) -> None:
    with pytest.raises(Error) as caught:
        schnapsen.Expert(pimc=bad)  # type: ignore[arg-type]
    assert caught.value.code == "bad_player"
    assert "pimc is True or False" in str(caught.value)


def test_the_table_names_both_experts() -> None:
    from trumpf.tables import PLAYERS

    assert PLAYERS["expert-pimc"].searches and PLAYERS["expert"].searches
    assert PLAYERS["expert-pimc"].families == ("schnapsen", "durak")
    assert not PLAYERS["bot2"].searches and PLAYERS["perfect"].searches
    assert repr(schnapsen.Expert(pimc=True)).endswith(", pimc>")
