"""Instructions per Python API call, counted by callgrind (repeatable on a noisy machine).

    python bench/callgrind_api.py                 # the trumpf this Python imports
    python bench/callgrind_api.py --json out.json # and keep the figures
    python bench/callgrind_api.py --against a.json b.json   # two runs side by side

Each row runs a small loop over one public call in a child Python under
callgrind, for N and for 2N calls, and reports (I(2N) - I(N)) / N, the
median of three such pairs: the interpreter's start-up, the imports and the
set-up cancel out, and what is left is one call with the caller's loop
around it (within about one percent from run to run). The calls are the hot
ones of a Python play loop (``turn``, ``over``, ``legal``, ``apply`` on a
copy, ``info``, ``view``) for both families, and a small ``simulate``
batch per game for the C++ simulator behind the Python API.

Comparing two builds (``--against``) is how a change's cost is judged: run
the script once with each build's Python and put the two JSON files side
by side. Counts are of valgrind's CPU, which has no SHA extensions.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable

N = 100_000

# Each case: (name, set-up code, the call). The set-up builds a position a
# few moves into a deal, so that legal moves, the talon and the table are
# those of a game in progress.
SCHNAPSEN_SETUP = """
from trumpf import schnapsen
deal = schnapsen.Deal.build(variant="{variant}", seed=bytes(range(32)), number=3, dealer="p1")
for _ in range(3):
    seat = deal.turn
    deal.apply(seat, deal.legal(seat)[-1])
seat = deal.turn
move = deal.legal(seat)[-1]
"""
DURAK_SETUP = """
from trumpf import durak
deal = durak.Game.build(seed=bytes(range(32)), number=3)
for _ in range(3):
    seat = deal.turn
    deal.apply(seat, deal.legal(seat)[0])
seat = deal.turn
move = deal.legal(seat)[0]
"""
SIM_SETUP = """
from trumpf import simulate
"""

CASES: list[tuple[str, str, str]] = [
    ("schnapsen deal.turn", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.turn"),
    ("schnapsen deal.over", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.over"),
    ("schnapsen deal.legal(seat)", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.legal(seat)"),
    ("schnapsen deal.copy()", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.copy()"),
    (
        "schnapsen deal.copy().apply(seat, move)",
        SCHNAPSEN_SETUP.format(variant="schnapsen"),
        "deal.copy().apply(seat, move)",
    ),
    ("schnapsen deal.info(seat)", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.info(seat)"),
    ("schnapsen deal.view(seat)", SCHNAPSEN_SETUP.format(variant="schnapsen"), "deal.view(seat)"),
    ("sixtysix deal.legal(seat)", SCHNAPSEN_SETUP.format(variant="sixtysix"), "deal.legal(seat)"),
    ("durak game.legal(seat)", DURAK_SETUP, "deal.legal(seat)"),
    ("durak game.copy().apply(seat, move)", DURAK_SETUP, "deal.copy().apply(seat, move)"),
    ("durak game.info(seat)", DURAK_SETUP, "deal.info(seat)"),
]
# The simulator: instructions per game of a batch, random against random.
SIM_CASES: list[tuple[str, str]] = [
    ("simulate schnapsen, per game", "schnapsen"),
    ("simulate sixtysix, per game", "sixtysix"),
    ("simulate durak, per game", "durak"),
]
SIM_GAMES = 20_000


def _instructions(code: str) -> int:
    """The instructions a child Python running ``code`` executes, by callgrind."""
    # The same file name for every run: the name is hashed and stored, so a
    # random one would change the count.
    path = os.path.join(tempfile.gettempdir(), "trumpf_callgrind_api_case.py")
    with open(path, "w") as f:
        f.write(code)
    # A fixed hash seed (Python's per-process string hashing would otherwise
    # change the dict work from run to run) and one BLAS thread (numpy's
    # idle pool threads spin for a varying while).
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, path],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    m = re.search(r"Collected : (\d+)", done.stderr)
    if not m:
        raise RuntimeError(f"no callgrind total in:\n{done.stderr[-2000:]}")
    return int(m.group(1))


def _median_delta(code: Callable[[int], str], n: int) -> int:
    """The median over three pairs of (I(2n) - I(n)) / n: a child Python's
    count still moves by a few hundred thousand instructions from run to
    run (thread hand-offs, hashing of what the environment holds), which the
    median of three and a large n keep below one percent of a call."""
    deltas = sorted((_instructions(code(2 * n)) - _instructions(code(n))) // n for _ in range(3))
    return deltas[1]


def per_call(setup: str, call: str, n: int = N) -> int:
    """Instructions per ``call`` in a loop after ``setup``."""
    return _median_delta(lambda k: f"{setup}\nfor _ in range({k}):\n    {call}\n", n)


def per_game(game: str, n: int = SIM_GAMES) -> int:
    """Instructions per game of ``simulate`` (random against random, one thread)."""

    return _median_delta(
        lambda k: (
            f"{SIM_SETUP}\nsimulate(game={game!r}, players=('random', 'random'), "
            f"games={k}, seed=bytes(32), threads=1)\n"
        ),
        n,
    )


def measure() -> dict[str, int]:
    out: dict[str, int] = {}
    for name, setup, call in CASES:
        out[name] = per_call(setup, call)
        print(f"{name:45s} {out[name]:>10,}", flush=True)
    for name, game in SIM_CASES:
        out[name] = per_game(game)
        print(f"{name:45s} {out[name]:>10,}", flush=True)
    return out


def compare(before: dict[str, int], after: dict[str, int]) -> None:
    print("| call | before | after | change |\n|---|---:|---:|---:|")
    for name in before:
        if name in after:
            b, a = before[name], after[name]
            print(f"| {name} | {b:,} | {a:,} | {100 * (a - b) / b:+.1f}% |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--against", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.against:
        with open(args.against[0]) as f, open(args.against[1]) as g:
            compare(json.load(f), json.load(g))
        return
    figures = measure()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()
