"""Expert.choose(info): the expert's move from an info dict alone.

The info a table gives a seat (Deal.info, Match.info, Game.info), e.g. one
a game server sent a client, is read back into the engine's InfoSet
(schnapsen/info.hpp and durak/info.hpp: info_complete). The move is the
one choose(table, seat) makes, on random positions of every variant and
house rule. A hostile dict (keys dropped, values swapped for junk, cards
moved or doubled) is refused with an Error code or, when what is left still
makes a seat's position, answered with one of its own legal moves: never
a crash, a hang or another exception.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from differential import scaled
from trumpf.errors import Error
from trumpf.schnapsen import variant as schnapsen_variant

SEED = bytes(range(32))
# Small, so many positions fit in a test run; what is compared does not depend on it.
SMALL = {"samples": 6, "budget": 20_000}

HOUSE = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    schnapsen_variant.custom("sixtysix", marriage_by_lead=True, close_min_stock=3),
    schnapsen_variant.custom("schnapsen", exchange_min_stock=2, failed_close_pays="closer_value"),
]


def schnapsen_table(variant: object, number: int, steps: int, match: bool) -> Any:
    """A deal (or match) after `steps` random legal moves, or None once over."""
    if match:
        seed = hashlib.sha256(b"match-%d" % number).digest()
        table: Any = schnapsen.Match.build(variant=variant, seed=seed)
    else:
        table = schnapsen.Deal.build(variant=variant, seed=SEED, number=number)
    rng = random.Random(number * 1000 + steps)
    for _ in range(steps):
        if table.over or table.turn is None:
            return None
        table.apply(table.turn, rng.choice(table.legal(table.turn)))
    return None if table.over or table.turn is None else table


def durak_table(number: int, steps: int) -> Any:
    game = durak.Game.build(seed=SEED, number=number)
    rng = random.Random(number * 1000 + steps)
    for _ in range(steps):
        if game.over:
            return None
        game.apply(game.turn, rng.choice(game.legal(game.turn)))
    return None if game.over else game


@settings(max_examples=scaled(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    variant=st.sampled_from(range(len(HOUSE))),
    number=st.integers(1, 10**6),
    steps=st.integers(0, 40),
    match=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
)
def test_schnapsen_choose_info_is_choose_game(
    variant: int, number: int, steps: int, match: bool, seed: int
) -> None:
    table = schnapsen_table(HOUSE[variant], number, steps, match)
    if table is None:
        return
    seat = table.turn
    expert = schnapsen.Expert(**SMALL, seed=seed)
    info = dict(table.info(seat))
    moved = expert.choose(info)
    assert moved == expert.choose(table, seat)
    assert moved in info["legal"]
    assert expert.choose(json.loads(json.dumps(info))) == moved  # as a game server sends it


@settings(max_examples=scaled(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(number=st.integers(1, 10**6), steps=st.integers(0, 80), seed=st.integers(0, 2**63 - 1))
def test_durak_choose_info_is_choose_game(number: int, steps: int, seed: int) -> None:
    game = durak_table(number, steps)
    if game is None:
        return
    expert = durak.Expert(**SMALL, seed=seed)
    info = dict(game.info(game.turn))
    moved = expert.choose(info)
    assert moved == expert.choose(game, game.turn)
    assert moved in info["legal"]
    # Through JSON, as a game server sends it: the seats' keys become "1" and "2".
    assert expert.choose(json.loads(json.dumps(info))) == moved


def test_phase_two_voids_are_read_from_the_tricks() -> None:
    # Deals played into phase 2 (closed or drawn out), where the tricks show
    # voids: the move from the info is still the table's, many times over.
    compared = 0
    for number in range(1, 400):
        for steps in (12, 14, 16):
            table = schnapsen_table("schnapsen", number, steps, False)
            if table is None or table.phase != 2 or not table.tricks:
                continue
            expert = schnapsen.Expert(samples=64, budget=10**6, seed=number)
            assert expert.choose(table.info(table.turn)) == expert.choose(table, table.turn)
            compared += 1
    assert compared > 100


def _schnapsen_info() -> dict[str, Any]:
    # The first random position with tricks to change, the seat on turn to follow.
    for number in range(1, 100):
        table = schnapsen_table("sixtysix", number, 5, False)
        if table is not None and table.tricks and table.lead is not None:
            return dict(table.info(table.turn))
    raise AssertionError("no position with tricks")


def _durak_info() -> dict[str, Any]:
    game = durak_table(7, 9)
    assert game is not None
    return dict(game.info(game.turn))


def _without(info: dict[str, Any], key: str) -> dict[str, Any]:
    out = dict(info)
    del out[key]
    return out


def _with(info: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(info)
    out.update(changes)
    return out


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


SCHNAPSEN_REFUSALS = [
    ("not-a-dict", lambda i: list(i.items())),
    ("no-hand", lambda i: _without(i, "hand")),
    ("no-tricks", lambda i: _without(i, "tricks")),
    ("hand-twice", lambda i: _with(i, hand=[i["hand"][0], *i["hand"][:-1]])),
    ("hand-and-unseen", lambda i: _with(i, unseen=[*i["unseen"][1:], i["hand"][0]])),
    ("counts-off", lambda i: _with(i, counts={**i["counts"], _other(i["seat"]): 1})),
    ("not-on-turn", lambda i: _with(i, seat=_other(i["seat"]))),
    ("over", lambda i: _with(i, over=True)),
    ("huge-number", lambda i: _with(i, number=2**200)),
    ("float-talon", lambda i: _with(i, talon_left=float(i["talon_left"]))),
    ("taken-off", lambda i: _with(i, taken={**i["taken"], "p1": i["taken"]["p1"] + 1})),
    ("legal-off", lambda i: _with(i, legal=i["legal"][:-1])),
    (
        "winner-off",
        lambda i: _with(i, tricks=[{**t, "winner": _other(t["winner"])} for t in i["tricks"]]),
    ),
]


@pytest.mark.parametrize(("label", "change"), SCHNAPSEN_REFUSALS)
def test_schnapsen_refusals(label: str, change: Any) -> None:
    info = _schnapsen_info()
    with pytest.raises(Error) as caught:
        schnapsen.Expert().choose(change(info))
    assert caught.value.code == "bad_info", label


DURAK_REFUSALS = [
    ("not-a-dict", lambda i: None),
    ("no-bout", lambda i: _without(i, "bout")),
    ("hand-twice", lambda i: _with(i, hand=[i["hand"][0], *i["hand"][:-1]])),
    ("hand-and-unseen", lambda i: _with(i, unseen=[*i["unseen"][1:], i["hand"][0]])),
    ("counts-off", lambda i: _with(i, counts={**i["counts"], 3 - i["seat"]: 36})),
    ("not-on-turn", lambda i: _with(i, seat=3 - i["seat"])),
    ("over", lambda i: _with(i, over=True)),
    ("talon-huge", lambda i: _with(i, talon=10**30)),
    ("str-counts", lambda i: _with(i, counts={"1": 6, "2": 6})),
    ("legal-off", lambda i: _with(i, legal=[])),
    ("discard-off", lambda i: _with(i, discard=i["discard"] + 1)),
]


@pytest.mark.parametrize(("label", "change"), DURAK_REFUSALS)
def test_durak_refusals(label: str, change: Any) -> None:
    with pytest.raises(Error) as caught:
        durak.Expert().choose(change(_durak_info()))
    assert caught.value.code == "bad_info", label


# ---- fuzz: real info dicts, mutated

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-2, 40),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.sampled_from(["p1", "p2", "S", "H", "attack", "defend", 1, 2]),
    st.lists(st.integers(-1, 40), max_size=8),
    st.dictionaries(st.sampled_from(["p1", "p2", 1, 2, "card"]), st.integers(-1, 40), max_size=3),
)


def _slots(value: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) of a nested dict or list, the containers themselves included."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, inner in list(items):
        out.append((value, key))
        if isinstance(inner, (dict, list)):
            _slots(inner, out)
    return out


@st.composite
def mutated(draw: st.DrawFn, info: dict[str, Any]) -> dict[str, Any]:
    info = copy.deepcopy(info)
    for _ in range(draw(st.integers(1, 3))):
        slots = _slots(info, [])
        if not slots:
            break
        container, key = slots[draw(st.integers(0, len(slots) - 1))]
        how = draw(st.sampled_from(["drop", "junk", "card", "swap", "copy"]))
        if how == "drop" and isinstance(container, dict):
            del container[key]
        elif how == "junk":
            container[key] = draw(JUNK)
        elif how == "card":
            container[key] = draw(st.integers(0, 37))
        elif how == "swap":
            other_container, other_key = slots[draw(st.integers(0, len(slots) - 1))]
            container[key], other_container[other_key] = other_container[other_key], container[key]
        elif how == "copy" and isinstance(container[key], list) and container[key]:
            container[key].append(container[key][0])
    return info


def _check(expert: Any, info: dict[str, Any]) -> None:
    try:
        moved = expert.choose(info)
    except Error as e:
        assert e.code, e
        event(f"refused {e.code}")  # --hypothesis-show-statistics shows the split
        return
    event("answered")
    assert moved in info["legal"]


@settings(max_examples=scaled(600), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    variant=st.sampled_from(range(len(HOUSE))),
    number=st.integers(1, 10**6),
    steps=st.integers(0, 30),
    data=st.data(),
)
def test_schnapsen_fuzzed_infos_are_refused_or_answered(
    variant: int, number: int, steps: int, data: st.DataObject
) -> None:
    table = schnapsen_table(HOUSE[variant], number, steps, number % 2 == 0)
    if table is None:
        return
    info = data.draw(mutated(dict(table.info(table.turn))))
    _check(schnapsen.Expert(samples=4, budget=5_000), info)


@settings(max_examples=scaled(600), deadline=None, suppress_health_check=list(HealthCheck))
@given(number=st.integers(1, 10**6), steps=st.integers(0, 60), data=st.data())
def test_durak_fuzzed_infos_are_refused_or_answered(
    number: int, steps: int, data: st.DataObject
) -> None:
    game = durak_table(number, steps)
    if game is None:
        return
    info = data.draw(mutated(dict(game.info(game.turn))))
    _check(durak.Expert(samples=4, budget=5_000), info)
