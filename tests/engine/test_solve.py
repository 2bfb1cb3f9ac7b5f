"""The solver is exact: the C++ solvers agree with plain minimax in the oracle.

Random positions small enough for the oracle's minimax (a few cards left once
the talon is closed or gone; a few cards left in a Durak endgame), reached by
random play on the core, rebuilt on the oracle from the move log, and solved
by both: every legal move must get the same value, in the same order, with the
same move dict. ``VARIANTS`` is the list of rule sets: the two games, the
``schnapsen-tjger`` preset (marriages shown by a lead, a failed close paying
the closer's value) and random ``variant.custom`` tables on both games, for
the solver knows no rule of its own and must be exact under every one.
Larger positions, phase 1 (closes, exchanges, draws, the minimum stocks)
included, are checked in C++ against plain alpha-beta under the same kinds
of tables by cpp/tests/solve_test.cpp.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trumpf.durak as durak
import trumpf.reference.durak as durak_oracle
import trumpf.reference.schnapsen as schnapsen_oracle
import trumpf.schnapsen as schnapsen
from differential import scaled


def house_tables(count: int) -> list[Any]:
    """``count`` random house-rule tables on each game, the same on every run.

    The first of each game has both rules that reach phase 2 (a marriage by
    lead, a failed close paying the closer's value); the minimum stocks and
    the rest are drawn at random.
    """
    rng = random.Random("solver house rules")
    tables = []
    for base, stock in (("schnapsen", 10), ("sixtysix", 12)):
        for index in range(count):
            tables.append(
                schnapsen.variant.custom(
                    base,
                    exchange_min_stock=rng.randint(1, stock),
                    close_min_stock=rng.randint(1, stock),
                    marriage_by_lead=index == 0 or rng.random() < 0.5,
                    failed_close_pays=rng.choice(
                        ["closer_value"] if index == 0 else ["reference", "closer_value"]
                    ),
                )
            )
    return tables


def variant_id(variant: Any) -> str:
    if isinstance(variant, str):
        return variant
    return "{name}-x{exchange_min_stock}-c{close_min_stock}-{lead}-{failed_close_pays}".format(
        lead="by_lead" if variant["marriage_by_lead"] else "declared", **variant
    )


# Every rule set the solver must be exact under: pass each to Deal.build.
VARIANTS: list[Any] = ["schnapsen", "sixtysix", "schnapsen-tjger", *house_tables(2)]
CHUNKS = 10  # each variant's positions in this many tests, for progress and -x
PER_CHUNK = scaled(120)  # positions per chunk: 1200 a variant
DURAK_PER_CHUNK = scaled(100)


def random_seed(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(32))


def small_deal(variant: Any, rng: random.Random) -> Any:
    """A core Deal in phase 2 with at most three cards in the hand on turn.

    Random play never claims on the way (a random claim would end most deals
    at once) but closes when it likes; the position may be a lead or a follow.
    """
    limit = rng.choice([1, 2, 3, 3, 3])
    while True:
        deal = schnapsen.Deal.build(
            variant=variant,
            seed=random_seed(rng),
            number=rng.randrange(1, 1000),
            dealer=rng.choice(["p1", "p2"]),
        )
        while not deal.over:
            small = len(deal.hand_of(deal.turn)) <= limit
            if deal.phase == 2 and small and rng.random() < 0.5:
                return deal
            legal = [m for m in deal.legal(deal.turn) if m["kind"] != "claim"]
            deal.apply(deal.turn, rng.choice(legal))


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_schnapsen_solver_agrees_with_minimax(variant: Any, chunk: int) -> None:
    rng = random.Random(f"schnapsen {variant_id(variant)} {chunk}")
    for _ in range(PER_CHUNK):
        deal = small_deal(variant, rng)
        replica = schnapsen_oracle.Deal.from_log(deal.to_log())
        want = schnapsen_oracle.solve.values(replica)
        got = schnapsen.solve.values(deal)
        assert got == want, deal.to_log()
        assert schnapsen.solve.value(deal) == max(entry["value"] for entry in want)


def small_game(rng: random.Random) -> Any:
    """A core Game with the talon empty and at most five cards in hands and on the table."""
    while True:
        game = durak.Game.build(seed=random_seed(rng), number=rng.randrange(1, 1000))
        while not game.over:
            bout = game.bout or {}
            table = len(bout.get("attacks", [])) + len(bout.get("beats", []))
            if game.talon_left == 0 and game.count_of(1) + game.count_of(2) + table <= 5:
                return game
            game.apply(game.turn, rng.choice(game.legal(game.turn)))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_durak_solver_agrees_with_minimax(chunk: int) -> None:
    rng = random.Random(f"durak {chunk}")
    compared = 0
    for _ in range(DURAK_PER_CHUNK):
        game = small_game(rng)
        replica = durak_oracle.Game.from_log(game.to_log())
        want = durak_oracle.solve.values(replica, budget=3000)
        if any(entry["value"] is None for entry in want):
            continue  # too big for plain minimax: cpp/tests/solve_test.cpp covers it
        got = durak.solve.values(game, budget=10_000_000)
        assert got == want, game.to_log()
        assert durak.solve.value(game) == max(entry["value"] for entry in want)
        compared += 1
    assert compared >= DURAK_PER_CHUNK * 3 // 4


@pytest.mark.parametrize("impl", [schnapsen, schnapsen_oracle], ids=["core", "oracle"])
def test_schnapsen_refusals(impl: Any) -> None:
    with pytest.raises(impl.Error) as refused:
        impl.solve.values("a deal")
    assert refused.value.code == "bad_game"
    deal = impl.Deal.build(variant="schnapsen", seed=bytes(32))
    while not deal.over:
        deal.apply(deal.turn, deal.legal(deal.turn)[0])
    with pytest.raises(impl.Error) as refused:
        impl.solve.value(deal)
    assert refused.value.code == "deal_over"


@pytest.mark.parametrize("impl", [schnapsen, schnapsen_oracle], ids=["core", "oracle"])
def test_a_match_is_solved_in_its_current_deal(impl: Any) -> None:
    match = impl.Match.build(variant="sixtysix", seed=bytes(range(32)))
    while len(match.deal.hand_of(match.turn)) > 2 or match.deal.phase == 1:
        legal = [m for m in match.legal(match.turn) if m["kind"] != "claim"]
        match.apply(match.turn, legal[-1])
    assert impl.solve.values(match) == impl.solve.values(match.deal)


@pytest.mark.parametrize("budget", [0, -1, 10**13, 2.5, "100", True, None])
def test_durak_budget_is_checked(budget: Any) -> None:
    for impl in (durak, durak_oracle):
        with pytest.raises(impl.Error) as refused:
            impl.solve.values(impl.Game.build(seed=bytes(32)), budget=budget)
        assert refused.value.code == "bad_budget"
    with pytest.raises(durak.Error) as refused:
        durak.solve.value(schnapsen.Deal.build(seed=bytes(32)))  # type: ignore[arg-type]
    assert refused.value.code == "bad_game"  # type: ignore[attr-defined]


def test_durak_budget_runs_out_with_bounds() -> None:
    # A whole deal from the first move is far beyond ten positions.
    game = durak.Game.build(seed=bytes(range(32)))
    entries = durak.solve.values(game, budget=10)
    assert [entry["move"] for entry in entries] == game.legal(game.turn)
    for entry in entries:
        assert entry["value"] is None
        assert -1 <= entry["low"] < entry["high"] <= 1
    assert durak.solve.value(game, budget=10) is None
