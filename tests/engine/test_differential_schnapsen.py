"""The C++ core and the oracle, move by move, on random deals and matches.

Random seeds, variants, deal numbers and dealers; random legal play mixed with
bad input of every shape. After every step both implementations must report
identical state, legal lists, events and error codes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.reference.schnapsen as oracle
import trumpf.schnapsen as core
from differential import (
    SCHNAPSEN_SEATS,
    bad_moves,
    jsonable,
    match_state,
    outcome,
    scaled,
    schnapsen_state,
)

KINDS = ["lead", "follow", "marriage", "exchange", "close", "claim", "draw"]
SLOW = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=False,
)


def step_both(pair: tuple[Any, Any], seat: Any, move: Any) -> None:
    """Apply one move to both and demand the same events or the same refusal."""
    a, b = pair
    got_core = outcome(lambda: a.apply(seat, move), core.Error)
    got_oracle = outcome(lambda: b.apply(seat, move), oracle.Error)
    assert got_core == got_oracle, f"apply({seat!r}, {move!r})"


def logs_cross_over(pair: tuple[Any, Any]) -> None:
    """Each implementation's move log, through JSON, rebuilds the same game on the other.

    Both write their logs with trumpf.logs, "rules" included, so they match whole.
    """
    core_log, oracle_log = pair[0].to_log(), pair[1].to_log()
    assert core_log == oracle_log
    text = json.dumps(core_log)
    table = type(pair[0].table).__name__  # Deal or Match
    rebuilt_core = getattr(core, table).from_log(text)
    rebuilt_oracle = getattr(oracle, table).from_log(text)
    assert jsonable(rebuilt_core.history) == jsonable(pair[1].history)
    assert jsonable(rebuilt_oracle.history) == jsonable(pair[0].history)


def play_lockstep(
    make: Any,
    snapshot: Any,
    rng: random.Random,
    bad_rate: float,
    max_steps: int,
    patient: bool = False,
) -> int:
    """Play both to the end with the same moves; returns the steps played."""
    pair = make(core), make(oracle)
    assert snapshot(pair[0]) == snapshot(pair[1])
    for steps in range(max_steps):
        if pair[1].over:
            after = ("p1", {"kind": "claim"})
            step_both(pair, *after)
            logs_cross_over(pair)
            return steps
        if rng.random() < bad_rate:
            before = snapshot(pair[0])
            step_both(pair, *bad_moves(rng, KINDS, SCHNAPSEN_SEATS))
            after_core = snapshot(pair[0])
            # A refused move changes nothing; an accepted one must agree anyway.
            assert after_core == snapshot(pair[1])
            if after_core != before:
                continue
        turn = pair[1].turn
        legal = pair[1].legal(turn)
        assert legal, "the seat on turn always has a move"
        if patient:
            # Random claims end most deals at once; a patient player claims only
            # when it may well be right, so the cards run out, closes play out
            # and every ending is reached.
            waiting = [m for m in legal if m["kind"] != "claim"]
            if waiting and pair[1].deal_points(turn) < 66:
                legal = waiting
        move = legal[rng.randrange(len(legal))]
        step_both(pair, turn, move)
        assert snapshot(pair[0]) == snapshot(pair[1])
    raise AssertionError("the game did not end")


seeds = st.binary(min_size=32, max_size=32)


@st.composite
def variants(draw: st.DrawFn) -> Any:
    """A variant value: a game, the preset, or a game with random house rules."""
    game = draw(st.sampled_from(["schnapsen", "sixtysix"]))
    form = draw(st.sampled_from(["name", "preset", "house"]))
    if form == "name":
        return game
    if form == "preset":
        return "schnapsen-tjger"
    stock = 10 if game == "schnapsen" else 12
    rules: dict[str, Any] = {"name": game}
    if draw(st.booleans()):
        rules["exchange_min_stock"] = draw(st.integers(1, stock))
    if draw(st.booleans()):
        rules["close_min_stock"] = draw(st.integers(1, stock))
    if draw(st.booleans()):
        rules["marriage_by_lead"] = draw(st.booleans())
    if draw(st.booleans()):
        rules["failed_close_pays"] = draw(st.sampled_from(["reference", "closer_value"]))
    return rules


class Patient:
    """A Deal or Match with the card points of the deal in play at hand."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def deal_points(self, seat: str) -> int:
        deal = getattr(self.table, "deal", self.table)
        return int(deal.points_of(seat))


@settings(SLOW, max_examples=scaled(2000))
@given(
    variant=variants(),
    seed=seeds,
    number=st.integers(1, 10**6),
    dealer=st.sampled_from(SCHNAPSEN_SEATS),
    rng=st.randoms(use_true_random=False),
    bad_rate=st.sampled_from([0.0, 0.15, 0.5]),
    patient=st.booleans(),
)
def test_random_deals_agree(
    variant: Any,
    seed: bytes,
    number: int,
    dealer: str,
    rng: random.Random,
    bad_rate: float,
    patient: bool,
) -> None:
    def make(impl: Any) -> Any:
        return Patient(impl.Deal.build(variant=variant, seed=seed, number=number, dealer=dealer))

    play_lockstep(make, schnapsen_state, rng, bad_rate, 400, patient)


@settings(SLOW, max_examples=scaled(60))
@given(
    variant=variants(),
    seed=seeds,
    dealer=st.sampled_from(SCHNAPSEN_SEATS),
    rng=st.randoms(use_true_random=False),
    bad_rate=st.sampled_from([0.0, 0.1]),
    patient=st.booleans(),
)
def test_random_matches_agree(
    variant: Any, seed: bytes, dealer: str, rng: random.Random, bad_rate: float, patient: bool
) -> None:
    def make(impl: Any) -> Any:
        return Patient(impl.Match.build(variant=variant, seed=seed, dealer=dealer))

    play_lockstep(make, match_state, rng, bad_rate, 4000, patient)


@settings(SLOW, max_examples=scaled(40))
@given(
    variant=variants(),
    seed=seeds,
    dealer=st.sampled_from(SCHNAPSEN_SEATS),
    levels=st.tuples(st.sampled_from([1, 2, 3, 4, 5]), st.sampled_from([1, 2, 3, 4, 5])),
)
def test_bot_matches_agree(variant: Any, seed: bytes, dealer: str, levels: tuple[int, int]) -> None:
    """Bots of both implementations choose the same move at every position of a match."""
    pair = (
        core.Match.build(variant=variant, seed=seed, dealer=dealer),
        oracle.Match.build(variant=variant, seed=seed, dealer=dealer),
    )
    bots = {
        "p1": (core.Bot(level=levels[0]), oracle.Bot(level=levels[0])),
        "p2": (core.Bot(level=levels[1]), oracle.Bot(level=levels[1])),
    }
    while not pair[1].over:
        seat = pair[1].turn
        for other in SCHNAPSEN_SEATS:
            if other != seat:
                assert bots[other][0].choose(pair[0], other) is None
                assert bots[other][1].choose(pair[1], other) is None
        move = bots[seat][0].choose(pair[0], seat)
        assert move == bots[seat][1].choose(pair[1], seat)
        assert move in pair[1].legal(seat)
        step_both(pair, seat, move)
    assert match_state(pair[0]) == match_state(pair[1])


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
@pytest.mark.parametrize(
    ("seed", "number", "dealer", "code"),
    [
        (b"x" * 31, 1, "p1", "no_seed"),
        (b"x" * 33, 1, "p1", "no_seed"),
        ("x" * 32, 1, "p1", "no_seed"),
        (None, 1, "p1", "no_seed"),
        (b"x" * 32, 0, "p1", "bad_deal"),
        (b"x" * 32, -3, "p1", "bad_deal"),
        (b"x" * 32, "1", "p1", "bad_deal"),
        (b"x" * 32, 1.5, "p1", "bad_deal"),
    ],
)
def test_build_refusals_agree(variant: str, seed: Any, number: Any, dealer: str, code: str) -> None:
    codes = []
    for impl in (core, oracle):
        with pytest.raises(impl.Error) as caught:
            impl.Deal.build(variant=variant, seed=seed, number=number, dealer=dealer)
        codes.append(caught.value.code)
    assert codes == [code, code]


def test_unknown_variant_is_refused_by_both() -> None:
    for impl in (core, oracle):
        with pytest.raises(impl.Error) as caught:
            impl.Deal.build(variant="bezique", seed=b"x" * 32, number=1, dealer="p1")
        assert caught.value.code == "bad_variant"
        with pytest.raises(impl.Error) as caught:
            impl.Match.build(variant="Schnapsen ", seed=b"x" * 32, dealer="p1")
        assert caught.value.code == "bad_variant"
