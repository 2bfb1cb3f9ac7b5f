"""The expert never reads hidden cards, through the Python API.

A property over random phase-2 positions: the position, and a twin of it
with the other hand and the talon dealt again (one of the worlds the seat
cannot tell apart), give the seat equal ``info``; and the core's Expert on
the position makes the same move as the oracle's Expert on the twin. The
oracle's expert reads only ``info`` and the voids phase-2 follows showed,
so equal moves mean the core's did not look at the cards the twin changed.
(cpp/tests/expert_test.cpp checks the same at every decision of whole
games, the core against itself, sampled worlds included.)
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.reference.schnapsen as oracle
import trumpf.schnapsen as core
from differential import scaled

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "contract"))
from cases_solve import schnapsen_endgame

WIDE = {"samples": 4096, "budget": 10**9}  # every world enumerated, the budget never binds


def _twin(deal: Any, pick: int) -> Any:
    """Another world of the seat on turn: the other hand and the talon dealt again."""
    info = dict(deal.info(deal.turn))
    worlds = oracle.Expert(**WIDE)._worlds(deal, info)
    return worlds[pick % len(worlds)]


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    variant=st.sampled_from(["schnapsen", "sixtysix", "schnapsen-tjger"]),
    seed=st.integers(0, 10**6),
    cards=st.integers(1, 3),
    pick=st.integers(0, 10**6),
    expert_seed=st.integers(0, 2**63 - 1),
)
def test_equal_information_gives_equal_moves(
    variant: str, seed: int, cards: int, pick: int, expert_seed: int
) -> None:
    raw = hashlib.sha256(f"hidden-{seed}".encode()).digest()
    table = schnapsen_endgame(core, variant, raw, cards)
    if table.over:
        return
    twin = _twin(schnapsen_endgame(oracle, variant, raw, cards), pick)
    seat = table.turn
    assert twin.info(seat) == table.info(seat)
    moved = core.Expert(**WIDE, seed=expert_seed).choose(table, seat)
    assert moved == oracle.Expert(**WIDE, seed=expert_seed).choose(twin, seat)
    assert moved in table.legal(seat)
