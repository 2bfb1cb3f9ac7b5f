"""Expert.choose(info) accepts exactly the information sets the rules reach (Schnapsen family).

The info a table gives a seat on turn (Deal.info, Match.info) is read back by
the core (schnapsen::info_complete) and the oracle (reference/schnapsen/
info_read.py). Here, on positions reached by random and bot play under
every variant, the schnapsen-tjger preset and custom house-rule tables, in
deals and matches and every phase (before and after an exchange, a
marriage waiting for its lead, a closed talon, a drawn-out talon, a
Sixty-Six draw pending):

- the true info is accepted by both, and survives a JSON round trip;
- every single-field mutation of it (each key dropped or changed, each
  element of each list, each sub-key of each dict, with values near the
  true one and from the field's domain) is refused by both with the same
  code, or accepted by both, and then the oracle's witness builder
  (reference/schnapsen/witness.py) constructs a deal and moves whose info
  is exactly the mutated one: an accepted info nobody can reach fails.
  A Match.info's earlier deals show only as totals (scores, to_win,
  deals, the dealer), and its ply counts the current deal's events: the
  builder plays whole earlier deals that add up to the totals, so every
  accepted Match.info is witnessed by a whole match.

The default run takes about a minute; TRUMPF_FUZZ_EXAMPLES=N runs N
positions a test instead (a long run: thousands). The counts of mutations
tried, accepted-and-witnessed and refused are printed at the end.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.schnapsen as schnapsen
from trumpf.errors import Error
from trumpf.reference.schnapsen import info_read, witness
from trumpf.schnapsen import variant as schnapsen_variant

POSITIONS = int(os.environ.get("TRUMPF_FUZZ_EXAMPLES", "60"))
RUN = settings(
    max_examples=POSITIONS,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=False,
)
TALLY = {"mutations": 0, "witnessed": 0, "refused": 0}

HOUSE: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    schnapsen_variant.custom("sixtysix", marriage_by_lead=True, close_min_stock=3),
    schnapsen_variant.custom("schnapsen", exchange_min_stock=2, failed_close_pays="closer_value"),
    schnapsen_variant.custom("sixtysix", exchange_min_stock=5, close_min_stock=7),
    schnapsen_variant.custom("schnapsen", close_min_stock=9, marriage_by_lead=True),
]
# What the play steers towards, so that every phase comes up often.
AIMS = ("any", "exchange", "marriage", "close", "drawn", "pending")
EXPERT = schnapsen.Expert(samples=1, budget=200)


def _steer(legal: list[dict[str, Any]], aim: str, rng: random.Random) -> dict[str, Any]:
    kinds = {"exchange": "exchange", "marriage": "marriage", "close": "close"}
    wanted = [m for m in legal if m["kind"] == kinds.get(aim)]
    if wanted and rng.random() < 0.7:
        return rng.choice(wanted)
    if aim in ("drawn", "pending"):
        plain = [m for m in legal if m["kind"] not in ("close", "claim")]
        if plain:
            return rng.choice(plain)
    calm = [m for m in legal if m["kind"] != "claim"] or legal
    return rng.choice(calm)


def _reached(table: Any, aim: str) -> bool:
    if aim == "exchange":
        return bool(table.info(table.turn)["exchanges"])
    if aim == "marriage":
        return table.info(table.turn)["must_lead"] is not None or bool(
            table.info(table.turn)["melds"]
        )
    if aim == "close":
        return table.info(table.turn)["closed_by"] is not None
    if aim == "drawn":
        return table.info(table.turn)["talon_left"] == 0
    if aim == "pending":
        return bool(table.info(table.turn)["pending_draw"])
    return False


def position(variant: int, number: int, steps: int, match: bool, aim: str, bots: bool) -> Any:
    """A deal or match played by random moves (or bots) towards `aim`; None if it ended."""
    seed = hashlib.sha256(b"reach-%d" % number).digest()
    dealer = "p1" if number % 2 else "p2"
    if match:
        table: Any = schnapsen.Match.build(variant=HOUSE[variant], seed=seed, dealer=dealer)
    else:
        table = schnapsen.Deal.build(
            variant=HOUSE[variant], seed=seed, number=number, dealer=dealer
        )
    rng = random.Random(number * 7919 + steps)
    bot = schnapsen.Bot(level=2, seed=number) if bots else None
    for _ in range(steps):
        if table.over or table.turn is None:
            return None
        if aim != "any" and _reached(table, aim) and rng.random() < 0.5:
            break
        seat = table.turn
        if bot is not None and rng.random() < 0.5:
            move = bot.choose(table, seat)
        else:
            move = _steer(table.legal(seat), aim, rng)
        table.apply(seat, move)
    return None if table.over or table.turn is None else table


def core_code(info: Any) -> str:
    """ "ok" when the core accepts the info, else its Error code."""
    try:
        move = EXPERT.choose(info)
    except Error as e:
        return e.code
    assert move in info["legal"]
    return "ok"


def oracle_code(info: Any) -> str:
    try:
        info_read.read_info(info)
    except Error as e:
        return e.code
    return "ok"


def _witnessed(info: dict[str, Any]) -> bool:
    """Whether the witness builder constructs a game that gives exactly `info`
    (for Match.info a whole match, the earlier deals played too)."""
    plan = witness.build(info, earlier=True)
    if plan is None:
        return False
    return bool(plan.replay().info(info["seat"]) == info)


# ---------------------------------------------------------------- mutations

SEATS = ("p1", "p2")
SUITS = ("S", "H", "D", "C")
CARD_KEYS = {"lead", "follow", "card", "took", "turn_up"}


def _near(key: str, value: Any, rng: random.Random) -> list[Any]:
    """Values for a field near `value` and from its domain."""
    if isinstance(value, bool):
        return [not value]
    if value is None:
        if key in ("lead", "turn_up"):
            return [rng.randrange(1, 25), 1]
        if key == "must_lead":
            suit = rng.randrange(4)
            return [[suit * 6 + 3, suit * 6 + 4]]
        if key in ("closed_by", "winner"):
            return list(SEATS)
        if key == "close_state":
            return [
                {"by": "p1", "p1": {"tricks": 0, "points": 0}, "p2": {"tricks": 0, "points": 0}}
            ]
        if key == "result":
            return [{}]
        return [0]
    if isinstance(value, int):
        near = [value - 1, value + 1, value - 2, value + 2, 0]
        if key in CARD_KEYS or key == "":
            near += [rng.randrange(1, 25), rng.randrange(1, 25)]
        else:
            near += [rng.randrange(0, 30), 2**63 - 1]
        return [v for v in dict.fromkeys(near) if v != value]
    if isinstance(value, str):
        if value in SEATS:
            return [s for s in SEATS if s != value] + [None]
        if value in SUITS:
            return [s for s in SUITS if s != value]
        if value in ("schnapsen", "sixtysix"):
            return ["sixtysix" if value == "schnapsen" else "schnapsen"]
        return ["lead", "follow", "claim", "marriage"]
    if isinstance(value, list):
        out: list[Any] = [[]]
        if len(value) > 1:
            out.append(list(reversed(value)))
        return out
    if isinstance(value, dict):
        return [{}]
    return [None]


def mutations(info: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Every single-field change of the info: keys, list elements and sub-keys."""

    def at(path: tuple[Any, ...], change: Any) -> dict[str, Any]:
        out = copy.deepcopy(info)
        holder: Any = out
        for step in path[:-1]:
            holder = holder[step]
        change(holder, path[-1])
        return out

    def walk(value: Any, path: tuple[Any, ...]) -> Iterator[dict[str, Any]]:
        key = path[-1] if path and isinstance(path[-1], str) else ""
        if path:
            for new in _near(key, value, rng):
                yield at(path, lambda h, k, v=new: h.__setitem__(k, v))
            if isinstance(path[-1], (str, int)):
                yield at(path, lambda h, k: h.__delitem__(k))
        if isinstance(value, dict):
            for k in value:
                yield from walk(value[k], (*path, k))
        elif isinstance(value, list):
            for i in range(len(value)):
                yield from walk(value[i], (*path, i))
            if value:
                yield at(path, lambda h, k: h[k].append(copy.deepcopy(h[k][-1])))

    for key in info:
        for mutated in walk(info[key], (key,)):
            if mutated != info:  # a change that changes nothing is no mutation
                yield mutated


def check_mutations(info: dict[str, Any], rng: random.Random) -> None:
    for mutated in mutations(info, rng):
        TALLY["mutations"] += 1
        core, oracle = core_code(mutated), oracle_code(mutated)
        assert core == oracle, (core, oracle, _diff(info, mutated))
        if core == "ok":
            assert _witnessed(mutated), ("accepted but not reachable", _diff(info, mutated))
            TALLY["witnessed"] += 1
        else:
            assert core in ("bad_info", "bad_variant"), core
            TALLY["refused"] += 1


def _diff(a: Any, b: Any) -> Any:
    """Where two infos differ, for a failure's message."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = set(a) | set(b)
        return {k: _diff(a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)}
    return (a, b)


# ---------------------------------------------------------------- the tests

# The positions both tests draw: position()'s arguments.
POSITIONS = {
    "variant": st.integers(0, len(HOUSE) - 1),
    "number": st.integers(1, 10**6),
    "steps": st.integers(0, 60),
    "match": st.booleans(),
    "aim": st.sampled_from(AIMS),
    "bots": st.booleans(),
}


@RUN
@given(**POSITIONS)
def test_reached_infos_are_accepted_and_survive_json(
    variant: int, number: int, steps: int, match: bool, aim: str, bots: bool
) -> None:
    table = position(variant, number, steps, match, aim, bots)
    if table is None:
        return
    info = table.info(table.turn)
    assert core_code(info) == "ok"
    assert oracle_code(info) == "ok"
    again = json.loads(json.dumps(info))  # seat-keyed dicts: "p1"/"p2" keys survive
    assert again == info
    assert core_code(again) == "ok" and oracle_code(again) == "ok"
    assert _witnessed(info)


@RUN
@given(**POSITIONS)
def test_single_field_mutations_are_refused_alike_or_reachable(
    variant: int, number: int, steps: int, match: bool, aim: str, bots: bool
) -> None:
    table = position(variant, number, steps, match, aim, bots)
    if table is None:
        return
    info = table.info(table.turn)
    check_mutations(info, random.Random(number))


def test_mutations_were_tried() -> None:
    # The counts of the runs above, printed for the record (pytest -s shows them).
    print(f"\ninfo mutations: {TALLY}")
    if TALLY["mutations"]:
        assert TALLY["refused"] > 0


@pytest.fixture(autouse=True, scope="module")
def _report() -> Iterator[None]:
    yield
    print(f"\ninfo mutations tried: {TALLY}")
