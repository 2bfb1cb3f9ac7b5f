"""``trumpf play``, ``trumpf replay`` and ``trumpf serve``: games with people in them."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from trumpf.cli._common import bounded, fail, forgiving_stdio, seat_of
from trumpf.tables import families


def _add_display(parser: argparse.ArgumentParser) -> None:
    """How a game is drawn at the terminal, the same for play and replay."""
    parser.add_argument("--ascii", action="store_true", help="suit letters instead of glyphs")
    parser.add_argument(
        "--colour",
        "--color",
        dest="colour",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour (default: on at a terminal, off in a pipe or with NO_COLOR set)",
    )
    # The oracle instead of the core, for checking one against the other by eye.
    parser.add_argument(
        "--engine", choices=("core", "reference"), default="core", help=argparse.SUPPRESS
    )


def add_play(commands: Any) -> None:
    play = commands.add_parser(
        "play",
        help="play a match or a game at the terminal, against a bot or a friend",
        description="Play Schnapsen, Sixty-Six or Durak at the terminal.",
    )
    play.add_argument("game", choices=families(), help="what to play")
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
        "--level",
        type=level_arg,
        default=1,
        help="the bot's level, 1 to 5 (default 1), or expert (samples the worlds its "
        "information set allows and solves them)",
    )
    play.add_argument("--seat", help="your seat: p1 or p2 (Schnapsen), 1 or 2 (Durak)")
    play.add_argument(
        "--seed", help="32-byte seed as 64 hex digits (random when omitted; shown at the end)"
    )
    _add_display(play)
    play.add_argument(
        "--save", metavar="FILE", help="write the move log (JSON) at the end or on quit"
    )
    play.add_argument("--delay", type=bounded(float, 0, 10), default=0.6, help=argparse.SUPPRESS)


def level_arg(text: str) -> int | str:
    """--level: a reference bot's level 1..5, or ``expert``."""
    if text == "expert":
        return text
    level: int = bounded(int, 1, 5)(text)
    return level


def add_replay(commands: Any) -> None:
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
    _add_display(replay)


def add_serve(commands: Any) -> None:
    # trumpf.serve.main needs only the standard library; the web stack loads in _serve.
    from trumpf.serve.main import add_arguments

    serve = commands.add_parser(
        "serve",
        help="run the game server: play in the browser (pip install 'trumpf[serve]')",
        description="Serve tables for Schnapsen, Sixty-Six and Durak over HTTP and WebSockets.",
    )
    add_arguments(serve)


def run_serve(args: argparse.Namespace) -> int:
    try:
        from trumpf.serve.main import run

        return run(args)
    except ImportError as missing:
        extra = "postgres" if (missing.name or "").startswith("psycopg") else "serve"
        return fail(f"{missing.name} is missing: pip install 'trumpf[{extra}]'")


def run_play(args: argparse.Namespace) -> int:
    from trumpf.play import Options, play_durak, play_schnapsen
    from trumpf.play.durak import engine as durak_engine
    from trumpf.play.schnapsen import engine as schnapsen_engine

    if sys.stdin is None:
        return fail("trumpf play reads moves from standard input, and there is none")
    forgiving_stdio()
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
        seat = seat_of(args.seat)
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


def run_replay(args: argparse.Namespace) -> int:
    from trumpf.play import Options, replay_log
    from trumpf.play.replay import LogError, read_log_file

    forgiving_stdio()
    options = Options.for_stream(sys.stdout, colour=args.colour, ascii=args.ascii)
    try:
        seat = seat_of(args.seat)
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
