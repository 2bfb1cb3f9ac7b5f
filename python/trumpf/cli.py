"""The ``trumpf`` command: ``trumpf simulate`` runs many games in the C++ core.

Only this front end prints; the engine itself never does.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

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
    sim.add_argument(
        "--threads", type=int, default=None, help="worker threads (default: all cores)"
    )
    sim.add_argument("--out", help="save the per-game results (.npz, or .csv)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_play(commands)
    _add_replay(commands)
    _add_serve(commands)
    return parser


def _add_play(commands: Any) -> None:
    play = commands.add_parser(
        "play",
        help="play a match or a game at the terminal, against a bot or a friend",
        description="Play Schnapsen, Sixty-Six or Durak at the terminal.",
    )
    play.add_argument("game", choices=("schnapsen", "sixtysix", "durak"), help="what to play")
    play.add_argument(
        "--mode",
        choices=("bot", "hotseat", "watch"),
        default="bot",
        help="bot: you against the bot (default); hotseat: two people; watch: two bots",
    )
    play.add_argument("--level", type=int, default=1, help="the bot's level, 1 to 5 (default 1)")
    play.add_argument("--seat", help="your seat: p1 or p2 (Schnapsen), 1 or 2 (Durak)")
    play.add_argument("--seed", help="32-byte seed as 64 hex digits (random when omitted)")
    play.add_argument("--ascii", action="store_true", help="suit letters instead of glyphs")
    play.add_argument(
        "--colour",
        "--color",
        dest="colour",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour (default: on at a terminal, off in a pipe or with NO_COLOR set)",
    )
    play.add_argument(
        "--save", metavar="FILE", help="write the move log (JSON) at the end or on quit"
    )
    play.add_argument("--delay", type=float, default=0.6, help=argparse.SUPPRESS)
    play.add_argument(
        "--engine", choices=("core", "reference"), default="core", help=argparse.SUPPRESS
    )


def _add_replay(commands: Any) -> None:
    replay = commands.add_parser(
        "replay",
        help="tell a stored game or match step by step",
        description="Replay a move log written by `trumpf play --save` (or any to_log JSON).",
    )
    replay.add_argument("log", help="the log file (JSON)")
    where = replay.add_mutually_exclusive_group()
    where.add_argument("--seat", help="show it as this seat saw it (p1/p2, or 1/2 for Durak)")
    where.add_argument(
        "--all", action="store_true", help="show it from above, both hands (default)"
    )
    replay.add_argument("--ascii", action="store_true", help="suit letters instead of glyphs")
    replay.add_argument(
        "--colour",
        "--color",
        dest="colour",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour (default: on at a terminal, off in a pipe or with NO_COLOR set)",
    )
    replay.add_argument(
        "--engine", choices=("core", "reference"), default="core", help=argparse.SUPPRESS
    )


def _add_serve(commands: Any) -> None:
    # trumpf.serve.main needs only the standard library; the web stack loads in _serve.
    from trumpf.serve.main import add_arguments

    serve = commands.add_parser(
        "serve",
        help="run the game server: play in the browser (pip install 'trumpf[serve]')",
        description="Serve tables for Schnapsen, Sixty-Six and Durak over HTTP and WebSockets.",
    )
    add_arguments(serve)


def _serve(args: argparse.Namespace, console: Console) -> int:
    try:
        from trumpf.serve.main import run

        return run(args)
    except ImportError as missing:
        console.print(f"[red]error:[/] {missing.name} is missing: pip install 'trumpf[serve]'")
        return 2


def _play(args: argparse.Namespace, console: Console) -> int:
    from trumpf.play import Options, play_durak, play_schnapsen
    from trumpf.play.durak import engine as durak_engine
    from trumpf.play.schnapsen import engine as schnapsen_engine

    options = Options.for_stream(sys.stdout, colour=args.colour, ascii=args.ascii)
    try:
        if args.game == "durak":
            seat = int(args.seat) if args.seat is not None else 1
            return play_durak(
                inp=sys.stdin,
                out=sys.stdout,
                options=options,
                impl=durak_engine(args.engine),
                mode=args.mode,
                level=args.level,
                seat=seat,
                seed=args.seed,
                save=args.save,
                delay=args.delay,
            )
        return play_schnapsen(
            args.game,
            inp=sys.stdin,
            out=sys.stdout,
            options=options,
            impl=schnapsen_engine(args.engine),
            mode=args.mode,
            level=args.level,
            seat=args.seat or "p1",
            seed=args.seed,
            save=args.save,
            delay=args.delay,
        )
    except ImportError as missing:
        console.print(f"[red]error:[/] the C++ core is not available ({missing})")
        return 2
    except ValueError as bad:
        console.print(f"[red]error:[/] {bad}")
        return 2
    except KeyboardInterrupt:
        return 130


def _replay(args: argparse.Namespace, console: Console) -> int:
    from trumpf.play import Options, replay_log

    try:
        with open(args.log, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as bad:
        console.print(f"[red]error:[/] cannot read {args.log}: {bad.strerror}")
        return 2
    seat: Any = args.seat
    if seat is not None and seat.isdigit():
        seat = int(seat)
    options = Options.for_stream(sys.stdout, colour=args.colour, ascii=args.ascii)
    try:
        return replay_log(text, out=sys.stdout, options=options, engine=args.engine, seat=seat)
    except ImportError as missing:
        console.print(f"[red]error:[/] the C++ core is not available ({missing})")
        return 2


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
    if sim.game == "durak":
        fool = sim["fool"]
        table.add_row(
            "times the fool",
            f"{int((fool == 0).sum()):,}",
            f"{int((fool == 1).sum()):,}",
        )
        table.add_row("bouts per game", f"{float(sim['bouts'].mean()) if s.games else 0.0:.2f}", "")
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
    if args.command == "play":
        return _play(args, console)
    if args.command == "replay":
        return _replay(args, console)
    if args.command == "serve":
        return _serve(args, console)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
