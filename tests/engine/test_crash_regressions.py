"""Every crash found by hostile calls from Python, as a regression test.

Each reproducer runs in its own interpreter (``subprocess.run``), so a
segfault or an abort fails that test and not the test run. The child prints
one line, ``OUTCOME <what happened>``, and the test demands that the process
exited normally and that the call raised trumpf's ``Error`` with the code the
contract gives (or, where the call is legitimate, returned the right value).
The same reproducers run against the oracle where they apply.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from _surface import DEAL, GAME, MATCH, Surface

PRELUDE = """
import gc, pickle, sys
from trumpf.errors import Error
SEED = b"A" * 32
def report(call):
    try:
        value = call()
    except Error as exc:
        print("OUTCOME Error", exc.code)
    except Exception as exc:
        print("OUTCOME raise", type(exc).__name__, str(exc)[:80])
    else:
        print("OUTCOME ok", value)
"""

PACKAGES = {
    "core": ("trumpf.schnapsen", "trumpf.durak"),
    "oracle": ("trumpf.reference.schnapsen", "trumpf.reference.durak"),
}


def run(code: str, impl: str = "core", timeout: float = 120) -> tuple[int, str]:
    """Run ``code`` (with S and D bound to the two packages of ``impl``) in a child."""
    schnapsen, durak = PACKAGES[impl]
    source = PRELUDE + f"import {schnapsen} as S\nimport {durak} as D\n" + textwrap.dedent(code)
    proc = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},
    )
    outcome = [line for line in proc.stdout.splitlines() if line.startswith("OUTCOME ")]
    return proc.returncode, "\n".join(outcome) + (
        "\n" + proc.stderr[-400:] if proc.returncode else ""
    )


def assert_outcomes(code: str, want: list[str], impl: str) -> None:
    status, out = run(code, impl)
    assert status == 0, f"the process died (status {status}): {out}"
    got = [line[len("OUTCOME ") :] for line in out.splitlines() if line.startswith("OUTCOME ")]
    assert got == want


IMPLS = ["core", "oracle"]


@pytest.mark.parametrize("impl", IMPLS)
def test_deal_result_with_a_close_state_that_is_not_a_dict(impl: str) -> None:
    code = """
    for close_state, closed_by in ((5, "p1"), (5, None), ("x", "p1"), ([1, 2], "p1")):
        report(lambda: S.scoring.deal_result(
            variant="schnapsen", how="claim", by="p1",
            points={"p1": 70, "p2": 20}, tricks={"p1": 4, "p2": 2},
            closed_by=closed_by, close_state=close_state, last_trick="p1"))
    """
    assert_outcomes(code, ["Error bad_value"] * 4, impl)


class_views = """
def view_at(plies):
    game = D.Game.build(seed=SEED)
    for ply in range(plies):
        legal = game.legal(game.turn)
        game.apply(game.turn, legal[(ply * 5 + 2) % len(legal)])
    return game.view(game.turn)
"""


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("caller", ["Bot.choose", "Bot.hint", "search.choose"])
def test_durak_bots_with_a_legal_iterable_or_an_allocating_hand(impl: str, caller: str) -> None:
    call = {
        "Bot.choose": "D.Bot(level=3).choose(v)",
        "Bot.hint": "D.Bot.hint(v)",
        "search.choose": "D.search.choose(v, 3, 0)",
    }[caller]
    code = class_views + textwrap.dedent(
        f"""
    def legal_generator():
        v = view_at(3)
        v["legal"] = (m for m in v["legal"])
        return v

    class Hand:
        def __init__(self, view):
            self.view = view
        def __iter__(self):
            junk = [list(range(50)) for _ in range(500)]
            self.view["legal"] = [{{"kind": "take"}}] * 100
            self.view.clear()
            del junk
            gc.collect()
            yield from [1, 2, 3]

    def allocating_hand():
        v = view_at(3)
        v["hand"] = Hand(v)
        return v

    class Legal:
        def __iter__(self):
            return iter([{{"kind": "take"}}])

    def legal_object():
        v = view_at(3)
        v["legal"] = Legal()
        return v

    for make in (legal_generator, allocating_hand, legal_object):
        for _ in range(20):
            v = make()
            report(lambda: {call})
    """
    )
    assert_outcomes(code, ["Error bad_view"] * 60, impl)


@pytest.mark.parametrize("impl", IMPLS)
def test_game_replay_refusing_a_moves_iterable_that_is_not_a_list(impl: str) -> None:
    code = """
    class Moves:
        def __iter__(self):
            return iter([{"seat": 1, "kind": "fly"}])

    def moves():
        yield {"seat": 1, "kind": "fly"}

    for _ in range(50):
        report(lambda: D.Game.replay(seed=SEED, moves=Moves()))
        report(lambda: D.Game.replay(seed=SEED, moves=moves()))
        report(lambda: D.Game.replay(seed=SEED, moves="ab" * 1000))
    """
    assert_outcomes(code, ["Error not_legal"] * 150, impl)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("fn", ["legal_attacks", "forced", "closes"])
def test_rules_with_a_bout_whose_attacks_mutate_it(impl: str, fn: str) -> None:
    call = {
        "legal_attacks": "D.rules.legal_attacks([3, 12, 21], bout)",
        "forced": "D.rules.forced([3, 12, 21], bout, 'S', False)",
        "closes": "D.rules.closes(bout, 3)",
    }[fn]
    code = f"""
    class Attacks:
        def __init__(self, bout):
            self.bout = bout
        def __iter__(self):
            self.bout["beats"] = [None] * 1000
            self.bout.clear()
            junk = [bytearray(64) for _ in range(1000)]
            del junk
            yield 3

    def attacks_generator(bout):
        bout["beats"] = [[0] * 100 for _ in range(100)]
        bout.clear()
        yield 3

    for make in (Attacks, attacks_generator):
        for _ in range(20):
            bout = {{"attacker": 1, "defender": 2, "cap": 6, "beats": [4], "taken": False}}
            bout["attacks"] = make(bout)
            report(lambda: {call})
    """
    assert_outcomes(code, ["Error bad_bout"] * 40, impl)


REENTRY = """
class Reenter:
    # A cyclic-garbage object whose finalizer plays on the same table.
    def __init__(self, table, seat):
        self.table, self.seat, self.cycle = table, seat, self
    def __del__(self):
        try:
            if not self.table.over:
                seat = self.table.turn
                self.table.apply(seat, self.table.legal(seat)[0])
        except Exception:
            pass

def arm(table):
    for _ in range(50):
        Reenter(table, None)

gc.set_threshold(1, 1, 1)
"""


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("what", ["Match.history", "Deal.apply", "Game.history"])
def test_a_finalizer_that_reenters_the_object(impl: str, what: str) -> None:
    body = {
        "Match.history": """
        table = S.Match.build(variant="sixtysix", seed=SEED)
        for _ in range(30):
            arm(table)
            history = table.history
            assert isinstance(history, list) and all(isinstance(e, dict) for e in history)
            if table.over:
                break
            table.apply(table.turn, table.legal(table.turn)[0])
        print("OUTCOME ok", len(table.history) > 0)
        """,
        "Deal.apply": """
        table = S.Deal.build(variant="schnapsen", seed=SEED)
        for _ in range(30):
            if table.over:
                break
            arm(table)
            legal = table.legal(table.turn)
            if not legal:
                continue
            try:
                events = table.apply(table.turn, legal[0])
                assert isinstance(events, list) and all(isinstance(e, dict) for e in events)
            except Error:
                pass
        print("OUTCOME ok", table.history == S.Deal.replay(variant="schnapsen", seed=SEED, moves=S.Deal.moves_of(table.history))["deal"].history)
        """,
        "Game.history": """
        table = D.Game.build(seed=SEED)
        for _ in range(60):
            arm(table)
            history = table.history
            assert isinstance(history, list) and all(isinstance(e, dict) for e in history)
            if table.over:
                break
            table.apply(table.turn, table.legal(table.turn)[0])
        print("OUTCOME ok", len(table.history) > 0)
        """,
    }[what]
    gc_off = "gc.set_threshold(700, 10, 10)\n"
    assert_outcomes(REENTRY + textwrap.dedent(body) + gc_off, ["ok True"], impl)


def test_simulate_with_a_hundred_thousand_threads() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from trumpf.cli import main; sys.exit(main())",
            "simulate",
            "schnapsen",
            "--games",
            "10",
            "--threads",
            "100000",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = proc.stdout + proc.stderr
    assert proc.returncode == 2, f"status {proc.returncode}: {said[-400:]}"
    assert "Traceback" not in said
    assert "thread" in said.lower()


def test_the_simulator_refuses_a_thread_count_beyond_its_bound() -> None:
    code = """
    from trumpf._core import sim
    report(lambda: sim.run("schnapsen", 10, "random", "random", SEED, 100000))
    """
    assert_outcomes(code, ["Error bad_threads"], "core")


PICKLE = """
import copy

def played(table, plies):
    for ply in range(plies):
        if table.over:
            break
        legal = table.legal(table.turn)
        table.apply(table.turn, legal[(ply * 7 + 3) % len(legal)])
    return table

def state(table):
    seats = (1, 2) if type(table).__name__ == "Game" else ("p1", "p2")
    return (table.history, table.to_log(), [table.view(s) for s in seats], table.over)

def same_then_plays_on(table, twin):
    if state(twin) != state(table):
        return "state differs"
    for ply in range(400):
        if table.over:
            break
        legal = table.legal(table.turn)
        move = legal[(ply * 3 + 1) % len(legal)]
        if twin.legal(twin.turn) != legal:
            return "legal differs"
        if table.apply(table.turn, move) != twin.apply(twin.turn, move):
            return "events differ"
    return "same" if state(twin) == state(table) else "end differs"
"""


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("what", ["Deal", "Match", "Game"])
def test_pickle_every_protocol_and_play_on(impl: str, what: str) -> None:
    make = {
        "Deal": "played(S.Deal.build(variant='sixtysix', seed=SEED), 9)",
        "Match": "played(S.Match.build(variant='schnapsen', seed=SEED), 25)",
        "Game": "played(D.Game.build(seed=SEED, number=2), 15)",
    }[what]
    code = PICKLE + textwrap.dedent(
        f"""
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        table = {make}
        report(lambda: same_then_plays_on(table, pickle.loads(pickle.dumps(table, protocol=proto))))
    """
    )
    assert_outcomes(code, ["ok same"] * 6, impl)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_game_in_progress_moves_between_processes(impl: str, tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "game.pickle")
    writer = f"""
    table = D.Game.build(seed=SEED)
    for _ in range(11):
        table.apply(table.turn, table.legal(table.turn)[0])
    with open({path!r}, "wb") as out:
        pickle.dump((table, table.history, table.view(table.turn)), out, protocol=0)
    print("OUTCOME ok written")
    """
    assert_outcomes(writer, ["ok written"], impl)
    reader = f"""
    with open({path!r}, "rb") as src:
        table, history, view = pickle.load(src)
    report(lambda: (table.history == history, table.view(table.turn) == view,
                    table.to_log() == D.Game.replay(seed=SEED, moves=D.Game.moves_of(history))["game"].to_log()))
    """
    assert_outcomes(reader, ["ok (True, True, True)"], impl)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("what", ["Bot-schnapsen", "Bot-durak"])
def test_bots_pickle_under_every_protocol(impl: str, what: str) -> None:
    pkg = "S" if what == "Bot-schnapsen" else "D"
    code = f"""
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        bot = {pkg}.Bot(level=2, seed="seed")
        report(lambda: (lambda twin: (twin.level, twin.seed))(pickle.loads(pickle.dumps(bot, protocol=proto))))
    """
    assert_outcomes(code, ["ok (2, 'seed')"] * 6, impl)


def _members(surface: Surface) -> list[str]:
    """Every instance member of a class, as the test below calls it: a property
    by name, a seat method as ``name()``, then apply, copy and to_log."""
    return [
        *surface.props,
        *(f"{m}()" for m in surface.seat_methods),
        *(f"{m}()" for m in surface.other_methods),
        *surface.plain_methods,
    ]


BARE = {
    "Deal": ("S.Deal", "p1", _members(DEAL)),
    "Match": ("S.Match", "p1", _members(MATCH)),
    "Game": ("D.Game", 1, _members(GAME)),
}


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("what", sorted(BARE))
def test_every_member_of_an_object_made_by_new_refuses(impl: str, what: str) -> None:
    cls, seat, members = BARE[what]
    lines = []
    for member in members:
        if member == "apply()":
            call = f"bare.apply({seat!r}, {{'kind': 'claim'}})"
        elif member.endswith("()"):
            call = f"bare.{member[:-2]}({seat!r})"
        elif member in (*DEAL.plain_methods, *GAME.plain_methods):
            call = f"bare.{member}()"
        else:
            call = f"bare.{member}"
        lines.append(f"bare = {cls}.__new__({cls})\nreport(lambda: {call})")
    assert_outcomes("\n".join(lines), ["Error not_built"] * len(members), impl)


@pytest.mark.parametrize("impl", IMPLS)
def test_bots_made_by_new_refuse(impl: str) -> None:
    code = """
    view = D.Game.build(seed=SEED).view(1)
    for bot in (S.Bot.__new__(S.Bot), D.Bot.__new__(D.Bot)):
        report(lambda: bot.level)
        report(lambda: bot.seed)
    report(lambda: S.Bot.__new__(S.Bot).choose(S.Deal.build(seed=SEED), "p2"))
    report(lambda: D.Bot.__new__(D.Bot).choose(view))
    """
    assert_outcomes(code, ["Error not_built"] * 6, impl)
