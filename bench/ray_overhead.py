"""What Ray costs against local threads, side by side in one run, and what that means at scale.

    pip install ".[ray]" && python bench/ray_overhead.py            # about three minutes
    python bench/ray_overhead.py --quick                             # a shorter pass

The same games on the same cores: ``simulate(..., threads=cores)`` against
``simulate(..., cluster="ray", shard=S)`` on a Ray started here with those
cores, for random play (under a microsecond a deal, the worst case for any
overhead) and for the most expensive pairing there is (whole matches of bot2
against bot1), at several shard sizes, rows kept and summary-only. Then the
per-shard overhead, from thousands of one-game shards: the wall time a shard
costs the cluster beyond its games, and the CPU time it costs the driver,
which takes every shard in turn. From those and the per-game cost measured
here, a 10**9-game run is estimated on paper for 8, 64 and 512 cores.
Ray's own start (once a run, a few seconds) is reported apart.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import resource
import time
from typing import Any

import trumpf
from trumpf.simulation._cluster import default_shard

SEED = bytes(range(32))
WORKLOADS = {
    # name: (game, players, games a run, shard sizes)
    "random Schnapsen deals": ("schnapsen", ("random", "random"), 4_000_000, (10_000, 100_000, 1_000_000)),
    "Schnapsen matches, bot2 v bot1": ("schnapsen-match", ("bot2", "bot1"), 200_000, (1_000, 10_000, 50_000)),
}  # fmt: skip


def best(repeat: int, game: str, games: int, **kwargs: Any) -> float:
    """The fastest of ``repeat`` wall-clock timings of ``trumpf.simulate(game, games, **kwargs)``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        trumpf.simulate(game, games=games, seed=SEED, **kwargs)
        times.append(time.perf_counter() - started)
    return min(times)


def driver_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the games, one try each")
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    # Everything Ray starts here listens on, and is reached at, 127.0.0.1.
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    # Ray runs its workers at nice 15; the local threads run at 0. On a machine
    # shared with other work that alone would slow Ray, so both run at 0 here.
    os.environ.setdefault("RAY_worker_niceness", "0")
    import ray

    cores = args.cores
    repeat = 1 if args.quick else 3
    scale = 4 if args.quick else 1
    started = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=cores,
        include_dashboard=False,
        logging_level=logging.ERROR,
        _node_ip_address="127.0.0.1",
    )
    ray.get([ray.remote(lambda: 0).remote() for _ in range(cores)])  # the workers are up
    print(
        f"Ray {ray.__version__} started with {cores} CPUs in {time.perf_counter() - started:.1f} s"
    )
    print(f"{os.cpu_count()} cores here; best of {repeat}; wall-clock seconds\n")
    print("| workload | how | shard | seconds | games/s | Ray / local |")
    print("|---|---|---:|---:|---:|---:|")
    per_game: dict[str, float] = {}
    for name, (game, players, games, shards) in WORKLOADS.items():
        games //= scale
        best(1, game, games // 20, players=players, threads=cores)  # warm
        runs: list[dict[str, Any]] = [{"threads": cores}]
        runs += [
            {"cluster": "ray", "shard": shard, "summary_only": only}
            for shard in (*shards, None)
            for only in (False, True)
        ]
        # Round after round, so that a machine busy for a while slows every way alike.
        seconds = [math.inf] * len(runs)
        for _ in range(repeat):
            for k, kwargs in enumerate(runs):
                seconds[k] = min(seconds[k], best(1, game, games, players=players, **kwargs))
        local = seconds[0]
        per_game[name] = local * cores / games
        for kwargs, took in zip(runs, seconds, strict=True):
            if "cluster" not in kwargs:
                how, size = "local threads", ""
            else:
                how = "Ray, summary-only" if kwargs["summary_only"] else "Ray, rows"
                size = "default" if kwargs["shard"] is None else f"{kwargs['shard']:,}"
            print(
                f"| {name} | {how} | {size} | {took:.2f} | {games / took:,.0f} | "
                f"{took / local:.2f} |"
            )
    tiny = 4000 // scale
    cpu = driver_seconds()
    wall = best(1, "schnapsen", tiny, cluster="ray", shard=1)
    driver = (driver_seconds() - cpu) / tiny
    shard_cost = wall * cores / tiny
    ray.shutdown()
    print(
        f"\nPer shard ({tiny:,} one-game shards): {shard_cost * 1e3:.2f} ms of a core's wall "
        f"time, {driver * 1e3:.2f} ms of the driver's CPU."
    )
    print(
        "Per game, one core: "
        + "; ".join(f"{name} {cost * 1e6:.2f} us" for name, cost in per_game.items())
    )
    estimate(per_game, shard_cost, driver)


def human(seconds: float) -> str:
    if seconds >= 3600:
        return f"{seconds / 3600:,.1f} h"
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.1f} s"


def estimate(per_game: dict[str, float], shard_cost: float, driver: float) -> None:
    """A 10**9-game run on paper: ceil(shards / cores) waves of (shard * game + overhead).

    The driver takes every shard in turn, so it is also a limit: its share of
    the run's time is shown, and must stay well under 100%.
    """
    games = 10**9
    print("\n10**9 games on paper (summary-only; the driver takes every shard in turn):\n")
    print("| workload | cores | shard | shards | time | of ideal | driver busy |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    # A strong bot costs milliseconds a move: a game of one at 1 ms, for scale.
    for name, cost in {**per_game, "a 1 ms game (a strong bot, for scale)": 1e-3}.items():
        for cores in (8, 64, 512):
            shard = default_shard(games, cores, cost)  # what simulate(cluster="ray") picks
            shards = math.ceil(games / shard)
            waves = math.ceil(shards / cores)
            seconds = waves * (shard * cost + shard_cost)
            ideal = games * cost / cores
            busy = shards * driver / seconds
            print(
                f"| {name} | {cores} | {shard:,} | {shards:,} | {human(seconds)} | "
                f"{ideal / seconds:.0%} | {busy:.0%} |"
            )


if __name__ == "__main__":
    main()
