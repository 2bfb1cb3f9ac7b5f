"""Observation tensors never leak: they are a function of a seat's information set.

Three checks, each able to fail on its own: the tensor equals a second
statement of the layout computed in Python from ``info(seat)`` alone; two
positions that give a seat the same information (same hand, turn-up and
public history, different hidden cards and talon order) give it
bit-identical tensors and equal ``info``; and the uint8 tensor times
OBS_SCALE is exactly the float32 one.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from _rl_support import info_of, obs_from_info, positions, random_games
from trumpf import rl
from trumpf.errors import Error


def seats_of(game: Any) -> tuple[Any, Any]:
    return (1, 2) if isinstance(game, durak.Game) else ("p1", "p2")


def test_the_tensor_is_the_documented_function_of_info() -> None:
    checked = 0
    rng = random.Random(5)
    for game in random_games(60, seed=11):
        for pos in positions(game, rng):
            for seat in seats_of(pos):
                raw = rl.observe(pos, seat, np.uint8)
                expected = obs_from_info(pos, seat)
                assert raw.tolist() == expected.tolist(), (pos, seat)
                checked += 1
    assert checked > 3000


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 3), st.randoms(use_true_random=False))
def test_float_tensor_is_the_raw_one_scaled(seed: bytes, kind: int, rng: random.Random) -> None:
    game: Any
    if kind == 0:
        game = durak.Game.build(seed=seed)
    elif kind == 1:
        game = schnapsen.Match.build(variant="sixtysix", seed=seed)
    else:
        game = schnapsen.Deal.build(variant=["schnapsen", "schnapsen-tjger"][kind - 2], seed=seed)
    name = "durak" if kind == 0 else "sixtysix" if kind == 1 else "schnapsen"
    for pos in positions(game, rng, limit=60):
        for seat in seats_of(pos):
            raw = rl.observe(pos, seat, np.uint8)
            flt = rl.observe(pos, seat)
            assert flt.dtype == np.float32 and raw.dtype == np.uint8
            assert (raw.astype(np.float32) * rl.OBS_SCALE[name] == flt).all()
            assert (obs_from_info(pos, seat) == raw).all()


def _unordered(info: dict[str, Any]) -> dict[str, Any]:
    """`info` less the order of the hand, which is the order the cards were dealt in."""
    info["hand"] = sorted(info["hand"])
    info["legal"] = sorted(info["legal"], key=repr)
    return info


def _start_key(game: Any, seat: Any) -> tuple[Any, ...]:
    """What a seat knows of a fresh deal, save its hand's order."""
    info = info_of(game, seat)
    return tuple(sorted(info["hand"])), info.get("turn_up", info.get("trump_card")), info["turn"]


@pytest.mark.parametrize(
    ("name", "deals"), [("schnapsen", 60000), ("sixtysix", 120000), ("durak", 60000)]
)
def test_deals_alike_for_a_seat_look_alike(name: str, deals: int) -> None:
    # Fresh deals that give p1 (seat 1) the same cards, turn-up and turn but
    # hide different cards from it: its tensors must be bit-identical, and its
    # info equal up to the order its cards were dealt in.
    groups: dict[tuple[Any, ...], list[Any]] = defaultdict(list)
    seat = 1 if name == "durak" else "p1"
    for k in range(deals):
        seed = k.to_bytes(32, "big")
        game: Any = (
            durak.Game.build(seed=seed)
            if name == "durak"
            else schnapsen.Deal.build(variant=name, seed=seed, dealer="p1" if k % 2 else "p2")
        )
        groups[_start_key(game, seat)].append(game)
    pairs = [g for g in groups.values() if len(g) > 1]
    assert len(pairs) >= 5, "too few deals alike to compare"
    other = 2 if name == "durak" else "p2"
    for alike in pairs:
        first, rest = alike[0], alike[1:]
        for game in rest:
            assert game.hand_of(other) != first.hand_of(other) or game.talon != first.talon
            assert (rl.observe(game, seat) == rl.observe(first, seat)).all()
            assert _unordered(info_of(game, seat)) == _unordered(info_of(first, seat))
            # The seat's own first move keeps them alike. (Not in Durak, where
            # the engine may answer it at once with a forced take: that shows.)
            if name != "durak" and game.turn == seat:
                move = first.legal(seat)[-1]
                one, two = game.copy(), first.copy()
                one.apply(seat, move)
                two.apply(seat, move)
                assert (rl.observe(one, seat) == rl.observe(two, seat)).all()
                assert _unordered(one.info(seat)) == _unordered(two.info(seat))


def test_observe_refuses_what_is_not_a_game_or_a_seat() -> None:
    deal = schnapsen.Deal.build(seed=bytes(32))
    game = durak.Game.build(seed=bytes(32))
    for bad_game in (None, "schnapsen", 7, object()):
        with pytest.raises(Error) as err:
            rl.observe(bad_game, "p1")
        assert err.value.code == "bad_game"
    for obj, seat in ((deal, 1), (deal, "p3"), (game, "p1"), (game, 3), (game, True)):
        with pytest.raises(Error) as err:
            rl.observe(obj, seat)
        assert err.value.code == "bad_seat"
    for dtype in (np.float64, np.int8, "nonsense", None):
        with pytest.raises(Error) as err:
            rl.observe(deal, "p1", dtype)
        assert err.value.code == "bad_dtype"


def test_sizes_and_scales() -> None:
    assert rl.OBS_SIZE["schnapsen"] == rl.OBS_SIZE["sixtysix-match"] == 256
    assert rl.OBS_SIZE["durak"] == 304
    assert rl.OBS_SCALE["schnapsen"][242] == np.float32(1 / 66)
    assert rl.OBS_SCALE["durak"][:288].tolist() == [1.0] * 288
