"""OpenSpiel's ``rl_environment`` over trumpf's games: decisions per CPU-second.

    pip install ".[bench]" && python bench/spiel_rate.py          # about a minute
    python bench/spiel_rate.py --decisions 5000                    # a shorter pass

``rl_environment.Environment`` is what OpenSpiel's Python RL agents (and
RLlib's ``OpenSpielEnv``) step: every step it samples the chance nodes
itself (``chance_outcomes()`` and a numpy draw per node), then reads both
players' information-state tensors (its default for a game that has them;
the ``observation`` column asks for the observation tensors instead) and
legal actions. The policy is uniform over
the legal actions. A rate is decisions (player steps, both players) per
CPU-second of this process (time.process_time), episodes reset as they end.
The share of the time spent at chance nodes is timed the same way, on the
same loop.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np
from open_spiel.python import rl_environment

import trumpf.rl.openspiel  # noqa: F401 - registers the games

GAMES = ("trumpf_schnapsen", "trumpf_sixtysix", "trumpf_durak")


def rate(name: str, decisions: int, seed: int = 1, observation: bool = False) -> dict[str, float]:
    """Decisions per CPU-second of a uniform random loop over ``name``, and the chance share."""
    kind = rl_environment.ObservationType.OBSERVATION if observation else None
    env = rl_environment.Environment(name, observation_type=kind)
    env.seed(seed)
    rng = np.random.default_rng(seed)
    chance = 0.0
    sample = env._sample_external_events  # timed apart: rl_environment's chance sampler

    def timed_sample() -> None:
        nonlocal chance
        t = time.process_time()
        sample()
        chance += time.process_time() - t

    env._sample_external_events = timed_sample
    step = env.reset()
    done = episodes = 0
    start = time.process_time()
    while done < decisions:
        if step.last():
            step = env.reset()
            episodes += 1
            continue
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([int(legal[rng.integers(len(legal))])])
        done += 1
    spent = time.process_time() - start
    return {
        "decisions_per_cpu_s": done / spent,
        "chance_share": chance / spent,
        "episodes": float(episodes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=30_000)
    args = parser.parse_args()
    rows = {name: rate(name, args.decisions) for name in GAMES}
    observed = {name: rate(name, args.decisions, observation=True) for name in GAMES}
    print(f"# {platform.python_version()}, {args.decisions} decisions a game")
    print(f"{'':18} {'information state':>17} {'chance':>7} {'observation':>12}")
    for name, row in rows.items():
        print(
            f"{name:18} {row['decisions_per_cpu_s']:17,.0f} {100 * row['chance_share']:6.1f}%"
            f" {observed[name]['decisions_per_cpu_s']:12,.0f}"
        )
    print(json.dumps({"information_state": rows, "observation": observed}))


if __name__ == "__main__":
    main()
