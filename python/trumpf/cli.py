"""The ``trumpf`` command: ``trumpf simulate`` runs many games in the C++ core.

Only this front end prints; the engine itself never does.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from trumpf.simulation import (
    GAMES,
    PLAYERS,
    Simulation,
    SimulationError,
    SimulationInterrupted,
    simulate,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trumpf",
        description="Schnapsen, Sixty-Six and Podkidnoy Durak, exactly by the rules, fast.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser(
        "simulate",
        help="play many whole games between built-in players and summarise them",
        description="Play many whole games in the C++ core and summarise how they ended.",
    )
    sim.add_argument("game", choices=GAMES, help="what to play: single deals, matches or Durak")
    sim.add_argument("--games", type=int, default=100_000, help="how many games (default 100000)")
    sim.add_argument(
        "--players",
        nargs=2,
        default=("random", "random"),
        metavar=("A", "B"),
        help="the two players: random, bot1, bot2 (bot3 in durak); default random random",
    )
    sim.add_argument("--seed", help="32-byte master seed as 64 hex digits (random when omitted)")
    sim.add_argument("--threads", type=int, default=None, help="worker threads (default: all cores)")
    sim.add_argument("--out", help="save the per-game results (.npz, or .csv)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _summary_table(sim: Simulation, seconds: float) -> Table:
    s = sim.summary()
    title = (
        f"{sim.game}: {s.games:,} games, {sim.players[0]} (A) v {sim.players[1]} (B), "
        f"{s.games / seconds:,.0f} games/s on {sim.threads} thread(s)"
    )
    table = Table(title=title)
    table.add_column("")
    table.add_column(f"A: {sim.players[0]}", justify="right")
    table.add_column(f"B: {sim.players[1]}", justify="right")
    table.add_row("wins", f"{s.wins[0]:,}", f"{s.wins[1]:,}")
    low_a, high_a = s.win_interval[0]
    low_b, high_b = s.win_interval[1]
    table.add_row(
        "win rate (95% CI)",
        f"{s.win_rate[0]:.4f} [{low_a:.4f}, {high_a:.4f}]",
        f"{s.win_rate[1]:.4f} [{low_b:.4f}, {high_b:.4f}]",
    )
    if sim.game != "durak":
        table.add_row(
            "game points per game",
            f"{s.game_points_per_game[0]:.3f}",
            f"{s.game_points_per_game[1]:.3f}",
        )
        label = "final score" if sim.game.endswith("-match") else "card points per game"
        table.add_row(label, f"{s.card_points_per_game[0]:.2f}", f"{s.card_points_per_game[1]:.2f}")
    table.add_row("draws", f"{s.draws:,}", "")
    table.add_row("moves per game", f"{s.moves_per_game:.2f}", "")
    for name, count in sorted(s.endings.items(), key=lambda kv: -kv[1]):
        table.add_row(f"ended: {name}", f"{count:,}", f"{count / s.games:.2%}")
    return table


def _simulate(args: argparse.Namespace, console: Console) -> int:
    if args.game in PLAYERS:
        for p in args.players:
            if p not in PLAYERS[args.game]:
                console.print(
                    f"[red]unknown player {p!r} for {args.game}[/]: "
                    f"choose from {', '.join(PLAYERS[args.game])}"
                )
                return 2
    started = time.perf_counter()
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
                players=tuple(args.players),
                seed=args.seed,
                threads=args.threads,
                progress=progress,
            )
        except SimulationError as exc:
            console.print(f"[red]error:[/] {exc}")
            return 2
        except SimulationInterrupted as stop:
            sim = stop.partial
    seconds = max(time.perf_counter() - started, 1e-9)
    console.print(_summary_table(sim, seconds))
    console.print(f"seed {sim.seed.hex()}")
    if not sim.complete:
        console.print(f"[yellow]interrupted: {sim.games:,} of {args.games:,} games played[/]")
    if args.out:
        sim.save(args.out)
        console.print(f"per-game results written to {args.out}")
    return 130 if not sim.complete else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    console = Console()
    if args.command == "simulate":
        return _simulate(args, console)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
