"""The contract tables of ``sample_world``, both families.

Core and oracle must deal the same world from the same info and seed, on
the solver's positions (house rules, a match, phase 2 with shown voids) and
on openings, where the worlds are many and the draws decide; and refuse
alike: a seed out of range or of the wrong type, read before the info, and
every info ``Expert.choose(info)`` refuses (the mutations of cases_expert).
cases_schnapsen and cases_durak take these in.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

from _contract import SEED, Case, case, err
from cases_expert import _info_of, _info_refusals
from cases_solve import DURAK_POSITIONS, SCHNAPSEN_POSITIONS, durak_endgame, schnapsen_endgame

SEEDS = (0, 7, 2**63 - 1)
BAD_SEEDS: list[tuple[str, Any]] = [
    ("negative", -1),
    ("huge", 2**63),
    ("bool", True),
    ("float", 1.0),
    ("str", "3"),
    ("none", None),
]


def _common(api: str, make: Any, other: Any, openings: list[Any]) -> Iterator[Case]:
    for label, build in openings:
        for seed in SEEDS:
            yield case(
                api,
                f"{label}-seed-{seed}",
                lambda m, b=build, s=seed: m.sample_world(_info_of(b(m)), s),
            )
    yield case(api, "seed-default", lambda m: m.sample_world(_info_of(make(m))))
    yield case(api, "seed-keyword", lambda m: m.sample_world(info=_info_of(make(m)), seed=3))
    for label, bad in BAD_SEEDS:
        yield case(
            api,
            f"seed-{label}",
            lambda m, b=bad: m.sample_world(_info_of(make(m)), b),
            err("bad_seed"),
        )
    # The seed is read first: a bad seed with a bad info is bad_seed.
    yield case(api, "seed-before-info", lambda m: m.sample_world([1], -1), err("bad_seed"))
    for label, build in _info_refusals(make, other):
        yield case(
            api, f"info-{label}", lambda m, b=build: m.sample_world(b(m), 1), err("bad_info")
        )


def schnapsen_cases() -> Iterator[Case]:
    """trumpf.schnapsen.sample_world against trumpf.reference.schnapsen.sample_world."""

    def s3(m: ModuleType) -> Any:
        return schnapsen_endgame(m, "schnapsen", SEED, 3)

    openings = [
        (
            f"opening-{variant}",
            lambda m, v=variant: m.Deal.build(variant=v, seed=SEED, number=1, dealer="p2"),
        )
        for variant in ("schnapsen", "sixtysix")
    ]
    openings.append(
        ("opening-match", lambda m: m.Match.build(variant="sixtysix", seed=SEED, dealer="p1"))
    )
    for label, variant, seed, cards in SCHNAPSEN_POSITIONS:
        openings.append(
            (label, lambda m, v=variant, sd=seed, c=cards: schnapsen_endgame(m, v, sd, c))
        )
    yield from _common("sample_world", s3, lambda seat: "p2" if seat == "p1" else "p1", openings)
    yield case(
        "sample_world",
        "info-rules-bad",
        lambda m: m.sample_world(_info_of(s3(m), rules={"name": "skat"}), 1),
        err("bad_variant"),
    )


def durak_cases() -> Iterator[Case]:
    """trumpf.durak.sample_world against trumpf.reference.durak.sample_world."""

    def e4(m: ModuleType) -> Any:
        return durak_endgame(m, *DURAK_POSITIONS[0][1:])

    openings: list[Any] = [("opening", lambda m: m.Game.build(SEED))]
    for label, seed, number, cards, then in DURAK_POSITIONS:
        at = (seed, number, cards, then)
        openings.append((label, lambda m, at=at: durak_endgame(m, *at)))
    yield from _common("sample_world", e4, lambda seat: 3 - seat, openings)
