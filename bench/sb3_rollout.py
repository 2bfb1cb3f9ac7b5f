"""SB3 rollouts through trumpf.rl.sb3 beside make_vec_env's, side by side.

    pip install ".[sb3]" && python bench/sb3_rollout.py     # about three minutes
    python bench/sb3_rollout.py --quick                     # a shorter pass

Two ways to give sb3-contrib's MaskablePPO its ``VecEnv`` of Schnapsen
against bot1: ``trumpf.rl.sb3.TrumpfVecEnv`` (one C++ batch) and
``make_vec_env("trumpf/Schnapsen-v0")`` (SB3's ``DummyVecEnv`` looping over
Monitor-wrapped single envs, as SB3's docs build one). A rollout is
MaskablePPO's own ``collect_rollouts`` (the policy's forward pass on every
step, the masks, the rollout buffer) of ``n_steps`` steps of every env;
the "env alone" rows step the same ``VecEnv`` with masked-random actions
and no policy. The two envs run in turn, ``--rounds`` times each, and a
rate is the median round's env-steps per CPU-second of this process
(time.process_time: on a shared machine it reads "per core"). PyTorch and
numpy run on one thread.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
import sb3_contrib  # noqa: E402
import stable_baselines3  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402
from stable_baselines3.common.vec_env import VecEnv  # noqa: E402

import trumpf.rl.gymnasium  # noqa: E402, F401 - registers the ids
from trumpf.rl.sb3 import TrumpfVecEnv  # noqa: E402


class _Quiet(BaseCallback):
    def _on_step(self) -> bool:
        return True


def rollout(env: VecEnv, n_steps: int) -> Callable[[], int]:
    """MaskablePPO's collect_rollouts on ``env``: env-steps per call."""
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=64, seed=0, device="cpu")
    _, callback = model._setup_learn(n_steps * env.num_envs, _Quiet())

    def work() -> int:
        model.collect_rollouts(env, callback, model.rollout_buffer, n_steps)
        return n_steps * env.num_envs

    return work


def alone(env: VecEnv, n_steps: int) -> Callable[[], int]:
    """The env stepped with masked-random actions, no policy: env-steps per call."""
    rng = np.random.default_rng(0)
    env.seed(0)
    env.reset()

    def work() -> int:
        for _ in range(n_steps):
            masks = get_action_masks(env)
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            env.step(actions)
        return n_steps * env.num_envs

    return work


def paired(works: list[Callable[[], int]], rounds: int) -> list[float]:
    """Each work in turn, ``rounds`` times: the median round's steps per CPU-second of each."""
    rates: list[list[float]] = [[] for _ in works]
    for work in works:
        work()  # warm up
    for _ in range(rounds):
        for rate, work in zip(rates, works, strict=True):
            cpu = time.process_time()
            done = work()
            rate.append(done / (time.process_time() - cpu))
    return [statistics.median(rate) for rate in rates]


def envs(num_envs: int) -> tuple[VecEnv, VecEnv]:
    ours = TrumpfVecEnv("schnapsen", num_envs, opponent="bot1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # make_vec_env's render_mode="rgb_array"
        theirs = make_vec_env(
            "trumpf/Schnapsen-v0", n_envs=num_envs, seed=0, env_kwargs={"opponent": "bot1"}
        )
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter rounds")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rounds = 2 if args.quick else args.rounds
    n_steps = 64 if args.quick else 256
    print(
        f"{platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"torch {torch.__version__}, SB3 {stable_baselines3.__version__}, "
        f"sb3-contrib {sb3_contrib.__version__}, Gymnasium {gym.__version__}; "
        f"MaskablePPO MlpPolicy, schnapsen vs bot1, n_steps={n_steps}, "
        f"median of {rounds} rounds, env-steps per CPU-second"
    )
    print("| what | envs | trumpf.rl.sb3 | make_vec_env | ratio |")
    print("|---|---:|---:|---:|---:|")
    for num_envs in (8, 64, 256):
        ours, theirs = envs(num_envs)
        fast, slow = paired([rollout(ours, n_steps), rollout(theirs, n_steps)], rounds)
        print(
            f"| MaskablePPO rollout | {num_envs} | {fast:,.0f} | {slow:,.0f} | {fast / slow:.1f}x |"
        )
        ours, theirs = envs(num_envs)
        fast, slow = paired([alone(ours, n_steps), alone(theirs, n_steps)], rounds)
        print(
            f"| env alone, random | {num_envs} | {fast:,.0f} | {slow:,.0f} | {fast / slow:.1f}x |"
        )


if __name__ == "__main__":
    main()
