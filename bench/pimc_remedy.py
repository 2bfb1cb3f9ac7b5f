"""Does a remedy for PIMC's weakness help the Schnapsen-family expert?

    python bench/pimc_remedy.py                   # every row (about 20 minutes of one core)
    python bench/pimc_remedy.py --scale 0.25      # fewer games, wider intervals
    python bench/pimc_remedy.py --remedies pv8    # another setting of the remedy
    python bench/pimc_remedy.py --row schnapsen,match,expert/m,expert,2000   # rows of one's own

Builds cpp/tools/pimc_bench.cpp (TRUMPF_TOOLS=ON) into build/tools and plays
the expert's presumed-value mode (``pvK``: the other seat's first answer
chosen from K worlds of its own, cpp/schnapsen/presumed.hpp) against plain
PIMC (``expert``), and each against bot2, at the same budget (work units, not
time). ``--row`` plays given rows instead, of any players the tool names:
an expert may carry knobs of its own (``expert/s256/b800000``: worlds and
budget; ``/xN`` the exact weight; ``/wN`` a win weight; ``/m`` valuing the
match's standing; ``/iN`` and ``/lN`` weighing the worlds by the lead on the
table; ``/pe`` and ``/pl`` seeing every card while it would roll out or
solve, a diagnostic; cpp/tools/pimc_bench.cpp). Games come in pairs
dealt alike with the seats swapped. Prints Markdown rows: A's share of the decided games with the 95% Wilson interval,
A's net game points (deals) or net wins (matches) a pair with a 95% normal
interval, and each player's CPU milliseconds a move.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import _tools  # bench/_tools.py: builds and runs the C++ tools
from trumpf.simulation import wilson

TOOL = "trumpf_pimc_bench"


def build() -> None:
    _tools.build(TOOL)


def run(variant: str, form: str, a: str, b: str, games: int, threads: int) -> dict[str, Any]:
    return _tools.run(TOOL, variant, form, a, b, games, threads)


def row(variant: str, form: str, a: str, b: str, r: dict[str, Any]) -> str:
    wins_a, wins_b = r["wins"]
    low, high = wilson(wins_a, wins_a + wins_b)
    share = wins_a / (wins_a + wins_b) if wins_a + wins_b else 0.0
    pairs = r["games"] // 2
    half = 1.96 * r["pair_net_sd"] / math.sqrt(pairs) if pairs else 0.0
    mean = r["pair_net_mean"]
    ms_a, ms_b = r["ms_per_move"]
    return (
        f"| {variant} {form}{'es' if form == 'match' else 's'} | {a} v {b} | {share:.1%} | {low:.1%} to {high:.1%} | "
        f"{wins_a + wins_b:,} of {r['games']:,} | {mean:+.3f} ({mean - half:+.3f} to "
        f"{mean + half:+.3f}) | {ms_a:.2f} / {ms_b:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games a row, times this")
    parser.add_argument(
        "--remedies", default="pv1,pv3", help="the remedy's settings (pvK), the first for every row"
    )
    parser.add_argument("--threads", type=int, default=1, help="2 only on a quiet machine")
    parser.add_argument(
        "--row",
        action="append",
        default=[],
        metavar="VARIANT,FORM,A,B,GAMES",
        help="play this row instead of the remedy's plan (repeatable)",
    )
    args = parser.parse_args()
    build()
    print(
        "| games | A v B | A's share | 95% interval | decided of n | A's net a pair (95%) "
        "| ms a move A / B |"
    )
    print("|---|---|---|---|---|---|---|")
    remedies = args.remedies.split(",")
    remedy = remedies[0]
    plan = [("schnapsen", "deal", r, "expert", 2000) for r in remedies]
    plan += [
        ("sixtysix", "deal", remedy, "expert", 2000),
        ("schnapsen", "deal", remedy, "bot2", 600),
        ("schnapsen", "deal", "expert", "bot2", 600),
        ("sixtysix", "deal", remedy, "bot2", 400),
        ("sixtysix", "deal", "expert", "bot2", 400),
        ("schnapsen", "match", remedy, "expert", 200),
    ]
    if args.row:
        plan = []
        for text in args.row:
            variant, form, a, b, games = text.split(",")
            plan.append((variant, form, a, b, int(games)))
    for variant, form, a, b, games in plan:
        n = max(int(games * args.scale) // 2 * 2, 2)
        print(row(variant, form, a, b, run(variant, form, a, b, n, args.threads)), flush=True)


if __name__ == "__main__":
    main()
