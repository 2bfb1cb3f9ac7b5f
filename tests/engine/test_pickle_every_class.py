"""Every public class pickles under every protocol 0..5, or refuses cleanly.

The classes are found by walking the packages (tests/engine/_pickle_recipes.py), so
a new class fails :func:`test_every_public_class_has_a_recipe` until it has
a recipe saying how to make one and what its state is. Each recipe runs in
a child process: an abort (pybind11's default pickling of a compiled object
under protocols 0 and 1 ends the interpreter) fails that recipe's test and
the next child goes on with the rest. Where a class round-trips, the copy's
state is taken before the original's and must equal it, so a copy that
shares an engine or a stream with its original fails too.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest
from _pickle_recipes import hows, recipes

HERE = os.path.dirname(os.path.abspath(__file__))
CHILD = os.path.join(HERE, "_pickle_recipes.py")
RECIPES = recipes()


def child(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, CHILD, *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=HERE,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},
    )


@functools.cache
def outcomes() -> dict[tuple[str, str], str]:
    """Every (recipe, protocol or copy) and what came of it, one child after another:
    a child that dies is charged with the attempt it was in, and the next one
    goes on after it."""
    found: dict[tuple[str, str], str] = {}
    left = [(name, how) for name, recipe in RECIPES.items() for how in hows(recipe)]
    while left:
        proc = child(*(f"{name}={how}" for name, how in left))
        started: tuple[str, str] | None = None
        for line in proc.stdout.splitlines():
            if line.startswith("START "):
                name, how = line[6:].split("\t")
                started = (name, how)
            elif line.startswith("RESULT "):
                name, how, outcome = line[7:].split("\t", 2)
                found[(name, how)] = outcome
                started = None
        if started is None:
            assert proc.returncode == 0, f"the child failed: {proc.stderr[-2000:]}"
        else:
            found[started] = f"died (status {proc.returncode}): {proc.stderr[-300:]!r}"
        left = [item for item in left if item not in found]
    return found


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_pickles_round_trip_or_are_refused(name: str) -> None:
    recipe = RECIPES[name]
    got = {how: outcomes()[(name, how)] for how in hows(recipe)}
    same = got == dict.fromkeys(hows(recipe), "same")
    refused = all(outcome.startswith("refused ") for outcome in got.values())
    if recipe.promise == "same":
        assert same, got
    elif recipe.promise == "refused":
        assert refused, got
    else:
        assert same or refused, got


def test_every_public_class_has_a_recipe() -> None:
    proc = child("--covered")
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = [
        line[8:].split("\t") for line in proc.stdout.splitlines() if line.startswith("COVERED ")
    ]
    assert len(lines) > 60  # the walk found the packages
    missing = [path for path, hits in lines if not hits]
    assert missing == []


def test_a_stream_resumes_from_its_state_and_no_other() -> None:
    from trumpf import _core
    from trumpf.errors import Error

    stream = _core.sim.Stream(bytes(range(32)), 9, 1)
    stream.below(7)
    call, (state,) = stream.__reduce__()
    assert call is _core.sim.stream_at and len(state) == 32
    twin = _core.sim.stream_at(state)
    assert [twin.below(2**32 - 1) for _ in range(8)] == [stream.below(2**32 - 1) for _ in range(8)]
    for bad in (bytes(32), state[:31], state + b"\0", bytearray(state), state.hex(), None):
        with pytest.raises(Error) as err:
            _core.sim.stream_at(bad)
        assert err.value.code == "bad_value"
