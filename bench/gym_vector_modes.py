"""The Gymnasium vector env's rate in each mode, before and after a change, side by side.

    python bench/gym_vector_modes.py                                  # this checkout alone
    python bench/gym_vector_modes.py --baseline-python python3 \\
        --baseline-path /tmp/old-checkout/python --rounds 5

``trumpf.rl.gymnasium.TrumpfVectorEnv`` with 1,024 Schnapsen envs against
the random player, stepped from Python with a masked-random policy (each
env's legal action of largest ``random + mask``, drawn by numpy), in the
default NEXT_STEP mode (the illegal-action penalty on), in NEXT_STEP with
``max_episode_steps``, and in SAME_STEP with ``illegal="raise"``; and the
batch alone (``rl.VectorEnv.step``, the same policy) for scale. A rate is
env-steps (one action of every env counts ``num_envs``) per CPU-second of
the process. With a baseline (an interpreter, and a folder whose ``trumpf``
package, built, it imports first), each round runs the baseline and this
checkout one after the other, so that whatever else loads the machine loads
both alike (give the base interpreter, not an editable install's venv,
whose import hook would win over the folder); the table gives the median over the rounds and the ratio
after / before (above 1: faster now).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

MODES = {
    "NEXT_STEP (default)": {},
    "NEXT_STEP, max_episode_steps=5": {"max_episode_steps": 5},
    "SAME_STEP, illegal='raise'": {"autoreset_mode": "SameStep", "illegal": "raise"},
}

BATCH = "rl.VectorEnv.step (the batch alone)"


def measure(num_envs: int, steps: int) -> dict[str, float]:
    """Env-steps per CPU-second of each mode, in this process."""
    import numpy as np

    from trumpf.rl.gymnasium import TrumpfVectorEnv

    rates = {}
    for name, kwargs in MODES.items():
        envs = TrumpfVectorEnv("schnapsen", num_envs, opponent="random", **kwargs)  # type: ignore[arg-type]
        rng = np.random.default_rng(0)
        _, infos = envs.reset(seed=1)
        noise = rng.random((64, num_envs, 40))
        start = time.process_time()
        for k in range(steps):
            actions = (noise[k % 64] + infos["action_mask"]).argmax(axis=1)
            _, _, _, _, infos = envs.step(actions)
        rates[name] = steps * num_envs / (time.process_time() - start)
    # The batch itself, its default step (copy=True), for scale.
    from trumpf import rl

    batch = rl.VectorEnv("schnapsen", num_envs, seed=bytes(32), opponent="random")
    mask = batch.reset().mask
    start = time.process_time()
    for k in range(steps):
        mask = batch.step((noise[k % 64] + mask).argmax(axis=1)).mask
    rates[BATCH] = steps * num_envs / (time.process_time() - start)
    return rates


def run(python: str, path: str | None, num_envs: int, steps: int) -> dict[str, float]:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import gym_vector_modes as g; "
        "print(json.dumps(g.measure(int(sys.argv[2]), int(sys.argv[3]))))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    out = subprocess.run(
        [python, "-c", code, here, str(num_envs), str(steps)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
    ).stdout
    rates: dict[str, float] = json.loads(out.splitlines()[-1])
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline-python", help="the interpreter of the baseline")
    parser.add_argument("--baseline-path", help="a folder holding the baseline's trumpf package")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    names = [*MODES, BATCH]
    after: dict[str, list[float]] = {name: [] for name in names}
    before: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(args.rounds):
        if args.baseline_python:
            for name, rate in run(
                args.baseline_python, args.baseline_path, args.envs, args.steps
            ).items():
                before[name].append(rate)
        for name, rate in run(sys.executable, None, args.envs, args.steps).items():
            after[name].append(rate)
    print(
        f"{args.envs} Schnapsen envs vs random, env-steps per CPU-second, median of {args.rounds}"
    )
    print("| mode | before | after | after / before |\n|---|---:|---:|---:|")
    for name in names:
        now = statistics.median(after[name])
        if before[name]:
            old = statistics.median(before[name])
            print(f"| {name} | {old:,.0f} | {now:,.0f} | {now / old:.2f} |")
        else:
            print(f"| {name} | | {now:,.0f} | |")


if __name__ == "__main__":
    main()
