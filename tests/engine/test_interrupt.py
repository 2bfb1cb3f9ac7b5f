"""Ctrl-C stops every call that can run long, and the object still works after.

Each test runs a call that would take hours (a budget of 10**12 on an early
position; the Schnapsen solver, which has no budget, half a minute on a slow
deal) in a child process, sends it SIGINT once it is well inside the
call, and demands a KeyboardInterrupt (the call's own, not one raised
before or after it), then that the object still works: the same call at a
small budget answers as it does on a fresh object, and an interrupted
VectorEnv is in the very state it was in before the call. The timeouts are
generous (the machine may be loaded), except the Schnapsen solver's: its call
ends by itself in seconds, so there a tight timeout is what tells a call
stopped by Ctrl-C from one that ran to its end.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest

from _sim_support import SEED, interruptible

HUGE = {"samples": 2**20, "budget": 10**12}

PRELUDE = f"""
import copy, json, pickle, threading
import numpy as np
import trumpf
from trumpf import durak, rl, schnapsen
from trumpf._core import players
SEED = {SEED!r}

def fresh(call):
    # A new thread has new solvers (the engine keeps one a thread): the
    # answer of an object nothing was ever interrupted on.
    out = []
    worker = threading.Thread(target=lambda: out.append(call()))
    worker.start()
    worker.join()
    return out[0]

def early_durak():
    game = durak.Game.build(seed=SEED, number=3)
    for _ in range(2):
        game.apply(game.turn, game.legal(game.turn)[0])
    return game

def late_durak():
    game = durak.Game.build(seed=SEED, number=3)
    while len(game.view(game.turn)["legal"]) and game.view(1)["talon"] > 0:
        game.apply(game.turn, game.legal(game.turn)[0])
    return game
"""


def interrupted(
    setup: str, call: str, after: str, timeout: float = 60, delay: float = 2.0
) -> list[str]:
    """Runs ``call`` in a child after ``setup``, interrupts it, then runs ``after``.

    Returns the lines the child printed after the call; the first says how
    the call ended. SIGINT comes ``delay`` seconds after the call starts,
    well inside it. ``timeout`` is how long the child may take to end after
    SIGINT: far longer than Ctrl-C needs, far shorter than the call.
    """
    script = "\n".join(
        [
            PRELUDE,
            textwrap.dedent(setup),
            'print("started", flush=True)',
            "try:",
            textwrap.indent(textwrap.dedent(call).strip(), "    "),
            "except KeyboardInterrupt:",
            '    print("interrupted", flush=True)',
            "else:",
            '    print("finished", flush=True)',
            textwrap.dedent(after),
        ]
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.strip() == "started", first + proc.communicate(timeout=60)[1]
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the child still ran {timeout} s after SIGINT")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    lines = out.split()
    assert lines and lines[0] == "interrupted", out + err
    return lines[1:]


@pytest.mark.parametrize("by", ["game", "info"])
def test_the_schnapsen_expert_stops(by: str) -> None:
    setup = """
        deal = schnapsen.Deal.build(variant="sixtysix", seed=SEED)
        asked = deal if "{by}" == "game" else deal.info(deal.turn)
        def choose(expert):
            return expert.choose(deal, deal.turn) if "{by}" == "game" else expert.choose(asked)
        big = schnapsen.Expert(samples={samples}, budget={budget}, seed=1)
    """.format(by=by, **HUGE)
    after = """
        small = schnapsen.Expert(samples=16, budget=20000, seed=1)
        print(choose(small) == fresh(lambda: choose(small)))
    """
    assert interrupted(setup, "choose(big)", after) == ["True"]


@pytest.mark.parametrize("by", ["game", "info"])
def test_the_durak_expert_stops(by: str) -> None:
    setup = """
        game = early_durak()
        def choose(expert):
            if "{by}" == "game":
                return expert.choose(game, game.turn)
            return expert.choose(game.info(game.turn))
        big = durak.Expert(samples={samples}, budget={budget}, seed=1)
    """.format(by=by, **HUGE)
    after = """
        small = durak.Expert(samples=16, budget=20000, seed=1)
        print(choose(small) == fresh(lambda: choose(small)))
    """
    assert interrupted(setup, "choose(big)", after) == ["True"]


@pytest.mark.parametrize("player", ["expert", "perfect"])
def test_the_costly_players_stop(player: str) -> None:
    setup = f"""
        game = early_durak()
        def choose(budget):
            return players.choose(game, game.turn, "{player}", 3, 2**20, budget)
    """
    after = """
        print(choose(20000) == fresh(lambda: choose(20000)))
    """
    assert interrupted(setup, f"choose({HUGE['budget']})", after) == ["True"]


def test_the_durak_solver_stops() -> None:
    setup = "game = early_durak()"
    after = """
        late = late_durak()
        print(durak.solve.values(late, 10**6) == fresh(lambda: durak.solve.values(late, 10**6)))
    """
    assert interrupted(setup, "durak.solve.values(game, 10**12)", after) == ["True"]


def test_the_schnapsen_solver_stops() -> None:
    # One call that spends many seconds inside the solver: solve.values at
    # the opening of this Sixty-Six deal solves each of its seven first
    # moves to the end of the deal, about 30 s on a machine where most
    # openings take one or two (number 136 is the slowest of SEED's first
    # 200). A deal has no budget, so the call can end early only if the
    # solver polls Ctrl-C inside it. SIGINT comes half a second in, and
    # KeyboardInterrupt must follow within two seconds: a solver that polled
    # nothing would run on for the rest of its solve, and Python would raise
    # KeyboardInterrupt only once the call returned, many seconds too late,
    # even on a machine several times faster. The child's work after the
    # call, a late position solved twice, takes milliseconds.
    setup = "deal = schnapsen.Deal.build(variant='sixtysix', seed=SEED, number=136)"
    after = """
        while len(deal.legal(deal.turn)) and deal.view(deal.turn)["draw_left"] > 4:
            deal.apply(deal.turn, deal.legal(deal.turn)[-1])
        print(schnapsen.solve.values(deal) == fresh(lambda: schnapsen.solve.values(deal)))
    """
    lines = interrupted(setup, "schnapsen.solve.values(deal)", after, timeout=2, delay=0.5)
    assert lines == ["True"]


def test_a_vector_step_against_the_expert_stops_and_changes_nothing() -> None:
    # Durak: in env 0's first game the agent attacks first (checked), so
    # reset is the agent's decision alone and the step is the long call.
    setup = """
        kwargs = dict(opponent="expert", copy=False, final_obs=True,
                      expert_samples={samples}, expert_budget={budget})
        env = rl.VectorEnv("durak", 1, seed=SEED, **kwargs)
        assert env.build(0, 0).turn == 1
        obs, mask, player = env.reset()
        before = [a.copy() for a in (obs, mask, player)], env.final_obs.copy(), env._core.record()
        actions = np.array([np.nonzero(mask[0])[0][0]])
    """.format(**HUGE)
    after = """
        arrays, final, record = before
        print(all((a == b).all() for a, b in zip(arrays, (obs, mask, player))))
        print((env.final_obs == final).all())
        print(env._core.record() == record)
        twin = rl.VectorEnv("durak", 1, seed=SEED, **kwargs)
        twin.reset()
        print(twin._core.record() == env._core.record())
        print(pickle.loads(pickle.dumps(env))._core.record() == record)
    """
    assert interrupted(setup, "env.step(actions)", after) == ["True"] * 5


@pytest.mark.parametrize(("game", "opponent"), [("sixtysix", "expert"), ("durak", "perfect")])
def test_a_vector_reset_against_a_searcher_stops_and_changes_nothing(
    game: str, opponent: str
) -> None:
    # The opponent moves first in one of the new seed's games, so reset
    # searches: Sixty-Six's expert over 2**20 worlds, Durak's perfect to a
    # budget of 10**12. (Sixty-Six's perfect solves a whole deal, which a
    # fast machine finishes within the two seconds before the SIGINT.)
    setup = f"""
        kwargs = dict(opponent="{opponent}", expert_samples=2**20, expert_budget=10**12)
        env = rl.VectorEnv("{game}", 2, seed=SEED, threads=2, **kwargs)
        # The new seed's first games: in one the opponent moves first, so reset searches.
        probe = rl.VectorEnv("{game}", 2, seed=bytes(32))
        assert {{probe.build(0, 0).turn, probe.build(1, 0).turn}} & {{"p2", 2}}
        record = env._core.record()
    """
    after = """
        print(env.seed == SEED, env._core.record() == record)
        try:
            env.step(np.zeros(2, np.int64))
        except trumpf.errors.Error as e:
            print(e.code)
    """
    assert interrupted(setup, "env.reset(seed=bytes(32))", after) == ["True", "True", "not_reset"]


def test_simulate_stops_inside_a_long_game() -> None:
    setup = """
        def run(games, budget):
            return trumpf.simulate("sixtysix", games=games, players=("expert", "expert"),
                                   seed=SEED, expert_samples=2**20, expert_budget=budget)
        small = run(3, 3000)
    """
    after = """
        again = run(3, 3000)
        print(all((small[c] == again[c]).all() for c in small.columns))
    """
    assert interrupted(setup, f"run(2, {HUGE['budget']})", after) == ["True"]
