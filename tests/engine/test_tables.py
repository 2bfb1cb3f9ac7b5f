"""The engine's tables (trumpf.tables) are what the engine, the Python API and the CLI act on.

Each table is read from the core; these tests hold the places that use a
fact to the table rather than to a copy: the simulator accepts exactly the
games and players listed, refuses just past each limit, and the CLI's help
words each player by the table's line.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from trumpf import _core, simulation, tables
from trumpf.errors import Error
from trumpf.simulation._arguments import arguments

SEED = bytes(range(32))


def test_every_game_of_the_table_runs_in_the_simulator() -> None:
    for name in tables.GAMES:
        result = _core.sim.run(name, 2, "random", "random", SEED, 1)
        assert result["done"] == 2


def test_a_game_not_in_the_table_is_refused_naming_the_table() -> None:
    with pytest.raises(Error) as caught:
        _core.sim.run("skat", 2, "random", "random", SEED, 1)
    assert caught.value.code == "bad_game"
    assert all(name in caught.value.message for name in tables.GAMES)


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
def test_the_simulator_takes_exactly_the_players_of_a_family(family: str) -> None:
    game = "schnapsen" if family == "schnapsen" else "durak"
    for player in tables.PLAYERS.values():
        args = (game, 1, player.name, "random", SEED, 1)
        if family in player.families:
            assert _core.sim.run(*args, expert_samples=2, expert_budget=500)["done"] == 1
        else:
            with pytest.raises(Error) as caught:
                _core.sim.run(*args)
            assert caught.value.code == "bad_player"
    assert simulation.PLAYERS[game] == tuple(
        p.name for p in tables.PLAYERS.values() if family in p.families
    )


def test_limits_bind_in_the_core_and_in_python_at_the_table_value() -> None:
    most = tables.LIMITS["max_threads"].value
    assert most == simulation.MAX_THREADS
    for threads, code in ((most + 1, "bad_threads"),):
        with pytest.raises(Error) as core:
            _core.sim.run("schnapsen", 1, "random", "random", SEED, threads)
        with pytest.raises(Error) as api:
            simulation.check_arguments("schnapsen", 1, threads=threads)
        assert core.value.code == api.value.code == code
    checked = arguments(
        "schnapsen",
        1,
        ("random", "random"),
        SEED,
        most,
        None,
        None,
        cluster=None,
        address=None,
        shard=None,
        summary_only=False,
        out=None,
        expert_samples=0,
        expert_budget=0,
    )
    assert checked.threads == most
    samples = tables.LIMITS["max_expert_samples"].value
    with pytest.raises(Error) as too_many:
        _core.players.choose(
            _core.schnapsen.Deal.build("schnapsen", SEED), "p2", "expert", 0, samples + 1, 0
        )
    assert too_many.value.code == "bad_budget"


def test_the_simulator_s_expert_plays_the_table_s_defaults() -> None:
    # samples=0 and budget=0 ask for the family's defaults; the same run with
    # the table's figures given outright must be the same games.
    for game, samples in (
        ("schnapsen", "expert_samples_schnapsen"),
        ("durak", "expert_samples_durak"),
    ):
        budget = tables.LIMITS["expert_budget"].value
        default = _core.sim.run(game, 3, "expert", "bot1", SEED, 1)
        given = _core.sim.run(
            game,
            3,
            "expert",
            "bot1",
            SEED,
            1,
            expert_samples=tables.LIMITS[samples].value,
            expert_budget=budget,
        )
        assert {k: v.tolist() for k, v in default["columns"].items()} == {
            k: v.tolist() for k, v in given["columns"].items()
        }
        assert default["done"] == 3


def test_the_cli_words_each_player_by_the_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "trumpf", "simulate", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "10000", "PATH": ""},
    )
    text = " ".join(done.stdout.split())
    for player in tables.PLAYERS.values():
        assert f"{player.name} ({player.about}" in text
    assert str(tables.LIMITS["expert_samples_durak"].value) in text


def test_the_tables_are_read_only() -> None:
    with pytest.raises(TypeError):
        tables.GAMES["skat"] = tables.GAMES["durak"]  # type: ignore[index]


def test_the_vector_env_takes_exactly_the_rl_games() -> None:
    from trumpf import rl, schnapsen

    variants = [*schnapsen.variant.variants(), *schnapsen.variant.presets()]
    assert (*variants, *(f"{v}-match" for v in variants), "durak") == rl.GAMES
    for game in rl.GAMES:
        assert rl.VectorEnv(game, 1, seed=bytes(32)).game == game
    for wrong in ("durak-match", "schnapsen-", "-match", "poker", "Schnapsen"):
        with pytest.raises(Error) as refused:
            rl.VectorEnv(wrong, 1, seed=bytes(32))
        assert refused.value.code == "bad_game"
        assert ", ".join(rl.GAMES) in refused.value.message


def test_the_observation_layout_covers_each_tensor_in_order() -> None:
    from trumpf import rl

    for game in rl.GAMES:
        rows = rl.OBS_LAYOUT[game]
        assert [r.start for r in rows] == [0, *(r.start + r.size for r in rows[:-1])]
        assert rows[-1].start + rows[-1].size == rl.OBS_SIZE[game]
        # A row is one unit: its slots share a scale.
        for r in rows:
            assert len(set(rl.OBS_SCALE[game][r.start : r.start + r.size].tolist())) == 1
        actions = rl.ACTION_LAYOUT[game]
        assert [r.start for r in actions] == [0, *(r.start + r.size for r in actions[:-1])]
        assert actions[-1].start + actions[-1].size == rl.N_ACTIONS
        # A row's group is its move kind: the card rows name cards, the rest the move.
        for r in actions:
            names = rl.ACTIONS[game][r.start : r.start + r.size]
            if r.group == "card":
                assert all(len(n) == 2 for n in names), names
            else:
                assert all(n.split()[0] == r.group.split("_")[0] for n in names), (r, names)


def test_the_worst_reward_is_the_engines_bound() -> None:
    from trumpf import rl
    from trumpf.rl._single import worst_reward
    from trumpf.schnapsen.scoring import PENALTY_SCHWARZ

    for game in rl.GAMES:
        deal = game != "durak" and not game.endswith("-match")
        assert worst_reward(game) == (-float(PENALTY_SCHWARZ) if deal else -1.0)
    with pytest.raises(Error) as refused:
        worst_reward("poker")
    assert refused.value.code == "bad_game"


def test_a_marriage_is_worth_the_engines_points() -> None:
    from trumpf import schnapsen
    from trumpf.schnapsen.scoring import MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS

    seen = set()
    for n in range(400):
        deal = schnapsen.Deal.build(variant="schnapsen", seed=bytes([n % 256, n // 256]) * 16)
        for move in deal.legal(deal.turn):
            if move["kind"] == "marriage":
                trump = move["suit"] == deal.trump
                assert move["value"] == (TRUMP_MARRIAGE_POINTS if trump else MARRIAGE_POINTS)
                seen.add(trump)
    assert seen == {True, False}
