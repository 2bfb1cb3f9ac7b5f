"""Train a Schnapsen player with sb3-contrib's MaskablePPO on trumpf's C++ batch.

    pip install "trumpf[sb3]"
    python examples/train_maskable_ppo.py                       # 200k steps vs bot1
    python examples/train_maskable_ppo.py --timesteps 50000 --opponent random

``trumpf.rl.sb3.TrumpfVecEnv`` is an SB3 ``VecEnv`` over one
``trumpf.rl.VectorEnv``: the agent sits in seat 0, the opponent's moves
happen inside the C++ step, and MaskablePPO reads the legal actions from
``env_method("action_masks")``. Before and after training, the policy
(greedy, masked) plays the same evaluation deals against the opponent:
``--games`` deals, the first ones of each evaluation env, from a seed the
training never sees. Their win rate is printed with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from trumpf.simulation import wilson

EVAL_SEED = 2**255 + 1  # the evaluation deals, the same for every policy
TRAIN_SEED = 7


def win_rate(
    model: Any, game: str, opponent: str, games: int, num_envs: int = 100
) -> tuple[int, int]:
    """(deals won, deals played): ``games`` evaluation deals, ``games //
    num_envs`` from each env, so the set of deals does not depend on how
    long each one runs."""
    from trumpf.rl.sb3 import TrumpfVecEnv

    num_envs = min(num_envs, games)
    per_env = games // num_envs
    env = TrumpfVecEnv(game, num_envs=num_envs, opponent=opponent)
    env.seed(EVAL_SEED)
    obs = env.reset()
    played = np.zeros(num_envs, np.int64)
    won = 0
    while (played < per_env).any():
        actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, rewards, dones, _infos = env.step(actions)
        counted = dones & (played < per_env)
        won += int((rewards[counted] > 0).sum())
        played += dones
    return won, per_env * num_envs


def train(
    game: str = "schnapsen",
    opponent: str = "bot1",
    timesteps: int = 200_000,
    num_envs: int = 16,
    n_steps: int = 128,
    seed: int = TRAIN_SEED,
    verbose: int = 0,
) -> Any:
    """A MaskablePPO trained for ``timesteps`` agent decisions on ``num_envs`` envs."""
    import torch
    from sb3_contrib import MaskablePPO

    from trumpf.rl.sb3 import TrumpfVecEnv

    torch.set_num_threads(1)  # small networks: one thread is fastest
    env = TrumpfVecEnv(game, num_envs=num_envs, opponent=opponent)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=256,
        n_epochs=4,
        learning_rate=1e-3,
        gamma=1.0,
        seed=seed,
        verbose=verbose,
        device="cpu",
    )
    if timesteps:
        model.learn(total_timesteps=timesteps)
    return model


def report(name: str, won: int, played: int) -> str:
    low, high = wilson(won, played)
    return f"{name}: won {won} of {played} deals, {won / played:.1%} [{low:.1%}, {high:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--opponent", default="bot1")
    parser.add_argument("--timesteps", type=int, default=200_000)
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--games", type=int, default=2000, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=TRAIN_SEED)
    args = parser.parse_args()

    model = train(args.game, args.opponent, 0, args.envs, seed=args.seed)
    print(report("untrained", *win_rate(model, args.game, args.opponent, args.games)))
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    minutes = (time.perf_counter() - start) / 60
    print(f"trained {args.timesteps} steps on {args.envs} envs in {minutes:.1f} min")
    print(report("trained", *win_rate(model, args.game, args.opponent, args.games)))


if __name__ == "__main__":
    main()
