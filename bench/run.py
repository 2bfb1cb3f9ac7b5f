"""trumpf's benchmark suite: every figure a ratio measured side by side in one run.

    pip install ".[bench]" && python bench/run.py            # everything
    python bench/run.py --quick                              # a shorter pass
    python bench/run.py --only peers                         # one section

Sections: the Python-API loop vs the pure-Python oracle vs the C++ batch
simulator for each game; matches between the reference bots; the peers a user
would pick instead (the VU Amsterdam ``schnapsen`` package, OpenSpiel's
``pyspiel``), which the run installs from PyPI when they are missing (set
TRUMPF_BENCH_NO_INSTALL=1 to skip them instead);
thread scaling; and instructions per game from callgrind (see
bench/callgrind.sh). Timings are wall-clock on whatever machine runs them, so
read the ratios, which are what this suite is for.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import trumpf
import trumpf.durak as durak
import trumpf.reference.durak as durak_oracle
import trumpf.reference.schnapsen as schnapsen_oracle
import trumpf.schnapsen as schnapsen

SEED = bytes(range(32))
Row = tuple[str, str, str]


def timed(work: Callable[[], int], min_seconds: float) -> tuple[float, int]:
    """Runs work() until min_seconds pass; returns (seconds, units done)."""
    units = 0
    started = time.perf_counter()
    while True:
        units += work()
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return elapsed, units


def random_deals(impl: Any, variant: str, count: int, counter: list[int]) -> Callable[[], int]:
    """Random legal play of whole deals through a Deal API; counts moves in counter[0]."""
    rng = random.Random(7)
    number = [0]

    def work() -> int:
        moves = 0
        for _ in range(count):
            number[0] += 1
            deal = impl.Deal.build(
                variant=variant, seed=SEED, number=number[0], dealer="p1" if number[0] % 2 else "p2"
            )
            while not deal.over:
                turn = deal.turn
                legal = deal.legal(turn)
                deal.apply(turn, legal[rng.randrange(len(legal))])
                moves += 1
        counter[0] += moves
        return count

    return work


def random_durak(impl: Any, count: int, counter: list[int]) -> Callable[[], int]:
    rng = random.Random(7)
    number = [0]

    def work() -> int:
        moves = 0
        for _ in range(count):
            number[0] += 1
            game = impl.Game.build(seed=SEED, number=number[0])
            while not game.over:
                turn = game.turn
                legal = game.legal(turn)
                game.apply(turn, legal[rng.randrange(len(legal))])
                moves += 1
        counter[0] += moves
        return count

    return work


def bot_matches(impl: Any, variant: str, count: int) -> Callable[[], int]:
    seeds = [0]

    def work() -> int:
        for _ in range(count):
            seeds[0] += 1
            match = impl.Match.build(
                variant=variant, seed=seeds[0].to_bytes(32, "big"), dealer="p1"
            )
            bots = {"p1": impl.Bot(level=2), "p2": impl.Bot(level=1)}
            while not match.over:
                seat = match.turn
                match.apply(seat, bots[seat].choose(match, seat))
        return count

    return work


def batch(game: str, players: tuple[str, str], games: int, threads: int) -> float:
    """Games per second of the C++ batch simulator."""
    trumpf.simulate(game, games=min(games, 1000), players=players, seed=SEED, threads=threads)
    started = time.perf_counter()
    trumpf.simulate(game, games=games, players=players, seed=SEED, threads=threads)
    return games / (time.perf_counter() - started)


def fmt(rate: float) -> str:
    return f"{rate:,.0f}"


def section_games(quick: bool) -> list[Row]:
    t = 0.5 if quick else 2.0
    rows: list[Row] = []
    for variant in ("schnapsen", "sixtysix"):
        moves_c, moves_o = [0], [0]
        sec_c, n_c = timed(random_deals(schnapsen, variant, 200, moves_c), t)
        sec_o, n_o = timed(random_deals(schnapsen_oracle, variant, 20, moves_o), t)
        rate_c, rate_o = n_c / sec_c, n_o / sec_o
        rate_b = batch(variant, ("random", "random"), 200_000 if quick else 2_000_000, 1)
        rows += [
            (
                f"{variant} deals, random play: Python API",
                f"{fmt(rate_c)} deals/s",
                f"{rate_c / rate_o:.1f}x the oracle ({fmt(moves_c[0] / sec_c)} moves/s)",
            ),
            (f"{variant} deals, random play: oracle", f"{fmt(rate_o)} deals/s", "1x"),
            (
                f"{variant} deals, random play: C++ batch, 1 thread",
                f"{fmt(rate_b)} deals/s",
                f"{rate_b / rate_c:.0f}x the Python API, {rate_b / rate_o:,.0f}x the oracle",
            ),
        ]
    moves_c, moves_o = [0], [0]
    sec_c, n_c = timed(random_durak(durak, 100, moves_c), t)
    sec_o, n_o = timed(random_durak(durak_oracle, 10, moves_o), t)
    rate_c, rate_o = n_c / sec_c, n_o / sec_o
    rate_b = batch("durak", ("random", "random"), 100_000 if quick else 1_000_000, 1)
    rows += [
        (
            "durak games, random play: Python API",
            f"{fmt(rate_c)} games/s",
            f"{rate_c / rate_o:.1f}x the oracle ({fmt(moves_c[0] / sec_c)} moves/s)",
        ),
        ("durak games, random play: oracle", f"{fmt(rate_o)} games/s", "1x"),
        (
            "durak games, random play: C++ batch, 1 thread",
            f"{fmt(rate_b)} games/s",
            f"{rate_b / rate_c:.0f}x the Python API, {rate_b / rate_o:,.0f}x the oracle",
        ),
    ]
    return rows


def section_matches(quick: bool) -> list[Row]:
    t = 0.5 if quick else 2.0
    rows: list[Row] = []
    for variant in ("schnapsen", "sixtysix"):
        sec_c, n_c = timed(bot_matches(schnapsen, variant, 20), t)
        sec_o, n_o = timed(bot_matches(schnapsen_oracle, variant, 2), t)
        rate_c, rate_o = n_c / sec_c, n_o / sec_o
        rate_b = batch(f"{variant}-match", ("bot2", "bot1"), 20_000 if quick else 200_000, 1)
        rows += [
            (
                f"{variant} matches, bot2 v bot1: Python API",
                f"{fmt(rate_c)} matches/s",
                f"{rate_c / rate_o:.1f}x the oracle",
            ),
            (f"{variant} matches, bot2 v bot1: oracle", f"{fmt(rate_o)} matches/s", "1x"),
            (
                f"{variant} matches, bot2 v bot1: C++ batch, 1 thread",
                f"{fmt(rate_b)} matches/s",
                f"{rate_b / rate_c:.0f}x the Python API",
            ),
        ]
    return rows


PEERS = ("schnapsen", "open_spiel")  # the `bench` extra in pyproject.toml


def install_peers() -> None:
    """Installs the peers from PyPI when they are missing, as the `bench` extra would."""
    import importlib.util
    import subprocess
    import sys

    missing = [
        p
        for p, mod in zip(PEERS, ("schnapsen", "pyspiel"), strict=True)
        if not importlib.util.find_spec(mod)
    ]
    if missing and os.environ.get("TRUMPF_BENCH_NO_INSTALL") != "1":
        print(f"installing the peers from PyPI: {' '.join(missing)}", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=False)


def section_peers(quick: bool) -> list[Row]:
    install_peers()
    t = 0.5 if quick else 2.0
    rows: list[Row] = []
    moves = [0]
    sec_c, n_c = timed(random_deals(schnapsen, "schnapsen", 200, moves), t)
    rate_c, per_action_c = n_c / sec_c, moves[0] / sec_c
    try:
        from schnapsen.bots import RandBot
        from schnapsen.game import SchnapsenGamePlayEngine
    except ImportError:
        rows.append(("VU schnapsen", "not installed", "pip install '.[bench]'"))
    else:
        engine = SchnapsenGamePlayEngine()
        k = [0]

        def vu() -> int:
            for _ in range(20):
                k[0] += 1
                engine.play_game(
                    RandBot(random.Random(k[0])), RandBot(random.Random(-k[0])), random.Random(k[0])
                )
            return 20

        sec_v, n_v = timed(vu, t)
        rate_v = n_v / sec_v
        rows += [
            ("VU schnapsen: random v random, whole games", f"{fmt(rate_v)} games/s", "1x"),
            (
                "trumpf Python API: random v random, whole deals",
                f"{fmt(rate_c)} deals/s",
                f"{rate_c / rate_v:.1f}x VU schnapsen",
            ),
        ]
    try:
        import pyspiel
    except ImportError:
        rows.append(("OpenSpiel", "not installed", "pip install '.[bench]'"))
    else:
        spiel = pyspiel.load_game("euchre")
        rng = random.Random(3)
        actions = [0]

        def euchre() -> int:
            for _ in range(50):
                state = spiel.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    else:
                        legal = state.legal_actions()
                        state.apply_action(legal[rng.randrange(len(legal))])
                    actions[0] += 1
            return 50

        sec_s, _ = timed(euchre, t)
        rate_s = actions[0] / sec_s
        rows += [
            ("OpenSpiel euchre, Python loop of random actions", f"{fmt(rate_s)} actions/s", "1x"),
            (
                "trumpf Schnapsen, Python loop of random moves",
                f"{fmt(per_action_c)} moves/s",
                f"{per_action_c / rate_s:.2f}x OpenSpiel per action",
            ),
        ]
    return rows


def section_threads(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for game, games in (("schnapsen", 2_000_000), ("durak", 600_000)):
        games = games // 10 if quick else games
        one = batch(game, ("random", "random"), games, 1)
        two = batch(game, ("random", "random"), games, 2)
        rows += [
            (f"{game}, random play, C++ batch: 1 thread", f"{fmt(one)} games/s", "1x"),
            (
                f"{game}, random play, C++ batch: 2 threads",
                f"{fmt(two)} games/s",
                f"{two / one:.2f}x one thread",
            ),
        ]
    return rows


def section_breakdown(quick: bool) -> list[Row]:
    """Where a move's time goes in a Python play loop over the API."""
    n = 50_000 if quick else 300_000
    deal = schnapsen.Deal.build(variant="schnapsen", seed=SEED, number=1, dealer="p1")
    seat = deal.turn
    moves = deal.legal(seat)
    move = moves[-1]
    rng = random.Random(1)

    def per_call(work: Callable[[], object]) -> float:
        started = time.perf_counter()
        for _ in range(n):
            work()
        return (time.perf_counter() - started) / n * 1e9

    empty = per_call(lambda: None)
    copy = per_call(deal.copy) - empty

    def copy_apply() -> None:
        deal.copy().apply(seat, move)

    rows = [
        ("a Python call of nothing (the caller's loop)", f"{empty:.0f} ns", "baseline"),
        ("deal.turn", f"{per_call(lambda: deal.turn) - empty:.0f} ns", "over the baseline"),
        ("deal.over", f"{per_call(lambda: deal.over) - empty:.0f} ns", "over the baseline"),
        (
            f"deal.legal(seat), {len(moves)} moves",
            f"{per_call(lambda: deal.legal(seat)) - empty:.0f} ns",
            "over the baseline",
        ),
        ("deal.apply(seat, lead)", f"{per_call(copy_apply) - empty - copy:.0f} ns", "over a copy"),
        (
            "rng.randrange(7) (the caller's choice)",
            f"{per_call(lambda: rng.randrange(7)) - empty:.0f} ns",
            "over the baseline",
        ),
    ]
    return rows


SECTIONS = {
    "breakdown": section_breakdown,
    "games": section_games,
    "matches": section_matches,
    "peers": section_peers,
    "threads": section_threads,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.processor() or ''}"
        f" Python {platform.python_version()}, SHA-NI {trumpf._core.sha256_uses_hardware()}"
    )
    print()
    print("| what | rate | ratio |")
    print("|---|---:|---|")
    for name in args.only or list(SECTIONS):
        for row in SECTIONS[name](args.quick):
            print(f"| {row[0]} | {row[1]} | {row[2]} |", flush=True)


if __name__ == "__main__":
    main()
