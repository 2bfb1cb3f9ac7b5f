"""trumpf.rl.pettingzoo: PettingZoo's own checkers, and the scalar API's games.

``pettingzoo.test.api_test`` and ``seed_test`` pass for every game family, a
match and a house-rule preset. A game played through the AEC env is played
again through Deal, Match and Game from (seed, env 0, episode): at every
turn both agents' observations and masks (the one off turn too, and both
at the end) must equal ``rl.observe`` and ``rl.legal_mask`` of the scalar
game and the documented function of that seat's ``info``, and the rewards
the game's result.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from _rl_support import expected_rewards, obs_from_info
from trumpf import rl
from trumpf.errors import Error
from trumpf.rl import pettingzoo as tpz

GAMES = ["schnapsen", "sixtysix", "durak", "schnapsen-match", "schnapsen-tjger"]

# What PettingZoo says of every masked card game, its classic ones included.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_and_seed_test_pass(game: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(tpz.env(game=game), num_cycles=300)
        seed_test(lambda: tpz.env(game=game), num_cycles=100)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert unexpected == []


def check_both(env: Any, table: Any, name: str) -> None:
    seats = (1, 2) if name == "durak" else ("p1", "p2")
    for agent, seat in zip(tpz.AGENTS, seats, strict=True):
        obs = env.observe(agent)
        assert obs in env.observation_space(agent)
        assert (obs["observation"] == rl.observe(table, seat)).all()
        raw = obs_from_info(table, seat).astype(np.float32) * rl.OBS_SCALE[name]
        assert (obs["observation"] == raw).all()
        on_turn = not table.over and table.turn == seat
        mask = rl.legal_mask(table, seat) if on_turn else np.zeros(40, bool)
        assert obs["action_mask"].dtype == np.int8 and (obs["action_mask"] == mask).all()


@pytest.mark.parametrize("game", [*GAMES, "sixtysix-match"])
def test_games_equal_the_scalar_api(game: str) -> None:
    env = tpz.env(game=game)
    env.reset(seed=31)
    rng = np.random.default_rng(8)
    for _ in range(2 if game.endswith("-match") else 10):
        episode = env.unwrapped.episode
        table = rl.VectorEnv(game, 1, seed=(31).to_bytes(32, "big")).build(0, episode)
        returns = {agent: 0.0 for agent in tpz.AGENTS}
        for agent in env.agent_iter():
            check_both(env, table, game)
            obs, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            assert agent == tpz.AGENTS[0 if table.turn in ("p1", 1) else 1]
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[rng.integers(len(legal))])
            env.step(action)
            table.apply(table.turn, rl.move_of(table, action))
        assert table.over
        assert [returns[agent] for agent in tpz.AGENTS] == expected_rewards(table, game)
        env.reset()
        assert env.unwrapped.episode == episode + 1


def test_an_illegal_action_ends_the_game_against_its_agent() -> None:
    env = tpz.env(game="sixtysix")
    env.reset(seed=4)
    agent = env.agent_selection
    other = next(a for a in tpz.AGENTS if a != agent)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {agent: -3.0, other: 0.0}
    assert env.infos[agent]["illegal_action"] and env.infos[other]["illegal_action"]
    for name in list(env.agents):
        assert env.agent_selection == name
        assert not env.observe(name)["action_mask"].any()
        env.step(None)
    assert env.agents == []
    env.reset()
    assert env.unwrapped.episode == 1


def test_illegal_raise_refuses_and_changes_nothing() -> None:
    env = tpz.env(game="durak", illegal="raise")
    env.reset(seed=4)
    before = env.observe(env.agent_selection)
    with pytest.raises(Error) as err:
        env.step(39)
    assert err.value.code == "not_legal"
    after = env.observe(env.agent_selection)
    assert (before["observation"] == after["observation"]).all()


NOT_ACTIONS = [8.7, 8.0, float("nan"), None, True, "3", np.float64(2.0), np.array([1]), -1, 40]


def snapshot(env: Any) -> Any:
    raw = env.unwrapped
    observed = {a: raw.observe(a) for a in tpz.AGENTS}
    return (
        raw.agent_selection,
        dict(raw.rewards),
        dict(raw._cumulative_rewards),
        dict(raw.terminations),
        {a: raw.infos[a] for a in raw.agents},
        {a: (o["observation"].tolist(), o["action_mask"].tolist()) for a, o in observed.items()},
        raw._single.actions[:],
    )


@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
@pytest.mark.parametrize("illegal", ["terminate", "raise"])
def test_a_value_that_is_no_action_is_refused_and_changes_nothing(bad: Any, illegal: str) -> None:
    env = tpz.env(game="schnapsen-match", illegal=illegal)
    env.reset(seed=3)
    iterator = iter(env.agent_iter())
    next(iterator)
    before = snapshot(env)
    with pytest.raises(Error) as err:
        env.step(bad)
    assert err.value.code == "bad_action"
    assert snapshot(env) == before
    with pytest.raises(AssertionError, match="step"):
        next(iterator)  # the refused call was no step: the loop still waits for one
    obs, *_ = env.last()
    env.step(int(obs["action_mask"].argmax()))
    next(iterator)


def test_an_integral_numpy_value_is_an_action() -> None:
    env, twin = tpz.env(game="durak"), tpz.env(game="durak")
    env.reset(seed=np.int32(2))
    twin.reset(seed=2)
    kinds = (np.int64, np.uint8, lambda a: np.array(a, np.int16), int)
    for k in range(20):
        obs, *_ = env.last()
        action = int(obs["action_mask"].argmax())
        env.step(kinds[k % len(kinds)](action))
        twin.step(action)
        assert snapshot(env) == snapshot(twin)


def test_an_agent_that_is_done_takes_none_only() -> None:
    env = tpz.env(game="sixtysix")
    env.reset(seed=4)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))  # illegal: the game ends
    before = snapshot(env)
    for bad in (0, 3, np.int64(1)):
        with pytest.raises(Error) as err:  # a ValueError, as PettingZoo's own check raises
            env.step(bad)
        assert err.value.code == "bad_action"
        assert snapshot(env) == before
    env.step(None)
    assert len(env.agents) == 1


def test_order_is_enforced() -> None:
    env = tpz.env(game="schnapsen")
    with pytest.raises(AttributeError):
        _ = env.agent_selection
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=0)
    iterator = iter(env.agent_iter())
    next(iterator)
    with pytest.raises(AssertionError, match="step"):
        next(iterator)


def test_render_shows_each_seat() -> None:
    env = tpz.env(game="durak", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    table = env.unwrapped.table()
    assert f"player_0: hand {table.info(1)['hand']}" in text
    assert f"player_1: hand {table.info(2)['hand']}" in text


def test_the_docstring_examples() -> None:
    import doctest

    assert doctest.testmod(tpz).failed == 0
