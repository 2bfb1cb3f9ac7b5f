"""What every ``trumpf`` subcommand shares: one-line refusals and argument types."""

from __future__ import annotations

import argparse
import io
import math
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from trumpf._checks import printable

SEATS = {"p1": "p1", "p2": "p2", "1": 1, "2": 2}
"""A seat as typed on the command line: p1/p2 at Schnapsen, 1/2 at Durak."""


def fail(message: str) -> int:
    """Say what the user got wrong in one line on stderr; the exit status 2."""
    print(f"trumpf: error: {printable(message, 400)}", file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """argparse, with its errors in one line (the usage is a ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        print(
            f"{self.prog}: error: {printable(message, 400)} (see {self.prog} --help)",
            file=sys.stderr,
        )
        sys.exit(2)


def bounded(kind: Callable[[str], Any], low: float, high: float) -> Callable[[str], Any]:
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


def house_rule(text: str) -> tuple[str, object]:
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


def seat_of(text: str | None) -> Any:
    """``--seat`` as the engines spell it, or None when it was not given."""
    if text is None:
        return None
    seat = SEATS.get(text.strip().lower())
    if seat is None:
        raise ValueError(f"a seat is p1 or p2, or 1 or 2 at Durak, not {printable(repr(text), 40)}")
    return seat


def forgiving_stdio() -> None:
    """Input that is not UTF-8 reads as U+FFFD and output the terminal cannot encode as "?".

    Either would otherwise raise mid-game: a junk line is answered, not fatal.
    """
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
