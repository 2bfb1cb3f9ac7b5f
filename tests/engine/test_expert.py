"""The expert and perfect players: legal, replayable, reproducible, strong.

That the expert never reads hidden information is a property of the engine
(players/players.hpp cuts a position down to the seat's InfoSet before the
search): cpp/tests/expert_test.cpp deals other worlds with the same InfoSet
and asserts the same move. Here the Python side: games replay move for move
from their seeds, moves do not depend on threads, the options are checked,
and a short statistical floor on strength (fixed seeds, so deterministic: a
weaker expert fails it, a slow machine does not).
"""

from __future__ import annotations

import pytest

import trumpf
from _sim_support import SEED, check_replays, columns_equal
from trumpf import _core, rl
from trumpf.errors import Error
from trumpf.simulation import SimulationError, wilson

CASES = [
    ("schnapsen", ("expert", "bot2")),
    ("sixtysix", ("bot1", "expert")),
    ("schnapsen-match", ("expert", "random")),
    ("schnapsen-match", ("expert", "expert-pimc")),
    ("schnapsen-tjger", ("perfect", "expert")),
    ("durak", ("expert", "bot3")),
    ("durak", ("perfect", "bot2")),
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_games_are_legal_and_replay_from_their_seeds(game: str, players: tuple[str, str]) -> None:
    sim = trumpf.simulate(game, games=12, players=players, seed=SEED, threads=2, expert_samples=16)
    check_replays(sim)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_same_moves_whatever_the_threads(game: str, players: tuple[str, str]) -> None:
    runs = [
        trumpf.simulate(game, games=24, players=players, seed=SEED, threads=t, expert_samples=16)
        for t in (1, 2, 2)
    ]
    columns_equal(runs[0], runs[1])
    columns_equal(runs[1], runs[2])


def test_the_budget_changes_the_play_and_the_seed_fixes_it() -> None:
    def run(samples: int) -> object:
        return trumpf.simulate(
            "schnapsen", games=40, players=("expert", "bot2"), seed=SEED, expert_samples=samples
        )

    small, large = run(2), run(48)
    assert any((small[c] != large[c]).any() for c in small.columns)
    columns_equal(large, run(48))


def test_choose_reads_the_seed_and_the_position_alone() -> None:
    deal = trumpf.schnapsen.Deal.build(variant="schnapsen", seed=SEED, number=3, dealer="p1")
    seat = deal.turn
    moves = {str(_core.players.choose(deal, seat, "expert", seed=s)) for s in (7, 7, 7)}
    assert len(moves) == 1
    assert _core.players.choose(deal, seat, "expert", seed=7) in deal.legal(seat)
    other = "p2" if seat == "p1" else "p1"
    assert _core.players.choose(deal, other, "expert") is None  # not on turn
    game = trumpf.durak.Game.build(seed=SEED, number=2)
    turn = game.turn
    assert _core.players.choose(game, turn, "perfect") in game.legal(turn)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"player": "bot2"}, "bad_player"),
        ({"player": "nobody"}, "bad_player"),
        ({"player": "expert", "seed": -1}, "bad_seed"),
        ({"player": "expert", "seed": 2**63}, "bad_seed"),
        ({"player": "expert", "samples": 2**20 + 1}, "bad_budget"),
        ({"player": "expert", "budget": -1}, "bad_budget"),
        ({"player": "expert", "budget": "1"}, "bad_budget"),
    ],
)
def test_choose_refuses_bad_arguments(kwargs: dict[str, object], code: str) -> None:
    deal = trumpf.schnapsen.Deal.build(variant="schnapsen", seed=SEED, number=1, dealer="p1")
    with pytest.raises(Error) as caught:
        _core.players.choose(deal, deal.turn, **kwargs)
    assert caught.value.code == code
    with pytest.raises(Error) as caught:
        _core.players.choose("a deal", "p1", "expert")
    assert caught.value.code == "bad_game"


@pytest.mark.parametrize(
    "options",
    [
        {"expert_samples": -1},
        {"expert_samples": 2**20 + 1},
        {"expert_budget": 10**12 + 1},
        {"expert_budget": True},
        {"expert_samples": 1.5},
    ],
)
def test_simulate_refuses_bad_budgets(options: dict[str, object]) -> None:
    with pytest.raises(SimulationError, match="expert_"):
        trumpf.simulate("schnapsen", games=1, players=("expert", "bot2"), **options)  # type: ignore[arg-type]


def test_vector_env_plays_against_the_expert() -> None:
    env = rl.VectorEnv("schnapsen", 4, seed=SEED, opponent="expert", expert_samples=8)
    reset = env.reset()
    assert reset.mask.any(axis=1).all()
    with pytest.raises(Error) as caught:
        rl.VectorEnv("schnapsen", 4, seed=SEED, opponent="expert", expert_budget=-1)
    assert caught.value.code == "bad_budget"


def _lower(wins: int, decided: int) -> float:
    return wilson(wins, decided)[0]


def test_expert_beats_bot2_at_schnapsen_by_a_wide_margin() -> None:
    sim = trumpf.simulate("schnapsen", games=160, players=("expert", "bot2"), seed=SEED)
    wins, losses = sim.summary().wins
    # One-sided: the 95% Wilson interval's lower bound is above an even game.
    assert _lower(wins, wins + losses) > 0.55, (wins, losses)


def test_expert_beats_bot3_at_durak() -> None:
    sim = trumpf.simulate("durak", games=160, players=("expert", "bot3"), seed=SEED)
    wins, losses = sim.summary().wins
    # The expert wins about 84% of decided games (README); the floor leaves room.
    assert _lower(wins, wins + losses) > 0.65, (wins, losses)


@pytest.mark.parametrize("game", ["schnapsen", "durak"])
def test_trumpf_play_level_expert_watches_a_whole_game(game: str) -> None:
    from _play_support import cli

    seed = "ab" * 32
    done = cli("play", game, "--level", "expert", "--mode", "watch", "--seed", seed)
    assert done.returncode == 0, done.stderr
    assert "wins the match" in done.stdout or "fool" in done.stdout or "draw" in done.stdout
    again = cli("play", game, "--level", "expert", "--mode", "watch", "--seed", seed)
    assert again.stdout == done.stdout  # the expert's seed is the table's


def test_trumpf_play_refuses_other_levels() -> None:
    from _play_support import cli

    done = cli("play", "schnapsen", "--level", "grandmaster")
    assert done.returncode == 2 and "grandmaster" in done.stderr


def test_trumpf_simulate_takes_the_expert_and_its_budget() -> None:
    from _play_support import cli

    done = cli(
        "simulate",
        "schnapsen-match",
        "--players",
        "expert",
        "bot2",
        "--games",
        "4",
        "--expert-samples",
        "8",
        "--expert-budget",
        "20000",
        "--seed",
        "cd" * 32,
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    bad = cli("simulate", "schnapsen", "--players", "expert", "bot2", "--expert-samples", "-1")
    assert bad.returncode == 2 and "expert_samples" in bad.stderr
