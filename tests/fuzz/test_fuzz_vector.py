"""Fuzzing trumpf.rl.VectorEnv's arguments with hostile input.

Hypothesis draws a VectorEnv (or hostile constructor arguments) and then a
sequence of calls: steps with action arrays of every dtype, shape, stride
and value and hold arrays of any kind, under either illegal rule and an
episode limit or none, resets with any seed, indexes of every type for build,
opponent_for, env_seed and episode_game, copies, pickles under every
protocol and tampered pickles, and copy=False arrays the caller resized,
reshaped, retyped, locked or re-stated in place. Every call must return or
raise trumpf.errors.Error (TypeError only for a call of the wrong arity),
never kill the process; the sanitizer job (.ci/sanitize) runs this on the
ASan/UBSan build, where a write through a moved buffer aborts.
"""

from __future__ import annotations

import copy
import pickle
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from _tally import count
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_api import FUZZ, hostile

from trumpf import rl
from trumpf.errors import Error

SEED = bytes(range(32))

GAMES = ["schnapsen", "sixtysix-match", "schnapsen-tjger", "durak"]
OPPONENTS = [None, "random", "bot1", "bot2", "expert", "perfect"]
DTYPES = [
    np.int8, np.uint8, np.int16, ">i2", np.int32, np.uint32, np.int64, ">i8", np.uint64,
    np.float16, np.float32, np.float64, np.complex64, bool, object, "U2", "S2", "V8",
    [("a", np.int32), ("b", np.int32)],
]  # fmt: skip
INDEXES = [
    0, 1, 2, 3, 5, -1, 2**20, 2**32, 2**64 - 1, 2**64, 2**70, -(2**70), 1.0, 0.5, float("nan"),
    "0", "", None, True, False, b"0", [0], (0,), object(), np.int64(1), np.uint8(0),
    np.int64(-1), np.uint64(2**64 - 1), np.float64(1.0), np.bool_(True), 1j,
]  # fmt: skip


def called(fn: Callable[..., Any], *args: Any) -> Any:
    """Calls fn; only a value or trumpf's Error may come out."""
    count(__name__)
    try:
        return fn(*args)
    except Error:
        return None


def actions(draw: Any, n: int, mask: Any) -> Any:
    """An actions argument: mostly legal arrays, then every kind of wrong one."""
    kind = draw(st.integers(0, 9))
    if kind <= 3 and mask is not None:
        legal = [np.nonzero(row)[0] for row in mask]
        picks = [row[draw(st.integers(0, len(row) - 1))] if len(row) else 0 for row in legal]
        dtype = draw(st.sampled_from([np.int8, np.uint8, np.int64, ">i4", np.uint64]))
        a = np.array(picks, dtype=dtype)
        if kind == 3:  # the same values, strided
            wide = np.zeros(2 * n, dtype=dtype)
            wide[::2] = a
            a = wide[::2]
        return a
    if kind == 4:
        return draw(hostile())
    shape = draw(st.sampled_from([(n,), (n + 1,), (max(n - 1, 0),), (n, 1), (), (1, n), (0,)]))
    dtype = draw(st.sampled_from(DTYPES))
    try:
        a = np.zeros(shape, dtype=dtype)
    except (TypeError, ValueError):
        return None
    if a.size and a.dtype.kind in "iufcb":  # any bit pattern: huge, negative, NaN
        raw = draw(st.binary(min_size=a.nbytes, max_size=a.nbytes))
        a = np.frombuffer(raw, dtype=a.dtype).reshape(shape).copy()
    return a


def hold(draw: Any, n: int) -> Any:
    """A hold argument: None, a bool array, then every kind of wrong one."""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return None
    if kind <= 2:
        return np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), bool)
    if kind == 3:
        values = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
        return np.array(values, draw(st.sampled_from([np.uint8, np.int64, np.float32])))
    if kind == 4:
        return np.zeros(draw(st.sampled_from([(n + 1,), (n, 1), (), (0,)])), bool)
    return draw(hostile())


def change(draw: Any, array: Any) -> None:
    """What a caller may do to an array in place."""
    how = draw(st.integers(0, 5))
    try:
        if how == 0:
            size = draw(st.sampled_from([0, 1, 7, array.size // 2, array.size * 3]))
            array.resize(size, refcheck=False)
        elif how == 1:
            array.shape = (array.size,)
        elif how == 2:
            array.dtype = draw(st.sampled_from([np.int8, np.uint8, np.float32, np.int16]))
        elif how == 3:
            array.setflags(write=False)
        elif how == 4:
            size = draw(st.integers(0, 3))
            array.__setstate__((1, (size,), array.dtype, False, bytes(size * array.itemsize)))
        else:
            # Deprecated in numpy 2.4 but still done in place, so a caller can.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                array.strides = (0,) * array.ndim
    except (ValueError, TypeError, AttributeError):
        pass  # numpy refused it


def tamper(draw: Any, record: Any) -> Any:
    """A record with one item replaced or one byte of it changed."""
    items = list(record)
    k = draw(st.integers(0, len(items) - 1))
    if isinstance(items[k], bytes) and items[k] and draw(st.booleans()):
        raw = bytearray(items[k])
        raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        items[k] = bytes(raw)
    else:
        items[k] = draw(hostile())
    return tuple(items) if draw(st.integers(0, 9)) else items


def env_of(draw: Any) -> Any:
    game = draw(st.sampled_from(GAMES))
    opponent = draw(st.sampled_from(OPPONENTS))
    if opponent == "perfect" and game.startswith("sixtysix"):
        opponent = "expert"  # Sixty-Six's perfect solves whole deals: seconds a move
    kwargs: dict[str, Any] = {
        "copy": draw(st.booleans()),
        "final_obs": draw(st.booleans()),
        "threads": draw(st.integers(1, 2)),
        "obs_dtype": draw(st.sampled_from([np.float32, np.uint8])),
        "illegal": draw(st.sampled_from(["raise", "terminate"])),
        "max_episode_steps": draw(st.sampled_from([None, 1, 3, 2**32 - 1])),
    }
    if opponent in ("expert", "perfect"):
        kwargs.update(expert_samples=2, expert_budget=200)
    return rl.VectorEnv(game, draw(st.integers(1, 4)), seed=SEED, opponent=opponent, **kwargs)


@FUZZ
@given(data=st.data())
def test_hostile_constructor_arguments(data: st.DataObject) -> None:
    values = hostile()
    args = [data.draw(st.one_of(st.sampled_from(GAMES), values))]
    args.append(data.draw(st.one_of(st.integers(-2, 5), values)))
    names = ["seed", "opponent", "threads", "rules", "obs_dtype", "copy", "expert_samples",
             "expert_budget", "final_obs", "illegal", "max_episode_steps"]  # fmt: skip
    kwargs = {name: data.draw(values) for name in names if data.draw(st.booleans())}
    env = called(lambda: rl.VectorEnv(*args, **kwargs))
    if env is not None and env.num_envs <= 4 and env.opponent not in ("expert", "perfect"):
        called(env.reset)


@FUZZ
@given(data=st.data())
def test_hostile_calls_on_an_env(data: st.DataObject) -> None:
    draw = data.draw
    env = env_of(draw)
    mask: Any = None
    arrays: list[Any] = []
    for _ in range(draw(st.integers(1, 14))):
        op = draw(st.integers(0, 11))
        n = env.num_envs
        if op <= 3:
            out = called(env.step, actions(draw, n, mask), hold(draw, n))
            if out is not None:
                mask, arrays = out.mask.copy(), list(out)
        elif op == 4:
            seed = draw(st.one_of(st.none(), st.just(SEED), hostile()))
            out = called(env.reset, seed)
            if out is not None:
                mask, arrays = out.mask.copy(), list(out)
        elif op == 5:
            method = draw(st.sampled_from([env.build, env.opponent_for, env.episode_game]))
            called(method, draw(st.sampled_from(INDEXES)), draw(st.sampled_from(INDEXES)))
            called(env.env_seed, draw(st.sampled_from(INDEXES)))
        elif op == 6:
            env = draw(st.sampled_from([copy.copy, copy.deepcopy]))(env)
            arrays = []
        elif op == 7:
            protocol = draw(st.integers(0, pickle.HIGHEST_PROTOCOL))
            env = pickle.loads(pickle.dumps(env, protocol=protocol))
            arrays = []
        elif op == 8:
            reducer, (arguments, record) = env.__reduce__()
            called(reducer, arguments, tamper(draw, record))
        elif op == 9 and arrays:
            change(draw, draw(st.sampled_from(arrays)))
        elif op == 10:
            name = draw(st.sampled_from(["final_obs", "truncated"]))
            final = called(getattr, env, name)
            if final is not None and not env._copy and draw(st.booleans()):
                change(draw, final)
        else:
            for name in (
                "episodes",
                "num_envs",
                "obs_size",
                "seed",
                "illegal",
                "max_episode_steps",
            ):
                called(getattr, env, name)
    # Whatever happened, a copy of the env works and replays through a pickle.
    twin = copy.copy(env)
    if called(twin.reset) is not None:
        assert pickle.loads(pickle.dumps(twin))._core.record() == twin._core.record()
