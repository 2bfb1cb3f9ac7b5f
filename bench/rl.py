"""trumpf.rl.VectorEnv against OpenSpiel's Python loop, side by side in one run.

    pip install ".[bench]" && python bench/rl.py     # about a minute
    python bench/rl.py --quick                       # a shorter pass

A rate is agent decisions per CPU-second of this process (time.process_time)
on one thread: the VectorEnv with threads=1, numpy's BLAS held to one thread
(set before numpy loads), OpenSpiel single-threaded as it is. So it reads "per
core" even on a busy machine; the wall-clock rate is printed beside it. A
decision counts everything an agent needs: for the VectorEnv the step that
writes the float32 observations and the masks (into the same arrays every
step, copy=False, unless a row says otherwise), and a numpy masked-random
policy choosing every env's action from its mask on the caller's side; for
OpenSpiel a Python loop that asks each state for observation_tensor() (or,
for a game without one, information_state_tensor()) and legal_actions_mask(),
then applies a random legal action. Read the ratios; the rates move with the
machine. Each VectorEnv row's ratio is to skat timed beside that row: the
two alternate in eight slices, so a neighbour's load or the clock's drift
over the minute falls on both (skat alone, once at the top, moved 10-20%
between the first row and the last on this shared machine). bash
bench/callgrind.sh counts the C++ part's instructions.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from trumpf import rl  # noqa: E402

SEED = bytes(range(32))

# ---- numpy masked-random policies: a uniform legal action for every env


def gumbel_policy(mask: Any, rng: np.random.Generator) -> Any:
    """The plain way: a random key per action, legal ones lifted by one, argmax."""
    keys = rng.random(mask.shape, dtype=np.float32)
    keys += mask
    return keys.argmax(axis=1)


_ONES = np.uint64(0x0101010101010101)
_HIGH5, _LOW5, _LOW40 = np.uint64(0x8080808080), np.uint64(0x0101010101), np.uint64(0xFFFFFFFFFF)
_HIGH8, _BYTE, _EIGHT, _THIRTY_TWO = (
    np.uint64(0x8080808080808080),
    np.uint64(0xFF),
    np.uint64(8),
    np.uint64(32),
)


class PackedPolicy:
    """Cumulative-sum sampling on the mask's bytes: one random number per env.

    A mask row is 40 bytes of 0/1, five 64-bit words. Multiplying a word of
    byte counts by 0x0101...01 adds them up byte by byte (byte j holds the
    sum of bytes 0..j), so the running counts over the five words, and over
    the eight bytes of the word chosen, come from a few whole-array integer
    operations instead of a reduction along every row, which numpy does
    slowly for rows this short. The k-th legal action, k uniform, is found
    by counting the running sums <= k (bytes under 128 compared all at once).

    The five words' counts land in a scratch buffer five bytes a row, and a
    view with a five-byte stride reads each row's five as one 64-bit word
    (its top three bytes are the next row's, which the byte sums below byte
    five never see): a strided copy into eight-byte rows cost more than all
    the rest. k is the high half of a raw 64-bit draw times the row's count,
    shifted down: uniform to within count / 2**32.
    """

    def __init__(self) -> None:
        self._n = -1

    def _room(self, n: int) -> None:
        self._n = n
        self._buffer = np.zeros(5 * n + 3, np.uint8)
        self._counts = self._buffer[: 5 * n].reshape(n, 5)
        self._packed = np.ndarray((n,), np.uint64, self._buffer, 0, (5,))
        self._rows = np.arange(0, 5 * n, 5, dtype=np.uint64)

    def __call__(self, mask: Any, rng: np.random.Generator) -> Any:
        n = mask.shape[0]
        if n != self._n:
            self._room(n)
        words = mask.view(np.uint64)  # (n, 5)
        np.bitwise_count(words, out=self._counts)
        running = self._packed * _ONES  # byte j: legal actions in words 0..j
        total = (running >> _THIRTY_TWO) & _BYTE
        k = ((rng.bit_generator.random_raw(n) >> _THIRTY_TWO) * total) >> _THIRTY_TWO
        word = np.bitwise_count((((k * _LOW5) | _HIGH5) - (running & _LOW40)) & _HIGH5)
        word8 = word.astype(np.uint64) * _EIGHT
        k -= ((running << _EIGHT) >> word8) & _BYTE  # the legal actions in the words before
        inside = words.reshape(-1).take(self._rows + word) * _ONES  # byte b: in bytes 0..b
        return word8 + np.bitwise_count((((k * _ONES) | _HIGH8) - inside) & _HIGH8)


packed_policy = PackedPolicy()


def check_policy(policy: Callable[[Any, np.random.Generator], Any]) -> None:
    """Every choice legal, and every legal action about as often as the others."""
    rng = np.random.default_rng(0)
    mask = rng.random((4096, 40)) < 0.2
    mask[np.arange(4096), rng.integers(0, 40, 4096)] = True
    chosen = policy(mask, rng).astype(np.int64)
    assert mask[np.arange(4096), chosen].all(), "the policy chose an illegal action"
    # Half the rows have 10 legal actions, half 11: action 5 is legal in the
    # 11s only. Expected counts over 100 batches: 2048 * 100 * (1/10 + 1/11)
    # for the ten, 2048 * 100 / 11 for action 5; four standard deviations.
    mask = np.zeros((4096, 40), bool)
    mask[:, [0, 7, 8, 15, 16, 23, 24, 31, 32, 39]] = True
    mask[::2, 5] = True
    seen = np.zeros(40)
    for _ in range(100):
        np.add.at(seen, policy(mask, rng).astype(np.int64), 1)
    expect = np.where(mask[0], 204800 / 10 + 204800 / 11, 0.0)
    expect[5] = 204800 / 11
    assert (np.abs(seen - expect) <= 4 * np.sqrt(expect) + 1e-9).all(), "the policy is not uniform"


# ---- the timed loops


def timed(work: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Runs work() (which returns decisions made) for `seconds` of CPU; (per CPU-s, per wall-s)."""
    work()  # warm up
    done, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        done += work()
    return done / (time.process_time() - cpu0), done / (time.perf_counter() - wall0)


def paired(
    work: Callable[[], int], base: Callable[[], int], seconds: float, slices: int = 8
) -> tuple[float, float, float]:
    """work and base in turn, `slices` times each for seconds/slices of CPU:
    (work per CPU-s, base per CPU-s, work per wall-s)."""
    work()
    base()  # warm up
    totals = {"work": [0, 0.0, 0.0], "base": [0, 0.0, 0.0]}  # decisions, CPU-s, wall-s
    for _ in range(slices):
        for name, fn in (("base", base), ("work", work)):
            done, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
            while time.process_time() - cpu0 < seconds / slices:
                done += fn()
            total = totals[name]
            total[0] += done
            total[1] += time.process_time() - cpu0
            total[2] += time.perf_counter() - wall0
    w, b = totals["work"], totals["base"]
    return w[0] / w[1], b[0] / b[1], w[0] / w[2]


def vector_env(
    game: str,
    num_envs: int,
    policy: Callable[[Any, np.random.Generator], Any],
    opponent: str | None = None,
    dtype: Any = np.float32,
    copy: bool = False,
) -> Callable[[], int]:
    env = rl.VectorEnv(game, num_envs, seed=SEED, opponent=opponent, obs_dtype=dtype, copy=copy)
    rng = np.random.default_rng(1)
    state = {"mask": env.reset().mask}

    def work() -> int:
        mask = state["mask"]
        for _ in range(20):
            _obs, mask, _player, _rewards, _done = env.step(policy(mask, rng))
        state["mask"] = mask
        return 20 * num_envs

    return work


def openspiel(name: str) -> tuple[str, Callable[[], int]]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    has_obs = game.get_type().provides_observation_tensor
    tensor = "observation_tensor" if has_obs else "information_state_tensor"
    rng = random.Random(1)
    state = [game.new_initial_state()]

    def work() -> int:
        decisions = 0
        s = state[0]
        while decisions < 2000:
            if s.is_terminal():
                s = game.new_initial_state()
            elif s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                getattr(s, tensor)()
                s.legal_actions_mask()
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        state[0] = s
        return decisions

    return tensor, work


def fmt(rate: float) -> str:
    return f"{rate:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="half a second a row")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else 2.0
    for policy in (gumbel_policy, packed_policy):
        check_policy(policy)
    rows: list[tuple[str, float, float, float]] = []  # what, per CPU-s, per wall-s, ratio
    skat: Callable[[], int] | None = None

    def row(what: str, work: Callable[[], int]) -> float:
        if skat is None:
            per_cpu, per_wall = timed(work, seconds)
            ratio = 0.0
        else:
            per_cpu, beside, per_wall = paired(work, skat, seconds)
            ratio = per_cpu / beside
        rows.append((what, per_cpu, per_wall, ratio))
        print(f"  {what}: {fmt(per_cpu)} decisions/s", flush=True)
        return per_cpu

    try:
        import pyspiel  # noqa: F401

        for name in ("skat", "spades", "euchre"):
            tensor, work = openspiel(name)
            per_cpu, per_wall = timed(work, seconds)
            skat = skat or work
            base = rows[0][1] if rows else per_cpu
            rows.append((f"OpenSpiel {name}, Python loop, {tensor}() + legal_actions_mask()",
                         per_cpu, per_wall, per_cpu / base))  # fmt: skip
            print(f"  OpenSpiel {name}: {fmt(per_cpu)} decisions/s", flush=True)
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): no ratio", flush=True)
    for game in ("schnapsen", "sixtysix", "durak", "schnapsen-match", "sixtysix-match"):
        for num_envs in (256, 1024, 4096):
            work = vector_env(game, num_envs, packed_policy)
            row(f"VectorEnv {game}, self-play, {num_envs} envs", work)
    extras: list[tuple[str, dict[str, Any]]] = [
        ("new arrays every step (copy=True)", {"copy": True}),
        ("uint8 observations", {"dtype": np.uint8}),
        ("the plain Gumbel-max policy", {"policy": gumbel_policy}),
    ]
    for what, kwargs in extras:
        options: dict[str, Any] = {"policy": packed_policy, **kwargs}
        row(f"VectorEnv schnapsen, 4096 envs, {what}", vector_env("schnapsen", 4096, **options))
    for game, opponent in (("schnapsen", "random"), ("schnapsen", "bot2"), ("durak", "bot3")):
        work = vector_env(game, 4096, packed_policy, opponent)
        row(f"VectorEnv {game} vs {opponent}, 4096 envs (agent decisions)", work)

    print(
        f"\n{platform.processor() or platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, one thread\n"
    )
    print(
        "| what | decisions/s per core | wall-clock | ratio to OpenSpiel skat (beside it) |\n"
        "|---|---:|---:|---:|"
    )
    for what, per_cpu, per_wall, ratio in rows:
        shown = f"{ratio:,.1f}x" if ratio else "-"
        print(f"| {what} | {fmt(per_cpu)} | {fmt(per_wall)} | {shown} |")


if __name__ == "__main__":
    main()
