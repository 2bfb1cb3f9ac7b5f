"""The contract tables of the exact solvers, ``solve`` of both families.

The core's alpha-beta and the oracle's plain minimax must give the same
values on positions small enough for the minimax (phase 2 with a few cards
in hand; a Durak endgame with a few cards in play), under house rules too,
and the same refusals: a value that is not a game, one made by ``__new__``,
a finished game, a budget that is not an int in 1..10**12. A Durak budget
that runs out leaves a move unknown (None) on both; its proven bounds are
the core's business (the oracle proves nothing before the end), so only the
values are compared there. cases_schnapsen and cases_durak take these in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from _contract import OTHER_SEED, SEED, Case, case, err, hostile_ints, ok

# Seeds whose positions below show a house rule at work: the preset's deal
# offers a marriage by lead with either card of the pair, and the custom
# Sixty-Six deal's failed close pays the closer's value (one move is worth
# -2 there, -3 under the reference rules).
BY_LEAD_SEED = hashlib.sha256(b"solve-10").digest()
CLOSER_SEED = hashlib.sha256(b"solve-0").digest()
HOUSE_SIXTYSIX = {"name": "sixtysix", "marriage_by_lead": True, "failed_close_pays": "closer_value"}
# (label, variant, seed, cards): a deal played by a fixed policy until phase
# 2 with at most `cards` in the hand on turn; house rules among them.
SCHNAPSEN_POSITIONS: list[tuple[str, Any, bytes, int]] = [
    ("s3", "schnapsen", SEED, 3),
    ("s2", "schnapsen", OTHER_SEED, 2),
    ("x3", "sixtysix", SEED, 3),
    ("x2", "sixtysix", OTHER_SEED, 2),
    ("t3", "schnapsen-tjger", SEED, 3),
    ("t3b", "schnapsen-tjger", OTHER_SEED, 3),
    ("t3-by-lead", "schnapsen-tjger", BY_LEAD_SEED, 3),
    ("t3-by-lead-b", "schnapsen-tjger", hashlib.sha256(b"solve-17").digest(), 3),
    ("custom-x3", HOUSE_SIXTYSIX, SEED, 3),
    ("custom-x3-closer", HOUSE_SIXTYSIX, CLOSER_SEED, 3),
    ("x3-closer-reference", "sixtysix", CLOSER_SEED, 3),
    ("custom-s2", {"name": "schnapsen", "close_min_stock": 4}, OTHER_SEED, 2),
]
# (label, seed, number, cards, then): a Durak game played by a fixed policy
# until the talon is empty with at most `cards` in the hands and on the
# table, then `then` first legal moves (into a bout); each is live, and its
# moves do not all have one value.
DURAK_POSITIONS: list[tuple[str, bytes, int, int, int]] = [
    ("e4", SEED, 23, 4, 0),
    ("e6", SEED, 26, 6, 0),
    ("e6b", SEED, 28, 6, 0),
    ("bout", SEED, 36, 7, 2),
    ("bout-b", OTHER_SEED, 9, 7, 2),
]
NOT_GAMES: list[tuple[str, Any]] = [
    ("none", None),
    ("int", 1),
    ("str", "deal"),
    ("dict", {}),
    ("list", []),
    ("bot", "BOT"),
]
# Budgets that are not an int in 1..10**12: each refuses bad_budget.
BAD_BUDGETS: list[tuple[str, Any]] = [
    ("0", 0),
    ("-1", -1),
    ("10**12+1", 10**12 + 1),
    *[(label, bad) for label, bad in hostile_ints() if label not in ("raising-eq", "lying-int")],
]
# int subclasses are read by the int they hold, as every int argument is.
SUBCLASS_BUDGETS: list[tuple[str, Any]] = [
    (label, bad) for label, bad in hostile_ints() if label in ("raising-eq", "lying-int")
]


def _not_game(m: ModuleType, bad: Any) -> Any:
    return m.Bot() if bad == "BOT" else bad


# ------------------------------------------------------------------ Schnapsen


def schnapsen_endgame(
    m: ModuleType, variant: Any, seed: bytes, cards: int, match: bool = False
) -> Any:
    """A Deal (or Match) in phase 2 with at most ``cards`` in the hand on turn.

    A fixed policy over ``legal`` that never claims (a claim ends the deal);
    it closes when the policy picks a close.
    """
    table: Any
    if match:
        table = m.Match.build(variant=variant, seed=seed, dealer="p2")
    else:
        table = m.Deal.build(variant=variant, seed=seed, number=1, dealer="p1")
    ply = 0
    deal = table.deal if match else table
    while not deal.over and (deal.phase == 1 or len(deal.hand_of(deal.turn)) > cards):
        legal = [move for move in table.legal(table.turn) if move["kind"] != "claim"]
        table.apply(table.turn, legal[(ply * 7 + 3) % len(legal)])
        ply += 1
        deal = table.deal if match else table
    return table


def schnapsen_over(m: ModuleType, match: bool = False) -> Any:
    """A finished deal (or match): the seat on turn takes its first legal move."""
    table: Any
    if match:
        table = m.Match.build(variant="schnapsen", seed=SEED)
    else:
        table = m.Deal.build(variant="schnapsen", seed=SEED)
    while not table.over:
        table.apply(table.turn, table.legal(table.turn)[0])
    return table


def _solved_and_unchanged(m: ModuleType, table: Any) -> Any:
    """values() and value() on a table, and the table after: solving plays on copies."""
    return [m.solve.values(table), m.solve.value(table), table]


def schnapsen_cases() -> Iterator[Case]:
    """The cases of trumpf.schnapsen.solve against trumpf.reference.schnapsen.solve."""
    for label, variant, seed, cards in SCHNAPSEN_POSITIONS:
        yield case(
            "solve.values",
            label,
            lambda m, v=variant, s=seed, c=cards: m.solve.values(schnapsen_endgame(m, v, s, c)),
        )
        yield case(
            "solve.value",
            label,
            lambda m, v=variant, s=seed, c=cards: m.solve.value(schnapsen_endgame(m, v, s, c)),
        )
    yield case(
        ("solve.values", "solve.value"),
        "deal-unchanged",
        lambda m: _solved_and_unchanged(m, schnapsen_endgame(m, "schnapsen-tjger", SEED, 3)),
    )
    for label, variant, seed, cards in [SCHNAPSEN_POSITIONS[0], SCHNAPSEN_POSITIONS[4]]:
        yield case(
            ("solve.values", "solve.value"),
            f"match-{label}",
            lambda m, v=variant, s=seed, c=cards: _solved_and_unchanged(
                m, schnapsen_endgame(m, v, s, c, match=True)
            ),
        )
    yield case(
        "solve.values",
        "match-is-its-deal",
        lambda m: (
            m.solve.values(schnapsen_endgame(m, "sixtysix", SEED, 3, match=True))
            == m.solve.values(schnapsen_endgame(m, "sixtysix", SEED, 3, match=True).deal)
        ),
        ok(True),
    )
    for fn in ("values", "value"):
        api = f"solve.{fn}"
        for label, bad in NOT_GAMES:
            yield case(
                api,
                f"game-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.solve, fn)(_not_game(m, bad)),
                err("bad_game"),
            )
        for cls in ("Deal", "Match"):
            yield case(
                api,
                f"bare-{cls}",
                lambda m, fn=fn, cls=cls: getattr(m.solve, fn)(
                    getattr(m, cls).__new__(getattr(m, cls))
                ),
                err("not_built"),
            )
        yield case(
            api,
            "deal-over",
            lambda m, fn=fn: getattr(m.solve, fn)(schnapsen_over(m)),
            err("deal_over"),
        )
        yield case(
            api,
            "match-over",
            lambda m, fn=fn: getattr(m.solve, fn)(schnapsen_over(m, match=True)),
            err("deal_over"),
        )
        yield case(api, "no-args", lambda m, fn=fn: getattr(m.solve, fn)(), arity=True)
        yield case(
            api,
            "two-args",
            lambda m, fn=fn: getattr(m.solve, fn)(schnapsen_endgame(m, "schnapsen", SEED, 2), 1),
            arity=True,
        )
        yield case(
            api,
            "keyword",
            lambda m, fn=fn: getattr(m.solve, fn)(deal=schnapsen_endgame(m, "schnapsen", SEED, 2)),
        )


# ---------------------------------------------------------------------- Durak


def durak_endgame(m: ModuleType, seed: bytes, number: int, cards: int, then: int = 0) -> Any:
    """A Game with the talon empty and at most ``cards`` in the hands and on the table.

    A fixed policy over ``legal``, then ``then`` first legal moves; a game
    that ends on the way is returned over.
    """
    game = m.Game.build(seed=seed, number=number)
    ply = 0
    while not game.over:
        bout = game.bout or {}
        table = len(bout.get("attacks", [])) + len(bout.get("beats", []))
        if game.talon_left == 0 and game.count_of(1) + game.count_of(2) + table <= cards:
            break
        legal = game.legal(game.turn)
        game.apply(game.turn, legal[(ply * 5 + 2) % len(legal)])
        ply += 1
    for _ in range(then):
        if not game.over:
            game.apply(game.turn, game.legal(game.turn)[0])
    return game


def durak_over(m: ModuleType, resign: bool = False) -> Any:
    """A finished game: played out by the first legal move, or resigned at once."""
    game = m.Game.build(seed=SEED)
    if resign:
        game.apply(game.turn, {"kind": "resign"})
    while not game.over:
        game.apply(game.turn, game.legal(game.turn)[0])
    return game


def _unknown_values(m: ModuleType, budget: Any) -> Any:
    """values() and value() of a fresh game within a budget far too small: all None."""
    game = m.Game.build(seed=SEED)
    return [[entry["value"] for entry in m.solve.values(game, budget)], m.solve.value(game, budget)]


def durak_cases() -> Iterator[Case]:
    """The cases of trumpf.durak.solve against trumpf.reference.durak.solve."""
    yield case("solve.DEFAULT_BUDGET", "value", lambda m: m.solve.DEFAULT_BUDGET, ok(1_000_000))
    for label, seed, number, cards, then in DURAK_POSITIONS:
        at = (seed, number, cards, then)
        yield case("solve.values", label, lambda m, at=at: m.solve.values(durak_endgame(m, *at)))
        yield case("solve.value", label, lambda m, at=at: m.solve.value(durak_endgame(m, *at)))
        yield case(
            ("solve.values", "solve.value"),
            f"{label}-budget",
            lambda m, at=at: [
                m.solve.values(durak_endgame(m, *at), 100_000),
                m.solve.value(durak_endgame(m, *at), budget=100_000),
            ],
        )
    yield case(
        ("solve.values", "solve.value"),
        "game-unchanged",
        lambda m: (lambda g: [m.solve.values(g), m.solve.value(g), g])(
            durak_endgame(m, *DURAK_POSITIONS[0][1:])
        ),
    )
    for label, budget in [("1", 1), ("10", 10)]:
        yield case(
            ("solve.values", "solve.value"),
            f"budget-{label}-runs-out",
            lambda m, b=budget: _unknown_values(m, b),
        )
    for label, bad in SUBCLASS_BUDGETS:
        yield case(
            ("solve.values", "solve.value"),
            f"budget-{label}",
            lambda m, bad=bad: _unknown_values(m, bad),
        )
    for fn in ("values", "value"):
        api = f"solve.{fn}"
        for label, bad in BAD_BUDGETS:
            yield case(
                api,
                f"budget-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.solve, fn)(m.Game.build(seed=SEED), bad),
                err("bad_budget"),
            )
        for label, bad in NOT_GAMES:
            yield case(
                api,
                f"game-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.solve, fn)(_not_game(m, bad)),
                err("bad_game"),
            )
        # The game is checked before the budget.
        yield case(
            api,
            "game-and-budget-bad",
            lambda m, fn=fn: getattr(m.solve, fn)(None, 0),
            err("bad_game"),
        )
        yield case(
            api,
            "bare",
            lambda m, fn=fn: getattr(m.solve, fn)(m.Game.__new__(m.Game)),
            err("not_built"),
        )
        for label, resign in [("played-out", False), ("resigned", True)]:
            yield case(
                api,
                f"over-{label}",
                lambda m, fn=fn, r=resign: getattr(m.solve, fn)(durak_over(m, r)),
                err("game_over"),
            )
        yield case(
            api,
            "over-and-budget-bad",
            lambda m, fn=fn: getattr(m.solve, fn)(durak_over(m), 0),
            err("game_over"),
        )
        yield case(api, "no-args", lambda m, fn=fn: getattr(m.solve, fn)(), arity=True)
        yield case(
            api,
            "unknown-keyword",
            lambda m, fn=fn: getattr(m.solve, fn)(
                durak_endgame(m, *DURAK_POSITIONS[0][1:]), depth=3
            ),
            arity=True,
        )
