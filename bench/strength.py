"""How strong the built-in players are: the README's strength table.

    python bench/strength.py                 # every pair at full size (about 90 minutes on 2 cores)
    python bench/strength.py --scale 0.25    # fewer games, wider intervals
    python bench/strength.py --samples 32    # the expert at another budget

Plays each pair through trumpf.simulate on every core (the results do not
depend on the threads) and prints Markdown rows: the first player's share of
won matches, deals or decided Durak games, with the 95% Wilson interval,
over n games; then the expert's time per move (one core, the expert on
both seats) and the solver's time per position (bench/solver.py's
tool: from a deal's first move and from just after a close). Seats and
first dealers alternate game by game, so neither player keeps the better
seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import trumpf
import trumpf.durak
import trumpf.schnapsen
from trumpf import _core
from trumpf.simulation import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import solver  # bench/solver.py: builds and runs the solver's tool

SEED = bytes.fromhex("5eed" * 16)

PAIRS = [
    ("expert", "expert-pimc"),
    ("expert", "bot2"),
    ("expert", "bot1"),
    ("expert", "random"),
    ("bot2", "bot1"),
    ("bot2", "random"),
    ("bot1", "random"),
    ("perfect", "expert"),
]
DURAK_PAIRS = [("expert", "bot3"), *PAIRS]

# Games a pair at scale 1: about ±2% for the expert's rows (Wilson, at the
# shares they win). The expert against expert-pimc plays at least HEAD_TO_HEAD
# games, the count docs/bots.md's targets for a stronger expert are set over.
GAMES = {"match": 900, "deal": 2000, "durak": 2000}
HEAD_TO_HEAD = 2000


def rate(game: str, pair: tuple[str, str], n: int, budget: dict[str, int]) -> tuple[str, float]:
    started = time.perf_counter()
    sim = trumpf.simulate(game, games=n, players=pair, seed=SEED, **budget)
    seconds = time.perf_counter() - started
    wins, losses = sim.summary().wins
    decided = wins + losses
    low, high = wilson(wins, decided)
    share = wins / decided if decided else 0.0
    text = (
        f"| {game} | {pair[0]} v {pair[1]} | {share:.1%} | {low:.1%} to {high:.1%} | "
        f"{decided:,} of {n:,} | {seconds:,.0f} s |"
    )
    return text, share


def move_times(game: str, count: int, budget: dict[str, int]) -> str:
    """Milliseconds an expert move takes on one core: mean and 95th percentile."""
    times: list[float] = []
    number = 0
    while len(times) < count:
        number += 1
        table: Any = (
            trumpf.durak.Game.build(seed=SEED, number=number)
            if game == "durak"
            else trumpf.schnapsen.Deal.build(variant=game, seed=SEED, number=number, dealer="p1")
        )
        while not table.over and len(times) < count:
            seat = table.turn
            started = time.perf_counter()
            move = _core.players.choose(
                table,
                seat,
                "expert",
                seed=number,
                samples=budget.get("expert_samples", 0),
                budget=budget.get("expert_budget", 0),
            )
            times.append(time.perf_counter() - started)
            table.apply(seat, move)  # the expert on both seats: its own positions
    times.sort()
    mean = statistics.fmean(times) * 1e3
    p95 = times[int(0.95 * (len(times) - 1))] * 1e3
    return f"| {game} | {mean:.2f} ms | {p95:.2f} ms | {times[-1] * 1e3:.1f} ms | {count} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games a pair, times this")
    parser.add_argument("--samples", type=int, default=0, help="expert_samples (0: default)")
    parser.add_argument("--budget", type=int, default=0, help="expert_budget (0: default)")
    parser.add_argument("--only", help="one game only (schnapsen-match, durak, ...)")
    args = parser.parse_args()
    budget = {"expert_samples": args.samples, "expert_budget": args.budget}
    print("| game | pair | first's share | 95% interval | decided of n | wall |")
    print("|---|---|---|---|---|---|")
    plan = [
        ("schnapsen-match", PAIRS, GAMES["match"]),
        ("sixtysix-match", PAIRS, GAMES["match"]),
        ("schnapsen", PAIRS, GAMES["deal"]),
        ("sixtysix", PAIRS, GAMES["deal"]),
        ("durak", DURAK_PAIRS, GAMES["durak"]),
    ]
    for game, pairs, n in plan:
        if args.only and game != args.only:
            continue
        for pair in pairs:
            # The cheap pairs play four times the games: their intervals cost
            # nothing. perfect solves from each deal's first move: Sixty-Six's
            # takes about half a second a position, so there it plays a fifth,
            # and Durak's perfect plays 256 rollouts a move, so a sixth.
            slow = 5 if game.startswith("sixtysix") else 6 if game == "durak" else 1
            games = n * (4 if "expert" not in pair else 1) // (slow if "perfect" in pair else 1)
            if pair == ("expert", "expert-pimc"):
                games = max(games, HEAD_TO_HEAD)
            print(rate(game, pair, max(int(games * args.scale), 10), budget)[0], flush=True)
    print()
    print("| game | expert: mean a move | 95th percentile | slowest | moves |")
    print("|---|---|---|---|---|")
    for game in ("schnapsen", "sixtysix", "durak"):
        if args.only and not args.only.startswith(game):
            continue
        print(move_times(game, max(int(400 * args.scale), 20), budget), flush=True)
    if args.only:
        return
    print()
    solver.build()
    print("| solver position | us / position | nodes / position | Mnodes/s |")
    print("|---|---|---|---|")
    for what in ("schnapsen-close", "sixtysix-close", "schnapsen-start", "sixtysix-start"):
        r = solver.run(what, 2000 if what.endswith("close") else 20)
        per = r["seconds"] / r["positions"]
        rate_m = r["nodes"] / r["seconds"] / 1e6 if r["seconds"] else 0.0
        print(f"| {what} | {per * 1e6:,.1f} | {r['nodes'] / r['positions']:,.0f} | {rate_m:.2f} |")


if __name__ == "__main__":
    main()
