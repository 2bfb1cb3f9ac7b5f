"""PettingZoo's render_test and SuperSuit's common wrappers on trumpf's AEC env.

SuperSuit's observation wrappers read ``space.low``, which a ``Dict`` has
not: ``flat_obs=True`` gives them the Dict flattened into one Box.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import cloudpickle
import gymnasium as gym
import numpy as np
import pytest
import supersuit as ss
from pettingzoo.test import api_test, render_test

import trumpf.rl.gymnasium as tgym
from trumpf.errors import Error
from trumpf.rl import pettingzoo as tpz


def test_render_test_passes_and_an_unknown_mode_is_none() -> None:
    with pytest.warns(UserWarning, match="'human'"):  # render_test tries human as well
        render_test(lambda render_mode=None: tpz.env(game="durak", render_mode=render_mode))
    with pytest.warns(UserWarning, match="rgb_array"):
        env = tpz.env(render_mode="rgb_array")
    env.reset(seed=0)
    assert env.render() is None


def _mask(env: Any, agent: str) -> Any:
    return env.unwrapped.observe(agent)[:40]


@pytest.mark.parametrize(
    "wrap",
    [
        lambda env: ss.dtype_v0(env, np.float16),
        ss.flatten_v0,
        ss.normalize_obs_v0,
    ],
    ids=["dtype", "flatten", "normalize_obs"],
)
def test_supersuits_observation_wrappers_take_the_flat_observation(wrap: Any) -> None:
    env = wrap(tpz.env(game="schnapsen", flat_obs=True))
    env.reset(seed=3)
    games = 0
    for agent in env.agent_iter(400):
        obs, _, terminated, truncated, _ = env.last()
        assert obs in env.observation_space(agent)
        if terminated or truncated:
            games += 1
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(np.flatnonzero(_mask(env, agent))[0]))
    assert games > 0


def test_the_flat_observation_is_the_dict_flattened() -> None:
    plain, flat = tpz.raw_env(game="durak"), tpz.raw_env(game="durak", flat_obs=True)
    plain.reset(seed=9)
    flat.reset(seed=9)
    for agent in ("player_0", "player_1"):
        back = gym.spaces.unflatten(flat.dict_space, flat.observe(agent))
        want = plain.observe(agent)
        assert (back["observation"] == want["observation"]).all()
        assert (back["action_mask"] == want["action_mask"]).all()
    api_test(tpz.env(game="sixtysix", flat_obs=True), num_cycles=30)
    with pytest.raises(Error):
        tpz.raw_env(flat_obs=1)  # type: ignore[arg-type]


def test_the_observation_key_can_be_rllibs() -> None:
    env = tpz.env(game="durak", obs_key="observations")
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    assert set(obs) == {"observations", "action_mask"}
    assert obs in env.observation_space(env.agent_selection)


def test_envs_pickle_and_deep_copy_into_independent_envs() -> None:
    env = tpz.env(game="schnapsen-match")
    env.reset(seed=4)
    twins = [
        copy.deepcopy(env),
        pickle.loads(pickle.dumps(env)),
        cloudpickle.loads(cloudpickle.dumps(env)),
    ]

    def play(e: Any, moves: int) -> list[Any]:
        seen = []
        for _ in range(moves):
            agent = e.agent_selection
            obs = e.observe(agent)
            seen.append((agent, obs["observation"].tobytes()))
            e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return seen

    ahead = play(env, 8)
    for twin in twins:
        assert play(twin, 8) == ahead


def test_concat_vec_envs_copies_the_env_by_pickling() -> None:
    # concat_vec_envs_v1 makes its envs by cloudpickling the one it is given.
    # (SuperSuit 3.11 cannot step a Gymnasium 1.x env through it, Gymnasium's
    # CartPole included: its SingleVecEnv and its concatenation predate the
    # 1.x API. What it needs of an env, that it pickles, holds.)
    for env in (
        gym.make("trumpf/Durak-v0"),
        tgym.TrumpfVectorEnv("schnapsen", 2),
        tpz.env(game="durak", flat_obs=True),
    ):
        vec = ss.concat_vec_envs_v1(env, 3)
        assert len(vec.vec_envs) == 3
        assert len({id(e) for e in vec.vec_envs}) == 3
