"""The ``trumpf`` command: ``trumpf simulate`` runs many games in the C++ core.

Only this front end prints; the engine itself never does. Whatever it is
given, a user's mistake ends in one line on stderr and exit status 2, before
any work is done where it can be checked first; Ctrl-C ends with 130.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from rich.console import Console

from trumpf.cli._common import Parser
from trumpf.cli._play import add_play, add_replay, add_serve, run_play, run_replay, run_serve
from trumpf.cli._simulate import add_simulate, run_simulate


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="trumpf",
        description="Schnapsen, Sixty-Six and Podkidnoy Durak, exactly by the rules, fast.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    add_simulate(commands)
    add_play(commands)
    add_replay(commands)
    add_serve(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "play":
            return run_play(args)
        if args.command == "replay":
            return run_replay(args)
        if args.command == "serve":
            return run_serve(args)
        return run_simulate(args, Console())
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
