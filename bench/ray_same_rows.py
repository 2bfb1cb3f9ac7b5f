"""The same run on local threads and on Ray, compared row for row (done-when).

    pip install ".[ray]" && python bench/ray_same_rows.py                 # 2,000 matches, default budget
    python bench/ray_same_rows.py --games 100000 --samples 4 --budget 5000

Plays ``schnapsen-match`` between the expert and bot2 from one seed, first on
this machine's threads, then on a Ray started here, and says whether every
column of every row is the same, with both summaries. The expert is the
costly player (2-4 ms a move at its default budget, about 0.12 s of one core
a match), so the budget options let a run of 100,000 matches fit in minutes.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from trumpf.simulation import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="matches (2000)")
    parser.add_argument("--samples", type=int, default=0, help="expert worlds (0: default)")
    parser.add_argument("--budget", type=int, default=0, help="expert work units (0: default)")
    args = parser.parse_args()
    options = {
        "players": ("expert", "bot2"),
        "seed": bytes(range(32)),
        "expert_samples": args.samples,
        "expert_budget": args.budget,
    }
    cores = os.cpu_count() or 1
    started = time.perf_counter()
    local = simulate("schnapsen-match", args.games, threads=cores, **options)
    here = time.perf_counter() - started
    started = time.perf_counter()
    ray = simulate("schnapsen-match", args.games, cluster="ray", threads=1, **options)
    there = time.perf_counter() - started
    same = local.columns.keys() == ray.columns.keys() and all(
        np.array_equal(local[name], ray[name]) for name in local.columns
    )
    print(
        f"{args.games:,} matches, expert (samples {args.samples or 'default'}, budget "
        f"{args.budget or 'default'}) v bot2: {here:.0f} s on {cores} threads, {there:.0f} s "
        f"on Ray; every row the same: {same}; summaries equal: {local.summary() == ray.summary()}"
    )
    print(local.summary())


if __name__ == "__main__":
    main()
