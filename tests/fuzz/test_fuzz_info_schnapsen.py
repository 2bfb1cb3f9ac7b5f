"""Forged Schnapsen and Sixty-Six infos fed to Expert.choose(info) and sample_world(info).

A game server hands the expert an info dict that came over the wire: here
random forgeries of real infos (counts, talon, turn-up, pending draw, hands,
tricks and the rest changed one or several at a time, with the counts made
to add up again) and the known repros (the leader still holding six cards
after leading, a pending draw in 20-card Schnapsen, no turn-up while the
talon has cards, unequal hands between tricks). Every call returns a legal
move of the info or raises Error bad_info or bad_variant: never a crash, a
write past an array (the sanitizer job runs this file on the ASan/UBSan
build), a hang or another exception.

TRUMPF_FUZZ_EXAMPLES scales the run, as for test_fuzz_api.py.
"""

from __future__ import annotations

import copy
import hashlib
import os
import random
from typing import Any

from _tally import count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.schnapsen as schnapsen
from trumpf.errors import Error
from trumpf.schnapsen import variant as schnapsen_variant

EXAMPLES = int(os.environ.get("TRUMPF_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
HOUSE: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    schnapsen_variant.custom("sixtysix", marriage_by_lead=True, exchange_min_stock=4),
]
SEATS = ("p1", "p2")
EXPERT = schnapsen.Expert(samples=8, budget=20_000)


def position(variant: Any, number: int, steps: int, match: bool) -> Any:
    seed = hashlib.sha256(b"forge-%d" % number).digest()
    if match:
        table: Any = schnapsen.Match.build(variant=variant, seed=seed)
    else:
        table = schnapsen.Deal.build(variant=variant, seed=seed, number=number)
    rng = random.Random(number)
    for _ in range(steps):
        if table.over or table.turn is None:
            return None
        table.apply(table.turn, rng.choice(table.legal(table.turn)))
    return None if table.over or table.turn is None else table


def ask(info: Any) -> None:
    """choose(info) answers one of info's legal moves, or refuses with bad_info/bad_variant;
    sample_world(info) refuses alike, or deals a world of the info's cards."""
    count(__name__)
    try:
        move = EXPERT.choose(info)
    except Error as e:
        assert e.code in ("bad_info", "bad_variant"), e
        try:
            schnapsen.sample_world(info, 1)
        except Error as again:
            assert again.code == e.code, (again, e)
        else:
            raise AssertionError(f"sample_world took an info choose refused: {e}")
        return
    assert move in info["legal"]
    world = schnapsen.sample_world(info, 1)
    assert world["hands"][info["seat"]] == sorted(info["hand"])
    hidden = set(world["hands"][_other(info["seat"])]) | set(world["talon"])
    assert hidden == set(info["known"]) | set(info["unseen"])


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def forge(info: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to four changes of the kinds an attacker tries, keeping the counts adding up."""
    out = copy.deepcopy(info)
    me, them = out["seat"], _other(out["seat"])
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(12)
        if how == 0:  # a card of the talon moved into the other hand
            out["counts"][them] += 1
            out["talon_left"] -= 1
            out["draw_left"] = max(0, out["draw_left"] - 1)
        elif how == 1:  # the other way
            out["counts"][them] -= 1
            out["talon_left"] += 1
            out["draw_left"] += 1
        elif how == 2:
            out["pending_draw"] = not out["pending_draw"]
            out["legal"] = rng.choice([[{"kind": "draw"}], [{"kind": "claim"}, {"kind": "draw"}]])
        elif how == 3 and out["turn_up"] is not None:  # the turn-up hidden in the talon
            out["unseen"] = sorted([*out["unseen"], out["turn_up"]])
            out["turn_up"] = None
        elif how == 4 and out["unseen"]:  # an unseen card into the hand
            card = out["unseen"].pop(rng.randrange(len(out["unseen"])))
            out["hand"].append(card)
            out["counts"][me] += 1
        elif how == 5 and out["hand"]:
            card = out["hand"].pop(rng.randrange(len(out["hand"])))
            out["unseen"] = sorted([*out["unseen"], card])
            out["counts"][me] -= 1
        elif how == 6:
            out["talon_left"] = rng.randrange(0, 25)
            out["draw_left"] = rng.choice([0, out["talon_left"]])
        elif how == 7 and out["tricks"]:
            out["tricks"].pop(rng.randrange(len(out["tricks"])))
        elif how == 8:
            out["closed_by"] = rng.choice([None, *SEATS])
            out["close_state"] = (
                None
                if out["closed_by"] is None
                else {
                    "by": out["closed_by"],
                    "p1": {"tricks": rng.randrange(7), "points": rng.randrange(100)},
                    "p2": {"tricks": rng.randrange(7), "points": rng.randrange(100)},
                }
            )
        elif how == 9:
            out["exchanges"] = [{"seat": rng.choice(SEATS), "took": rng.randrange(1, 25)}]
        elif how == 10:
            out["known"] = sorted(set(out["known"]) | {rng.randrange(1, 25)})
        else:
            key = rng.choice(list(out))
            value = out[key]
            if isinstance(value, bool):
                out[key] = not value
            elif isinstance(value, int):
                out[key] = value + rng.choice([-1, 1, 6, 12])
            elif isinstance(value, dict) and value:
                sub = rng.choice(list(value))
                if isinstance(value[sub], int) and not isinstance(value[sub], bool):
                    value[sub] += rng.choice([-1, 1, 6])
    return out


def six_after_leading() -> dict[str, Any]:
    """Sixty-Six: the leader still holds six cards after leading, the talon one short."""
    deal = schnapsen.Deal.build(variant="sixtysix", seed=bytes(range(32)), number=1)
    leader = deal.turn
    deal.apply(leader, {"kind": "lead", "card": deal.hand_of(leader)[0]})
    info = copy.deepcopy(dict(deal.info(deal.turn)))
    info["counts"][leader] = 6
    info["talon_left"] -= 1
    info["draw_left"] -= 1
    return info


def test_the_six_cards_after_leading_repro_is_refused() -> None:
    ask(six_after_leading())


@FUZZ
@given(
    variant=st.integers(0, len(HOUSE) - 1),
    number=st.integers(1, 10**6),
    steps=st.integers(0, 40),
    match=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_forged_infos_are_answered_or_refused(
    variant: int, number: int, steps: int, match: bool, seed: int
) -> None:
    table = position(HOUSE[variant], number, steps, match)
    if table is None:
        ask(six_after_leading())
        return
    rng = random.Random(seed)
    info = dict(table.info(table.turn))
    for _ in range(4):
        ask(forge(info, rng))
