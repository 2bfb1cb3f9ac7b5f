"""trumpf.rl.gymnasium: Gymnasium's own checker, and the scalar API's games.

Every registered id (and a match, a house-rule preset, the Dict observation
and every opponent) passes ``gymnasium.utils.env_checker.check_env``. An
episode played through the adapter is played again through Deal, Match and
Game, built from (seed, env 0, episode) with the opponent's moves made by
``VectorEnv.opponent_for``: observations (the terminal one included), masks,
rewards and terminations must be the same, and every observation must be
the documented function of the agent's ``info`` (tests/_rl_support.py), so
it cannot carry the other hand, the talon's order or the seed.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode

import trumpf.rl.gymnasium as tgym
import trumpf.schnapsen as schnapsen
from _rl_support import expected_rewards, obs_from_info
from trumpf import rl
from trumpf.errors import Error

CHECKED = [
    ("trumpf/Schnapsen-v0", {}),
    ("trumpf/SixtySix-v0", {}),
    ("trumpf/Durak-v0", {}),
    ("trumpf/Schnapsen-v0", {"game": "schnapsen-tjger"}),
    ("trumpf/SixtySix-v0", {"game": "sixtysix-match", "opponent": "bot2"}),
    ("trumpf/Schnapsen-v0", {"dict_obs": True, "opponent": "bot1"}),
    ("trumpf/Durak-v0", {"dict_obs": True, "opponent": "bot3"}),
    ("trumpf/Schnapsen-v0", {"rules": {"name": "schnapsen", "marriage_by_lead": True}}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), CHECKED)
def test_check_env_passes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gym.make(env_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker fails the test
        check_env(env.unwrapped)
    env.close()


def test_the_ids_are_registered_and_each_keeps_its_family() -> None:
    assert set(tgym.ENV_IDS) <= set(gym.registry)
    assert gym.make("trumpf/Durak-v0").unwrapped.game == "durak"
    assert gym.make("trumpf/Schnapsen-v0", game="schnapsen-match").unwrapped.game == (
        "schnapsen-match"
    )
    with pytest.raises(Error) as err:
        gym.make("trumpf/Durak-v0", game="schnapsen")
    assert err.value.code == "bad_game"
    with pytest.raises(Error) as err:
        gym.make("trumpf/Schnapsen-v0", opponent="bot3")
    assert err.value.code == "bad_player"
    # A player added to the engine's table is an opponent here with no change.
    for game in ("schnapsen", "durak"):
        for opponent in rl.OPPONENTS[game]:
            tgym.TrumpfEnv(game, opponent=opponent).reset(seed=1)


class Replica:
    """The adapter's episode through the scalar API."""

    def __init__(self, env: tgym.TrumpfEnv) -> None:
        batch = rl.VectorEnv(env.game, 1, seed=env.seed_bytes, opponent=env.opponent)
        self.game = batch.build(0, env.episode)
        self.choose = batch.opponent_for(0, env.episode)
        self.seat = (1, 2)[0] if env.game == "durak" else "p1"
        self.advance()

    def advance(self) -> None:
        while not self.game.over and self.game.turn != self.seat:
            self.game.apply(self.game.turn, self.choose(self.game, self.game.turn))

    def check(self, obs: Any, info: dict[str, Any], name: str) -> None:
        assert (obs == rl.observe(self.game, self.seat)).all()
        expected = obs_from_info(self.game, self.seat).astype(np.float32) * rl.OBS_SCALE[name]
        assert (obs == expected).all()
        mask = rl.legal_mask(self.game, self.seat) if not self.game.over else np.zeros(40, bool)
        assert info["action_mask"].dtype == np.int8
        assert (info["action_mask"] == mask).all()

    def play(self, action: int) -> None:
        self.game.apply(self.seat, rl.move_of(self.game, action))
        self.advance()


@pytest.mark.parametrize(
    ("game", "opponent"),
    [
        ("schnapsen", "random"),
        ("schnapsen", "bot2"),
        ("sixtysix", "bot1"),
        ("schnapsen-tjger", "random"),
        ("sixtysix-match", "bot1"),
        ("durak", "random"),
        ("durak", "bot3"),
    ],
)
def test_episodes_equal_the_scalar_api(game: str, opponent: str) -> None:
    env = tgym.TrumpfEnv(game, opponent=opponent)
    rng = np.random.default_rng(4)
    episodes = 0
    obs, info = env.reset(seed=2024)
    assert env.episode == 0
    while episodes < (3 if game.endswith("-match") else 12):
        replica = Replica(env)
        replica.check(obs, info, game)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rng.integers(len(legal))])
            obs, reward, terminated, truncated, info = env.step(action)
            replica.play(action)
            replica.check(obs, info, game)  # the terminal observation too
            assert terminated == replica.game.over and not truncated
            assert reward == (expected_rewards(replica.game, game)[0] if terminated else 0.0)
        before = env.episode
        obs, info = env.reset()
        assert env.episode > before  # the next episode: a skipped one moves it on by two
        episodes += 1


def test_an_illegal_action_ends_the_episode_with_the_worst_reward() -> None:
    env = tgym.TrumpfEnv("schnapsen", opponent="bot1")
    obs, info = env.reset(seed=7)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info2 = env.step(illegal)
    assert (reward, terminated, truncated, info2["illegal_action"]) == (-3.0, True, False, True)
    assert (after == obs).all()  # the position as it was
    assert not info2["action_mask"].any()
    assert not env.action_masks().any()
    with pytest.raises(Error) as err:
        env.step(0)
    assert err.value.code == "not_reset"
    env.reset()
    assert env.episode == 1
    durak = tgym.TrumpfEnv("durak")
    durak.reset(seed=0)
    assert durak.step(39)[1:3] == (-1.0, True)  # resign is never in the mask


def test_illegal_raise_refuses_and_changes_nothing() -> None:
    env = tgym.TrumpfEnv("durak", opponent="random", illegal="raise")
    twin = tgym.TrumpfEnv("durak", opponent="random")
    _, info = env.reset(seed=3)
    twin.reset(seed=3)
    with pytest.raises(Error) as err:
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert err.value.code == "not_legal"
    action = int(np.flatnonzero(info["action_mask"])[0])
    a, b = env.step(action), twin.step(action)
    assert (a[0] == b[0]).all() and a[1:4] == b[1:4]


NOT_ACTIONS = [
    8.7,  # played as 8 once: int() cut it
    8.0,
    float("nan"),
    None,
    True,
    "3",
    [3],
    np.float32(3.0),
    np.bool_(True),
    np.array([3]),
    np.array(3.0),
    -1,
    40,
    10**30,
    np.int64(40),
]


@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
@pytest.mark.parametrize("illegal", ["terminate", "raise"])
def test_a_value_that_is_no_action_is_refused_and_changes_nothing(bad: Any, illegal: str) -> None:
    env = tgym.TrumpfEnv("schnapsen", opponent="bot1", illegal=illegal)
    twin = tgym.TrumpfEnv("schnapsen", opponent="bot1")
    _, info = env.reset(seed=8)
    twin.reset(seed=8)
    with pytest.raises(Error) as err:
        env.step(bad)
    assert err.value.code == "bad_action"
    assert (env.action_masks() == info["action_mask"].astype(bool)).all()
    assert env.episode == 0 and not env.unwrapped._single.over
    # The episode goes on as if the refused call had not been made.
    for _ in range(3):
        action = int(env.action_masks().argmax())
        a, b = env.step(action), twin.step(action)
        assert (a[0] == b[0]).all() and a[1:4] == b[1:4]
        if a[2]:
            break


def test_an_integral_numpy_value_is_an_action() -> None:
    env = tgym.TrumpfEnv("durak", opponent="bot1")
    twin = tgym.TrumpfEnv("durak", opponent="bot1")
    _, info = env.reset(seed=np.int64(4))  # an integral numpy seed, as Gymnasium's own envs take
    twin.reset(seed=4)
    kinds = (np.int64, np.uint8, np.int16, lambda a: np.array(a, np.int32), int)
    for k in range(12):
        action = int(np.flatnonzero(info["action_mask"])[0])
        a = env.step(kinds[k % len(kinds)](action))
        b = twin.step(action)
        assert (a[0] == b[0]).all() and a[1:4] == b[1:4]
        info = a[4]
        if a[2]:
            break


def test_a_refused_reset_changes_nothing() -> None:
    env = tgym.TrumpfEnv("sixtysix", opponent="bot2")
    env.reset(seed=5)
    draw = env.np_random.bit_generator.state
    episode, mask = env.episode, env.action_masks()
    for bad in (-1, 2**256, 1.5, "zz", True, [1]):
        with pytest.raises(Error) as err:
            env.reset(seed=bad)
        assert err.value.code == "no_seed"
        assert env.np_random.bit_generator.state == draw
        assert env.episode == episode and (env.action_masks() == mask).all()
    envs = tgym.TrumpfVectorEnv("durak", num_envs=2, opponent="random")
    envs.reset(seed=np.uint16(9))
    draw = envs.np_random.bit_generator.state
    with pytest.raises(Error):
        envs.reset(seed=-3)
    assert envs.np_random.bit_generator.state == draw


@pytest.mark.parametrize("flag", [1, "yes", None, np.bool_(True)])
def test_dict_obs_is_true_or_false(flag: Any) -> None:
    for make in (tgym.TrumpfEnv, tgym.TrumpfVectorEnv):
        with pytest.raises(Error) as err:
            make("durak", dict_obs=flag)
        assert err.value.code == "bad_value"


def test_seeds_and_episodes() -> None:
    env = tgym.TrumpfEnv("sixtysix", opponent="bot2")
    first, _ = env.reset(seed=99)
    second, _ = env.reset()
    again, _ = env.reset(seed=99)
    assert (first == again).all() and env.episode == 0
    assert env.seed_bytes == (99).to_bytes(32, "big")
    log = env.table().to_log()  # episode 0, after the opponent's lead if it leads
    built = rl.VectorEnv("sixtysix", 1, seed=env.seed_bytes).build(0, 0).to_log()
    assert {**log, "moves": []} == built
    assert all(move["seat"] == "p2" for move in log["moves"])
    assert not (first == second).all()
    with pytest.raises(Error):
        env.reset(seed=-1)
    with pytest.raises(Error) as err:
        env.reset(seed=2**256)
    assert err.value.code == "no_seed"


def test_render_shows_the_agents_information_only() -> None:
    env = gym.make("trumpf/Schnapsen-v0", render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    table = env.unwrapped.table()
    names = [schnapsen.card.name_of(c) for c in table.hand_of("p1")]
    assert isinstance(text, str) and f"hand: {' '.join(names)}" in text.splitlines()
    other = " ".join(schnapsen.card.name_of(c) for c in table.hand_of("p2"))
    assert other not in text and str(table.hand_of("p2")) not in text


def test_the_vector_env_is_the_cpp_batch() -> None:
    envs = gym.make_vec(
        "trumpf/Schnapsen-v0",
        num_envs=64,
        opponent="bot1",
        autoreset_mode=AutoresetMode.SAME_STEP,
        illegal="raise",
    )
    assert isinstance(envs, tgym.TrumpfVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    batch = rl.VectorEnv(
        "schnapsen", 64, seed=(5).to_bytes(32, "big"), opponent="bot1", final_obs=True
    )
    obs, infos = envs.reset(seed=5)
    want = batch.reset()
    assert obs.shape == (64, 256) and obs in envs.observation_space
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(40):
        assert (obs == want.obs).all() and (infos["action_mask"] == want.mask).all()
        mask = infos["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) + mask).argmax(axis=1)
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        want = batch.step(actions)
        assert rewards.dtype == np.float64 and (rewards == want.rewards[:, 0]).all()
        assert (terminations == want.terminated).all() and not truncations.any()
        # The agent's final observation where an episode ended (the batch's
        # rows are checked against the scalar API in test_rl_vector).
        if terminations.any():
            assert (infos["_final_obs"] == terminations).all()
            assert (infos["_final_info"] == terminations).all()
            for i in range(64):
                final = infos["final_obs"][i]
                if terminations[i]:
                    assert final in envs.single_observation_space
                    assert (final == batch.final_obs[i, 0]).all() and final.any()
                    assert not (final == obs[i]).all()  # not the next episode's first
                else:
                    assert final is None
        else:
            assert "final_obs" not in infos
        ended += int(terminations.sum())
    assert ended > 0
    bad = np.zeros(64, np.int64)
    bad[3] = int(np.flatnonzero(infos["action_mask"][3] == 0)[0])
    bad[~np.isin(np.arange(64), [3])] = infos["action_mask"].argmax(axis=1)[
        ~np.isin(np.arange(64), [3])
    ]
    with pytest.raises(Error) as err:
        envs.step(bad)
    assert err.value.code == "not_legal" and "envs [3]" in err.value.message


@pytest.mark.parametrize("final_obs", [True, False])
def test_the_vector_envs_final_obs_in_a_dict_observation(final_obs: bool) -> None:
    envs = tgym.TrumpfVectorEnv(
        "durak",
        num_envs=8,
        dict_obs=True,
        final_obs=final_obs,
        autoreset_mode=AutoresetMode.SAME_STEP,
        illegal="raise",
    )
    obs, _ = envs.reset(seed=3)
    ended = 0
    for _ in range(400):
        obs, _, terminations, _, infos = envs.step(obs["action_mask"].argmax(axis=1))
        if terminations.any():
            assert ("final_obs" in infos) == final_obs
        for i in np.flatnonzero(terminations) if final_obs else []:
            final = infos["final_obs"][i]
            assert final in envs.single_observation_space and not final["action_mask"].any()
            assert final["observation"].any()
        ended += int(terminations.sum())
    assert ended > 0


def test_the_vector_env_works_with_gymnasiums_wrappers() -> None:
    envs = gym.wrappers.vector.RecordEpisodeStatistics(
        gym.make_vec("trumpf/Durak-v0", num_envs=16, dict_obs=True)
    )
    obs, infos = envs.reset(seed=0)
    assert obs["observation"].shape == (16, 304) and obs["action_mask"].dtype == np.int8
    finished = 0
    for _ in range(300):
        actions = obs["action_mask"].argmax(axis=1)
        obs, _, terminations, _, infos = envs.step(actions)
        if terminations.any():
            assert set(infos["episode"]["r"][terminations]) <= {-1.0, 0.0, 1.0}
            finished += int(terminations.sum())
    assert finished > 0


@pytest.mark.parametrize("name", ["durak", "schnapsen", "sixtysix", "sixtysix-match"])
def test_rewards_are_what_the_result_pays(name: str) -> None:
    # The adapters pay rl.rewards, the engine's rule the VectorEnv pays by.
    batch = rl.VectorEnv(name, 1, seed=bytes(range(32)))
    rng = np.random.default_rng(2)
    for episode in range(12):
        table = batch.build(0, episode)
        while not table.over:
            assert rl.rewards(table) == (0.0, 0.0)
            legal = np.flatnonzero(rl.legal_mask(table, table.turn))
            table.apply(table.turn, rl.move_of(table, int(legal[rng.integers(len(legal))])))
        assert list(rl.rewards(table)) == expected_rewards(table, name)
    with pytest.raises(Error) as refused:
        rl.rewards("durak")
    assert refused.value.code == "bad_game"


@pytest.mark.parametrize(
    ("game", "opponent"),
    [
        ("schnapsen", "random"),
        ("sixtysix", "bot2"),
        ("sixtysix-match", "random"),
        ("durak", "bot1"),
    ],
)
def test_episodes_are_the_batchs(game: str, opponent: str) -> None:
    # Episode e of the adapter is episode e of VectorEnv(game, 1, seed,
    # opponent), skipped episodes (a random opponent's false claim before the
    # agent's first move) included, whichever driver plays it.
    env = tgym.TrumpfEnv(game, opponent=opponent)
    batch = rl.VectorEnv(game, 1, seed=(77).to_bytes(32, "big"), opponent=opponent)
    obs, info = env.reset(seed=77)
    want = batch.reset()
    rng = np.random.default_rng(6)
    ended = 0
    for _ in range(300 if game != "sixtysix-match" else 600):
        assert env.episode == int(batch.episodes[0])
        assert (obs == want.obs[0]).all() and (info["action_mask"] == want.mask[0]).all()
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        obs, reward, terminated, _, info = env.step(action)
        want = batch.step(np.array([action]))
        assert terminated == bool(want.terminated[0])
        assert reward == float(want.rewards[0, 0])
        if terminated:
            obs, info = env.reset()
            ended += 1
    assert ended > 5


def test_the_docstring_examples() -> None:
    import doctest

    assert doctest.testmod(tgym).failed == 0
