"""The exact solvers' speed, each figure beside its baselines.

    python bench/solver.py            # everything (a few minutes)
    python bench/solver.py --quick    # fewer positions

Builds cpp/tools/solve_bench.cpp (TRUMPF_TOOLS=ON) into build/tools and runs
it on random positions: Schnapsen and Sixty-Six just after a close and just
after the last draw (the target: under 50 us a position on one core), the
same under the schnapsen-tjger preset's house rules, whole deals from the
first move, and Durak from the moment the talon is empty (reached by the
level-3 bot on both seats, "botgame", or by random play, "endgame", whose
hands run larger), with how often the node budget runs out. Each row is
solved with the table and move ordering on ("full") and again with either
or both switched off, on the same positions; the ratio is the baseline's
CPU time over full's.
Times are CPU seconds of the solving thread, so neighbours on a shared
machine disturb them less than wall-clock time.
"""

from __future__ import annotations

import argparse
from typing import Any

import _tools  # bench/_tools.py: builds and runs the C++ tools

TOOL = "trumpf_solve_bench"


def build() -> None:
    _tools.build(TOOL)


def run(what: str, n: int, options: str = "full", budget: int = 1_000_000) -> dict[str, Any]:
    return _tools.run(TOOL, what, n, options, budget)


def row(label: str, r: dict[str, Any], base: dict[str, Any] | None) -> str:
    per = r["seconds"] / r["positions"]
    nodes = r["nodes"] / r["positions"]
    rate = r["nodes"] / r["seconds"] if r["seconds"] else 0.0
    # How many times full's CPU time the row took (full itself: 1).
    ratio = f"{r['seconds'] / base['seconds']:.1f}x" if base else "1.0x"
    return f"| {label} | {per * 1e6:,.1f} | {nodes:,.0f} | {rate / 1e6:.2f} | {ratio} |"


def schnapsen_section(quick: bool) -> list[str]:
    n = 300 if quick else 2000
    lines = [
        "| position (options) | us / position | nodes / position | Mnodes/s | time vs full |",
        "|---|---:|---:|---:|---:|",
    ]
    for game in ("schnapsen", "sixtysix"):
        for kind in ("close", "exhausted", "close-values", "exhausted-values"):
            what = f"{game}-{kind}"
            full = run(what, n)
            lines.append(row(f"{what} (full)", full, None))
            for options in ("no-order", "no-table", "plain"):
                lines.append(row(f"{what} ({options})", run(what, n, options), full))
    # House rules cost the solver nothing of its own: the preset's deals
    # (marriages by lead, closes and exchanges only from 3 cards) beside them.
    for kind in ("close", "exhausted"):
        what = f"schnapsen-tjger-{kind}"
        lines.append(row(f"{what} (full)", run(what, n), None))
    deals = {"schnapsen": 5 if quick else 40, "sixtysix": 2 if quick else 8}
    for game, count in deals.items():
        for kind in ("start", "start-values"):
            what = f"{game}-{kind}"
            full = run(what, count)
            lines.append(row(f"{what} (full)", full, None))
            if game == "schnapsen" and kind == "start":
                lines.append(row(f"{what} (no-order)", run(what, count, "no-order"), full))
    return lines


def durak_section(quick: bool) -> list[str]:
    n = 20 if quick else 100
    lines = [
        "| Durak endgame, budget | ms / position | nodes / position | Mnodes/s | unknown |",
        "|---|---:|---:|---:|---:|",
    ]
    runs = [
        (what, budget, "full")
        for what in ("durak-botgame", "durak-endgame", "durak-botgame-values")
        for budget in (10_000, 100_000, 1_000_000)
    ]
    runs += [("durak-botgame", 100_000, "deepening"), ("durak-botgame", 100_000, "no-order")]
    for what, budget, options in runs:
        r = run(what, n, options, budget)
        per = r["seconds"] / r["positions"] * 1e3
        nodes = r["nodes"] / r["positions"]
        rate = r["nodes"] / r["seconds"] / 1e6 if r["seconds"] else 0.0
        unknown = f"{r['unknown']} of {r['positions']}"
        label = f"{what}, {budget:,}" + ("" if options == "full" else f" ({options})")
        lines.append(f"| {label} | {per:.2f} | {nodes:,.0f} | {rate:.2f} | {unknown} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    args = parser.parse_args()
    build()
    print("## Schnapsen and Sixty-Six\n")
    print("\n".join(schnapsen_section(args.quick)))
    print("\n## Durak, from the moment the talon is empty\n")
    print("\n".join(durak_section(args.quick)))


if __name__ == "__main__":
    main()
