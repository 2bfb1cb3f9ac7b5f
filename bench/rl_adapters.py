"""The Gymnasium, PettingZoo and OpenSpiel adapters against PettingZoo's classic card games.

    pip install ".[bench]" && python bench/rl_adapters.py     # about a minute
    python bench/rl_adapters.py --quick                       # a shorter pass

Every row is a single environment stepped from Python, one decision at a
time, with the same masked-random policy on the caller's side (the mask's
nonzero entries, one drawn by numpy): PettingZoo's classic card games as
``pettingzoo.classic.*.env()`` gives them (RLCard inside, PettingZoo's
wrappers around), trumpf's PettingZoo AEC env (``trumpf.rl.pettingzoo.env``,
an ``agent_iter`` / ``last`` / ``step`` loop over both seats) and its
Gymnasium env (``gymnasium.make``, one agent against the built-in random
player or a bot; only the agent's decisions count, the opponent's moves are
inside ``step``). Episodes are reset as they end, inside the timing. For
scale, OpenSpiel's Python loop over its C++ skat and over trumpf's Python
games (``observation_tensor()``, ``legal_actions_mask()``, a random legal
action), and the Gymnasium vector env, which is the C++ batch.

A rate is decisions per CPU-second of this process (time.process_time), on
one thread, so it reads "per core" on a busy machine; the wall-clock rate is
printed beside it. The ratio is to the fastest PettingZoo classic card game.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import importlib  # noqa: E402
import platform  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from rl import fmt, openspiel, timed  # noqa: E402 - bench/rl.py, beside this file

CLASSIC = ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6")


def pick(mask: Any, rng: np.random.Generator) -> int:
    """The masked-random policy every row uses: a uniform legal action."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def aec(env: Any) -> Callable[[], int]:
    """A PettingZoo AEC env played by the masked-random policy in every seat."""
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def work() -> int:
        decisions = 0
        while decisions < 2000:
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(pick(obs["action_mask"], rng))
                    decisions += 1
            env.reset()
        return decisions

    return work


def gym_env(env: Any) -> Callable[[], int]:
    """A Gymnasium env played by the masked-random policy (the agent's decisions)."""
    rng = np.random.default_rng(1)
    state = {"info": env.reset(seed=1)[1]}

    def work() -> int:
        info = state["info"]
        for _ in range(2000):
            _obs, _reward, terminated, _truncated, info = env.step(pick(info["action_mask"], rng))
            if terminated:
                _obs, info = env.reset()
        state["info"] = info
        return 2000

    return work


def gym_vector(num_envs: int) -> Callable[[], int]:
    import gymnasium as gym

    import trumpf.rl.gymnasium  # noqa: F401 - registers the ids

    envs = gym.make_vec("trumpf/Schnapsen-v0", num_envs=num_envs, opponent="random")
    rng = np.random.default_rng(1)
    state = {"mask": envs.reset(seed=1)[1]["action_mask"]}

    def work() -> int:
        mask = state["mask"]
        for _ in range(20):
            keys = rng.random(mask.shape, dtype=np.float32) + mask
            _obs, _rewards, _terms, _truncs, infos = envs.step(keys.argmax(axis=1))
            mask = infos["action_mask"]
        state["mask"] = mask
        return 20 * num_envs

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="half a second a row")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else 2.0
    warnings.simplefilter("ignore")  # RLCard's and PettingZoo's deprecation notices
    rows: list[tuple[str, float, float]] = []

    def row(what: str, work: Callable[[], int]) -> float:
        per_cpu, per_wall = timed(work, seconds)
        rows.append((what, per_cpu, per_wall))
        print(f"  {what}: {fmt(per_cpu)} decisions/s", flush=True)
        return per_cpu

    baseline, baseline_name = 0.0, ""
    for name in CLASSIC:
        try:
            module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError as err:
            print(f"PettingZoo {name} cannot be loaded ({err}): pip install 'pettingzoo[classic]'")
            continue
        rate = row(f"PettingZoo {name} (RLCard), AEC", aec(module.env()))
        if rate > baseline:
            baseline, baseline_name = rate, name

    import gymnasium as gym

    import trumpf.rl.gymnasium
    from trumpf.rl import pettingzoo as tpz

    for game in ("schnapsen", "sixtysix", "durak", "schnapsen-match"):
        row(f"trumpf PettingZoo {game}, AEC, both seats", aec(tpz.env(game=game)))
    for env_id, kwargs in (
        ("trumpf/Schnapsen-v0", {}),
        ("trumpf/SixtySix-v0", {}),
        ("trumpf/Durak-v0", {}),
        ("trumpf/SixtySix-v0", {"game": "sixtysix-match"}),
        ("trumpf/Schnapsen-v0", {"opponent": "bot2"}),
        ("trumpf/Durak-v0", {"opponent": "bot3"}),
    ):
        opponent = kwargs.get("opponent", "random")
        game = kwargs.get("game", env_id.split("/")[1][:-3].lower())
        row(f"trumpf Gymnasium {game} vs {opponent}", gym_env(gym.make(env_id, **kwargs)))
    row("trumpf Gymnasium vector env, schnapsen vs random, 1024 envs", gym_vector(1024))
    try:
        import trumpf.rl.openspiel  # noqa: F401 - registers trumpf's games

        for name in ("skat", "trumpf_schnapsen", "trumpf_durak"):
            _tensor, work = openspiel(name)
            row(f"OpenSpiel {name}, Python loop with tensors and masks", work)
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel)", flush=True)

    print(
        f"\n{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"numpy {np.__version__}, one thread\n"
    )
    header = f"ratio to PettingZoo {baseline_name}" if baseline else "ratio"
    print(f"| what | decisions/s per core | wall-clock | {header} |\n|---|---:|---:|---:|")
    for what, per_cpu, per_wall in rows:
        ratio = f"{per_cpu / baseline:,.1f}x" if baseline else "-"
        print(f"| {what} | {fmt(per_cpu)} | {fmt(per_wall)} | {ratio} |")


if __name__ == "__main__":
    main()
