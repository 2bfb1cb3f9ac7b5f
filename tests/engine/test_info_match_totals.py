"""A Match.info's earlier deals: accepted exactly when whole deals add up to them.

A Match.info shows of the earlier deals only their totals: the scores (and
to_win), how many there were (deals = number - 1) and who deals now. The
core (schnapsen::info_complete, match_wrong) and the oracle
(reference/schnapsen/info_read.py) judge them by arithmetic on the game
points; the oracle's witness (reference/schnapsen/witness_match.py) plays
whole deals of every kind and searches for a sequence of them, dealt as the
rules deal, that pays exactly those scores and leaves that dealer.

Here, for every rule table of the reachability tests, totals near and far
from the truth are put on a real Match.info: both engines answer alike,
and they accept exactly when the witness finds earlier deals, in which
case the whole match it builds replays to the very info.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from test_info_reachable_schnapsen import HOUSE, core_code, oracle_code

import trumpf.schnapsen as schnapsen
from trumpf.reference.schnapsen import witness, witness_match

SEATS = ("p1", "p2")


def _first_info(rules: Any, dealer: str, number: int) -> dict[str, Any]:
    """The info of the first seat to move in a fresh match (its first deal)."""
    seed = hashlib.sha256(b"totals-%d" % number).digest()
    match = schnapsen.Match.build(variant=rules, seed=seed, dealer=dealer)
    assert match.turn is not None
    return match.info(match.turn)


def _with_totals(info: dict[str, Any], paid: dict[str, int], deals: int) -> dict[str, Any]:
    rules = info["rules"]
    start, target = rules["match_start"], rules["match_target"]
    down = start > target
    out = dict(info)
    out["scores"] = {s: start - paid[s] if down else start + paid[s] for s in SEATS}
    out["to_win"] = {s: abs(target - out["scores"][s]) for s in SEATS}
    out["deals"] = deals
    out["number"] = deals + 1
    return out


@pytest.mark.parametrize("house", range(len(HOUSE)))
def test_every_kind_of_deal_is_in_the_library(house: int) -> None:
    rules = schnapsen.Deal.build(variant=HOUSE[house], seed=bytes(32)).rules
    assert set(witness_match.library(rules)) == set(witness_match.kinds(rules))


@pytest.mark.parametrize("house", range(len(HOUSE)))
def test_totals_are_accepted_exactly_when_earlier_deals_give_them(house: int) -> None:
    rng = random.Random(house)
    tally = {"accepted": 0, "refused": 0}
    for trial in range(60):
        dealer = SEATS[trial % 2]
        info = _first_info(HOUSE[house], dealer, house * 1000 + trial)
        reach = info["rules"]["match_start"] - info["rules"]["match_target"]
        room = abs(reach) - 1  # a score that leaves the match on
        paid = {s: rng.randint(0, room) for s in SEATS}
        won = sum(paid.values())
        deals = max(0, won // 2 + rng.randint(-3, 4)) if trial % 5 else rng.randint(0, 40)
        forged = _with_totals(info, paid, deals)
        core, oracle = core_code(forged), oracle_code(forged)
        assert core == oracle, (paid, deals, dealer)
        found = list(witness_match.earlier_deals(forged))
        assert (core == "ok") == bool(found), (paid, deals, dealer, core)
        if core == "ok":
            tally["accepted"] += 1
            whole = witness.build(forged, earlier=True)
            assert whole is not None and len(whole.deals) == deals + 1
            assert whole.replay().info(forged["turn"]) == forged
        else:
            tally["refused"] += 1
    # Both answers came up, so neither side of the equivalence went untested.
    assert tally["accepted"] >= 5 and tally["refused"] >= 5, tally


def test_a_long_sixtysix_match_of_drawn_deals_is_witnessed() -> None:
    # Deals beyond those the scores pay for are drawn ones: forty of them
    # and one deal won, still a match the witness plays whole.
    info = _first_info("sixtysix", "p2", 7)
    forged = _with_totals(info, {"p1": 0, "p2": 2}, 41)
    assert core_code(forged) == oracle_code(forged) == "ok"
    whole = witness.build(forged, earlier=True)
    assert whole is not None and len(whole.deals) == 42
    assert whole.replay().info(forged["turn"]) == forged
