"""Every argument of ``simulate`` refused as the package refuses: SimulationError with a code.

``SimulationError`` is the package's ``Error`` (a ValueError with ``code``);
no bad value escapes as a TypeError, a KeyError or a bare ValueError, and
none of a caller's methods (``__eq__``, ``__len__``, ``__index__``, ...) is
trusted. A hypothesis pass throws hostile values at each argument in turn.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trumpf
from _sim_support import SEED
from trumpf.errors import Error
from trumpf.simulation import (
    GAMES,
    MAX_GAMES,
    ClusterError,
    Simulation,
    SimulationError,
    check_arguments,
)


class Liar:
    """Equal to everything, two long, an index of 3, a path of bytes: trusted, it would pass."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[str]:
        return iter(("random", "random"))

    def __getitem__(self, index: int) -> str:
        return "random"

    def __index__(self) -> int:
        return 3

    def __fspath__(self) -> bytes:
        return b"run"

    def __bool__(self) -> bool:
        raise RuntimeError("a caller's __bool__ ran")


class Shifty(str):
    """A str whose own methods lie; read by value it is what it holds."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class BadPath:
    def __fspath__(self) -> Any:
        return 7


def test_simulation_error_is_the_package_error() -> None:
    assert issubclass(SimulationError, Error) and issubclass(SimulationError, ValueError)
    assert issubclass(ClusterError, SimulationError)
    err = SimulationError("bad_games", "games must be ...")
    assert (err.code, err.message, str(err)) == (
        "bad_games",
        "games must be ...",
        "games must be ...",
    )
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is SimulationError and (back.code, back.message) == (err.code, err.message)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        # The findings: these raised TypeError, ValueError or KeyError.
        ({"rules": 5}, "bad_variant"),
        ({"rules": [("marriage_by_lead", True)]}, "bad_variant"),
        ({"rules": {"base": 1}}, "bad_variant"),
        ({"rules": {1: True}}, "bad_variant"),
        ({"out": 5}, "bad_out"),
        ({"out": b"run"}, "bad_out"),
        ({"out": "a\0b"}, "bad_out"),
        ({"out": "\ud800"}, "bad_out"),
        ({"out": BadPath()}, "bad_out"),
        ({"out": Liar()}, "bad_out"),
        ({"players": 5}, "bad_player"),
        ({"players": {0: "random", 1: "random"}}, "bad_player"),
        ({"players": iter(("random", "random"))}, "bad_player"),
        ({"players": Liar()}, "bad_player"),
        ({"players": (Liar(), "random")}, "bad_player"),
        ({"players": (Shifty("genius"), "random")}, "bad_player"),
        ({"progress": 5}, "bad_progress"),
        ({"summary_only": "no"}, "bad_value"),
        ({"summary_only": 1}, "bad_value"),
        ({"summary_only": Liar()}, "bad_value"),
        ({"cluster": ["ray"]}, "bad_cluster"),
        ({"cluster": Liar()}, "bad_cluster"),
        ({"address": 5}, "bad_address"),
        ({"shard": Liar()}, "bad_shard"),
        ({"threads": Liar()}, "bad_threads"),
        ({"threads": 2.0}, "bad_threads"),
        ({"games": Liar()}, "bad_games"),
        ({"games": np.float64(3)}, "bad_games"),
        ({"seed": 5}, "no_seed"),
        ({"seed": bytearray(32)}, "no_seed"),
        ({"seed": Shifty("zz")}, "no_seed"),
        ({"expert_samples": 1.0}, "bad_budget"),
        ({"expert_budget": Liar()}, "bad_budget"),
        ({"game": Shifty("poker")}, "bad_game"),
        ({"game": ["schnapsen"]}, "bad_game"),
        ({"game": None}, "bad_game"),
    ],
)
def test_each_bad_argument_is_a_simulation_error_with_its_code(
    kwargs: dict[str, Any], code: str, tmp_path: Path
) -> None:
    args: dict[str, Any] = {"game": "schnapsen", "games": 3, "seed": SEED, **kwargs}
    with pytest.raises(SimulationError) as refused:
        trumpf.simulate(**args)
    assert refused.value.code == code, refused.value
    assert list(tmp_path.iterdir()) == []


def test_values_are_read_by_value(tmp_path: Path) -> None:
    # An int subclass, a numpy integer and a str subclass are what they hold.
    class Five(int):
        def __index__(self) -> int:
            return 10**30

    sim = trumpf.simulate(
        Shifty("schnapsen"),
        games=np.int64(5),
        players=[Shifty("random"), "bot1"],
        seed=SEED.hex(),
        threads=Five(2),
        out=tmp_path / "run",
    )
    assert (sim.game, sim.games, sim.players, sim.threads) == (
        "schnapsen",
        5,
        ("random", "bot1"),
        2,
    )
    assert type(sim.game) is str and all(type(p) is str for p in sim.players)
    assert check_arguments("durak", np.uint8(3), ["random", "bot3"], SEED) == (
        ("random", "bot3"),
        SEED,
    )


def test_a_folder_of_too_many_shards_is_refused_before_the_work(tmp_path: Path) -> None:
    with pytest.raises(SimulationError) as refused:
        trumpf.simulate("schnapsen", games=10**6, shard=10, out=tmp_path / "run")
    assert refused.value.code == "bad_shard" and "at most 65,536 shards" in refused.value.message
    assert not (tmp_path / "run").exists()


# -------------------------------------------------------------- hostile values

ANY = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=40)
    | st.lists(st.integers() | st.text(max_size=5), max_size=3)
    | st.tuples(st.text(max_size=8), st.text(max_size=8))
    | st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)
    | st.sampled_from([Liar(), Shifty("x"), BadPath(), object(), np.int64(-1), np.array([1, 2])])
)
"""Values of every kind a caller could pass by mistake, or to break in."""

NAMES = sorted({p for players in trumpf.simulation.PLAYERS.values() for p in players})
CHEAP = [p for p in NAMES if p not in ("expert", "perfect")]  # a valid pair must play fast

HOSTILE: dict[str, tuple[st.SearchStrategy[Any], set[str]]] = {
    "game": (ANY | st.sampled_from(GAMES) | st.text().map(Shifty), {"bad_game"}),
    "games": (
        ANY.filter(lambda v: not (isinstance(v, int) and 20 < v <= MAX_GAMES)) | st.integers(0, 20),
        {"bad_games", "too_big"},
    ),
    "players": (
        ANY
        | st.lists(st.sampled_from([*CHEAP, "genius", "", 7]), max_size=3)
        | st.tuples(st.sampled_from(CHEAP), st.sampled_from(CHEAP)),
        {"bad_player"},
    ),
    "seed": (ANY | st.binary(min_size=30, max_size=34), {"no_seed"}),
    "threads": (
        ANY.filter(lambda v: not (isinstance(v, int) and 8 < v <= 1024)) | st.integers(1, 8),
        {"bad_threads"},
    ),
    "progress": (ANY | st.just(lambda done, total: None), {"bad_progress"}),
    "rules": (
        ANY
        | st.dictionaries(
            st.sampled_from(
                ["marriage_by_lead", "close_min_stock", "deck_size", "name", "base", "x"]
            ),
            ANY,
            max_size=3,
        ),
        {"bad_variant"},
    ),
    "cluster": (ANY.filter(lambda v: not (type(v) is str and v == "ray")), {"bad_cluster"}),
    "address": (ANY, {"bad_address"}),
    "shard": (ANY | st.integers(1, 5), {"bad_shard"}),
    "summary_only": (ANY, {"bad_value"}),
    "out": (
        ANY.filter(lambda v: not (isinstance(v, str) and ("/" in v or v in (".", ".."))))
        | st.sampled_from(["/nowhere/at/all", "a\0b", "\ud800", "x" * 5000]),
        {"bad_out"},
    ),
    "expert_samples": (ANY, {"bad_budget"}),
    "expert_budget": (ANY, {"bad_budget"}),
}


@contextmanager
def in_a_fresh_folder() -> Iterator[None]:
    """The current folder set to an empty one of its own: a valid ``out=`` lands there."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            yield
        finally:
            os.chdir(here)


@pytest.mark.parametrize("argument", list(HOSTILE))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_value_of_any_argument_plays_or_is_refused_with_its_code(
    argument: str, data: st.DataObject
) -> None:
    strategy, codes = HOSTILE[argument]
    value = data.draw(strategy)
    args: dict[str, Any] = {"game": "schnapsen", "games": 3, "seed": SEED, argument: value}
    with in_a_fresh_folder():
        try:
            sim = trumpf.simulate(**args)
        except SimulationError as refused:
            assert refused.code in codes, (argument, value, refused.code, refused.message)
            assert isinstance(refused.message, str) and refused.message
            return
    assert isinstance(sim, Simulation)


@pytest.mark.parametrize("bad", [1.0, "1", None, True, -1, 4, 2**70])
@pytest.mark.parametrize("call", ["replay", "build_args", "expert_of"])
def test_a_game_index_is_an_int_of_the_run_never_coerced(bad: object, call: str) -> None:
    from trumpf.simulation import SimulationError, simulate

    run = simulate("schnapsen", 4, seed=bytes(32), threads=1)
    with pytest.raises(SimulationError) as caught:
        getattr(run, call)(bad)
    assert caught.value.code == "bad_games"
    good = getattr(run, call)
    if call == "replay":
        assert good(np.int64(1)).to_log() == good(1).to_log()
    else:
        assert good(np.int64(1)) == good(1)
