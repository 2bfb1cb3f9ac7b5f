"""RLlib's masked PPO on the C++ vector env (examples/rllib_masked_ppo.py).

RLlib is the ``rllib`` extra, not part of ``test-all`` (``ray[rllib]`` pins
its own Gymnasium): .ci/rllib runs this file in a venv of its own. Every
episode RLlib finishes is checked, as it finishes, against the batch's own
record of the episode that env just ended: its number (none skipped, none
counted twice) and its length; RLlib's episode count and mean length must
equal those of the episodes so checked, and the mean return must rise.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason='RLlib is pip install ".[rllib]" (.ci/rllib)')
pytest.importorskip("torch", reason='RLlib is pip install ".[rllib]" (.ci/rllib)')

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rllib_masked_ppo.py"
NONE = 2**64 - 1  # no episode ended (cpp/rl/env.hpp, Record)
HELD = 0xFF  # a step that held the env


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rllib_masked_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rllib_masked_ppo"] = module
    spec.loader.exec_module(module)
    return module


ENDED: dict[int, int] = {}
"""Each env's episodes ended so far, kept in the env runner's process."""


def against_the_record(length: int, env_index: int, env: Any) -> bool:
    """The episode RLlib ends for env ``env_index`` is the one the batch's
    record says that env just ended (none skipped, none counted twice),
    with as many actions played. (The record also holds the step in which
    NEXT_STEP held the env to begin the episode, byte 0xFF: no action.)"""
    record = env.batch._core.record()
    ended = np.frombuffer(record[5], "<u8")
    lengths = np.frombuffer(record[6], "<u4")
    start = int(lengths[:env_index].sum())  # env 0's actions first
    actions = np.frombuffer(record[7], np.uint8)[start : start + lengths[env_index]]
    right = (
        ended[env_index] != NONE
        and ended[env_index] == ENDED.get(env_index, 0)
        and int((actions != HELD).sum()) == length
    )
    ENDED[env_index] = ENDED.get(env_index, 0) + 1
    return bool(right)


def test_masked_ppo_counts_episodes_right_and_learns() -> None:
    from ray import cloudpickle  # Ray pickles with its own copy

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the env runner's check
    example = load_example()
    example.CHECK = against_the_record
    results = example.train(6, "bot1", num_envs=64)
    mine = [r["trumpf"] for r in results]
    episodes = sum(m["episodes"] for m in mine)
    assert episodes > 1000 and sum(m["wrong"] for m in mine) == 0
    assert [r["num_episodes"] for r in results] == [m["episodes"] for m in mine]
    assert results[-1]["num_episodes_lifetime"] == episodes
    # RLlib's own mean length and return of each iteration's episodes are
    # those of the episodes checked against the record.
    for result, m in zip(results, mine, strict=True):
        assert result["episode_len_mean"] == pytest.approx(m["length"] / m["episodes"])
        assert result["episode_return_mean"] == pytest.approx(m["return"] / m["episodes"])
    # The return (game points, -3 .. 3) rises: about -2.0 to -1.1 in six
    # iterations, over about 250 episodes each (a standard error near 0.1).
    first, last = (m["return"] / m["episodes"] for m in (mine[0], mine[-1]))
    assert last > first + 0.4, (first, last)
