"""The contract tables of the Expert bots, both families.

Core and oracle must choose the same move where the oracle states the
expert's definition: positions whose worlds are all enumerated and solved
exactly (cases_solve's phase-2 and empty-talon positions, the expert on
turn, house rules among them), whatever the seed; and refuse alike: a
budget or seed out of range, a value that is not a table, one made by
``__new__``, a bad seat. A seat not on turn, or a finished table, gets
None. The properties, repr and pickling round-trip are compared too.
``choose(info)`` (the seat's info dict alone) is compared on the same
positions, and refused alike (bad_info) when the dict is not one a table
gave a seat on turn: mutated copies of real infos.
cases_schnapsen and cases_durak take these in.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from _contract import SEED, Case, LyingDict, case, err, ok
from cases_solve import (
    DURAK_POSITIONS,
    SCHNAPSEN_POSITIONS,
    durak_endgame,
    durak_over,
    schnapsen_endgame,
    schnapsen_over,
)

BAD_OPTIONS: list[tuple[str, dict[str, Any], str]] = [
    ("samples-0", {"samples": 0}, "bad_budget"),
    ("samples-huge", {"samples": 2**20 + 1}, "bad_budget"),
    ("samples-bool", {"samples": True}, "bad_budget"),
    ("samples-float", {"samples": 4.0}, "bad_budget"),
    ("budget-0", {"budget": 0}, "bad_budget"),
    ("budget-huge", {"budget": 10**12 + 1}, "bad_budget"),
    ("budget-str", {"budget": "9"}, "bad_budget"),
    ("seed-negative", {"seed": -1}, "bad_seed"),
    ("seed-huge", {"seed": 2**63}, "bad_seed"),
    ("seed-bytes", {"seed": b"seed"}, "bad_seed"),
]
SEEDS = (0, 1, 2**63 - 1)
# Enough worlds and work that every world of the positions is enumerated and
# solved: the budget never binds, so the sum does not depend on the order.
WIDE = {"samples": 4096, "budget": 10**9}


def make_choose(make: Callable[[ModuleType], Any]) -> Callable[[ModuleType], Any]:
    """The call choose(info) on the info `make` builds, with the default Expert."""
    return lambda m: m.Expert().choose(make(m))


def _options(m: ModuleType) -> Any:
    e = m.Expert(samples=9, budget=12345, seed=77)
    back = pickle.loads(pickle.dumps(e))
    return [e.samples, e.budget, e.seed, repr(e), back.samples, back.budget, back.seed]


def _common(api_choose: str) -> Iterator[Case]:
    yield case(
        ("Expert.samples", "Expert.budget", "Expert.seed"),
        "defaults",
        lambda m: [m.Expert().samples, m.Expert().budget, m.Expert().seed],
        ok([64, 200_000, 0]),
    )
    yield case(("Expert", "Expert.samples"), "options-and-pickle", _options)
    for label, options, code in BAD_OPTIONS:
        yield case("Expert", label, lambda m, o=options: m.Expert(**o), err(code))
    for label, bad in [("none", None), ("int", 1), ("str", "deal"), ("dict", {})]:
        yield case(
            api_choose, f"game-{label}", lambda m, b=bad: m.Expert().choose(b, 1), err("bad_game")
        )


def _info_of(table: Any, who: Any = None, **changes: Any) -> dict[str, Any]:
    """A copy of the info of seat `who` (the seat on turn by default), with `changes`."""
    info = copy.deepcopy(dict(table.info(table.turn if who is None else who)))
    for key, value in changes.items():
        if value is DROP:
            del info[key]
        else:
            info[key] = value(info) if callable(value) else value
    return info


DROP = object()


def _twice(cards: list[int]) -> list[int]:
    return [cards[0], *cards[:-1]]


def _info_refusals(
    make: Callable[[ModuleType], Any], other: Callable[[Any], Any]
) -> Iterator[tuple[str, Callable[[ModuleType], Any]]]:
    """(label, info builder) of dicts that are not a seat's on turn: each is bad_info."""
    yield "not-a-dict", lambda m: [1, 2]
    yield "no-hand", lambda m: _info_of(make(m), hand=DROP)
    yield "no-legal", lambda m: _info_of(make(m), legal=DROP)
    yield "hand-twice", lambda m: _info_of(make(m), hand=lambda i: _twice(i["hand"]))
    yield (
        "hand-unseen",
        lambda m: _info_of(make(m), unseen=lambda i: [*i["unseen"][1:], i["hand"][0]]),
    )
    yield "not-on-turn", lambda m: (lambda t: _info_of(t, other(t.turn)))(make(m))
    yield "over-true", lambda m: _info_of(make(m), over=True)
    yield "legal-short", lambda m: _info_of(make(m), legal=lambda i: i["legal"][:-1])
    yield (
        "known-swapped",
        lambda m: _info_of(
            make(m), known=lambda i: i["unseen"][:1], unseen=lambda i: i["known"] + i["unseen"][1:]
        ),
    )


# Schnapsen matches (seed text, deals finished, cards in the hand on turn)
# whose endgame the expert, playing for the match, and expert-pimc, playing
# for game points, answer differently: test_standings.py checks that they do.
STANDINGS = [("30", 3, 2), ("575", 3, 3)]


def match_endgame(m: ModuleType, text: str, deals: int, cards: int) -> Any:
    """A Schnapsen match after `deals` deals, in phase 2 with at most `cards`
    in the hand on turn, by cases_solve's fixed policy (never a claim)."""
    table = m.Match.build(
        variant="schnapsen", seed=hashlib.sha256(text.encode()).digest(), dealer="p2"
    )
    ply = 0
    while not table.over:
        deal = table.deal
        ready = table.info(table.turn)["deals"] >= deals and deal.phase == 2
        if ready and not deal.over and len(deal.hand_of(deal.turn)) <= cards:
            break
        legal = [move for move in table.legal(table.turn) if move["kind"] != "claim"]
        table.apply(table.turn, legal[(ply * 7 + 3) % len(legal)])
        ply += 1
    return table


def both_experts(m: ModuleType, table: Any, info: bool) -> list[Any]:
    """The expert's move and expert-pimc's, from the table or the info alone."""
    seat = table.turn
    return [
        m.Expert(**WIDE, pimc=p).choose(table.info(seat))
        if info
        else m.Expert(**WIDE, pimc=p).choose(table, seat)
        for p in (False, True)
    ]


def schnapsen_cases() -> Iterator[Case]:
    """trumpf.schnapsen.Expert against trumpf.reference.schnapsen.Expert."""
    yield from _common("Expert.choose")
    yield case(
        ("Expert", "Expert.pimc"),
        "pimc-and-pickle",
        lambda m: (lambda e, back: [m.Expert().pimc, e.pimc, repr(e), back.pimc, repr(back)])(
            m.Expert(seed=3, pimc=True), pickle.loads(pickle.dumps(m.Expert(seed=3, pimc=True)))
        ),
    )
    for label, bad in [("int", 1), ("none", None), ("str", "yes")]:
        yield case("Expert", f"pimc-{label}", lambda m, b=bad: m.Expert(pimc=b), err("bad_player"))
    for text, deals, cards in STANDINGS:
        for info in (False, True):
            yield case(
                ("Expert.choose", "Expert.pimc"),
                f"match-standing-{text}{'-info' if info else ''}",
                lambda m, t=text, d=deals, c=cards, i=info: both_experts(
                    m, match_endgame(m, t, d, c), i
                ),
            )
    for label, variant, seed, cards in SCHNAPSEN_POSITIONS:
        for s in SEEDS:
            yield case(
                "Expert.choose",
                f"{label}-seed-{s}",
                lambda m, v=variant, sd=seed, c=cards, s=s: (
                    lambda t: m.Expert(**WIDE, seed=s).choose(t, t.turn)
                )(schnapsen_endgame(m, v, sd, c)),
            )
    yield case(
        "Expert.choose",
        "match",
        lambda m: (lambda t: m.Expert(**WIDE).choose(t, t.turn))(
            schnapsen_endgame(m, "sixtysix", SEED, 3, match=True)
        ),
    )
    yield case(
        "Expert.choose",
        "not-on-turn",
        lambda m: (lambda t: m.Expert().choose(t, "p2" if t.turn == "p1" else "p1"))(
            schnapsen_endgame(m, "schnapsen", SEED, 3)
        ),
        ok(None),
    )
    yield case(
        "Expert.choose", "deal-over", lambda m: m.Expert().choose(schnapsen_over(m), "p1"), ok(None)
    )
    yield case(
        "Expert.choose",
        "match-over",
        lambda m: m.Expert().choose(schnapsen_over(m, match=True), "p1"),
        ok(None),
    )
    yield case(
        "Expert.choose",
        "bad-seat",
        lambda m: m.Expert().choose(schnapsen_endgame(m, "schnapsen", SEED, 3), "p3"),
        err("bad_seat"),
    )
    yield case(
        "Expert.choose",
        "bot",
        lambda m: m.Expert().choose(m.Bot(), "p1"),
        err("bad_game"),
    )
    for label, variant, seed, cards in SCHNAPSEN_POSITIONS:
        yield case(
            "Expert.choose",
            f"info-{label}",
            lambda m, v=variant, sd=seed, c=cards: m.Expert(**WIDE).choose(
                _info_of(schnapsen_endgame(m, v, sd, c))
            ),
        )
    yield case(
        "Expert.choose",
        "info-match",
        lambda m: m.Expert(**WIDE).choose(
            _info_of(schnapsen_endgame(m, "sixtysix", SEED, 3, match=True))
        ),
    )
    yield case(
        "Expert.choose",
        "info-deal-over",
        lambda m: m.Expert().choose(_info_of(schnapsen_over(m), "p1")),
        err("bad_info"),
    )

    def s3(m: ModuleType) -> Any:
        return schnapsen_endgame(m, "schnapsen", SEED, 3)

    for label, make in _info_refusals(s3, lambda seat: "p2" if seat == "p1" else "p1"):
        yield case("Expert.choose", f"info-{label}", make_choose(make), err("bad_info"))
    for label, change in [
        ("counts-off", {"counts": {"p1": 1, "p2": 1}}),
        ("taken-off", {"taken": lambda i: {"p1": i["taken"]["p1"] + 1, "p2": i["taken"]["p2"]}}),
        (
            "winner-flipped",
            {
                "tricks": lambda i: [
                    {**t, "winner": "p2" if t["winner"] == "p1" else "p1"} for t in i["tricks"]
                ]
            },
        ),
        ("number-huge", {"number": 2**64}),
        ("seat-int", {"seat": 1}),
        ("talon-float", {"talon_left": 0.0}),
        # Values that repeat the rest, read and checked all the same.
        ("ply-off", {"ply": lambda i: i["ply"] + 1}),
        ("played-reversed", {"played": lambda i: i["played"][::-1]}),
        ("result-set", {"result": {}}),
        (
            "counted-flipped",
            {"melds": lambda i: [{**x, "counted": not x["counted"]} for x in i["melds"]] or 1},
        ),
        # Positions play never leaves: a draw pending in Schnapsen, a
        # turn-up lying on a drawn-out talon (or none on a closed one),
        # hands of unequal size.
        ("pending-draw", {"pending_draw": True, "legal": [{"kind": "claim"}, {"kind": "draw"}]}),
        ("turn-up-moved", {"turn_up": lambda i: None if i["turn_up"] else i["unseen"][0]}),
        (
            "counts-unequal",
            {"counts": lambda i: {**i["counts"], i["seat"]: i["counts"][i["seat"]] + 1}},
        ),
        # The shape: a key too many, a partial rules table, a legal move of
        # a dict subclass that lies, or with a key too many.
        ("key-extra", {"extra": 1}),
        ("rules-partial", {"rules": lambda i: {"name": i["rules"]["name"]}}),
        ("legal-lying-dict", {"legal": lambda i: [LyingDict(x) for x in i["legal"]]}),
        ("legal-key-extra", {"legal": lambda i: [{**x, "seat": "p1"} for x in i["legal"]]}),
    ]:
        yield case(
            "Expert.choose",
            f"info-{label}",
            make_choose(lambda m, c=change: _info_of(s3(m), **c)),
            err("bad_info"),
        )
    yield case(
        "Expert.choose",
        "info-rules-bad",
        make_choose(lambda m: _info_of(s3(m), rules={"name": "skat"})),
        err("bad_variant"),
    )
    for cls in ("Deal", "Match"):
        yield case(
            "Expert.choose",
            f"bare-{cls}",
            lambda m, cls=cls: m.Expert().choose(getattr(m, cls).__new__(getattr(m, cls)), "p1"),
            err("not_built"),
        )


def durak_cases() -> Iterator[Case]:
    """trumpf.durak.Expert against trumpf.reference.durak.Expert."""
    yield from _common("Expert.choose")
    for label, seed, number, cards, then in DURAK_POSITIONS[:3]:
        at = (seed, number, cards, then)
        yield case(
            "Expert.choose",
            label,
            lambda m, at=at: (
                lambda g: None if g.over else m.Expert(**WIDE, seed=5).choose(g, g.turn)
            )(durak_endgame(m, *at)),
        )
    yield case(
        "Expert.choose",
        "not-on-turn",
        lambda m: (lambda g: m.Expert().choose(g, 3 - g.turn))(
            durak_endgame(m, *DURAK_POSITIONS[0][1:])
        ),
        ok(None),
    )
    yield case(
        "Expert.choose", "game-over", lambda m: m.Expert().choose(durak_over(m), 1), ok(None)
    )
    yield case(
        "Expert.choose",
        "bad-seat",
        lambda m: m.Expert().choose(durak_endgame(m, *DURAK_POSITIONS[0][1:]), 3),
        err("bad_seat"),
    )
    for label, seed, number, cards, then in DURAK_POSITIONS:
        at = (seed, number, cards, then)
        yield case(
            "Expert.choose",
            f"info-{label}",
            lambda m, at=at: (
                lambda g: None if g.over else m.Expert(**WIDE, seed=5).choose(_info_of(g))
            )(durak_endgame(m, *at)),
        )

    def e4(m: ModuleType) -> Any:
        return durak_endgame(m, *DURAK_POSITIONS[0][1:])

    for label, make in _info_refusals(e4, lambda seat: 3 - seat):
        yield case("Expert.choose", f"info-{label}", make_choose(make), err("bad_info"))
    for label, change in [
        ("counts-off", {"counts": {1: 30, 2: 1}}),
        ("counts-str-off", {"counts": lambda i: {"1": i["counts"][1] + 1, "2": i["counts"][2]}}),
        ("counts-mixed-missing", {"counts": lambda i: {"1": i["counts"][1], 3: i["counts"][2]}}),
        ("discard-off", {"discard": lambda i: i["discard"] + 1}),
        ("no-bout", {"bout": None}),
        ("talon-huge", {"talon": 10**30}),
        ("phase-off", {"phase": "pile_on"}),
    ]:
        yield case(
            "Expert.choose",
            f"info-{label}",
            make_choose(lambda m, c=change: _info_of(e4(m), **c)),
            err("bad_info"),
        )
    # The seats' keys as JSON spells them ("1", "2"): the same move as the ints.
    yield case(
        "Expert.choose",
        "info-counts-str",
        make_choose(
            lambda m: _info_of(e4(m), counts=lambda i: {"1": i["counts"][1], "2": i["counts"][2]})
        ),
    )
    yield case(
        "Expert.choose",
        "bare-Game",
        lambda m: m.Expert().choose(m.Game.__new__(m.Game), 1),
        err("not_built"),
    )
