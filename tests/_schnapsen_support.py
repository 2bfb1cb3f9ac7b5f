"""Shared helpers for the Schnapsen-family tests.

Every test takes the ``impl`` fixture, which is either the pure-Python oracle
(``trumpf.reference.schnapsen``, id "oracle") or the C++-backed package
(``trumpf.schnapsen``, id "core"), so the same assertions hold both to the
reference engines' transcripts.
"""

from __future__ import annotations

import gzip
import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

CONFORMANCE = Path(__file__).parent / "conformance"
SEATS = ("p1", "p2")

IMPLEMENTATIONS = [
    pytest.param("trumpf.reference.schnapsen", id="oracle"),
    pytest.param("trumpf.schnapsen", id="core"),
]


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """The implementation under test (never skipped: the core must exist)."""
    return importlib.import_module(request.param)


def jsonish(value: Any) -> Any:
    """Trumpf's value as the transcripts hold it: bools compare to 0/1 there."""
    return json.loads(json.dumps(value))


def load(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(id "file:line", record) for every record of a transcript file."""
    path = CONFORMANCE / f"{name}.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [(f"{name}:{i + 1}", json.loads(line)) for i, line in enumerate(handle)]


def state_of(deal: Any) -> dict[str, Any]:
    """Every accessor the transcripts record, per-seat ones called per seat."""
    state: dict[str, Any] = {}
    for key in (
        "turn",
        "phase",
        "trump",
        "turn_up",
        "talon",
        "talon_left",
        "draw_left",
        "pending_draw",
        "closed",
        "closed_by",
        "close_state",
        "lead",
        "leader",
        "must_lead",
        "melds",
        "cards_out",
        "over",
    ):
        state[key] = getattr(deal, key)
    state["hands"] = {seat: deal.hand_of(seat) for seat in SEATS}
    state["taken"] = {seat: deal.points_of(seat) for seat in SEATS}
    state["tricks_won"] = {seat: deal.tricks_won(seat) for seat in SEATS}
    for method in ("can_exchange", "can_close", "can_claim", "can_marry"):
        state[method] = {seat: getattr(deal, method)(seat) for seat in SEATS}
    snapshot: dict[str, Any] = jsonish(state)
    return snapshot


def build_deal(impl: ModuleType, record: dict[str, Any]) -> Any:
    """The deal a transcript record starts from."""
    return impl.Deal.build(
        variant=record["game"],
        seed=bytes.fromhex(record["seed"]),
        number=record["number"],
        dealer=record["dealer"],
    )


def build_match(impl: ModuleType, record: dict[str, Any]) -> Any:
    """The match a transcript record starts from."""
    return impl.Match.build(
        variant=record["game"], seed=bytes.fromhex(record["seed"]), dealer=record["dealer"]
    )


def logged_move(seat: str, move: dict[str, Any]) -> dict[str, Any]:
    """A transcript move as moves_of spells it: seat, kind, and card or suit."""
    out = {"seat": seat, "kind": move["kind"]}
    for key in ("card", "suit"):
        if key in move:
            out[key] = move[key]
    return out
