"""bench/run.py before and after a change, run side by side: "no loss of speed".

    python bench/before_after.py --baseline /path/to/old-venv/bin/python
    python bench/before_after.py --baseline OLD_PY --rounds 7 --only games --only breakdown

Runs this checkout's bench/run.py under the baseline interpreter (a venv with
an older trumpf installed, say one built from eee55ac) and under this one,
alternating round by round, so that whatever else loads the machine loads
both alike. Prints each row's median rate over the rounds for both and the
ratio after/before; a ratio above 1 is faster now (for the breakdown's
nanosecond rows, where less is better, the ratio is inverted to read the
same way).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

RUN = Path(__file__).resolve().parent / "run.py"
ROW = re.compile(r"^\| (?P<what>[^|]+) \| (?P<rate>[\d,.]+) (?P<unit>[^|]*)\|")


def one_run(python: str, sections: list[str], quick: bool) -> dict[str, tuple[float, str]]:
    """One bench/run.py run: {row: (number, unit)} for the rows with a number."""
    command = [python, str(RUN), *(f"--only={s}" for s in sections)]
    if quick:
        command.append("--quick")
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rows: dict[str, tuple[float, str]] = {}
    for line in out.splitlines():
        found = ROW.match(line)
        if found:
            number = float(found["rate"].replace(",", ""))
            rows[found["what"].strip()] = (number, found["unit"].strip())
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="python of the install to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", action="append", help="bench/run.py sections (default: games)")
    parser.add_argument("--full", action="store_true", help="bench/run.py without --quick")
    args = parser.parse_args()
    sections = args.only or ["games"]
    before: dict[str, list[float]] = {}
    after: dict[str, list[float]] = {}
    units: dict[str, str] = {}
    for r in range(args.rounds):
        # Alternate which goes first, so neither always runs on a warmer machine.
        order = [(args.baseline, before), (sys.executable, after)]
        for python, into in order if r % 2 == 0 else order[::-1]:
            for what, (number, unit) in one_run(python, sections, not args.full).items():
                into.setdefault(what, []).append(number)
                units[what] = unit
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"baseline: {args.baseline}; after: {sys.executable}; medians of {args.rounds} rounds")
    print()
    print("| what | before | after | after/before |")
    print("|---|---:|---:|---:|")
    for what, numbers in before.items():
        if what not in after:
            continue
        old, new = statistics.median(numbers), statistics.median(after[what])
        unit = units[what]
        # Times (ns) are better lower: invert so that >1 always means faster now.
        speedup = old / new if unit.startswith("ns") else new / old
        print(f"| {what} | {old:,.0f} {unit} | {new:,.0f} {unit} | {speedup:.3f} |")


if __name__ == "__main__":
    main()
