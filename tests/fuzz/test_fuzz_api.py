"""Fuzzing the public API with hostile input (item 5).

Hypothesis draws sequences of calls of the public API of both packages with
hostile arguments: ints of every size, strs with surrogates and NULs, bytes
that are not UTF-8, nested lists and dicts, objects whose ``__eq__``,
``__hash__``, ``__index__`` or ``__iter__`` raise or lie, generators that
change the game being read, and finalizers that re-enter it. Every call must
return or raise ``trumpf.errors.Error``, never kill the process or leak
another exception, and a refused move must change nothing.

CI runs a bounded pass (and the sanitizer job runs it on the ASan/UBSan
build); a long run is ``TRUMPF_FUZZ_EXAMPLES=20000 python -m pytest tests/fuzz``.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "contract"))

from _contract import (
    IndexOnly,
    LyingDict,
    LyingInt,
    LyingList,
    LyingStr,
    RaisingDict,
    RaisingEq,
    RaisingIndex,
    RaisingIter,
    RaisingList,
    RaisingStr,
)
from _tally import count

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.errors import Error

EXAMPLES = int(os.environ.get("TRUMPF_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEED = bytes(range(32))

ATOMS: list[Any] = [
    None, True, False, 0, 1, 2, 3, 7, 24, 25, 36, 37, -1, 2**31, 2**63, 2**64 + 1, 10**30,
    -(10**30), 1.5, float("nan"), "", "p1", "p2", "p3", "P1", "\ud800", "x\x00", "x" * 5000,
    "lead", "follow", "marriage", "attack", "beat", "take", "done", "swap", "resign", "claim",
    "S", "H", "D", "C", "AS", "10H", b"", b"\xff\xfe", SEED, bytearray(b"p1"), b"x" * 31,
    RaisingEq(1), LyingInt(1), IndexOnly(), RaisingIndex(), LyingStr("p1"), RaisingStr("p1"),
    RaisingIter(), object(), (), [],
]  # fmt: skip


def hostile() -> st.SearchStrategy[Any]:
    """Any value a careless or hostile caller might pass."""
    # Drawn by index: hypothesis hashes what sampled_from holds, and some of
    # these raise when hashed.
    atom = st.one_of(
        st.integers(0, len(ATOMS) - 1).map(ATOMS.__getitem__),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.text(max_size=6),
        st.binary(max_size=40),
    )
    nested = st.recursive(
        atom,
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.tuples(inner, inner),
            st.dictionaries(
                st.one_of(
                    st.sampled_from(["kind", "card", "suit", "seat"]),
                    st.integers(-5, 40),
                    st.text(max_size=3),
                ),
                inner,
                max_size=4,
            ),
            st.lists(inner, max_size=4).map(LyingList),
            st.lists(inner, max_size=4).map(RaisingList),
            st.dictionaries(st.sampled_from(["kind", "card"]), inner, max_size=2).map(LyingDict),
            st.dictionaries(st.sampled_from(["kind", "card"]), inner, max_size=2).map(RaisingDict),
        ),
        max_leaves=12,
    )
    return nested  # type: ignore[no-any-return]


def snapshot(table: Any) -> Any:
    """What a refused move must leave exactly as it was."""
    return (len(table.history), table.to_log()["moves"], table.turn, table.over)


def called(fn: Callable[..., Any], *args: Any) -> Any:
    """Calls fn; only a value or trumpf's Error may come out."""
    count(__name__)
    try:
        return fn(*args)
    except Error:
        return None


class Mutating:
    """A generator of moves that, while being read, plays on the game it is given to."""

    def __init__(self, table: Any, items: list[Any]) -> None:
        self.table, self.items = table, items

    def __iter__(self) -> Iterator[Any]:
        for item in self.items:
            called(
                self.table.apply, self.table.turn, (self.table.legal(self.table.turn) or [{}])[0]
            )
            yield item


class ReEnter:
    """Cyclic garbage whose finalizer plays on, and reads, the game being converted."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.me = self

    def __del__(self) -> None:
        table = self.table
        if not table.over:
            called(table.apply, table.turn, table.legal(table.turn)[0])
        table.history  # noqa: B018  (reading it is the point)


# ----------------------------------------------------------- the operations


def schnapsen_ops(table: Any, arg: Callable[[], Any]) -> list[Callable[[], Any]]:
    pkg = schnapsen
    seat_methods = [
        "legal",
        "view",
        "hand_of",
        "points_of",
        "tricks_won",
        "can_exchange",
        "can_close",
        "can_marry",
        "can_claim",
    ]
    if isinstance(table, pkg.Match):
        seat_methods = ["legal", "view", "to_win"]
    ops: list[Callable[[], Any]] = [
        lambda: table.apply(arg(), arg()),
        lambda: table.apply(table.turn, {"kind": arg(), "card": arg(), "suit": arg()}),
        lambda: pkg.Deal.replay(variant=arg(), seed=SEED, moves=arg()),
        lambda: pkg.Deal.replay(seed=SEED, moves=Mutating(table, [arg(), arg()])),
        lambda: pkg.Deal.from_log(arg()),
        lambda: pkg.Match.from_log(arg()),
        lambda: pkg.Deal.moves_of(arg()),
        lambda: pkg.Deal.build(variant=arg(), seed=arg(), number=arg(), dealer=arg()),
        lambda: pkg.Bot(level=arg(), seed=arg()).choose(table, arg()),
        lambda: pkg.Bot(level=2).choose(arg(), table.turn),
        lambda: pkg.card.id_of(arg()),
        lambda: pkg.card.name_of(arg()),
        lambda: pkg.trick.legal_follows(arg(), arg(), arg(), arg()),
        lambda: pkg.scoring.deal_result(
            variant="schnapsen", how="claim", by="p1", points=arg(), tricks=arg(), close_state=arg()
        ),
        lambda: pkg.search.best_lead(arg(), arg(), arg()),
        lambda: pkg.search.cheapest(arg()),
        lambda: pkg.variant.get(arg()),
        lambda: pkg.deck.order_for(arg(), arg(), arg()),
    ]
    ops += [lambda m=m: getattr(table, m)(arg()) for m in seat_methods]
    return ops


def durak_ops(table: Any, arg: Callable[[], Any]) -> list[Callable[[], Any]]:
    pkg = durak
    view = table.view(table.turn or 1)
    ops: list[Callable[[], Any]] = [
        lambda: table.apply(arg(), arg()),
        lambda: table.apply(table.turn, {"kind": arg(), "card": arg()}),
        lambda: pkg.Game.replay(seed=SEED, moves=arg()),
        lambda: pkg.Game.replay(seed=SEED, moves=Mutating(table, [arg(), arg()])),
        lambda: pkg.Game.from_log(arg()),
        lambda: pkg.Game.moves_of(arg()),
        lambda: pkg.Game.build(seed=arg(), number=arg()),
        lambda: pkg.Bot(level=arg(), seed=arg()).choose(arg()),
        lambda: pkg.Bot(level=3).choose({**view, "legal": arg()}),
        lambda: pkg.Bot.hint({**view, "hand": arg(), "bout": arg()}),
        lambda: pkg.search.choose({**view, "legal": Mutating(table, view["legal"])}, 2, 0),
        lambda: pkg.rules.legal_attacks(
            arg(),
            {
                "attacker": 1,
                "defender": 2,
                "cap": arg(),
                "attacks": arg(),
                "beats": arg(),
                "taken": arg(),
            },
        ),
        lambda: pkg.rules.forced(arg(), arg(), arg(), arg()),
        lambda: pkg.rules.cap_for(arg()),
        lambda: pkg.card.id_of(arg()),
        lambda: pkg.card.beats(arg(), arg(), arg()),
        lambda: pkg.result.outcome(arg(), arg()),
    ]
    ops += [lambda m=m: getattr(table, m)(arg()) for m in ("legal", "view", "hand_of", "can_swap")]
    return ops


def fresh(family: str, draw: Any) -> Any:
    if family == "durak":
        game = durak.Game.build(seed=SEED, number=draw(st.integers(1, 50)))
    else:
        variant = draw(st.sampled_from(["schnapsen", "sixtysix", "schnapsen-tjger"]))
        cls = draw(st.sampled_from([schnapsen.Deal, schnapsen.Match]))
        game = cls.build(variant=variant, seed=SEED)
    for _ in range(draw(st.integers(0, 30))):  # somewhere into the game
        if game.over:
            break
        legal = game.legal(game.turn)
        game.apply(game.turn, legal[draw(st.integers(0, len(legal) - 1))])
    return game


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
@FUZZ
@given(data=st.data())
def test_hostile_calls_refuse_cleanly(family: str, data: st.DataObject) -> None:
    table = fresh(family, data.draw)
    values = hostile()
    ops = (durak_ops if family == "durak" else schnapsen_ops)(table, lambda: data.draw(values))
    for _ in range(data.draw(st.integers(1, 12))):
        op = data.draw(st.sampled_from(ops))
        before = snapshot(table)
        count(__name__)
        try:
            op()
        except Error:
            # apply refused is the only way the table itself is touched here,
            # except by a Mutating generator or a finalizer that plays on.
            after = snapshot(table)
            assert after[0] >= before[0]
        if not table.over and data.draw(st.booleans()):
            legal = table.legal(table.turn)
            table.apply(table.turn, legal[data.draw(st.integers(0, len(legal) - 1))])


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
@FUZZ
@given(data=st.data())
def test_a_refused_move_changes_nothing(family: str, data: st.DataObject) -> None:
    table = fresh(family, data.draw)
    values = hostile()
    for _ in range(data.draw(st.integers(1, 8))):
        before = snapshot(table)
        count(__name__)
        try:
            table.apply(data.draw(values), data.draw(values))
        except Error:
            assert snapshot(table) == before


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
def test_finalizers_re_entering_the_object_while_it_converts(family: str) -> None:
    old = gc.get_threshold()
    gc.set_threshold(1, 1, 1)
    try:
        for number in range(1, 30):
            table = (
                durak.Game.build(seed=SEED, number=number)
                if family == "durak"
                else schnapsen.Match.build(variant="sixtysix", seed=SEED)
            )
            while not table.over:
                for _ in range(3):
                    ReEnter(table)
                table.history  # noqa: B018
                table.view(table.turn or 1 if family == "durak" else "p1")
                if table.over:
                    break
                legal = table.legal(table.turn)
                ReEnter(table)
                called(table.apply, table.turn, legal[0])
            assert type(table).from_log(table.to_log()).history == table.history
    finally:
        gc.set_threshold(*old)


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
def test_threads_on_one_object(family: str) -> None:
    table = (
        durak.Game.build(seed=SEED)
        if family == "durak"
        else schnapsen.Match.build(variant="schnapsen", seed=SEED)
    )

    def play() -> None:
        for _ in range(3000):
            if table.over:
                return
            turn = table.turn
            legal = table.legal(turn) if turn is not None else []
            if legal:
                called(table.apply, turn, legal[len(legal) // 2])
            table.view(turn or (1 if family == "durak" else "p1"))
            table.history  # noqa: B018

    threads = [threading.Thread(target=play) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Whatever the interleaving, the game is one the rules allow: it replays.
    assert type(table).from_log(table.to_log()).history == table.history
