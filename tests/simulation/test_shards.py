"""Runs played in shards here: the same rows, exact summaries from counts, a folder read back.

The Ray runner (tests/simulation/test_ray.py) hands its shards to the same collector, so
what is proved here for shards played one after another holds for it too.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpf
from _sim_support import SEED, columns_equal, interruptible
from trumpf.simulation import (
    ClusterError,
    Counts,
    SimulationError,
    Summary,
    check_arguments,
    iter_shards,
    load,
)

GAMES = [
    ("schnapsen", ("bot2", "random")),
    ("sixtysix-match", ("bot2", "bot1")),
    ("durak", ("bot3", "random")),
    ("schnapsen-tjger", ("random", "bot1")),
]


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    """A plain run of each game: what every sharded run is held to."""
    return {
        game: trumpf.simulate(game, games=3000, players=players, seed=SEED)
        for game, players in GAMES
    }


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("shard", [1000, 777, 3000, 10**6])
def test_shards_give_the_rows_of_the_whole_run(
    whole: dict[str, Any], game: str, players: tuple[str, str], shard: int
) -> None:
    sim = trumpf.simulate(game, games=3000, players=players, seed=SEED, shard=shard)
    columns_equal(sim, whole[game])
    assert sim.complete and sim.rules == whole[game].rules


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_summary_only_is_the_summary_of_the_rows(
    whole: dict[str, Any], game: str, players: tuple[str, str]
) -> None:
    sim = trumpf.simulate(
        game, games=3000, players=players, seed=SEED, shard=701, summary_only=True
    )
    assert not sim.has_rows and sim.games == 3000
    assert sim.summary() == whole[game].summary()
    assert sim.counts == Counts.of(whole[game].columns, whole[game].endings)
    with pytest.raises(KeyError, match="kept no rows"):
        sim["winner"]
    with pytest.raises(SimulationError, match="no rows"):
        sim.save("never.npz")
    # Seats and dealers follow the rule the rows record, so a game replays without them.
    replayed = sim.replay(1234)
    assert replayed.over
    assert whole[game].build_args(1234) == sim.build_args(1234)


@settings(max_examples=60, deadline=None)
@given(cuts=st.lists(st.integers(0, 3000), max_size=8), game=st.sampled_from(GAMES))
def test_counts_of_any_cut_merge_to_the_counts_of_the_whole(
    whole: dict[str, Any], cuts: list[int], game: tuple[str, tuple[str, str]]
) -> None:
    sim = whole[game[0]]
    edges = [0, *sorted(cuts), sim.games]
    parts = [
        Counts.of({k: v[lo:hi] for k, v in sim.columns.items()}, sim.endings)
        for lo, hi in itertools.pairwise(edges)
    ]
    merged = Counts.merge(parts)
    assert merged == Counts.of(sim.columns, sim.endings)
    assert Summary.merge(Summary.of(p) for p in parts) == sim.summary()
    assert Counts.from_dict(json.loads(json.dumps(merged.as_dict()))) == merged


def test_counts_of_different_games_do_not_merge(whole: dict[str, Any]) -> None:
    durak = whole["durak"].summary().counts
    schnapsen = whole["schnapsen"].summary().counts
    assert durak is not None and schnapsen is not None
    with pytest.raises(ValueError, match="one game"):
        durak + schnapsen


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_folder_of_shards_reads_back_as_the_rows(
    whole: dict[str, Any], game: str, players: tuple[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "run"
    sim = trumpf.simulate(game, games=3000, players=players, seed=SEED, shard=1100, out=out)
    assert not sim.has_rows and sim.out == str(out)
    assert sim.summary() == whole[game].summary()
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "manifest.json",
        "shard-0000000000000.npz",
        "shard-0000000001100.npz",
        "shard-0000000002200.npz",
    ]
    back = load(out)
    columns_equal(back, whole[game])
    assert (back.game, back.players, back.seed, back.endings, back.rules) == (
        game,
        players,
        SEED,
        whole[game].endings,
        whole[game].rules,
    )
    assert back.complete
    # Shard by shard, never the whole run in memory: the flat columns, from their first game.
    pieces = list(iter_shards(out))
    assert [start for start, _ in pieces] == [0, 1100, 2200]
    table = whole[game].table()
    for name in table:
        np.testing.assert_array_equal(np.concatenate([t[name] for _, t in pieces]), table[name])


def test_pandas_reads_a_folder_of_shards(whole: dict[str, Any], tmp_path: Path) -> None:
    # In test-all: the docs show pandas reading the shards.
    pd: Any = pytest.importorskip("pandas", reason='pandas is in pip install ".[test-all]"')

    sim = whole["durak"]
    trumpf.simulate("durak", games=3000, players=GAMES[2][1], seed=SEED, shard=999, out=tmp_path)
    frame = pd.concat(
        pd.DataFrame(t, index=range(start, start + len(t["winner"])))
        for start, t in iter_shards(tmp_path)
    )
    assert list(frame.columns) == list(sim.table())
    assert frame.index.tolist() == list(range(3000))
    assert frame["points_a"].tolist() == sim["points"][:, 0].tolist()
    assert (pd.DataFrame(load(tmp_path).table()) == pd.DataFrame(sim.table())).all().all()


def test_zero_games_in_shards(tmp_path: Path) -> None:
    sim = trumpf.simulate("durak", games=0, seed=SEED, summary_only=True)
    assert sim.games == 0 and sim.summary().games == 0 and sim.summary().fools == (0, 0)
    trumpf.simulate("schnapsen", games=0, seed=SEED, out=tmp_path / "none")
    back = load(tmp_path / "none")
    assert back.games == 0 and back["points"].shape == (0, 2)


@pytest.mark.parametrize("at", ["write", "after"])
def test_ctrl_c_inside_taking_a_shard_leaves_a_folder_that_loads(
    at: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C lands while the third shard is being taken: while its file is
    # written, or just after. The folder keeps the shards taken whole, and its
    # manifest's games and counts are theirs, so it loads.
    from trumpf.simulation import SimulationInterrupted, _shards

    real = _shards.write_shard
    calls = []

    def write(out: Path, start: int, games: int, columns: Any) -> dict[str, Any]:
        calls.append(start)
        if len(calls) == 3 and at == "write":
            raise KeyboardInterrupt
        entry = real(out, start, games, columns)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return entry

    monkeypatch.setattr(_shards, "write_shard", write)
    out = tmp_path / "run"
    with pytest.raises(SimulationInterrupted) as stopped:
        trumpf.simulate("schnapsen", games=500, seed=SEED, shard=100, out=out)
    back = load(out)
    assert back.games == stopped.value.partial.games == 200
    full = trumpf.simulate("schnapsen", games=200, seed=SEED)
    assert back.summary() == full.summary()


def test_a_folder_is_checked_before_the_work(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SimulationError, match="holds other files"):
        trumpf.simulate("schnapsen", games=10, out=tmp_path)
    with pytest.raises(SimulationError, match="does not exist"):
        trumpf.simulate("schnapsen", games=10, out=tmp_path / "a" / "b")
    with pytest.raises(SimulationError, match="is a file"):
        trumpf.simulate("schnapsen", games=10, out=tmp_path / "notes.txt")
    assert (tmp_path / "notes.txt").read_text() == "mine"
    # A previous run's shards are replaced, not mixed with the next run's.
    out = tmp_path / "again"
    trumpf.simulate("schnapsen", games=50, seed=SEED, shard=10, out=out)
    trumpf.simulate("schnapsen", games=20, seed=SEED, shard=15, out=out)
    assert len(list(out.glob("shard-*.npz"))) == 2 and load(out).games == 20


def test_a_folder_that_is_not_a_run_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match=r"no manifest\.json"):
        load(tmp_path)
    (tmp_path / "manifest.json").write_text('{"format": "something else"}')
    with pytest.raises(SimulationError, match="not a trumpf simulation"):
        load(tmp_path)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"cluster": "slurm"}, "unknown cluster"),
        ({"address": "127.0.0.1:6379"}, "cluster='ray'"),
        ({"shard": 0}, "shard must be"),
        ({"shard": 2.5}, "shard must be"),
        ({"shard": True}, "shard must be"),
    ],
)
def test_bad_sharding_is_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(SimulationError, match=words):
        trumpf.simulate("schnapsen", games=10, **kwargs)


def test_a_run_without_rows_has_no_memory_bound(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match="summary_only or out"):
        check_arguments("schnapsen", 2**40)
    check_arguments("schnapsen", 2**40, summary_only=True)
    check_arguments("schnapsen", 2**40, out=tmp_path / "big")


def test_without_ray_a_ray_run_is_one_clear_refusal() -> None:
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "import trumpf\n"
        "try:\n"
        "    trumpf.simulate('schnapsen', games=10, cluster='ray')\n"
        "except trumpf.simulation.ClusterError as e:\n"
        "    print(e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == 'Ray is not installed here: pip install "trumpf[ray]"'
    assert issubclass(ClusterError, SimulationError)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trumpf.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "160"},
    )


def test_the_command_line_writes_a_folder_and_summarises_without_rows(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    s = whole["durak"].summary()
    base = ["simulate", "durak", "--games", "3000", "--players", "bot3", "random"]
    done = cli(*base, "--seed", SEED.hex(), "--shard", "500", "--out", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    assert f"{s.wins[0]:,}" in done.stdout and "load reads them" in done.stdout
    columns_equal(load(tmp_path / "run"), whole["durak"])
    only = cli(*base, "--seed", SEED.hex(), "--summary-only")
    assert only.returncode == 0, only.stderr
    assert f"{s.fools[0] if s.fools else 0:,}" in only.stdout

    def body(text: str) -> str:  # the table below its title, which has the rate
        return text[text.index("┏") : text.index("seed")]

    assert body(only.stdout) == body(done.stdout)
    refused = cli(*base, "--summary-only", "--out", str(tmp_path / "x.npz"))
    assert refused.returncode == 2 and "keeps no rows" in refused.stderr


def test_ctrl_c_keeps_the_games_finished_in_the_folder(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "trumpf.cli", "simulate", "durak", "--games", str(10**9)]
    command += ["--players", "bot3", "bot3", "--seed", SEED.hex(), "--shard", "100000"]
    proc = subprocess.Popen(
        [*command, "--out", str(tmp_path / "run")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "160"},
        preexec_fn=interruptible,
    )

    # Ctrl-C once a second shard's file exists, so the first is whole on
    # disk however slow the machine (a fixed wait can fall before any shard).
    def shards() -> int:
        return len(list((tmp_path / "run").glob("shard-*.npz")))

    deadline = time.monotonic() + 300
    while shards() < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if shards() < 2:
        proc.kill()
        pytest.fail(f"the run wrote no second shard: {proc.communicate()[1]}")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in out + err
    kept = load(tmp_path / "run")
    assert not kept.complete and 0 < kept.games < 10**9
    assert f"interrupted: {kept.games:,} of 1,000,000,000 games played" in out
    columns_equal(kept, trumpf.simulate("durak", kept.games, ("bot3", "bot3"), SEED))
