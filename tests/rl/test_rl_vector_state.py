"""trumpf.rl.VectorEnv: copies, pickles, the arrays it hands out, and its arguments.

A copy is an independent env in the same state; a pickle keeps the env's
arguments and the actions played, and unpickling replays them through the
rules, refusing a tampered one with Error. copy=False arrays are checked
before every write. Indexes, episode numbers and actions are ints (or
integral numpy scalars) in range, refused with Error otherwise, never
coerced. A refused call changes nothing, the seed included.
"""

from __future__ import annotations

import copy
import pickle
import signal
import struct
from typing import Any

import numpy as np
import pytest

import trumpf.durak as durak
from trumpf import rl
from trumpf.errors import Error

SEED = bytes(range(32))
OTHER = bytes(range(1, 33))

KINDS = [
    ("schnapsen", None, {}),
    ("sixtysix-match", "random", {}),
    ("durak", "bot3", {}),
    ("durak", None, {"copy": False}),
    ("schnapsen-tjger", "bot1", {"copy": False, "obs_dtype": np.uint8}),
    ("sixtysix", "expert", {"expert_samples": 2, "expert_budget": 300}),
    ("durak", "perfect", {"expert_samples": 2, "expert_budget": 300}),
]


def make(game: str, opponent: str | None, num_envs: int = 3, **kwargs: Any) -> rl.VectorEnv:
    return rl.VectorEnv(game, num_envs, seed=SEED, opponent=opponent, final_obs=True, **kwargs)


def actions_for(mask: Any, rng: np.random.Generator) -> Any:
    return np.array([rng.choice(np.nonzero(row)[0]) for row in mask])


def played(env: rl.VectorEnv, steps: int, seed: int = 0) -> Any:
    """Steps ``env`` with random legal actions; the last step's arrays, copied."""
    rng = np.random.default_rng(seed)
    out: Any = [a.copy() for a in env.reset()]
    for _ in range(steps):
        out = [a.copy() for a in env.step(actions_for(out[1], rng))]
    return out


def same_future(a: rl.VectorEnv, b: rl.VectorEnv, mask: Any, steps: int = 30) -> None:
    """``a`` and ``b`` step alike on the same actions, final tensors included."""
    rng = np.random.default_rng(11)
    assert (a.final_obs == b.final_obs).all()
    for _ in range(steps):
        actions = actions_for(mask, rng)
        x, y = a.step(actions), b.step(actions)
        for u, v in zip(x, y, strict=True):
            assert (u == v).all()
        assert (a.final_obs == b.final_obs).all()
        assert (a.episodes == b.episodes).all()
        mask = x.mask.copy()


# ---------------------------------------------------------------- copies


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy])
@pytest.mark.parametrize(("game", "opponent", "kwargs"), KINDS)
def test_a_copy_is_independent_and_in_the_same_state(
    how: Any, game: str, opponent: str | None, kwargs: dict[str, Any]
) -> None:
    env = make(game, opponent, **kwargs)
    mask = played(env, 7)[1]
    twin = how(env)
    assert twin._core is not env._core
    assert twin._core.record() == env._core.record()
    # Reseeding and stepping the copy changes nothing in the original...
    before = env._core.record()
    twin.reset(seed=OTHER)
    played(twin, 3)
    assert env._core.record() == before and env.seed == SEED
    assert env.build(0, 0).to_log() == make(game, opponent, **kwargs).build(0, 0).to_log()
    # ... and a copy taken now steps as the original does.
    same_future(env, how(env), mask)


def test_a_copy_has_arrays_of_its_own() -> None:
    env = make("durak", "random", copy=False)
    out = env.reset()
    twin = copy.copy(env)
    assert twin.reset().obs is not out.obs
    assert env.final_obs is not twin.final_obs


# ---------------------------------------------------------------- pickles


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize(("game", "opponent", "kwargs"), KINDS)
def test_a_pickle_round_trips(
    protocol: int, game: str, opponent: str | None, kwargs: dict[str, Any]
) -> None:
    env = make(game, opponent, **kwargs)
    fresh = pickle.loads(pickle.dumps(env, protocol=protocol))
    assert fresh._core.record() == env._core.record()
    mask = played(env, 9)[1]
    back = pickle.loads(pickle.dumps(env, protocol=protocol))
    assert (back.game, back.num_envs, back.seed, back.opponent) == (
        env.game,
        env.num_envs,
        env.seed,
        env.opponent,
    )
    assert back._core.record() == env._core.record()
    same_future(env, back, mask)


def test_a_reseeded_env_pickles_with_its_seed() -> None:
    env = make("sixtysix", "bot2")
    env.reset(seed=OTHER)
    back = pickle.loads(pickle.dumps(env))
    assert back.seed == OTHER and back._core.record() == env._core.record()


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_the_core_refuses_to_pickle_cleanly(protocol: int) -> None:
    core = make("durak", None)._core
    with pytest.raises(TypeError):
        pickle.dumps(core, protocol=protocol)


def tampered(env: rl.VectorEnv, item: int, value: Any) -> Any:
    reducer, (arguments, record) = env.__reduce__()
    record = list(record)
    record[item] = value
    return reducer, arguments, tuple(record)


def test_a_tampered_pickle_is_refused() -> None:
    env = make("durak", "bot1")
    played(env, 6)
    reducer, (arguments, record) = env.__reduce__()
    fmt, started, episodes, lengths, actions, ended, ended_lengths, ended_actions = record
    n = env.num_envs
    moves = bytearray(actions)
    assert moves, "the envs have played"
    illegal = bytearray(moves)
    illegal[0] = 39 if illegal[0] != 39 else 38  # not legal at the start of a game
    u64 = struct.unpack(f"<{n}Q", episodes)
    bad_records: list[Any] = [
        None,
        list(record),
        record[:-1],
        (2, *record[1:]),
        (fmt, 1, *record[2:]),
        (fmt, started, episodes[:-1], *record[3:]),
        (fmt, started, episodes, lengths, bytes(illegal), *record[5:]),
        (fmt, started, episodes, lengths, bytes([40]) + bytes(moves[1:]), *record[5:]),
        (fmt, started, episodes, lengths, actions + b"\0", *record[5:]),
        (fmt, started, struct.pack(f"<{n}Q", *[e + 1 for e in u64]), *record[3:]),
        (fmt, False, *record[2:]),
        (fmt, started, episodes, lengths, actions, struct.pack(f"<{n}Q", *([0] * n)),
         ended_lengths, ended_actions),
        (fmt, started, episodes, lengths, actions, ended, struct.pack(f"<{n}I", *([1] * n)),
         ended_actions),
    ]  # fmt: skip
    for bad in bad_records:
        with pytest.raises(Error) as err:
            reducer(arguments, bad)
        assert err.value.code == "bad_log", bad
    for bad_arguments in (None, [], {**arguments, "extra": 1}, {"game": "durak"}):
        with pytest.raises(Error) as err:
            reducer(bad_arguments, record)
        assert err.value.code == "bad_log"
    with pytest.raises(Error) as err:
        reducer({**arguments, "num_envs": n + 1}, record)
    assert err.value.code == "bad_log"
    with pytest.raises(Error) as err:
        reducer({**arguments, "game": "sixtysix"}, record)
    assert err.value.code == "bad_log"
    # The untampered record still restores.
    assert reducer(arguments, record)._core.record() == record


def test_restore_takes_a_fresh_env_and_a_refused_one_stays_fresh() -> None:
    env = make("durak", "random")
    played(env, 4)
    record = env._core.record()
    used = make("durak", "random")
    used.reset()
    with pytest.raises(Error) as err:
        used._core.restore(record)
    assert err.value.code == "bad_value"
    new = make("durak", "random")
    bad = (*record[:4], bytes([39]) * len(record[4]), *record[5:])
    with pytest.raises(Error):
        new._core.restore(bad)
    assert new._core.record() == make("durak", "random")._core.record()
    new._core.restore(record)
    assert new._core.record() == record


# ---------------------------------------------------------------- copy=False arrays


def resize(a: Any) -> None:
    a.resize(1, refcheck=False)


def reshape(a: Any) -> None:
    a.shape = (a.size,) if a.ndim > 1 else (a.size, 1)


def retype(a: Any) -> None:
    a.dtype = np.int8 if a.dtype != np.int8 else np.uint8


def lock(a: Any) -> None:
    a.setflags(write=False)


def restate(a: Any) -> None:
    a.__setstate__((1, (1,), a.dtype, False, bytes(a.dtype.itemsize)))


@pytest.mark.parametrize("change", [resize, reshape, retype, lock, restate])
@pytest.mark.parametrize("which", [0, 1, 2, "final"])
def test_a_changed_array_is_refused_before_any_write(change: Any, which: Any) -> None:
    env = make("durak", "random", num_envs=64, copy=False)
    out = env.reset()
    rng = np.random.default_rng(3)
    actions = actions_for(out.mask, rng)
    env.step(actions)
    array = env.final_obs if which == "final" else out[which]
    kept = [a.copy() for a in out]
    episodes = env.episodes
    change(array)
    for call in (lambda: env.step(actions_for(kept[1], rng)), env.reset, lambda: env.reset(OTHER)):
        with pytest.raises(Error) as err:
            call()
        assert err.value.code == "bad_value"
        assert (env.episodes == episodes).all() and env.seed == SEED
    for i, a in enumerate(out):
        if a is not array:
            assert (kept[i] == a).all()
    # A copy has arrays of its own and goes on.
    twin = copy.copy(env)
    assert twin.step(actions_for(kept[1], rng)).obs.shape == (64, env.obs_size)


def test_an_array_put_back_as_it_was_is_written_again() -> None:
    env = make("durak", "random", copy=False)
    out = env.reset()
    out.obs.shape = (out.obs.size,)
    with pytest.raises(Error):
        env.reset()
    out.obs.shape = (env.num_envs, env.obs_size)
    assert env.reset().obs is out.obs


# ---------------------------------------------------------------- a refused reset


def test_a_reset_refused_as_busy_keeps_the_seed() -> None:
    # A signal handler runs inside a long step (the interrupt polling) while
    # the env is busy: its reset(seed=...) is refused and changes nothing.
    # The budget is far beyond what any machine finishes in the timer's
    # 0.2 s, and the handler ends the step itself by raising, so the test
    # does not depend on how fast the step is.
    env = rl.VectorEnv("durak", 1, seed=SEED, opponent="expert", expert_samples=2**20,
                       expert_budget=10**12)  # fmt: skip
    assert env.build(0, 0).turn == 1
    mask = env.reset().mask
    codes: list[str] = []

    class Done(Exception):
        pass

    def handler(signum: int, frame: Any) -> None:
        try:
            env.reset(seed=OTHER)
        except Error as refused:
            codes.append(refused.code)
        raise Done

    old = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(Done):
            env.step(np.array([np.nonzero(mask[0])[0][0]]))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert codes == ["busy"]
    assert env.seed == SEED


def test_a_refused_reset_keeps_the_seed() -> None:
    env = make("durak", "random", copy=False)
    out = env.reset()
    for seed in (b"short", "zz", 7):
        with pytest.raises(Error):
            env.reset(seed=seed)  # type: ignore[arg-type]
        assert env.seed == SEED
    out.mask.setflags(write=False)
    with pytest.raises(Error):
        env.reset(seed=OTHER)
    assert env.seed == SEED


# ---------------------------------------------------------------- no coercion


@pytest.mark.parametrize(
    ("env", "episode", "code"),
    [
        (1.0, 0, "bad_envs"),
        ("0", 0, "bad_envs"),
        (None, 0, "bad_envs"),
        (True, 0, "bad_envs"),
        (-1, 0, "bad_envs"),
        (3, 0, "bad_envs"),
        (np.float64(1), 0, "bad_envs"),
        (0, -1, "bad_value"),
        (0, 2**64, "bad_value"),
        (0, 1.0, "bad_value"),
        (0, "1", "bad_value"),
        (0, None, "bad_value"),
        (0, np.bool_(True), "bad_value"),
    ],
)
def test_bad_indexes_are_refused(env: Any, episode: Any, code: str) -> None:
    vec = make("sixtysix", "random")
    for call in (vec.build, vec.opponent_for):
        with pytest.raises(Error) as err:
            call(env, episode)
        assert err.value.code == code
    if episode == 0:
        with pytest.raises(Error) as err:
            vec.env_seed(env)
        assert err.value.code == code


def test_integral_numpy_scalars_are_indexes() -> None:
    vec = make("durak", "bot1")
    assert vec.build(np.int64(2), np.uint8(5)).to_log() == vec.build(2, 5).to_log()
    assert vec.env_seed(np.int32(1)) == vec.env_seed(1)
    assert vec.episode_game(np.uint64(1), np.int16(3)) == (1 << 32) + 3
    assert isinstance(vec.build(0, 2**64 - 1), durak.Game)


@pytest.mark.parametrize(
    "actions",
    [
        np.zeros(3, np.float64),
        np.zeros(3, np.float16),
        np.zeros(3, np.complex64),
        np.zeros(3, object),
        np.array(["0", "0", "0"]),
        np.zeros(3, bool),
        np.zeros((3, 2), np.int64)[:, 0:1],
        [0.0, 0.0, 0.0],
        [0, 0, None],
        [0, 0, 2**70],
    ],
)
def test_actions_are_integer_arrays(actions: Any) -> None:
    env = make("durak", None)
    before = env.reset().obs.copy()
    with pytest.raises(Error) as err:
        env.step(actions)
    assert err.value.code == "bad_actions"
    assert (env.reset(SEED).obs == before).all()


def test_any_integer_array_of_legal_actions_plays() -> None:
    env, twin = make("durak", None), make("durak", None)
    mask = env.reset().mask
    twin.reset()
    actions = np.array([np.nonzero(row)[0][0] for row in mask])
    wide = np.zeros(6, ">i2")
    wide[::2] = actions
    a, b = env.step(wide[::2]), twin.step(actions.astype(np.uint8))
    for x, y in zip(a, b, strict=True):
        assert (x == y).all()
