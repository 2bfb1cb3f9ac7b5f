"""Where a VectorEnv decision's instructions go, counted by callgrind (repeatable).

    python bench/callgrind_rl.py            # needs valgrind and cmake

Builds the C++-only stepper cpp/tools/rl_step.cpp (trumpf_rl: the engine's
step loop with a tiny C++ policy of its own, no Python), runs it under
callgrind for K and 2K steps of N envs, and takes the difference over K*N
decisions, so start-up cancels out. Each function's cost is filed under the
source file callgrind credits it to (inlined code keeps its own file), and
the files are grouped by what they do. valgrind's CPU has no SHA extensions,
so dealing counts the portable SHA-256; on a machine with them it is a
smaller share (docs/rl.md gives perf's view beside this one).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "tools"
N, K = 256, 100

GROUPS = [
    (
        "dealing: the reference shuffle (SHA-256) and the deal",
        r"sha256|shuffle|decimal\.hpp|deck\.cpp|deal_new|deal_game|match_seed|simulate\.cpp",
    ),
    (
        "the rules: apply the move, the next legal moves",
        r"deal\.(cpp|hpp)|game\.(cpp|hpp)|card\.hpp|trick\.hpp|bout\.hpp|rules\.hpp|result\.hpp|scoring|match\.cpp|search\.cpp|bot\.cpp",
    ),
    ("the information set: shown_update, info_set", r"info\.(cpp|hpp)"),
    ("the observation tensor", r"observe\.cpp|planes\.hpp"),
    ("the legal mask", r"actions\.cpp"),
    ("the env: episodes, opponents, the loop", r"cpp/rl/|stream\.hpp|players"),
    ("trumpf_rl's own policy (not the env's)", r"rl_step\.cpp"),
]


def profile(game: str, steps: int, opponent: str) -> dict[str, int]:
    out = f"/tmp/trumpf_rl.{game}.{steps}.cg"
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(BUILD / "trumpf_rl"),
         game, str(N), str(steps), opponent],
        check=True, capture_output=True,
    )  # fmt: skip
    text = subprocess.run(
        ["callgrind_annotate", "--auto=no", "--threshold=100", out],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    costs: dict[str, int] = defaultdict(int)
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+(\S.*?):(.*)$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        where = m.group(2)
        group = next(
            (name for name, pattern in GROUPS if re.search(pattern, where + m.group(3))),
            "other (libc, start-up)",
        )
        costs[group] += int(m.group(1).replace(",", ""))
    return costs


def main() -> None:
    subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(BUILD), "-DTRUMPF_TOOLS=ON", "-DCMAKE_BUILD_TYPE=Release",
         "-DCMAKE_CXX_FLAGS=-g"],
        check=True, capture_output=True,
    )  # fmt: skip
    subprocess.run(
        ["cmake", "--build", str(BUILD), "--target", "trumpf_rl", "-j", "2"],
        check=True,
        capture_output=True,
    )
    games = sys.argv[1:] or ["schnapsen", "sixtysix", "durak", "sixtysix-match"]
    names = [name for name, _ in GROUPS] + ["other (libc, start-up)"]
    print(
        f"Instructions per decision, self-play, {N} envs ((I({2 * K} steps) - I({K})) / {K * N}):\n"
    )
    print("| part | " + " | ".join(games) + " |\n|---|" + "---:|" * len(games))
    per_game = []
    for game in games:
        one, two = profile(game, K, "none"), profile(game, 2 * K, "none")
        per_game.append({g: (two.get(g, 0) - one.get(g, 0)) / (K * N) for g in names})
    for name in names:
        print(f"| {name} | " + " | ".join(f"{costs[name]:,.0f}" for costs in per_game) + " |")
    totals = [sum(v for k, v in costs.items() if "own policy" not in k) for costs in per_game]
    print("| **the env's total** | " + " | ".join(f"**{t:,.0f}**" for t in totals) + " |")


if __name__ == "__main__":
    main()
