"""trumpf.rl.VectorEnv's held envs, illegal-action penalty and truncation.

``step(actions, hold)`` leaves the held envs out: each answers its decision
again with reward 0, and its episodes go on as if the held steps had not
been. ``illegal="terminate"`` ends an episode on an action not legal with
the game's worst reward to the seat that played it; ``max_episode_steps``
cuts an episode after that many actions (``truncated``). Both reset the env
as any end does. Copies and pickles replay all three exactly, and a record
no play reaches is refused.
"""

from __future__ import annotations

import copy
import pickle
import struct
from typing import Any

import numpy as np
import pytest

from trumpf import rl
from trumpf.errors import Error

SEED = bytes(range(32))
WORST = {"schnapsen": -3.0, "sixtysix-match": -1.0, "durak": -1.0}


def make(game: str = "durak", opponent: str | None = "random", n: int = 4, **kw: Any) -> Any:
    return rl.VectorEnv(game, n, seed=SEED, opponent=opponent, final_obs=True, **kw)


def legal(mask: Any, rng: np.random.Generator) -> Any:
    return (rng.random(mask.shape) + mask).argmax(axis=1)


def not_legal(mask_row: Any) -> int:
    return int(np.flatnonzero(~mask_row)[0])


def rows(step: Any, i: int) -> tuple[Any, ...]:
    return tuple(np.array(a[i]) for a in step)


# ---------------------------------------------------------------- hold


@pytest.mark.parametrize(
    ("game", "opponent"), [("schnapsen", "random"), ("sixtysix-match", "bot1"), ("durak", None)]
)
def test_held_steps_leave_each_envs_episodes_as_they_were(game: str, opponent: Any) -> None:
    # Env i's answers with random holds are its answers without them, the
    # held steps taken out; each held step answers the decision again.
    n = 5
    free, held = make(game, opponent, n), make(game, opponent, n)
    first = free.reset()
    assert all((a == b).all() for a, b in zip(first, held.reset(), strict=True))
    rng = np.random.default_rng(2)
    free_seen: list[list[Any]] = [[] for _ in range(n)]
    held_seen: list[list[Any]] = [[] for _ in range(n)]
    queue: list[list[int]] = [[] for _ in range(n)]  # free's actions, to play in held
    mask, hmask = first.mask, first.mask.copy()
    before = [rows(first, i) for i in range(n)]
    for _ in range(60):
        actions = legal(mask, rng)
        out = free.step(actions)
        for i in range(n):
            free_seen[i].append((*rows(out, i), free.final_obs[i].copy()))
            queue[i].append(int(actions[i]))
        mask = out.mask
        hold = rng.random(n) < 0.4
        hold[[not q for q in queue]] = True
        hactions = np.array([q[0] if q else 99 for q in queue])  # a held env's is never read
        hout = held.step(hactions, hold)
        for i in range(n):
            if hold[i]:
                assert (hout.rewards[i] == 0).all() and not hout.terminated[i]
                assert not held.final_obs[i].any() and not held.truncated[i]
                for was, now in zip(before[i], rows(hout, i)[:3], strict=True):
                    assert (was == now).all()
                continue
            queue[i].pop(0)
            held_seen[i].append((*rows(hout, i), held.final_obs[i].copy()))
            before[i] = rows(hout, i)[:3]
        hmask = hout.mask
    assert hmask.shape == (n, 40)
    for i in range(n):
        k = len(held_seen[i])
        assert 10 < k < 60
        for a, b in zip(free_seen[i][:k], held_seen[i], strict=True):
            assert all((x == y).all() for x, y in zip(a, b, strict=True))


def test_hold_is_none_or_one_flag_an_env_and_a_refused_step_changes_nothing() -> None:
    env = make("schnapsen", "bot1", 3)
    mask = env.reset().mask
    actions = mask.argmax(axis=1)
    before = pickle.dumps(env)
    bad_holds: list[Any] = [
        np.zeros(2, bool), np.zeros((3, 1), bool), np.array([0, 2, 0], np.uint8),
        np.zeros(3, np.float32), np.zeros(3, np.int64), [0, 1, 0], "yes", 1,
    ]  # fmt: skip
    for bad in bad_holds:
        with pytest.raises(Error) as err:
            env.step(actions, bad)
        assert err.value.code == "bad_value", bad
    # An action not legal is refused (illegal="raise") unless its env is held.
    wrong = actions.copy()
    wrong[1] = not_legal(mask[1])
    with pytest.raises(Error) as err:
        env.step(wrong, np.array([True, False, False]))
    assert err.value.code == "not_legal" and "[1]" in err.value.message
    assert pickle.dumps(env) == before
    out = env.step(wrong, np.array([0, 1, 0], np.uint8))
    assert not out.terminated[1] and (out.mask[1] == mask[1]).all()
    held = env.step(wrong, [True, True, True])  # every env held (a list of bools does)
    assert all((a == b).all() for a, b in zip(held[:3], out[:3], strict=True))
    again = env.step(out.mask.argmax(axis=1), None)
    assert again.obs.shape == (3, 256)


# ---------------------------------------------------------------- the penalty


@pytest.mark.parametrize(("game", "opponent"), [("schnapsen", "bot1"), ("durak", None)])
def test_an_illegal_action_ends_the_episode_with_the_worst_reward(game: str, opponent: Any) -> None:
    # Env 1 plays an action not legal, the others legal ones.
    env, twin = make(game, opponent, 3, illegal="terminate"), make(game, opponent, 3)
    assert env.illegal == "terminate" and twin.illegal == "raise"
    decision = env.reset()
    twin.reset()
    actions = decision.mask.argmax(axis=1)
    wrong = actions.copy()
    wrong[1] = not_legal(decision.mask[1])
    episodes = env.episodes
    out = env.step(wrong)
    want = twin.step(actions)
    seat = int(decision.player[1])
    assert out.terminated.tolist() == [bool(want.terminated[0]), True, bool(want.terminated[2])]
    assert out.rewards[1, seat] == WORST[game] and out.rewards[1, 1 - seat] == 0
    assert (env.final_obs[1, seat] == decision.obs[1]).all()  # the position as it was
    assert env.episodes[1] == episodes[1] + 1 and not env.truncated.any()
    for i in (0, 2):  # the other envs are untouched by it
        assert all((np.array(a[i]) == np.array(b[i])).all() for a, b in zip(out, want, strict=True))
    with pytest.raises(Error) as err:  # out of range stays refused, and changes nothing
        before = pickle.dumps(env)
        env.step(np.array([0, 40, 0]))
    assert err.value.code == "not_legal" and pickle.dumps(env) == before


# ---------------------------------------------------------------- truncation


@pytest.mark.parametrize(
    ("game", "limit", "ends"),
    [
        ("durak", 3, False),
        ("schnapsen", 2, True),
        ("schnapsen", 5, True),
        ("sixtysix-match", 7, False),
    ],
)
def test_an_episode_is_cut_after_max_episode_steps(game: str, limit: int, ends: bool) -> None:
    n = 6
    env = make(game, "random", n, max_episode_steps=limit)
    assert env.max_episode_steps == limit
    mask = env.reset().mask
    assert not env.truncated.any()
    rng = np.random.default_rng(8)
    count = np.zeros(n, int)
    cut = ended = 0
    for _ in range(40):
        episodes = env.episodes
        out = env.step(legal(mask, rng))
        count += 1
        truncated = env.truncated
        assert (truncated == ((count == limit) & ~out.terminated)).all()
        assert not (truncated & out.terminated).any()
        done = truncated | out.terminated
        assert (env.episodes[done] > episodes[done]).all()
        assert (env.episodes[~done] == episodes[~done]).all()
        assert (env.final_obs[done, 0].any(axis=1)).all() and not env.final_obs[~done].any()
        cut += int(truncated.sum())
        ended += int(out.terminated.sum())
        count[done] = 0
        mask = out.mask
    assert cut > 3 and (ended > 0) == ends
    env.reset()
    assert not env.truncated.any()


def test_a_cut_episode_ends_where_the_same_one_goes_on_without_the_limit() -> None:
    cut, free = make("schnapsen", "bot1", 4, max_episode_steps=2), make("schnapsen", "bot1", 4)
    mask = cut.reset().mask
    free.reset()
    rng = np.random.default_rng(1)
    for _ in range(2):
        actions = legal(mask, rng)
        out, want = cut.step(actions), free.step(actions)
        mask = out.mask
    going = ~want.terminated
    assert going.any() and (cut.truncated == going).all()
    assert (cut.final_obs[going, 0] == want.obs[going]).all()
    assert (out.rewards == want.rewards).all()


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3", 2**32])
def test_max_episode_steps_is_none_or_a_positive_int(bad: Any) -> None:
    with pytest.raises(Error) as err:
        make(max_episode_steps=bad)
    assert err.value.code == "bad_value"


@pytest.mark.parametrize("bad", ["penalise", "", None, 1, b"raise"])
def test_illegal_is_raise_or_terminate(bad: Any) -> None:
    with pytest.raises(Error) as err:
        make(illegal=bad)
    assert err.value.code == "bad_illegal"


# ---------------------------------------------------------------- copies and pickles


def same_future(a: Any, b: Any, mask: Any, steps: int = 25) -> None:
    """``a`` and ``b`` answer alike to the same actions, holds and illegal actions."""
    rng = np.random.default_rng(5)
    assert (a.final_obs == b.final_obs).all() and (a.truncated == b.truncated).all()
    for k in range(steps):
        actions = legal(mask, rng)
        if k % 3 == 0:
            actions[0] = not_legal(mask[0])
        hold = rng.random(len(actions)) < 0.3
        x, y = a.step(actions, hold), b.step(actions, hold)
        for u, v in zip(x, y, strict=True):
            assert (u == v).all()
        assert (a.final_obs == b.final_obs).all() and (a.truncated == b.truncated).all()
        assert (a.episodes == b.episodes).all()
        mask = x.mask.copy()


def moved(last: str, game: str = "durak", opponent: Any = "random", **kw: Any) -> tuple[Any, Any]:
    """An env whose last step held envs, penalised one or cut one; and its mask."""
    env = make(game, opponent, 4, illegal="terminate", max_episode_steps=4, **kw)
    mask = env.reset().mask
    rng = np.random.default_rng(3)
    for _ in range(6):
        mask = env.step(legal(mask, rng), np.array([1, 0, 0, 1], bool)).mask
    actions = legal(mask, rng)
    hold = np.zeros(4, bool)
    if last == "penalty":
        actions[2] = not_legal(mask[2])
    if last == "hold":
        hold[:] = [True, False, True, False]
    out = env.step(actions, hold)
    while last == "truncation" and not env.truncated.any():
        out = env.step(legal(out.mask, rng))
    if last == "penalty":
        assert out.terminated[2]
    return env, out.mask.copy()


@pytest.mark.parametrize("last", ["hold", "penalty", "truncation"])
@pytest.mark.parametrize(
    "how",
    [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e)),
     lambda e: pickle.loads(pickle.dumps(e, protocol=2))],
    ids=["copy", "deepcopy", "pickle", "pickle2"],
)  # fmt: skip
@pytest.mark.parametrize(
    ("game", "opponent", "kw"),
    [("durak", "random", {}), ("schnapsen", "bot1", {"copy": False}), ("sixtysix", None, {})],
)
def test_copies_and_pickles_replay_holds_penalties_and_cuts(
    last: str, how: Any, game: str, opponent: Any, kw: Any
) -> None:
    env, mask = moved(last, game, opponent, **kw)
    twin = how(env)
    assert twin.illegal == "terminate" and twin.max_episode_steps == 4
    assert twin._core.record() == env._core.record()
    if last == "truncation":
        assert twin.truncated.any()
    same_future(env, twin, mask)


def test_a_record_no_play_reaches_is_refused() -> None:
    env, _ = moved("penalty")
    reducer, (arguments, record) = env.__reduce__()
    fmt, started, episodes, _lengths, actions, ended, ended_lengths, ended_actions = record
    assert 0xFF in actions and any(b & 0x80 and b != 0xFF for b in ended_actions)
    n = env.num_envs
    ends = struct.unpack(f"<{n}I", ended_lengths)
    assert ends[2] > 0 and ended_actions[sum(ends[:3]) - 1] & 0x80  # env 2's last: the penalty
    penalty_at = sum(ends[:3]) - 1
    unended = bytearray(ended_actions)
    unended[penalty_at] = 0xFF  # the ended episode then never ends
    after_end = (
        bytes(ended_actions[: penalty_at + 1]) + b"\xff" + bytes(ended_actions[penalty_at + 1 :])
    )
    longer = struct.pack(f"<{n}I", *[k + (i == 2) for i, k in enumerate(ends)])
    strict = {**arguments, "illegal": "raise"}
    long_in_play = struct.pack(f"<{n}I", *[5] * n)
    bad_records: list[tuple[dict[str, Any], Any]] = [
        # the penalty in an env that refuses illegal actions
        (strict, record),
        # a byte that is no action, no hold and no penalty
        (arguments, (*record[:4], bytes([0x50]) + actions[1:], *record[5:])),
        # a penalty on an action out of range
        (arguments, (*record[:7], bytes([0x80 | 45]) * len(ended_actions))),
        # an episode in play longer than max_episode_steps allows
        (arguments, (fmt, started, episodes, long_in_play, bytes([0xFF]) * (5 * n), ended,
                     ended_lengths, ended_actions)),
        # the ended episode never ends, or a held step follows its end
        (arguments, (*record[:7], bytes(unended))),
        (arguments, (*record[:6], longer, after_end)),
    ]  # fmt: skip
    for args, bad in bad_records:
        with pytest.raises(Error) as err:
            reducer(args, bad)
        assert err.value.code == "bad_log", bad
    assert reducer(arguments, record)._core.record() == record
    # A pickle without the two options stands for their defaults.
    plain = make("durak", "random", 2)
    plain.reset()
    reducer, (arguments, record) = plain.__reduce__()
    older = {k: v for k, v in arguments.items() if k not in ("illegal", "max_episode_steps")}
    assert reducer(older, record)._core.record() == record
