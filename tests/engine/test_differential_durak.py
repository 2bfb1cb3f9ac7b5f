"""The C++ core and the oracle, move by move, on random Durak games.

Random seeds and deal numbers; random legal play and bot play mixed with bad
input (wrong seat, seat 3, unknown kinds, cards not held, ids out of range,
wrong types, moves that are not dicts, resign at any moment by either seat).
After every step both must report identical state, legal lists, views, events
and error codes.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.durak as core
import trumpf.reference.durak as oracle
from differential import DURAK_SEATS, bad_moves, durak_state, jsonable, outcome, scaled

KINDS = ["attack", "beat", "take", "done", "swap"]
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step_both(pair: tuple[Any, Any], seat: Any, move: Any) -> None:
    got_core = outcome(lambda: pair[0].apply(seat, move), core.Error)
    got_oracle = outcome(lambda: pair[1].apply(seat, move), oracle.Error)
    assert got_core == got_oracle, f"apply({seat!r}, {move!r})"


@settings(SLOW, max_examples=scaled(600))
@given(
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(1, 10**6),
    rng=st.randoms(use_true_random=False),
    bad_rate=st.sampled_from([0.0, 0.15, 0.5]),
    resign_rate=st.sampled_from([0.0, 0.0, 0.01]),
)
def test_random_games_agree(
    seed: bytes, number: int, rng: random.Random, bad_rate: float, resign_rate: float
) -> None:
    pair = (core.Game.build(seed=seed, number=number), oracle.Game.build(seed=seed, number=number))
    assert durak_state(pair[0]) == durak_state(pair[1])
    for _ in range(2000):
        if pair[1].over:
            step_both(pair, 1, {"kind": "resign"})
            # Each implementation's move log, through JSON, rebuilds the game on the other.
            text = json.dumps(pair[0].to_log())
            assert json.loads(text) == jsonable(pair[1].to_log())
            assert jsonable(oracle.Game.from_log(text).history) == jsonable(pair[0].history)
            assert jsonable(core.Game.from_log(text).history) == jsonable(pair[1].history)
            return
        if rng.random() < resign_rate:
            step_both(pair, rng.choice(DURAK_SEATS), {"kind": "resign"})
            assert durak_state(pair[0]) == durak_state(pair[1])
            continue
        if rng.random() < bad_rate:
            step_both(pair, *bad_moves(rng, KINDS, DURAK_SEATS))
            assert durak_state(pair[0]) == durak_state(pair[1])
            continue
        turn = pair[1].turn
        legal = pair[1].legal(turn)
        assert legal, "the seat on turn always has a move"
        step_both(pair, turn, legal[rng.randrange(len(legal))])
        assert durak_state(pair[0]) == durak_state(pair[1])
    raise AssertionError("the game did not end")


@settings(SLOW, max_examples=scaled(80))
@given(
    seed=st.binary(min_size=32, max_size=32),
    levels=st.tuples(st.integers(-1, 6), st.integers(-1, 6)),
    bot_seed=st.text(max_size=8),
)
def test_bot_games_agree(seed: bytes, levels: tuple[int, int], bot_seed: str) -> None:
    """Bots of both implementations choose the same move from the same view."""
    pair = (core.Game.build(seed=seed), oracle.Game.build(seed=seed))
    bots = {
        1: (core.Bot(level=levels[0], seed=bot_seed), oracle.Bot(level=levels[0], seed=bot_seed)),
        2: (core.Bot(level=levels[1], seed=bot_seed), oracle.Bot(level=levels[1], seed=bot_seed)),
    }
    while not pair[1].over:
        seat = pair[1].turn
        view = pair[1].view(seat)
        assert pair[0].view(seat) == view
        move = bots[seat][0].choose(view)
        assert move == bots[seat][1].choose(view)
        assert core.Bot.hint(view) == oracle.Bot.hint(view)
        step_both(pair, seat, move)
    assert durak_state(pair[0]) == durak_state(pair[1])


def test_level_ladders_agree() -> None:
    for n in range(-3, 10):
        assert core.Bot.level_for(n) == oracle.Bot.level_for(n)
