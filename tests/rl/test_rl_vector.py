"""trumpf.rl.VectorEnv: the same games as the scalar API, refusals that change nothing.

Each env's episodes are played again through Deal, Match and Game, built
as docs/rl.md says from (seed, env index, episode number), with the
opponent's moves made by the ordinary Bot or the simulator's stream: the
masks, players, observations, rewards and terminations must be the same,
in self-play and against every opponent, on one thread and on two.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from _rl_support import expected_rewards
from trumpf import rl
from trumpf.errors import Error

SEED = bytes(range(32))
GAME_OPPONENTS = [
    (game, opponent)
    for game in ("schnapsen", "sixtysix", "schnapsen-tjger", "durak", "sixtysix-match")
    for opponent in (None, "random", "bot1", "bot2", *(("bot3",) if game == "durak" else ()))
] + [("schnapsen-match", None), ("schnapsen-match", "random")]


class Replica:
    """Env i's episodes through the scalar API."""

    def __init__(self, env: rl.VectorEnv, i: int) -> None:
        self.env, self.i, self.episode = env, i, 0
        self.seats: tuple[Any, Any] = (1, 2) if env.game == "durak" else ("p1", "p2")
        self.begin()

    def begin(self) -> None:
        # An episode that ends before the agent's first decision is skipped.
        while True:
            self.game = self.env.build(self.i, self.episode)
            self.opponent = (
                self.env.opponent_for(self.i, self.episode) if self.env.opponent else None
            )
            self.advance()
            if not self.game.over:
                return
            self.episode += 1

    def advance(self) -> None:
        while self.opponent and not self.game.over and self.game.turn != self.seats[0]:
            self.game.apply(self.game.turn, self.opponent(self.game, self.game.turn))

    def check(self, obs: Any, mask: Any, player: int) -> None:
        seat = self.game.turn
        assert self.seats[player] == seat
        assert (rl.legal_mask(self.game, seat) == mask).all()
        assert (rl.observe(self.game, seat) == obs).all()

    def play(self, action: int, reward: Any, terminated: bool, final: Any) -> None:
        self.game.apply(self.game.turn, rl.move_of(self.game, action))
        self.advance()
        assert self.game.over == terminated
        if terminated:
            assert reward.tolist() == expected_rewards(self.game, self.env.game)
            # Each seat's tensor of the final position; against an opponent
            # only the agent's, the opponent's hand staying hidden.
            for s, seat in enumerate(self.seats):
                shown = self.env.opponent is None or s == 0
                expected = rl.observe(self.game, seat) if shown else np.zeros_like(final[s])
                assert (final[s] == expected).all()
            self.episode += 1
            self.begin()
        else:
            assert reward.tolist() == [0.0, 0.0]
            assert not final.any()


def random_actions(mask: Any, rng: np.random.Generator) -> Any:
    return np.array([rng.choice(np.nonzero(row)[0]) for row in mask])


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(("game", "opponent"), GAME_OPPONENTS)
def test_trajectories_equal_the_scalar_api(game: str, opponent: str | None, threads: int) -> None:
    steps = 160 if game == "durak" or game.endswith("-match") else 30
    trajectories_equal_the_scalar_api(game, opponent, threads, steps)


@pytest.mark.parametrize(
    ("game", "opponent"),
    [
        ("schnapsen", "expert"),
        ("schnapsen", "perfect"),
        ("durak", "expert"),
        ("durak", "perfect"),
        ("durak", "expert-pimc"),
        ("schnapsen-match", "expert"),
        ("schnapsen-match", "expert-pimc"),
    ],
)
def test_the_costly_opponents_play_as_their_scalar_choose(game: str, opponent: str) -> None:
    # Their seeds come from (seed, game, player 1) in the batch as in
    # opponent_for; Durak's perfect draws its rollouts' noise from it. In a
    # match the expert reads the standing, in the batch as in players.choose.
    budget = {"expert_samples": 4, "expert_budget": 3000}
    steps = 40 if game == "durak" else 60 if game.endswith("-match") else 12
    trajectories_equal_the_scalar_api(game, opponent, 2, steps, **budget)


def trajectories_equal_the_scalar_api(
    game: str, opponent: str | None, threads: int, steps: int, **budget: int
) -> None:
    env = rl.VectorEnv(
        game, 5, seed=SEED, opponent=opponent, threads=threads, final_obs=True, **budget
    )
    obs, mask, player = env.reset()
    assert not env.final_obs.any()
    replicas = [Replica(env, i) for i in range(5)]
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(steps):
        for i, rep in enumerate(replicas):
            rep.check(obs[i], mask[i], int(player[i]))
        actions = random_actions(mask, rng)
        obs, mask, player, rewards, terminated = env.step(actions)
        final = env.final_obs
        for i, rep in enumerate(replicas):
            rep.play(int(actions[i]), rewards[i], bool(terminated[i]), final[i])
        assert env.episodes.tolist() == [rep.episode for rep in replicas]
        ended += int(terminated.sum())
    assert ended > 0
    if opponent is not None:
        assert (player == 0).all()


@pytest.mark.parametrize("game", ["schnapsen", "sixtysix-match", "durak"])
def test_any_thread_count_gives_the_same_arrays(game: str) -> None:
    envs = [rl.VectorEnv(game, 300, seed=SEED, opponent="random", threads=t) for t in (1, 2, 3)]
    outs = [env.reset() for env in envs]
    rng = np.random.default_rng(3)
    for _ in range(40):
        for out in outs[1:]:
            for a, b in zip(outs[0], out, strict=True):
                assert (a == b).all()
        actions = random_actions(outs[0][1], rng)
        outs = [env.step(actions) for env in envs]


@pytest.mark.parametrize("game", ["schnapsen-match", "durak"])
def test_final_obs_changes_nothing_else(game: str) -> None:
    plain = rl.VectorEnv(game, 16, seed=SEED, opponent="random")
    final = rl.VectorEnv(game, 16, seed=SEED, opponent="random", final_obs=True)
    kept = rl.VectorEnv(game, 16, seed=SEED, final_obs=True, obs_dtype=np.uint8, copy=False)
    raw = rl.VectorEnv(game, 16, seed=SEED, final_obs=True, obs_dtype=np.uint8)
    with pytest.raises(Error) as err:
        _ = plain.final_obs
    assert err.value.code == "bad_value"
    outs = [env.reset() for env in (plain, final)]
    selfplay = [env.reset() for env in (kept, raw)]
    array, rng, ended = kept.final_obs, np.random.default_rng(5), 0
    assert final.final_obs.shape == (16, 2, final.obs_size) and final.final_obs.dtype == np.float32
    for _ in range(200):
        for a, b in zip(*outs, strict=True):
            assert (a == b).all()
        actions = random_actions(outs[0].mask, rng)
        outs = [env.step(actions) for env in (plain, final)]
        actions = random_actions(selfplay[0].mask, rng)
        selfplay = [env.step(actions) for env in (kept, raw)]
        assert kept.final_obs is array and raw.final_obs is not raw.final_obs
        assert array.dtype == np.uint8 and (array == raw.final_obs).all()
        ended += int(outs[1].terminated.sum() + selfplay[0].terminated.sum())
    assert ended > 10


def test_an_illegal_action_is_refused_naming_the_envs_and_nothing_changes() -> None:
    env = rl.VectorEnv("durak", 6, seed=SEED)
    twin = rl.VectorEnv("durak", 6, seed=SEED)
    mask = env.reset().mask
    twin.reset()
    good = np.array([np.nonzero(row)[0][0] for row in mask])
    bad = good.copy()
    bad[1] = 40
    bad[4] = int(np.nonzero(~mask[4])[0][0])
    with pytest.raises(Error) as err:
        env.step(bad)
    assert err.value.code == "not_legal"
    assert "envs [1, 4]" in err.value.message and "out of range" in err.value.message
    bad = good.copy()
    bad[2] = -1
    with pytest.raises(Error) as err:
        env.step(bad.astype(np.int8))
    assert "envs [2]" in err.value.message
    with pytest.raises(Error) as err:
        env.step(np.array([2**64 - 1] * 6, dtype=np.uint64))
    assert "envs [0, 1, 2, 3, 4, 5]" in err.value.message
    after, twin_after = env.step(good), twin.step(good)
    for a, b in zip(after, twin_after, strict=True):
        assert (a == b).all()
    assert env.episodes.tolist() == twin.episodes.tolist()


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "chess"}, "bad_game"),
        ({"game": "durak-match"}, "bad_game"),
        ({"game": 7}, "bad_game"),
        ({"num_envs": 0}, "bad_envs"),
        ({"num_envs": 2**30}, "bad_envs"),
        ({"num_envs": 2.0}, "bad_envs"),
        ({"threads": 0}, "bad_threads"),
        ({"threads": 10**6}, "bad_threads"),
        ({"opponent": "bot9"}, "bad_player"),
        ({"opponent": "bot3"}, "bad_player"),
        ({"opponent": 1}, "bad_player"),
        ({"rules": {"name": "sixtysix"}}, "bad_variant"),
        ({"rules": "schnapsen-tjger", "game": "durak"}, "bad_variant"),
        ({"rules": {"name": "schnapsen", "close_min_stock": 99}}, "bad_variant"),
        ({"obs_dtype": np.float64}, "bad_dtype"),
        ({"seed": b"short"}, "no_seed"),
        ({"seed": "zz"}, "no_seed"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], code: str) -> None:
    args: dict[str, Any] = {"game": "schnapsen", "num_envs": 2, "seed": SEED, **kwargs}
    with pytest.raises(Error) as err:
        rl.VectorEnv(**args)
    assert err.value.code == code


def test_bad_actions_are_refused() -> None:
    env = rl.VectorEnv("schnapsen", 3, seed=SEED)
    with pytest.raises(Error) as err:
        env.step(np.zeros(3, np.int64))
    assert err.value.code == "not_reset"
    env.reset()
    for actions in (
        np.zeros(3, np.float32),
        np.zeros(3, bool),
        np.zeros(4, np.int64),
        np.zeros((3, 1), np.int64),
        "abc",
        None,
        [1.5, 2, 3],
    ):
        with pytest.raises(Error) as err:
            env.step(actions)
        assert err.value.code == "bad_actions", actions


def test_reset_seed_and_episodes() -> None:
    env = rl.VectorEnv("sixtysix", 4, seed=SEED, opponent="bot2")
    first = env.reset()
    assert env.episodes.tolist() == [0, 0, 0, 0]
    second = env.reset()
    assert env.episodes.tolist() == [1, 1, 1, 1]
    assert not (first.obs == second.obs).all()
    again = env.reset(seed=SEED)
    assert env.episodes.tolist() == [0, 0, 0, 0] and env.seed == SEED
    assert (again.obs == first.obs).all() and (again.mask == first.mask).all()
    other = rl.VectorEnv("sixtysix", 4, seed=SEED.hex(), opponent="bot2").reset()
    assert (other.obs == first.obs).all()
    assert len(rl.VectorEnv("durak", 1).seed) == 32


def test_a_deal_episode_is_dealt_from_its_envs_own_seed() -> None:
    # The contract as docs/rl.md states it, computed here without the core:
    # SHA-256(seed || "env:<i>"), deal number e % 2**32 + 1.
    env = rl.VectorEnv("sixtysix", 3, seed=SEED)
    for i in range(3):
        own = hashlib.sha256(SEED + f"env:{i}".encode()).digest()
        assert env.env_seed(i) == own
        for e in (0, 5, 2**32 + 7):
            dealer = "p1" if (i + e) % 2 == 0 else "p2"
            expected = schnapsen.Deal.build(
                variant="sixtysix", seed=own, number=e % 2**32 + 1, dealer=dealer
            )
            assert env.build(i, e).to_log() == expected.to_log()
    # A reseeded env deals from the new seed's env seeds, as a new env would.
    other = bytes(range(1, 33))
    again = env.reset(seed=other)
    fresh = rl.VectorEnv("sixtysix", 3, seed=other).reset()
    assert (again.obs == fresh.obs).all() and (again.mask == fresh.mask).all()
    assert env.env_seed(2) == hashlib.sha256(other + b"env:2").digest()
    for bad in (-1, 1 << 20, "0", 1.0):
        with pytest.raises(Error) as err:
            env.env_seed(bad)  # type: ignore[arg-type]
        assert err.value.code == "bad_envs"


def test_without_copies_the_same_arrays_hold_the_same_values() -> None:
    kept = rl.VectorEnv("sixtysix", 64, seed=SEED, opponent="random", copy=False)
    fresh = rl.VectorEnv("sixtysix", 64, seed=SEED, opponent="random")
    a, b = kept.reset(), fresh.reset()
    first = a.obs
    rng = np.random.default_rng(4)
    for _ in range(25):
        for x, y in zip(a, b, strict=True):
            assert (x == y).all()
        actions = random_actions(b.mask, rng)
        a, b = kept.step(actions), fresh.step(actions)
        assert a.obs is first  # overwritten in place, as documented
    with pytest.raises(Error) as err:
        rl.VectorEnv("durak", 1, seed=SEED, copy=1)  # type: ignore[arg-type]
    assert err.value.code == "bad_value"


def test_raw_observations_scale_to_the_float_ones() -> None:
    flt = rl.VectorEnv("durak", 8, seed=SEED, opponent="bot1")
    raw = rl.VectorEnv("durak", 8, seed=SEED, opponent="bot1", obs_dtype=np.uint8)
    a, b = flt.reset(), raw.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert b.obs.dtype == np.uint8 and a.obs.dtype == np.float32
        assert (b.obs.astype(np.float32) * rl.OBS_SCALE["durak"] == a.obs).all()
        actions = random_actions(a.mask, rng)
        a, b = flt.step(actions), raw.step(actions)


def test_the_opponents_table() -> None:
    assert rl.OPPONENTS["durak"] == (
        "random",
        "bot1",
        "bot2",
        "bot3",
        "expert",
        "expert-pimc",
        "perfect",
    )
    assert rl.OPPONENTS["sixtysix-match"] == (
        "random",
        "bot1",
        "bot2",
        "expert",
        "expert-pimc",
        "perfect",
    )
    assert set(rl.OPPONENTS) == set(rl.GAMES)


def test_properties_and_the_docstring_examples() -> None:
    import doctest

    import trumpf.rl.vector

    env = rl.VectorEnv("schnapsen-tjger-match", 2, seed=SEED, opponent="random", threads=2)
    assert (env.game, env.num_envs, env.obs_size, env.n_actions) == (
        "schnapsen-tjger-match",
        2,
        256,
        40,
    )
    assert (env.opponent, env.agent_seat, env.threads) == ("random", 0, 2)
    assert rl.VectorEnv("durak", 1, seed=SEED).agent_seat is None
    assert isinstance(env.build(0, 0), type(env.build(1, 3)))
    with pytest.raises(Error):
        rl.VectorEnv("durak", 1, seed=SEED).opponent_for(0, 0)
    assert isinstance(rl.VectorEnv("durak", 1, seed=SEED).build(0, 0), durak.Game)
    for module in (rl, trumpf.rl.vector):
        assert doctest.testmod(module).failed == 0
