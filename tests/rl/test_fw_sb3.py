"""SB3's VecEnv contract on ``trumpf.rl.sb3.TrumpfVecEnv``, and MaskablePPO learning on it.

One env is checked step by step against SB3's own ``make_vec_env`` over
``gym.make("trumpf/...")`` (a ``DummyVecEnv`` of Monitor-wrapped single
envs), which plays the same episodes after the same seed: observations,
rewards, dones and every info (``terminal_observation``,
``TimeLimit.truncated``, Monitor's ``episode``). Many envs are checked
against the batch's own record of each episode that ended (its number and
its length) and ``VecMonitor``'s statistics against that record.
"""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("stable_baselines3", reason='SB3 is in pip install ".[test-all]"')
pytest.importorskip("sb3_contrib", reason='sb3-contrib is in pip install ".[test-all]"')

import gymnasium as gym
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import VecMonitor

import trumpf.rl.gymnasium  # noqa: F401 - registers the ids
from trumpf import rl
from trumpf.errors import Error
from trumpf.rl.sb3 import TrumpfVecEnv


@pytest.fixture(autouse=True, scope="module")
def _one_torch_thread() -> Any:
    """Small networks: torch's thread pool only costs here, more so on a busy machine."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


ID = {"schnapsen": "trumpf/Schnapsen-v0", "durak": "trumpf/Durak-v0"}


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return set(a) == set(b) and all(same(a[k], b[k]) for k in a)
    return bool(np.array_equal(a, b))


def random_actions(rng: np.random.Generator, masks: Any, unmasked: float = 0.0) -> Any:
    """A legal action per env, or with chance ``unmasked`` any action (an illegal one, often)."""
    legal = [rng.choice(np.flatnonzero(row)) for row in masks]
    return np.array([rng.integers(40) if rng.random() < unmasked else a for a in legal])


@pytest.mark.parametrize(
    ("game", "kwargs"),
    [
        ("schnapsen", {"opponent": "bot1"}),
        ("schnapsen", {"opponent": "random", "dict_obs": True}),
        ("schnapsen", {"opponent": "bot1", "max_episode_steps": 3}),
        ("durak", {"opponent": "random", "max_episode_steps": 25}),
    ],
)
def test_one_env_answers_as_make_vec_env_does(game: str, kwargs: dict[str, Any]) -> None:
    ours = TrumpfVecEnv(game, 1, **kwargs)
    single = {k: v for k, v in kwargs.items() if k != "max_episode_steps"}
    limit = kwargs.get("max_episode_steps")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # make_vec_env's render_mode="rgb_array"
        theirs = make_vec_env(
            lambda: gym.make(ID[game], max_episode_steps=limit, **single), n_envs=1, seed=11
        )
    ours.seed(11)
    assert same(ours.reset(), theirs.reset())
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400):
        masks = ours.action_masks()
        assert np.array_equal(masks, get_action_masks(theirs))
        actions = random_actions(rng, masks, unmasked=0.05)
        obs, rewards, dones, infos = ours.step(actions)
        their_obs, their_rewards, their_dones, their_infos = theirs.step(actions)
        assert same(obs, their_obs)
        assert np.array_equal(rewards, their_rewards) and rewards.dtype == np.float32
        assert np.array_equal(dones, their_dones) and dones.dtype == np.bool_
        info = infos[0]
        theirs_info = {k: v for k, v in their_infos[0].items() if k != "action_mask"}
        assert set(info) == set(theirs_info)
        for key, value in info.items():
            if key == "episode":
                assert value["r"] == theirs_info[key]["r"] and value["l"] == theirs_info[key]["l"]
            else:
                assert same(value, theirs_info[key]), key
        ends += int(dones[0])
    assert ends >= 10


def ended_in_record(batch: rl.VectorEnv) -> tuple[np.ndarray, np.ndarray]:
    """The batch's own record of the last step: the episode number each env
    ended (2**64 - 1 where none) and its length in actions."""
    record = batch._core.record()
    ended = np.frombuffer(record[5], "<u8")
    lengths = np.frombuffer(record[6], "<u4")
    return ended, lengths


@pytest.mark.parametrize("limit", [None, 6])
def test_many_envs_report_the_batchs_own_episodes(limit: int | None) -> None:
    n = 16
    env = TrumpfVecEnv("schnapsen", n, opponent="bot1", max_episode_steps=limit)
    monitor = VecMonitor(env)
    _ = env.seed(3)
    obs = monitor.reset()
    alone = rl.VectorEnv("schnapsen", n, (3).to_bytes(32, "big"), opponent="bot1",
                         final_obs=True, illegal="terminate", max_episode_steps=limit)  # fmt: skip
    assert np.array_equal(obs, alone.reset().obs)
    rng = np.random.default_rng(1)
    seen = np.zeros(n, np.int64)
    episodes = 0
    for _ in range(150):
        actions = random_actions(rng, env.action_masks())
        obs, rewards, dones, infos = monitor.step(actions)
        out = alone.step(actions)
        assert np.array_equal(obs, out.obs) and np.array_equal(rewards, out.rewards[:, 0])
        cut = alone.truncated
        assert np.array_equal(dones, out.terminated | cut)
        ended, lengths = ended_in_record(env.batch)
        assert np.array_equal(ended != 2**64 - 1, dones)
        for i in np.flatnonzero(dones):
            info = infos[i]
            assert ended[i] == seen[i]  # episodes end in order, none skipped
            assert info["episode"]["l"] == lengths[i]  # VecMonitor's, from the record
            assert info["episode"]["r"] == out.rewards[i, 0]
            assert info["TimeLimit.truncated"] == bool(cut[i])
            assert np.array_equal(info["terminal_observation"], alone.final_obs[i, 0])
            seen[i] += 1
            episodes += 1
        for i in np.flatnonzero(~dones):
            assert set(infos[i]) == {"TimeLimit.truncated"}
    assert np.array_equal(env.batch.episodes, seen)
    assert monitor.episode_count == episodes > 100


def test_its_own_episode_infos_are_vec_monitors() -> None:
    env = TrumpfVecEnv("durak", 8, opponent="random")
    monitor = VecMonitor(TrumpfVecEnv("durak", 8, opponent="random"))
    env.seed(4)
    monitor.seed(4)
    env.reset()
    monitor.reset()
    rng = np.random.default_rng(2)
    for _ in range(200):
        actions = random_actions(rng, env.action_masks(), unmasked=0.02)
        _, _, dones, infos = env.step(actions)
        _, _, _, watched = monitor.step(actions)
        for i in np.flatnonzero(dones):
            assert infos[i]["episode"]["r"] == watched[i]["episode"]["r"]
            assert infos[i]["episode"]["l"] == watched[i]["episode"]["l"]


def test_seeds_and_resets() -> None:
    env = TrumpfVecEnv("durak", 4, opponent="bot1")
    assert env.seed(9) == [9, 10, 11, 12]  # SB3's convention; env 0's seeds the batch
    first = env.reset()
    batch = rl.VectorEnv("durak", 4, (9).to_bytes(32, "big"), opponent="bot1")
    assert np.array_equal(first, batch.reset().obs)
    assert env.batch.seed == (9).to_bytes(32, "big")
    env.step(env.action_masks().argmax(axis=1))
    again = env.reset()  # no seed: every env's next episode
    assert env.batch.episodes.tolist() == [1, 1, 1, 1]
    assert np.array_equal(again, batch.reset().obs)
    env.seed(9)
    assert np.array_equal(env.reset(), first)
    fresh_a, fresh_b = TrumpfVecEnv("durak", 4), TrumpfVecEnv("durak", 4)
    fresh_a.reset()
    fresh_b.reset()
    assert fresh_a.batch.seed != fresh_b.batch.seed  # unseeded: a fresh seed each
    env.set_options({"anything": 1})
    with pytest.raises(Error) as refused:
        env.reset()
    assert refused.value.code == "bad_options"


def test_attributes_methods_and_masks_as_sb3_asks() -> None:
    with pytest.warns(UserWarning, match="render_mode"):  # as make_vec_env passes it
        env = TrumpfVecEnv("schnapsen", 4, opponent="random", render_mode="rgb_array")
    assert env.render_mode is None and env.metadata == {"render_modes": []}
    assert is_masking_supported(env) and is_masking_supported(VecMonitor(env))
    env.reset()
    masks = get_action_masks(VecMonitor(env))
    assert masks.shape == (4, 40) and masks.dtype == np.bool_
    assert np.array_equal(masks, env.action_masks())
    rows = env.env_method("action_masks", indices=[2, 0])
    assert np.array_equal(np.stack(rows), masks[[2, 0]])
    assert env.get_attr("game") == ["schnapsen"] * 4
    assert env.get_attr("opponent", indices=1) == ["random"]
    with pytest.raises(AttributeError):
        env.get_attr("no_such_thing")
    assert not env.has_attr("no_such_thing")
    assert env.env_is_wrapped(gym.wrappers.TimeLimit) == [False] * 4
    env.set_attr("note", 5)
    assert env.get_attr("note", indices=[3]) == [5]
    with pytest.raises(Error) as refused:
        env.set_attr("note", 6, indices=[0])
    assert refused.value.code == "bad_envs" and env.note == 5
    assert env.env_method("action_masks", indices=3)[0].shape == (40,)
    env.step_async(masks.argmax(axis=1))
    obs, *_ = env.step_wait()
    assert obs.shape == (4, 256)
    with pytest.raises(Error) as refused:
        env.step_wait()  # nothing was sent
    assert refused.value.code == "not_reset"


def test_illegal_actions() -> None:
    env = TrumpfVecEnv("schnapsen", 2, opponent="random")
    env.seed(0)
    env.reset()
    masks = env.action_masks()
    bad = int(np.flatnonzero(~masks[1])[0])
    _, rewards, dones, infos = env.step(np.array([masks[0].argmax(), bad]))
    assert dones.tolist() == [False, True] and rewards[1] == -3.0
    assert infos[1]["illegal_action"] is True and "illegal_action" not in infos[0]
    assert infos[1]["episode"] == {"r": -3.0, "l": 1, "t": infos[1]["episode"]["t"]}
    strict = TrumpfVecEnv("schnapsen", 2, opponent="random", illegal="raise")
    strict.seed(0)
    strict.reset()
    with pytest.raises(Error) as refused:
        strict.step(np.array([masks[0].argmax(), bad]))
    assert refused.value.code == "not_legal"
    with pytest.raises(Error) as refused:
        strict.step(np.array([0.0, 1.0]))
    assert refused.value.code == "bad_actions"
    with pytest.raises(Error) as refused:
        TrumpfVecEnv("schnapsen", 2).step(np.array([0, 0]))
    assert refused.value.code == "not_reset"


# ---- MaskablePPO learns


@pytest.mark.parametrize("dict_obs", [False, True])
def test_maskable_ppo_runs_on_both_vec_envs(dict_obs: bool) -> None:
    """The documented entry points: MaskablePPO on TrumpfVecEnv (flat or
    Dict observations, MultiInputPolicy) and on make_vec_env's env."""
    from sb3_contrib import MaskablePPO

    policy = "MultiInputPolicy" if dict_obs else "MlpPolicy"
    ours = VecMonitor(TrumpfVecEnv("schnapsen", 4, opponent="bot1", dict_obs=dict_obs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # make_vec_env's render_mode="rgb_array"
        theirs = make_vec_env(ID["schnapsen"], n_envs=2, env_kwargs={"dict_obs": dict_obs})
    for env in (ours, theirs):
        model = MaskablePPO(policy, env, n_steps=32, batch_size=64, n_epochs=1, seed=0)
        model.learn(total_timesteps=128)
        assert model.num_timesteps == 128 and len(model.ep_info_buffer) > 0


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_maskable_ppo"] = module
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_learns_to_beat_bot1_more_often() -> None:
    """4,096 decisions of training (about 5 CPU-seconds) take MaskablePPO
    from about 3% of deals won against bot1 to about 25%: on the same 1,000
    evaluation deals, the trained policy's 95% Wilson lower bound must
    clear the untrained one's upper bound by 0.1."""
    from trumpf.simulation import wilson

    example = load_example()
    model = example.train("schnapsen", "bot1", timesteps=0)
    before = wilson(*example.win_rate(model, "schnapsen", "bot1", games=1000))
    model.learn(total_timesteps=4096)
    after = wilson(*example.win_rate(model, "schnapsen", "bot1", games=1000))
    assert after[0] > before[1] + 0.1, (before, after)
