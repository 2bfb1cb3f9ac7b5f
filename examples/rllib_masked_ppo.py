"""RLlib's PPO with its action-masking module on trumpf's C++ vector env.

    pip install "trumpf[rllib]"
    python examples/rllib_masked_ppo.py                     # 8 iterations vs bot1
    python examples/rllib_masked_ppo.py --iterations 4 --opponent random

RLlib (new API stack) makes each env runner's env with ``gym.make_vec``;
``gym_env_vectorize_mode="vector_entry_point"`` has it build
``trumpf.rl.gymnasium.TrumpfVectorEnv`` (one C++ batch, NEXT_STEP autoreset)
rather than a loop over single envs. ``ActionMaskingTorchRLModule`` (from
RLlib's examples) reads a Dict observation with the keys
``"observations"`` and ``"action_mask"``: ``dict_obs=True`` and
``obs_key="observations"`` give it that. Every iteration prints the
episodes RLlib finished in it, their mean return (game points, -3 .. 3) and
the share of deals won, as :func:`on_episode_end` records them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

ENV = "trumpf.rl.gymnasium:trumpf/Schnapsen-v0"  # the module: is imported by make_vec


def on_episode_end(
    *,
    episode: Any,
    env_index: int,
    env: Any,
    metrics_logger: Any,
    prev_episode_chunks: list[Any] | None = None,
    **_: Any,
) -> None:
    """RLlib's ``on_episode_end`` callback: each iteration's episodes, their
    summed return and length (``result["env_runners"]["trumpf"]``), and
    whatever ``CHECK`` (a function of the length, the env index and the
    env) counts as wrong."""
    # An episode that began in an earlier sample() comes in chunks: the
    # earlier ones in prev_episode_chunks, the last in episode; episode.t
    # counts the steps from the episode's reset.
    length = int(episode.t)
    ret = sum(float(c.get_return()) for c in [*(prev_episode_chunks or []), episode])
    logged = {"episodes": 1, "return": ret, "length": length, "won": int(ret > 0)}
    if CHECK is not None:
        logged["wrong"] = int(not CHECK(length, env_index, env))
    for key, value in logged.items():
        metrics_logger.log_value(("trumpf", key), value, reduce="sum")


CHECK: Any = None
"""A check of every episode, run by the env runner: tests/rl/test_fw_rllib.py sets it."""


def config(
    opponent: str = "bot1",
    num_envs: int = 64,
    batch: int = 2048,
    seed: int = 0,
) -> Any:
    """A PPOConfig: one local env runner on one ``TrumpfVectorEnv`` of ``num_envs`` envs."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    return (
        PPOConfig()
        .environment(
            ENV,
            env_config={"opponent": opponent, "dict_obs": True, "obs_key": "observations"},
        )
        .env_runners(
            # One env runner process. With none (sampling in this process)
            # PPO's learner pads the episode chunks RLlib keeps for its
            # statistics, and they count a step too many (Ray 2.60).
            num_env_runners=1,
            num_envs_per_env_runner=num_envs,
            gym_env_vectorize_mode="vector_entry_point",
        )
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=256,
            num_epochs=4,
            lr=1e-3,
            gamma=1.0,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"head_fcnet_hiddens": [64, 64]},
            )
        )
        .callbacks(on_episode_end=on_episode_end)
        # episode_len_mean and episode_return_mean over each iteration's
        # episodes, not only its last 100.
        .reporting(metrics_num_episodes_for_smoothing=1_000_000)
        .debugging(seed=seed)
    )


def train(iterations: int, opponent: str = "bot1", **kwargs: Any) -> list[dict[str, Any]]:
    """Trains ``iterations`` iterations; each one's ``result["env_runners"]``."""
    import ray
    from ray import cloudpickle  # Ray pickles with its own copy

    # The env runner unpickles the callback: by value, wherever this file is.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    if not ray.is_initialized():
        # A local Ray of its own: address="local" never joins a cluster that
        # an earlier session left in /tmp/ray (ray.init() would try it, and wait).
        ray.init(
            address="local",
            _node_ip_address="127.0.0.1",
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
        )
    algo = config(opponent, **kwargs).build_algo()
    try:
        return [dict(algo.train()["env_runners"]) for _ in range(iterations)]
    finally:
        algo.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="bot1")
    parser.add_argument("--iterations", type=int, default=8)
    parser.add_argument("--envs", type=int, default=64)
    args = parser.parse_args()
    for i, result in enumerate(train(args.iterations, args.opponent, num_envs=args.envs)):
        mine = result["trumpf"]
        print(
            f"iteration {i + 1}: {mine['episodes']:.0f} episodes, mean return "
            f"{mine['return'] / mine['episodes']:+.2f}, won {mine['won'] / mine['episodes']:.1%}; "
            f"mean length {mine['length'] / mine['episodes']:.3f}, "
            f"RLlib's episode_len_mean {result['episode_len_mean']:.3f}"
        )


if __name__ == "__main__":
    main()
