"""Gymnasium's own setup code and vector wrappers, unchanged, on trumpf's envs.

The vector env in NEXT_STEP mode is checked env by env against env i of a
plain ``rl.VectorEnv`` of the same seed played alone (its in-step reset, no
held steps), and env 0 against the single env of that seed, so its
observations, rewards, ends and the episode statistics Gymnasium's recorder
keeps are those episodes' own, exactly.
"""

from __future__ import annotations

import copy
import pickle
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import trumpf.rl.gymnasium as tgym
from trumpf import rl
from trumpf.errors import Error


class _Alone:
    """Env ``i`` of a vector env seeded ``seed``, played alone with the
    single env's answers: a plain ``rl.VectorEnv`` of that seed (in-step
    reset, no held steps) in which env i takes the actions given and every
    other env its first legal one."""

    def __init__(self, game: str, n: int, seed: int, i: int, **kwargs: Any) -> None:
        self.env = rl.VectorEnv(
            game, n, seed.to_bytes(32, "big"), final_obs=True, illegal="terminate", **kwargs
        )
        self.i = i
        first = self.env.reset()
        self.mask = first.mask
        self.next = first.obs[i].copy(), first.mask[i].copy()

    def reset(self) -> tuple[Any, dict[str, Any]]:
        """The first decision of env i's next episode."""
        obs, mask = self.next
        return obs, {"action_mask": mask.astype(np.int8)}

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        i = self.i
        legal = bool(self.mask[i, action])
        actions = self.mask.argmax(axis=1)
        actions[i] = action
        out = self.env.step(actions)
        self.mask = out.mask
        cut = bool(self.env.truncated[i])
        info: dict[str, Any] = {"action_mask": out.mask[i].astype(np.int8)}
        if not legal:
            info["illegal_action"] = True
        if out.terminated[i] or cut:
            self.next = out.obs[i].copy(), out.mask[i].copy()
            info["action_mask"] = np.zeros(40, np.int8)
            obs = self.env.final_obs[i, 0]
            return obs, float(out.rewards[i, 0]), bool(out.terminated[i]), cut, info
        return out.obs[i], float(out.rewards[i, 0]), False, False, info


def _singles(game: str, n: int, seed: int, **kwargs: Any) -> list[Any]:
    """What each env of a NEXT_STEP vector env seeded ``seed`` plays, env
    by env: env 0 the single env of that seed, env i > 0 played alone."""
    env = tgym.TrumpfEnv(game, **kwargs)
    env.reset(seed=seed)
    return [env] + [_Alone(game, n, seed, i, **kwargs) for i in range(1, n)]


def test_an_unknown_render_mode_is_warned_about_and_taken_as_none() -> None:
    with pytest.warns(UserWarning, match="rgb_array"):
        env = gym.make("trumpf/Schnapsen-v0", render_mode="rgb_array")
    assert env.unwrapped.render_mode is None
    _obs, info = env.reset(seed=0)
    assert env.render() is None
    env.step(int(info["action_mask"].argmax()))
    with pytest.warns(UserWarning, match="rgb_array"):
        envs = tgym.TrumpfVectorEnv("durak", 2, render_mode="rgb_array")
    assert envs.render_mode is None
    with pytest.raises(Error) as err:
        tgym.TrumpfEnv("durak", render_mode=3)  # type: ignore[arg-type]
    assert err.value.code == "bad_render_mode"


def test_action_masks_reach_through_the_wrappers() -> None:
    env = gym.make("trumpf/Durak-v0")
    _, info = env.reset(seed=1)
    assert (env.action_masks() == info["action_mask"].astype(bool)).all()
    stacks = [
        gym.make("trumpf/Schnapsen-v0", max_episode_steps=50),
        gym.wrappers.RecordEpisodeStatistics(gym.make("trumpf/Schnapsen-v0")),
        gym.wrappers.FlattenObservation(gym.make("trumpf/Schnapsen-v0", dict_obs=True)),
        gym.make("trumpf/Schnapsen-v0", disable_env_checker=False),
    ]
    for wrapped in stacks:
        _, info = wrapped.reset(seed=2)
        for _ in range(3):
            masks = wrapped.get_wrapper_attr("action_masks")()
            assert masks.dtype == np.bool_ and (masks == info["action_mask"].astype(bool)).all()
            _, _, terminated, _, info = wrapped.step(int(np.flatnonzero(masks)[0]))
            if terminated:
                break


def _play(env: Any, actions: int = 4) -> list[Any]:
    seen = []
    for _ in range(actions):
        vector = isinstance(env.unwrapped, gym.vector.VectorEnv)
        masks = env.unwrapped.action_masks() if vector else env.get_wrapper_attr("action_masks")()
        if masks.ndim == 1:
            out = env.step(int(np.flatnonzero(masks)[-1]) if masks.any() else 0)
        else:
            out = env.step(masks.argmax(axis=1))
        seen.append(pickle.dumps((out[0], out[1], out[2])))
        if masks.ndim == 1 and out[2]:
            env.reset()
    return seen


@pytest.mark.parametrize(
    "make",
    [
        lambda: gym.make("trumpf/SixtySix-v0", opponent="bot1"),
        lambda: gym.make("trumpf/Durak-v0", max_episode_steps=30),
        lambda: tgym.TrumpfVectorEnv("schnapsen", 4, opponent="bot1"),
        lambda: tgym.TrumpfVectorEnv(
            "durak", 3, autoreset_mode=AutoresetMode.SAME_STEP, illegal="raise"
        ),
    ],
    ids=["env", "time-limit", "vector", "vector-batch"],
)
def test_copies_are_independent_and_go_on_alike(make: Any) -> None:
    env = make()
    env.reset(seed=7)
    _play(env, 2)
    first, second, moved = copy.deepcopy(env), pickle.loads(pickle.dumps(env)), copy.deepcopy(env)
    moved.reset(seed=8)  # a copy reseeded and played leaves the others alone
    _play(moved, 3)
    ahead = _play(env, 6)  # as the original moves on, the copies stay where they were
    assert _play(first, 6) == ahead
    assert _play(second, 6) == ahead


def test_next_step_is_the_default_and_plays_the_single_envs() -> None:
    n = 6
    envs = gym.make_vec("trumpf/SixtySix-v0", num_envs=n, opponent="bot1")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    singles = _singles("sixtysix", n, 11, opponent="bot1")
    obs, infos = envs.reset(seed=11)
    first = tgym.TrumpfEnv("sixtysix", opponent="bot1").reset(seed=11)[0]
    want = [first] + [s.reset()[0] for s in singles[1:]]
    assert all((obs[i] == want[i]).all() for i in range(n))
    rng = np.random.default_rng(3)
    done = np.zeros(n, bool)
    ended = 0
    for _ in range(120):
        masks = infos["action_mask"].astype(bool)
        actions = (rng.random(masks.shape) + masks).argmax(axis=1)
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert not truncations.any()
        for i, single in enumerate(singles):
            if done[i]:  # the action is ignored and the next episode begins
                first, info = single.reset()
                assert (obs[i] == first).all() and rewards[i] == 0 and not terminations[i]
                assert (infos["action_mask"][i] == info["action_mask"]).all()
                continue
            o, r, t, _, info = single.step(int(actions[i]))
            assert (obs[i] == o).all() and rewards[i] == r and terminations[i] == t
            assert (infos["action_mask"][i] == info["action_mask"]).all()
        done = terminations.copy()
        ended += int(terminations.sum())
    assert ended > 10


def test_gymnasiums_vector_wrappers_work_and_count_exactly() -> None:
    n = 8
    envs = gym.make_vec("trumpf/Schnapsen-v0", num_envs=n, opponent="bot2")
    envs = gym.wrappers.vector.NormalizeObservation(envs)
    envs = gym.wrappers.vector.ClipReward(envs, -2.0, 2.0)
    envs = gym.wrappers.vector.NormalizeReward(envs)
    stats = gym.wrappers.vector.RecordEpisodeStatistics(
        gym.make_vec("trumpf/Schnapsen-v0", num_envs=n, opponent="bot2")
    )
    envs.reset(seed=4)
    _, infos = stats.reset(seed=4)
    singles = _singles("schnapsen", n, 4, opponent="bot2")
    lengths, returns = [0] * n, [0.0] * n
    done = np.zeros(n, bool)
    recorded = 0
    for _ in range(150):
        actions = stats.unwrapped.action_masks().argmax(axis=1)
        _, _, terminations, _, infos = stats.step(actions)
        envs.step(envs.unwrapped.action_masks().argmax(axis=1))
        for i, single in enumerate(singles):
            if done[i]:
                single.reset()
                lengths[i], returns[i] = 0, 0.0
                continue
            _, reward, ended, _, _ = single.step(int(actions[i]))
            lengths[i] += 1
            returns[i] += reward
            if ended:
                assert infos["_episode"][i]
                assert infos["episode"]["l"][i] == lengths[i]
                assert infos["episode"]["r"][i] == returns[i]
                recorded += 1
            else:
                assert "_episode" not in infos or not infos["_episode"][i]
        done = terminations.copy()
    assert recorded > 20


def test_make_vec_takes_max_episode_steps_and_wrappers() -> None:
    envs = gym.make_vec("trumpf/Durak-v0", num_envs=4, max_episode_steps=3)
    _, infos = envs.reset(seed=0)
    steps = np.zeros(4, int)
    cut = 0
    pending = np.zeros(4, bool)
    for _ in range(30):
        _obs, _, terminations, truncations, infos = envs.step(infos["action_mask"].argmax(axis=1))
        steps = np.where(pending, 0, steps + 1)
        assert (truncations == (steps == 3) & ~terminations & ~pending).all()
        cut += int(truncations.sum())
        pending = terminations | truncations
    assert cut > 0
    # Per-env wrappers: Gymnasium takes `wrappers` in its sync and async modes
    # (it refuses them for any env's vector_entry_point, its own CartPole's too).
    sync = gym.make_vec(
        "trumpf/Durak-v0",
        num_envs=3,
        vectorization_mode="sync",
        wrappers=[gym.wrappers.RecordEpisodeStatistics],
        max_episode_steps=5,
    )
    _, infos = sync.reset(seed=1)
    for _ in range(12):
        _, _, _, truncations, infos = sync.step(infos["action_mask"].argmax(axis=1))
    assert sync.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    # In the default mode Gymnasium refuses them itself, before any env is
    # made, for trumpf's ids as for its own CartPole.
    for env_id in ("CartPole-v1", "trumpf/Durak-v0"):
        with pytest.raises(gym.error.Error, match="vector_entry_point"):
            gym.make_vec(env_id, num_envs=2, wrappers=[gym.wrappers.RecordEpisodeStatistics])


def test_illegal_actions_in_the_vector_env_are_the_single_envs() -> None:
    envs = tgym.TrumpfVectorEnv("schnapsen", 3, opponent="bot1")
    _, infos = envs.reset(seed=5)
    actions = infos["action_mask"].argmax(axis=1)
    for i in (0, 1):
        actions[i] = int(np.flatnonzero(infos["action_mask"][i] == 0)[0])
    obs, rewards, terminations, truncations, infos = envs.step(actions)
    assert rewards[1] == -3.0 and terminations[1] and infos["illegal_action"][1]
    assert infos["_illegal_action"].tolist() == [True, True, False]
    assert not infos["action_mask"][1].any() and not truncations.any()
    for i, single in enumerate(_singles("schnapsen", 3, 5, opponent="bot1")[:2]):
        o, r, t, _, info = single.step(int(actions[i]))
        assert (o == obs[i]).all() and r == rewards[i] and t and info["illegal_action"]
    # The next step begins each penalised env's next episode, as the single env's reset does.
    single = tgym.TrumpfEnv("schnapsen", opponent="bot1")
    single.reset(seed=5)
    first, info = single.reset()
    obs, rewards, terminations, _, infos = envs.step(infos["action_mask"].argmax(axis=1))
    assert (obs[0] == first).all() and (infos["action_mask"][0] == info["action_mask"]).all()
    assert rewards[0] == rewards[1] == 0 and not terminations[:2].any()
    assert "illegal_action" not in infos
    strict = tgym.TrumpfVectorEnv("schnapsen", 3, illegal="raise")
    _, infos = strict.reset(seed=5)
    before = pickle.dumps(strict)
    actions = infos["action_mask"].argmax(axis=1)
    actions[2] = int(np.flatnonzero(infos["action_mask"][2] == 0)[0])
    with pytest.raises(Error) as err:
        strict.step(actions)
    assert err.value.code == "not_legal" and "[2]" in err.value.message
    assert pickle.dumps(strict) == before
    for bad in (np.full(3, 40), np.array([0.5, 1, 2]), np.zeros(2, int)):
        with pytest.raises(Error) as err:
            strict.step(bad)
        assert err.value.code in ("bad_action", "bad_actions")


def test_the_observation_key_rllib_asks_for() -> None:
    env = gym.make("trumpf/Durak-v0", dict_obs=True, obs_key="observations")
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"observations", "action_mask"} and obs in env.observation_space
    envs = tgym.TrumpfVectorEnv("durak", 2, dict_obs=True, obs_key="observations")
    obs, _ = envs.reset(seed=0)
    assert obs["observations"].shape == (2, 304) and obs in envs.observation_space
    for bad in ("action_mask", "", 3):
        with pytest.raises(Error):
            tgym.TrumpfEnv("durak", dict_obs=True, obs_key=bad)  # type: ignore[arg-type]
    with pytest.raises(Error):
        tgym.TrumpfEnv("durak", obs_key="observations")  # a key needs the Dict


def test_the_autoreset_mode_is_one_of_the_two() -> None:
    for mode in (AutoresetMode.DISABLED, "sometimes", None):
        with pytest.raises(Error) as err:
            tgym.TrumpfVectorEnv("durak", 2, autoreset_mode=mode)  # type: ignore[arg-type]
        assert err.value.code == "bad_value"
    for limit in (0, -1, 2.5, True):
        with pytest.raises(Error):
            tgym.TrumpfVectorEnv("durak", 2, max_episode_steps=limit)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (
            tgym.TrumpfVectorEnv("durak", 2, autoreset_mode="SameStep").metadata["autoreset_mode"]
            == AutoresetMode.SAME_STEP
        )
    assert rl.N_ACTIONS == 40
