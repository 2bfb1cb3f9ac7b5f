"""Forged Schnapsen-family infos that choose(info) once answered, each refused now.

Each was found by a hostile test of Expert.choose(info): an info no table
gives, yet read back and searched (one of them writing past a hand's six
cards in every world), or a `legal` list compared through the caller's own
__eq__. The core and the oracle refuse each with bad_info.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import trumpf.reference.schnapsen as reference
import trumpf.schnapsen as schnapsen
from trumpf.errors import Error

SEED = bytes(range(32))


def _played(variant: str, moves: int, number: int = 1) -> Any:
    """A deal after the first `moves` moves of the legal list's first choice (leads: its last)."""
    deal = schnapsen.Deal.build(variant=variant, seed=SEED, number=number)
    for _ in range(moves):
        legal = deal.legal(deal.turn)
        leads = [m for m in legal if m["kind"] in ("lead", "follow")]
        deal.apply(deal.turn, leads[-1] if leads else legal[-1])
    return deal


def _info(deal: Any) -> dict[str, Any]:
    return copy.deepcopy(dict(deal.info(deal.turn)))


def _refused(info: Any) -> None:
    for package in (schnapsen, reference):
        with pytest.raises(Error) as caught:
            package.Expert(samples=4, budget=5_000).choose(info)
        assert caught.value.code == "bad_info", package.__name__


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def test_the_leader_holding_six_cards_after_leading() -> None:
    # Sixty-Six: the card led, yet the leader's count still six and the
    # talon one card short, so that it all adds up; each world then drew a
    # seventh card into a six-card hand.
    deal = _played("sixtysix", 1)
    info = _info(deal)
    leader = info["leader"]
    info["counts"][leader] = 6
    info["talon_left"] -= 1
    info["draw_left"] -= 1
    _refused(info)


def test_a_pending_draw_in_schnapsen() -> None:
    # Schnapsen draws by itself after each trick: nothing is ever pending.
    deal = _played("schnapsen", 2)
    info = _info(deal)
    assert info["tricks"] and info["lead"] is None
    info["pending_draw"] = True
    info["legal"] = [{"kind": "claim"}, {"kind": "draw"}]
    _refused(info)


def test_no_turn_up_while_the_talon_has_cards() -> None:
    deal = _played("schnapsen", 1)
    info = _info(deal)
    assert info["talon_left"] > 0
    info["unseen"] = sorted([*info["unseen"], info["turn_up"]])
    info["turn_up"] = None
    _refused(info)


def test_unequal_hands_between_tricks() -> None:
    # One card fewer in the other hand and one more in the talon: the
    # cards add up, the hands do not.
    deal = _played("sixtysix", 3)
    info = _info(deal)
    assert info["lead"] is None
    them = _other(info["seat"])
    info["counts"][them] -= 1
    info["talon_left"] += 1
    info["draw_left"] += 1
    _refused(info)


class EqualsAnything:
    """A `legal` that says it equals any list."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


class LyingMove(dict):  # type: ignore[type-arg]
    """A move dict that holds junk but says it equals anything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


def test_a_legal_that_equals_anything_is_refused() -> None:
    info = _info(_played("schnapsen", 1))
    info["legal"] = EqualsAnything()
    _refused(info)


def test_a_legal_of_lying_dicts_is_refused() -> None:
    info = _info(_played("schnapsen", 1))
    legal = info["legal"]
    info["legal"] = [LyingMove(kind="nothing") for _ in legal]
    _refused(info)
    # Even one that holds the very move: a move of legal is a plain dict.
    info["legal"] = [LyingMove(move) for move in legal]
    _refused(info)


def test_a_legal_move_of_another_shape_is_refused() -> None:
    info = _info(_played("schnapsen", 1))
    info["legal"] = [{**info["legal"][0], "extra": 1}, *info["legal"][1:]]
    _refused(info)
