"""Train a Schnapsen player with policy gradient, numpy only, on trumpf's batched env.

    python examples/train_pg.py                          # 3 minutes, schnapsen vs bot1
    python examples/train_pg.py --minutes 1 --opponent random --out runs/pg-random

An advantage actor-critic (A2C) with a linear softmax policy over the 40
actions, illegal ones masked out of the logits, and a linear value baseline,
both on ``trumpf.rl.observe``'s 256-slot tensor. It learns from
``trumpf.rl.VectorEnv`` in single-agent mode (the agent in seat 0, the
opponent inside the C++ step): every iteration steps all envs a few times,
turns the game points each deal pays into returns, and takes an Adam step.
Every few iterations the current policy plays a fixed set of evaluation
deals against the opponent; their win rate, with a 95% Wilson interval, is
the learning curve, written to ``curve.csv`` and ``curve.json`` and drawn to
``learning_curve.png`` when matplotlib is installed (it is optional).

Nothing here needs a GPU or a framework: numpy and trumpf.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from trumpf import rl

EVAL_SEED = bytes(range(32))  # the evaluation deals: the same for every policy
TRAIN_SEED = bytes(range(1, 33))


@dataclass
class Policy:
    """Logits = obs @ w + b over the 40 actions; value = obs @ v + c."""

    w: np.ndarray
    b: np.ndarray
    v: np.ndarray
    c: np.ndarray

    @classmethod
    def zero(cls, obs_size: int) -> Policy:
        """The starting point: every legal action equally likely."""
        return cls(
            np.zeros((obs_size, rl.N_ACTIONS)),
            np.zeros(rl.N_ACTIONS),
            np.zeros(obs_size),
            np.zeros(1),
        )

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = obs @ self.w + self.b
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def value(self, obs: np.ndarray) -> np.ndarray:
        return obs @ self.v + self.c[0]

    def params(self) -> list[np.ndarray]:
        return [self.w, self.b, self.v, self.c]


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row of probabilities."""
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


@dataclass
class Adam:
    lr: float
    m: list[np.ndarray] = field(default_factory=list)
    s: list[np.ndarray] = field(default_factory=list)
    t: int = 0

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        if not self.m:
            self.m = [np.zeros_like(p) for p in params]
            self.s = [np.zeros_like(p) for p in params]
        self.t += 1
        for p, g, m, s in zip(params, grads, self.m, self.s, strict=True):
            m *= 0.9
            m += 0.1 * g
            s *= 0.999
            s += 0.001 * g * g
            p += self.lr * (m / (1 - 0.9**self.t)) / (np.sqrt(s / (1 - 0.999**self.t)) + 1e-8)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(
    policy: Policy, game: str, opponent: str, deals: int, seed: int = 0
) -> dict[str, float]:
    """Plays the policy (sampling its actions) against ``opponent`` on the first
    ``deals`` evaluation episodes: one per env, the same deals for every policy."""
    env = rl.VectorEnv(game, deals, seed=EVAL_SEED, opponent=opponent)
    rng = np.random.default_rng(seed)
    obs, mask, _player = env.reset()
    result = np.zeros(deals)
    live = np.ones(deals, bool)
    while live.any():
        actions = sample(policy.probs(obs, mask), rng)
        obs, mask, _player, rewards, terminated = env.step(actions)
        ended = terminated & live
        result[ended] = rewards[ended, 0]
        live &= ~terminated
    wins = int((result > 0).sum())
    low, high = wilson(wins, deals)
    return {
        "win_rate": wins / deals,
        "win_low": low,
        "win_high": high,
        "points": float(result.mean()),
    }


def train(
    game: str = "schnapsen",
    opponent: str = "bot1",
    iterations: int = 300,
    minutes: float | None = None,
    num_envs: int = 512,
    steps: int = 8,
    lr: float = 0.01,
    eval_every: int = 25,
    eval_deals: int = 2000,
    threads: int = 1,
    seed: int = 0,
    log: bool = True,
) -> tuple[Policy, list[dict[str, Any]]]:
    """Trains for ``iterations`` (or ``minutes`` of wall-clock, whichever
    ends first); returns the policy and the learning curve, one row an
    evaluation (the first is the untrained policy)."""
    env = rl.VectorEnv(game, num_envs, seed=TRAIN_SEED, opponent=opponent, threads=threads)
    rng = np.random.default_rng(seed)
    policy = Policy.zero(env.obs_size)
    adam = Adam(lr)
    obs, mask, _player = env.reset()
    curve: list[dict[str, Any]] = []
    start = time.perf_counter()
    episodes = decisions = 0

    def checkpoint(iteration: int) -> None:
        row = {
            "iteration": iteration,
            "episodes": episodes,
            "decisions": decisions,
            "seconds": round(time.perf_counter() - start, 2),
            **evaluate(policy, game, opponent, eval_deals),
        }
        curve.append(row)
        if log:
            print(
                f"iter {iteration:5d}  episodes {episodes:8d}  win rate {row['win_rate']:.3f} "
                f"[{row['win_low']:.3f}, {row['win_high']:.3f}]  points {row['points']:+.3f}  "
                f"{row['seconds']:.0f}s",
                flush=True,
            )

    checkpoint(0)
    iteration = 0
    while iteration < iterations:
        if minutes is not None and time.perf_counter() - start > 60 * minutes:
            break
        iteration += 1
        buf_obs, buf_mask, buf_act, buf_rew, buf_done = [], [], [], [], []
        for _ in range(steps):
            p = policy.probs(obs, mask)
            actions = sample(p, rng)
            buf_obs.append(obs)
            buf_mask.append(mask)
            buf_act.append(actions)
            obs, mask, _player, rewards, terminated = env.step(actions)
            buf_rew.append(rewards[:, 0] / 3.0)  # game points, at most 3
            buf_done.append(terminated)
            episodes += int(terminated.sum())
        decisions += steps * num_envs
        # Returns: the deal's points, or the value of where the rollout stops.
        ret = policy.value(obs)
        returns = []
        for r, d in zip(reversed(buf_rew), reversed(buf_done), strict=True):
            ret = r + np.where(d, 0.0, ret)
            returns.append(ret)
        returns.reverse()
        o = np.concatenate(buf_obs)
        m = np.concatenate(buf_mask)
        a = np.concatenate(buf_act)
        g = np.concatenate(returns)
        v = policy.value(o)
        adv = g - v
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        p = policy.probs(o, m)
        dlogits = -p
        dlogits[np.arange(len(a)), a] += 1.0  # d log pi(a) / d logits
        dlogits *= adv[:, None]
        dlogits += 0.01 * -p * (np.log(np.where(m, p, 1.0)) + _entropy(p, m)[:, None])
        n = len(a)
        grads = [
            o.T @ dlogits / n,
            dlogits.mean(axis=0),
            o.T @ (g - v) / n,
            np.array([(g - v).mean()]),
        ]
        adam.step(policy.params(), grads)
        if iteration % eval_every == 0:
            checkpoint(iteration)
    if curve[-1]["iteration"] != iteration:
        checkpoint(iteration)
    return policy, curve


def _entropy(p: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Each row's entropy (the gradient of the entropy bonus needs it)."""
    return -(p * np.log(np.where(m, p, 1.0))).sum(axis=1)


def save(curve: list[dict[str, Any]], out: Path, title: str) -> list[Path]:
    """Writes the curve as CSV and JSON, and as a PNG if matplotlib is installed."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / "curve.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    (out / "curve.json").write_text(json.dumps(curve, indent=1))
    written = [out / "curve.csv", out / "curve.json"]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return written
    x = [row["episodes"] for row in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(x, [r["win_low"] for r in curve], [r["win_high"] for r in curve], alpha=0.3)
    ax.plot(x, [r["win_rate"] for r in curve], marker="o", markersize=3)
    ax.axhline(curve[0]["win_rate"], color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("training deals")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=120)
    plt.close(fig)
    return [*written, out / "learning_curve.png"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="schnapsen", help="a deal game of trumpf.rl.GAMES")
    parser.add_argument("--opponent", default="bot1", help="random, bot1, bot2")
    parser.add_argument("--minutes", type=float, default=3.0, help="wall-clock budget")
    parser.add_argument("--iterations", type=int, default=10**9, help="or this many updates")
    parser.add_argument("--envs", type=int, default=512)
    parser.add_argument("--threads", type=int, default=1, help="the env's C++ threads")
    parser.add_argument("--eval-every", type=int, default=25)
    parser.add_argument("--eval-deals", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=Path("runs/train_pg"))
    args = parser.parse_args()
    _policy, curve = train(
        args.game,
        args.opponent,
        iterations=args.iterations,
        minutes=args.minutes,
        num_envs=args.envs,
        eval_every=args.eval_every,
        eval_deals=args.eval_deals,
        threads=args.threads,
    )
    title = f"A2C, linear policy, {args.game} vs {args.opponent}"
    for path in save(curve, args.out, title):
        print("wrote", path)
    first, last = curve[0], curve[-1]
    print(
        f"win rate {first['win_rate']:.3f} -> {last['win_rate']:.3f} "
        f"({last['episodes']} deals, {last['seconds']:.0f}s)"
    )


if __name__ == "__main__":
    main()
