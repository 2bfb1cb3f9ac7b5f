"""``trumpf simulate``: many whole games in the C++ core, summarised at the terminal."""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from trumpf._checks import check_writable
from trumpf.cli._common import fail, house_rule
from trumpf.cli._report import endings_table, summary_table
from trumpf.simulation import (
    GAMES,
    MAX_EXPERT_BUDGET,
    MAX_EXPERT_SAMPLES,
    MAX_THREADS,
    SimulationError,
    SimulationInterrupted,
    check_arguments,
    simulate,
)
from trumpf.simulation._arguments import power_text
from trumpf.simulation._shards import check_out
from trumpf.tables import LIMITS, PLAYERS


def _only(families: tuple[str, ...]) -> str:
    """A player's families, said only when it does not play both."""
    return "" if len(families) > 1 else f", {families[0]} only"


def add_simulate(commands: Any) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play many whole games between built-in players and summarise them",
        description="Play many whole games in the C++ core and summarise how they ended.",
    )
    sim.add_argument("game", choices=GAMES, help="what to play: single deals, matches or Durak")
    sim.add_argument(
        "--games", type=int, default=100_000, help="how many games (default 100000; 22 bytes each)"
    )
    sim.add_argument(
        "--players",
        nargs=2,
        default=("random", "random"),
        metavar=("A", "B"),
        help="the two players: "
        + "; ".join(f"{p.name} ({p.about}{_only(p.families)})" for p in PLAYERS.values())
        + "; default random random",
    )
    sim.add_argument(
        "--expert-samples",
        type=int,
        default=0,
        metavar="N",
        help=f"worlds an expert samples a decision, 1 to {power_text(MAX_EXPERT_SAMPLES)} "
        f"(default {LIMITS['expert_samples_schnapsen'].value}, "
        f"{LIMITS['expert_samples_durak'].value} in durak)",
    )
    sim.add_argument(
        "--expert-budget",
        type=int,
        default=0,
        metavar="UNITS",
        help="work units (solver positions plus rollout moves) an expert spends a decision, "
        f"1 to {power_text(MAX_EXPERT_BUDGET)} (default {LIMITS['expert_budget'].value})",
    )
    sim.add_argument("--seed", help="32-byte master seed as 64 hex digits (random when omitted)")
    sim.add_argument(
        "--threads",
        type=int,
        default=None,
        help=f"worker threads, 1 to {MAX_THREADS} (default: all cores)",
    )
    sim.add_argument(
        "--out",
        help="save the per-game results: a .npz or .csv file, or a folder (any other name) "
        "that gets one .npz a shard and a manifest.json, for runs larger than memory",
    )
    sim.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play on a Ray cluster: at ADDRESS (HOST:PORT), or without one on a Ray "
        'started here (needs pip install "trumpf[ray]")',
    )
    sim.add_argument(
        "--shard",
        type=int,
        metavar="N",
        help="games a shard (one Ray task; default about 8 a CPU, at most 1000000)",
    )
    sim.add_argument(
        "--summary-only",
        action="store_true",
        help="keep only the exact counts, not the rows: any number of games in little memory",
    )
    sim.add_argument(
        "--variant-rule",
        action="append",
        type=house_rule,
        default=[],
        metavar="NAME=VALUE",
        help="change a house rule of a Schnapsen-family game, e.g. marriage_by_lead=true "
        "or close_min_stock=3 (repeatable; see docs/house-rules.md)",
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar")


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    try:
        rules = dict(args.variant_rule)
        folder = args.out is not None and not args.out.endswith((".npz", ".csv"))
        if args.out is not None and not folder:
            if args.summary_only:
                raise ValueError(f"--summary-only keeps no rows to save to {args.out}")
            check_writable(args.out, "the results file")
        elif folder:
            check_out(args.out, "--out")
        sharding: dict[str, Any] = {
            "cluster": None if args.ray is None else "ray",
            "address": args.ray or None,
            "shard": args.shard,
            "summary_only": args.summary_only,
            "out": args.out if folder else None,
        }
        budget = {"expert_samples": args.expert_samples, "expert_budget": args.expert_budget}
        players, seed = check_arguments(
            args.game,
            args.games,
            args.players,
            args.seed,
            args.threads,
            rules,
            **sharding,
            **budget,
        )
    except ValueError as bad:
        return fail(str(bad))
    started = time.perf_counter()
    refused: str | None = None
    show = not args.quiet and console.is_terminal
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        disable=not show,
    ) as bar:
        task = bar.add_task(args.game, total=args.games, rate="")

        def progress(done: int, total: int) -> None:
            elapsed = time.perf_counter() - started
            rate = f"{done / elapsed:,.0f} games/s" if elapsed > 0 else ""
            bar.update(task, completed=done, rate=rate)

        try:
            sim = simulate(
                args.game,
                games=args.games,
                players=players,
                seed=seed,
                threads=args.threads,
                progress=progress,
                rules=rules,
                **sharding,
                **budget,
            )
        except SimulationInterrupted as stop:
            sim = stop.partial
        except SimulationError as bad:  # the cluster could not play it
            refused = str(bad)
    if refused is not None:
        return fail(refused)
    seconds = max(time.perf_counter() - started, 1e-9)
    console.print(summary_table(sim, seconds))
    endings = endings_table(sim)
    if endings is not None:
        console.print(endings)
    console.print(f"seed {sim.seed.hex()}")
    if not sim.complete:
        console.print(f"[yellow]interrupted: {sim.games:,} of {args.games:,} games played[/]")
    if folder:
        console.print(
            f"per-game results written to {args.out}/ (trumpf.simulation.load reads them)"
        )
    elif args.out:
        try:
            sim.save(args.out)
        except OSError as bad:
            return fail(f"the results could not be saved to {args.out}: {bad.strerror}")
        console.print(f"per-game results written to {args.out}")
    return 130 if not sim.complete else 0
