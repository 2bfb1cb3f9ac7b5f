"""The seating scheme lives in one engine place (cpp/sim/scheme.hpp), and the oracle states it twice.

The engine's statement is read by the simulator, the VectorEnv and, through
trumpf._core.sim, by Simulation.replay, VectorEnv.build and a saved folder's
checks; the oracle's (trumpf/reference/scheme.py) is written from the docs.
Here the two answer alike, the simulator's columns and the VectorEnv's
deals follow them, and bad indexes are refused.
"""

from __future__ import annotations

import numpy as np
import pytest

import trumpf
from trumpf import _core, rl
from trumpf.errors import Error
from trumpf.reference import scheme

SEED = bytes(range(32))
GAMES = [*range(64), 2**31 - 1, 2**32, 2**32 + 3, 2**62 + 5, 2**63 - 1]


def test_core_and_oracle_seat_and_deal_alike() -> None:
    for g in GAMES:
        assert _core.sim.seat_a(g) == scheme.seat_a(g)
        assert _core.sim.first_dealer(g) == scheme.first_dealer(g)
    for env in (0, 1, 2, 7, 2**20):
        for episode in (0, 1, 2, 3, 2**32 - 1, 2**32, 2**63 - 1):
            assert _core.sim.episode_dealer(env, episode) == scheme.episode_dealer(env, episode)


def test_arrays_of_games_answer_as_each_game() -> None:
    games = np.array(GAMES, dtype=np.int64)
    assert _core.sim.seat_a(games).tolist() == [scheme.seat_a(g) for g in GAMES]
    assert _core.sim.first_dealer(games).tolist() == [scheme.first_dealer(g) for g in GAMES]
    assert _core.sim.seat_a(games.astype(np.int32)[:64]).dtype == np.int8


@pytest.mark.parametrize("bad", [-1, 2**63, 1.0, "3", None, np.array([[1]]), np.array([1.5])])
def test_a_bad_game_index_is_refused(bad: object) -> None:
    with pytest.raises(Error) as refused:
        _core.sim.seat_a(bad)  # type: ignore[call-overload]
    assert refused.value.code == "bad_games"
    with pytest.raises(Error):
        _core.sim.seat_a(np.array([3, -2]))


@pytest.mark.parametrize("game", ["schnapsen", "sixtysix-match", "durak"])
def test_the_simulator_seats_and_deals_by_the_scheme(game: str) -> None:
    sim = trumpf.simulate(game, games=40, seed=SEED)
    rows = np.arange(40)
    assert sim["seat_a"].tolist() == [scheme.seat_a(int(g)) for g in rows]
    if game != "durak":
        assert sim["dealer"].tolist() == [scheme.first_dealer(int(g)) for g in rows]
    for i in (0, 1, 2, 3, 39):
        args = sim.build_args(i)
        assert args["seats"]["a"] == scheme.seat_a(i)


def test_the_vector_env_deals_by_the_scheme() -> None:
    env = rl.VectorEnv("schnapsen", 4, seed=SEED)
    for i in range(4):
        for e in (0, 1, 5, 2**32 + 1):
            want = "p1" if scheme.episode_dealer(i, e) == 1 else "p2"
            assert env.build(i, e).dealer == want
