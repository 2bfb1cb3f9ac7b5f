"""The batch simulator: reproducible, replayable, consistent, and safe to stop."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pytest

import trumpf
from _sim_support import CASES, SEED, check_replays, columns_equal, interruptible
from trumpf.simulation import MAX_GAMES, MAX_THREADS, SimulationError


@pytest.mark.parametrize(("game", "players"), CASES)
def test_same_result_whatever_the_threads(game: str, players: tuple[str, str]) -> None:
    one = trumpf.simulate(game, games=3000, players=players, seed=SEED, threads=1)
    two = trumpf.simulate(game, games=3000, players=players, seed=SEED, threads=2)
    again = trumpf.simulate(game, games=3000, players=players, seed=SEED, threads=2)
    columns_equal(one, two)
    columns_equal(two, again)
    assert one.complete and one.games == 3000
    assert (one["moves"] > 0).all()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_game_replays_through_the_python_api(game: str, players: tuple[str, str]) -> None:
    sim = trumpf.simulate(game, games=40, players=players, seed=SEED, threads=2)
    check_replays(sim)


def test_seats_and_dealers_alternate() -> None:
    sim = trumpf.simulate("schnapsen", games=8, seed=SEED)
    assert list(sim["seat_a"]) == [1, 2, 1, 2, 1, 2, 1, 2]
    assert list(sim["dealer"]) == [1, 1, 2, 2, 1, 1, 2, 2]


@pytest.mark.parametrize("game", ["schnapsen", "sixtysix-match", "durak"])
def test_summary_agrees_with_the_columns(game: str) -> None:
    sim = trumpf.simulate(game, games=2000, players=("bot2", "random"), seed=SEED)
    s = sim.summary()
    winner = sim["winner"]
    assert s.games == 2000
    assert s.wins == (int((winner == 0).sum()), int((winner == 1).sum()))
    assert s.draws == int((winner == -1).sum())
    assert s.win_rate[0] == pytest.approx(s.wins[0] / 2000)
    low, high = s.win_interval[0]
    assert low <= s.win_rate[0] <= high
    assert sum(s.endings.values()) == 2000
    for name, count in s.endings.items():
        assert count == int((sim["how"] == sim.endings.index(name)).sum())
    gp = sim["game_points"].astype(int)
    assert s.game_points_per_game[0] == pytest.approx(gp[winner == 0].sum() / 2000)
    assert s.moves_per_game == pytest.approx(sim["moves"].mean())


def test_a_random_seed_is_drawn_and_reported() -> None:
    a = trumpf.simulate("schnapsen", games=10)
    b = trumpf.simulate("schnapsen", games=10)
    assert len(a.seed) == 32 and a.seed != b.seed
    again = trumpf.simulate("schnapsen", games=10, seed=a.seed.hex())
    columns_equal(a, again)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"game": "poker"}, "unknown game"),
        ({"game": "schnapsen", "players": ("random", "bot3")}, "unknown player"),
        ({"game": "schnapsen", "players": ("random",)}, "pair"),
        ({"game": "durak", "players": ("genius", "random")}, "unknown player"),
        ({"game": "schnapsen", "games": -1}, "games"),
        ({"game": "schnapsen", "games": 2.5}, "games"),
        ({"game": "schnapsen", "seed": b"short"}, "32 bytes"),
        ({"game": "schnapsen", "seed": "zz" * 32}, "hex"),
        ({"game": "schnapsen", "seed": "ab" * 31}, "32 bytes"),
        ({"game": "schnapsen", "threads": 0}, "threads"),
        # Past these the core's thread pool, its int64 count or its allocation fails.
        ({"game": "schnapsen", "threads": MAX_THREADS + 1}, "threads .* 1 to 1024"),
        ({"game": "schnapsen", "threads": 10**30}, "threads"),
        ({"game": "schnapsen", "games": MAX_GAMES + 1}, "games .* 2\\*\\*40"),
        ({"game": "schnapsen", "games": 10**30}, "games"),
        ({"game": "schnapsen", "games": MAX_GAMES}, "GiB for their results"),
    ],
)
def test_bad_arguments_are_refused_clearly(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(SimulationError, match=words):
        trumpf.simulate(**kwargs)


def test_zero_games() -> None:
    sim = trumpf.simulate("durak", games=0, seed=SEED)
    assert sim.games == 0 and sim.complete
    assert sim.summary().games == 0


def test_progress_is_reported_and_its_errors_stop_the_run() -> None:
    seen: list[tuple[int, int]] = []
    trumpf.simulate("schnapsen", games=20000, seed=SEED, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (20000, 20000)
    assert all(t == 20000 for _, t in seen)

    def boom(done: int, total: int) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        trumpf.simulate("schnapsen", games=2_000_000, seed=SEED, progress=boom)


def test_save_writes_every_column(tmp_path: Any) -> None:
    sim = trumpf.simulate("durak", games=500, seed=SEED, players=("bot3", "random"))
    sim.save(tmp_path / "out.npz")
    with np.load(tmp_path / "out.npz") as saved:
        for name in sim.columns:
            np.testing.assert_array_equal(saved[name], sim[name])
        assert str(saved["seed"]) == SEED.hex()
    sim.save(tmp_path / "out.csv")
    lines = (tmp_path / "out.csv").read_text().splitlines()
    assert len(lines) == 501 and lines[0].startswith("winner,")


def cli(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "trumpf.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "COLUMNS": "160"},
        preexec_fn=interruptible,
        **kwargs,
    )


def test_the_command_line_simulates_and_saves(tmp_path: Any) -> None:
    out = tmp_path / "run.npz"
    proc = cli(
        "simulate",
        "sixtysix",
        "--games",
        "3000",
        "--players",
        "bot2",
        "bot1",
        "--seed",
        SEED.hex(),
        "--threads",
        "2",
        "--out",
        str(out),
    )
    text, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, text
    sim = trumpf.simulate("sixtysix", games=3000, players=("bot2", "bot1"), seed=SEED)
    s = sim.summary()
    assert f"{s.wins[0]:,}" in text and f"{s.wins[1]:,}" in text
    assert SEED.hex() in text
    with np.load(out) as saved:
        np.testing.assert_array_equal(saved["winner"], sim["winner"])


def test_the_command_line_refuses_bad_arguments() -> None:
    proc = cli("simulate", "durak", "--games", "10", "--players", "random", "bot9")
    text, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "unknown player 'bot9'" in text
    proc = cli("simulate", "durak", "--games", "10", "--seed", "abc")
    text, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "seed" in text


def test_ctrl_c_stops_a_long_run_cleanly() -> None:
    proc = cli(
        "simulate",
        "durak",
        "--games",
        "500000000",
        "--players",
        "bot3",
        "bot3",
        "--seed",
        SEED.hex(),
        "--threads",
        "2",
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    text, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, text
    assert "interrupted" in text
    assert "Traceback" not in text


def test_the_command_line_counts_fools_and_draws() -> None:
    proc = cli(
        "simulate", "durak", "--games", "4000", "--players", "bot3", "random",
        "--seed", SEED.hex(),
    )  # fmt: skip
    text, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, text
    sim = trumpf.simulate("durak", games=4000, players=("bot3", "random"), seed=SEED)
    fools = [int((sim["fool"] == 0).sum()), int((sim["fool"] == 1).sum())]
    row = next(line for line in text.splitlines() if "times the fool" in line)
    assert [int(x.replace(",", "")) for x in row.split()[-4:] if x.replace(",", "").isdigit()] == (
        fools
    )
    draws = next(line for line in text.splitlines() if "draws" in line)
    assert f"{sim.summary().draws:,}" in draws


def test_the_endings_have_their_own_table_with_count_and_share() -> None:
    proc = cli("simulate", "schnapsen", "--games", "3000", "--seed", SEED.hex())
    text, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, text
    s = trumpf.simulate("schnapsen", games=3000, seed=SEED).summary()
    lines = text.splitlines()
    title = next(i for i, line in enumerate(lines) if "how the games ended" in line)
    assert all(word in lines[title + 2] for word in ("ending", "games", "share"))
    rows = {}
    for line in lines[title + 3 :]:
        cells = [c.strip() for c in re.split(r"[\u2502|]", line) if c.strip()]
        if len(cells) == 3:
            rows[cells[0]] = (cells[1], cells[2])
    assert rows == {
        name: (f"{count:,}", f"{count / s.games:.2%}") for name, count in s.endings.items()
    }
    summary = "\n".join(lines[:title])
    assert not any(name in summary for name in s.endings)  # none left in the players' table


def test_a_simulation_reads_well() -> None:
    sim = trumpf.simulate("sixtysix", games=1234, players=("bot1", "random"), seed=SEED)
    assert repr(sim) == (
        f"<Simulation sixtysix: 1,234 games, bot1 v random, seed {SEED.hex()}, complete>"
    )
