"""The ``trumpf`` command: ``trumpf simulate`` runs many games in the C++ core.

Only this front end prints; the engine itself never does. Whatever it is
given, a user's mistake ends in one line on stderr and exit status 2, before
any work is done where it can be checked first; Ctrl-C ends with 130.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from trumpf._checks import check_writable, printable
from trumpf._report import summary_table
from trumpf._shards import check_out
from trumpf.simulation import (
    GAMES,
    SimulationError,
    SimulationInterrupted,
    check_arguments,
    simulate,
)

SEATS = {"p1": "p1", "p2": "p2", "1": 1, "2": 2}
"""A seat as typed on the command line: p1/p2 at Schnapsen, 1/2 at Durak."""


def fail(message: str) -> int:
    """Say what the user got wrong in one line on stderr; the exit status 2."""
    print(f"trumpf: error: {printable(message, 400)}", file=sys.stderr)
    return 2


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors in one line (the usage is a ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        print(
            f"{self.prog}: error: {printable(message, 400)} (see {self.prog} --help)",
            file=sys.stderr,
        )
        sys.exit(2)


def _bounded(kind: Callable[[str], Any], low: float, high: float) -> Callable[[str], Any]:
    """An argparse type: ``kind(text)`` between ``low`` and ``high``, else a clear refusal."""

    def parse(text: str) -> Any:
        shown = printable(repr(text), 40)
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown} is not a number") from None
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(f"{shown} is not between {low:g} and {high:g}")
        return value

    return parse


def _house_rule(text: str) -> tuple[str, object]:
    """NAME=VALUE with VALUE read as an int, true/false or a word."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.isdigit() and len(raw) <= 3:
        value = int(raw)
    return name, value


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
    sim.add_argument(
        "--games", type=int, default=100_000, help="how many games (default 100000; 22 bytes each)"
    )
    sim.add_argument(
        "--players",
        nargs=2,
        default=("random", "random"),
        metavar=("A", "B"),
        help="the two players: random, bot1, bot2 (bot3 in durak); default random random",
    )
    sim.add_argument("--seed", help="32-byte master seed as 64 hex digits (random when omitted)")
    sim.add_argument(
        "--threads", type=int, default=None, help="worker threads, 1 to 1024 (default: all cores)"
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
        type=_house_rule,
        default=[],
        metavar="NAME=VALUE",
        help="change a house rule of a Schnapsen-family game, e.g. marriage_by_lead=true "
        "or close_min_stock=3 (repeatable; see docs/house-rules.md)",
    )
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
        "--rules",
        metavar="PRESET",
        help="house rules by preset name: schnapsen-tjger (Schnapsen as a card-game "
        "framework's help page has it: exchange and close need 3 cards left to draw, a "
        "marriage is shown by leading its king or queen (type m KH), and a failed close "
        "pays the non-closer what the closer would have won, at least 2)",
    )
    play.add_argument(
        "--mode",
        choices=("bot", "hotseat", "watch"),
        default="bot",
        help="bot: you against the bot (default); hotseat: two people; watch: two bots",
    )
    play.add_argument(
        "--level", type=_bounded(int, 1, 5), default=1, help="the bot's level, 1 to 5 (default 1)"
    )
    play.add_argument("--seat", help="your seat: p1 or p2 (Schnapsen), 1 or 2 (Durak)")
    play.add_argument(
        "--seed", help="32-byte seed as 64 hex digits (random when omitted; shown at the end)"
    )
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
    play.add_argument("--delay", type=_bounded(float, 0, 10), default=0.6, help=argparse.SUPPRESS)
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


def _serve(args: argparse.Namespace) -> int:
    try:
        from trumpf.serve.main import run

        return run(args)
    except ImportError as missing:
        return fail(f"{missing.name} is missing: pip install 'trumpf[serve]'")


def _seat(text: str | None) -> Any:
    """``--seat`` as the engines spell it, or None when it was not given."""
    if text is None:
        return None
    seat = SEATS.get(text.strip().lower())
    if seat is None:
        raise ValueError(f"a seat is p1 or p2, or 1 or 2 at Durak, not {printable(repr(text), 40)}")
    return seat


def _forgiving_stdio() -> None:
    """Input that is not UTF-8 reads as U+FFFD and output the terminal cannot encode as "?".

    Either would otherwise raise mid-game: a junk line is answered, not fatal.
    """
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def _play(args: argparse.Namespace) -> int:
    from trumpf.play import Options, play_durak, play_schnapsen
    from trumpf.play.durak import engine as durak_engine
    from trumpf.play.schnapsen import engine as schnapsen_engine

    if sys.stdin is None:
        return fail("trumpf play reads moves from standard input, and there is none")
    _forgiving_stdio()
    options = Options.for_stream(sys.stdout, colour=args.colour, ascii=args.ascii)
    common: dict[str, Any] = {
        "inp": sys.stdin,
        "out": sys.stdout,
        "options": options,
        "mode": args.mode,
        "level": args.level,
        "seed": args.seed,
        "save": args.save,
        "delay": args.delay,
    }
    try:
        seat = _seat(args.seat)
        if args.game == "durak":
            return play_durak(impl=durak_engine(args.engine), seat=seat or 1, **common)
        return play_schnapsen(
            args.game,
            impl=schnapsen_engine(args.engine),
            seat=seat or "p1",
            rules=args.rules,
            **common,
        )
    except ImportError as missing:
        return fail(f"the C++ core is not available ({missing})")
    except ValueError as bad:
        return fail(str(bad))


def _replay(args: argparse.Namespace) -> int:
    from trumpf.play import Options, replay_log
    from trumpf.play.replay import LogError, read_log_file

    _forgiving_stdio()
    options = Options.for_stream(sys.stdout, colour=args.colour, ascii=args.ascii)
    try:
        seat = _seat(args.seat)
        text = read_log_file(args.log)
        replay_log(text, out=sys.stdout, options=options, engine=args.engine, seat=seat)
    except ImportError as missing:
        return fail(f"the C++ core is not available ({missing})")
    except LogError as bad:
        sys.stdout.flush()  # the honest part of a refused log comes first
        return fail(f"cannot replay {args.log}: {bad}")
    except ValueError as bad:
        return fail(str(bad))
    return 0


def _simulate(args: argparse.Namespace, console: Console) -> int:
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
        players, seed = check_arguments(
            args.game, args.games, args.players, args.seed, args.threads, rules, **sharding
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
            )
        except SimulationInterrupted as stop:
            sim = stop.partial
        except SimulationError as bad:  # the cluster could not play it
            refused = str(bad)
    if refused is not None:
        return fail(refused)
    seconds = max(time.perf_counter() - started, 1e-9)
    console.print(summary_table(sim, seconds))
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


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "serve":
            return _serve(args)
        return _simulate(args, Console())
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``trumpf replay log | head``): nothing is left
        # to say, and Python's own flush at exit must not fail on it again.
        # rich does the same, with the same status, for what it prints.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
