"""Helpers for the front-end tests: the implementations, scripted players, position searches.

The searches run the engine under test itself, so every scenario a test
asserts (a claim, a close, a take ...) is one the rules really produced.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trumpf.play import Options, play_durak, play_schnapsen
from trumpf.play.cards import in_hand_order

SCHNAPSEN_IMPLS = [
    pytest.param("trumpf.reference.schnapsen", id="oracle"),
    pytest.param("trumpf.schnapsen", id="core"),
]
DURAK_IMPLS = [
    pytest.param("trumpf.reference.durak", id="oracle"),
    pytest.param("trumpf.durak", id="core"),
]
ENGINE = {
    "trumpf.reference.schnapsen": "reference",
    "trumpf.reference.durak": "reference",
    "trumpf.schnapsen": "core",
    "trumpf.durak": "core",
}


ROOT = Path(__file__).resolve().parent.parent
MODULE = (sys.executable, "-m", "trumpf")
SCRIPT = (str(Path(sys.executable).with_name("trumpf")),)
"""The two ways to start the command line: ``python -m trumpf`` and the installed script."""


def cli(
    *args: str,
    stdin: str | bytes = b"",
    env: dict[str, str] | None = None,
    program: Sequence[str] = MODULE,
) -> subprocess.CompletedProcess[str]:
    """Run the installed trumpf (with its compiled core) to the end; its output as text.

    Bytes given as input go in as they are, so a test can send what is not UTF-8.
    """
    done = subprocess.run(
        [*program, *args],
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def seed_of(i: int) -> bytes:
    return hashlib.sha256(f"play-test-{i}".encode()).digest()


def engine_name(impl: ModuleType) -> str:
    return ENGINE[impl.__name__]


@pytest.fixture(params=SCHNAPSEN_IMPLS)
def simpl(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


@pytest.fixture(params=DURAK_IMPLS)
def dimpl(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


PLAIN = Options(screen=False, colour=False, glyphs=False)


def typed(impl: ModuleType, move: dict[str, Any], hand: list[int], step: int) -> str:
    """What a person types for ``move``: names and numbers in turn, both cases, 10 for T."""
    kind = move["kind"]
    if "card" in move:
        card = move["card"]
        if step % 3 == 0:  # the number the hand is shown with
            return str(in_hand_order(impl, hand).index(card) + 1)
        name: str = impl.card.name_of(card)
        if step % 3 == 1:
            return name.lower()
        return name.replace("T", "10", 1) if name[0] == "T" else name
    return {
        "claim": ["out", "claim", "66"][step % 3],
        "exchange": "x",
        "close": "c",
        "draw": "d",
        "take": "t",
        "done": "d",
        "swap": "x",
        "resign": "r",
    }.get(kind, f"m {move.get('suit')}")


Policy = Callable[[Any, Any, dict[str, Any]], "dict[str, Any] | None"]


def script_schnapsen(
    impl: ModuleType,
    variant: str,
    seed: bytes,
    policy: Policy,
    *,
    human: str = "p1",
    level: int = 1,
    hotseat: bool = False,
    limit: int = 400,
) -> tuple[list[str], Any]:
    """Play a match on ``impl``: ``policy(match, seat, view)`` picks the human's moves (None: stop).

    The other seat is the bot the front end uses, so feeding the typed lines
    to ``play`` replays this very game. Returns (lines typed, the match).
    """
    match = impl.Match.build(variant=variant, seed=seed)
    bot = impl.Bot(level=impl.Bot.level_for(level))
    lines: list[str] = []
    for _ in range(limit):
        if match.over:
            break
        seat = match.turn
        if seat == human or hotseat:
            view = match.view(seat)
            move = policy(match, seat, view)
            if move is None:
                break
            lines.append(typed(impl, move, list(view["hand"]), len(lines)))
            match.apply(seat, move)
        else:
            match.apply(seat, bot.choose(match, seat))
    return lines, match


def run_schnapsen(impl: ModuleType, variant: str, seed: bytes, lines: list[str], **kw: Any) -> str:
    out = io.StringIO()
    code = play_schnapsen(
        variant,
        inp=io.StringIO("".join(f"{line}\n" for line in lines)),
        out=out,
        options=kw.pop("options", PLAIN),
        impl=impl,
        seed=seed,
        **kw,
    )
    assert code == 0
    return out.getvalue()


def run_durak(impl: ModuleType, seed: bytes, lines: list[str], **kw: Any) -> str:
    out = io.StringIO()
    code = play_durak(
        inp=io.StringIO("".join(f"{line}\n" for line in lines)),
        out=out,
        options=kw.pop("options", PLAIN),
        impl=impl,
        seed=seed,
        **kw,
    )
    assert code == 0
    return out.getvalue()


def script_durak(
    impl: ModuleType,
    seed: bytes,
    policy: Policy,
    *,
    human: int = 1,
    level: int = 1,
    limit: int = 600,
) -> tuple[list[str], Any]:
    """As :func:`script_schnapsen`, for Durak against the front end's bot."""
    game = impl.Game.build(seed=seed)
    bot = impl.Bot(level=impl.Bot.level_for(level), seed=seed.hex())
    lines: list[str] = []
    for _ in range(limit):
        if game.over:
            break
        seat = game.turn
        if seat == human:
            view = game.view(seat)
            move = policy(game, seat, view)
            if move is None:
                break
            lines.append(typed(impl, move, list(view["hand"]), len(lines)))
            game.apply(seat, move)
        else:
            game.apply(seat, bot.choose(game.view(seat)))
    return lines, game
