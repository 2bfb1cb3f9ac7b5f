"""sample_world(info, seed): one world a seat cannot tell apart, core and oracle alike.

``trumpf.schnapsen.sample_world`` and ``trumpf.durak.sample_world`` read an
info dict as ``Expert.choose(info)`` reads it and deal the cards the seat
cannot place again from the seed's stream (cpp/common/worlds.hpp); the
oracle's twins (``trumpf.reference.<family>.sample_world``, over
reference/_stream.py and reference/_worlds.py) must give the same dict for
the same arguments and the same error code for bad ones. Here:

- the stream twin draws what the core's ``Stream`` draws;
- core and oracle give equal worlds on random positions of every family;
- a world keeps everything the info shows, splits the pack, deals the other
  hand only cards its phase-2 follows allow, is a function of the seed, and
  differs between seeds when the info allows more than one;
- where few worlds are possible, the seeds reach every one of them, the true
  deal among them;
- bad seeds and bad infos are refused with the same code.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import itertools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb, factorial
from types import ModuleType
from typing import Any

import pytest

import trumpf._core.sim as sim
import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.errors import Error
from trumpf.reference._stream import Stream
from trumpf.reference._worlds import world_stream
from trumpf.schnapsen import card as scard
from trumpf.schnapsen import variant as schnapsen_variant

IMPLEMENTATIONS = [
    pytest.param("trumpf.reference", id="oracle"),
    pytest.param("trumpf", id="core"),
]

SCHNAPSEN_VARIANTS: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    schnapsen_variant.custom("sixtysix", marriage_by_lead=True, close_min_stock=3),
]


# A split of the cards a seat cannot place: (need, allowed, unseen, face_down, order_counts).
Split = tuple[int, list[int], list[int], int, bool]


def family(base: str, name: str) -> ModuleType:
    """trumpf.schnapsen or trumpf.reference.schnapsen (likewise durak)."""
    return importlib.import_module(f"{base}.{name}")


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", value) or ("error", code), the value exactly as returned."""
    try:
        return "ok", call()
    except Error as exc:
        return "error", exc.code


# ---------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """A seat's info at a random position of a core table, and the truth it hides."""

    name: str  # how to find it again
    info: dict[str, Any]
    truth: dict[str, Any]  # the table's hands (sorted) and talon, as a world spells them


def _schnapsen_truth(deal: Any) -> dict[str, Any]:
    return {
        "hands": {s: sorted(deal.hand_of(s)) for s in ("p1", "p2")},
        "talon": list(deal.talon),
    }


def _durak_truth(game: Any) -> dict[str, Any]:
    return {"hands": {s: sorted(game.hand_of(s)) for s in (1, 2)}, "talon": list(game.talon)}


def schnapsen_position(i: int) -> Position | None:
    """Deal or match i after some random legal moves (claims left out: they end the
    deal), or None once it is over."""
    rng = random.Random(f"sample-world-schnapsen-{i}")
    variant = SCHNAPSEN_VARIANTS[i % len(SCHNAPSEN_VARIANTS)]
    seed = hashlib.sha256(b"sample-world-%d" % i).digest()
    match = i % 3 == 2
    if match:
        table: Any = schnapsen.Match.build(variant=variant, seed=seed)
        steps = rng.randrange(0, 60)
    else:
        table = schnapsen.Deal.build(variant=variant, seed=seed, number=1 + i % 7)
        steps = rng.randrange(0, 22)
    for _ in range(steps):
        if table.over or table.turn is None:
            return None
        moves = [m for m in table.legal(table.turn) if m["kind"] != "claim"]
        table.apply(table.turn, rng.choice(moves))
    if table.over or table.turn is None:
        return None
    deal = table.deal if match else table
    name = f"schnapsen {i}: {'match' if match else 'deal'}, {steps} moves"
    return Position(name, dict(table.info(table.turn)), _schnapsen_truth(deal))


def durak_position(i: int, longest: int = 64) -> Position | None:
    """Game i after up to `longest` random legal moves, or None once it is over.
    Mostly while the talon is drawn from, where the seed matters: the oracle
    reads a long game's info slowly."""
    rng = random.Random(f"sample-world-durak-{i}")
    game = durak.Game.build(seed=hashlib.sha256(b"sample-world-%d" % i).digest(), number=1 + i)
    steps = rng.randrange(0, longest)
    for _ in range(steps):
        if game.over:
            return None
        game.apply(game.turn, rng.choice(game.legal(game.turn)))
    if game.over:
        return None
    name = f"durak {i}: {steps} moves"
    return Position(name, dict(game.info(game.turn)), _durak_truth(game))


def positions(make: Callable[[int], Position | None], count: int) -> list[Position]:
    out: list[Position] = []
    for i in itertools.count():
        if len(out) == count:
            return out
        found = make(i)
        if found is not None:
            out.append(found)
    raise AssertionError("unreachable")


@functools.cache
def schnapsen_positions() -> list[Position]:
    return positions(schnapsen_position, 96)


@functools.cache
def durak_positions() -> list[Position]:
    return positions(durak_position, 32)


@functools.cache
def world(base: str, name: str, index: int, seed: int) -> Any:
    """sample_world of position `index` of a family, memoized: the oracle reads an info
    slowly, and the differential and property tests ask for the same worlds."""
    info = (schnapsen_positions() if name == "schnapsen" else durak_positions())[index].info
    return family(base, name).sample_world(copy.deepcopy(info), seed)


# ------------------------------------------------------ what a world must be


def phase_two_tricks(info: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The tricks played when nothing could be drawn (docs/rules/schnapsen.md:
    the talon drawn out, or closed), where the follow cascade held."""
    rules = info["rules"]
    dry = (rules["deck_size"] - 2 * rules["hand_size"]) // 2  # the trick the talon runs out at
    if info["close_state"] is not None:
        state = info["close_state"]
        dry = min(dry, state["p1"]["tricks"] + state["p2"]["tricks"])
    yield from info["tricks"][dry:]


def follow_is_legal(lead: int, follow: int, hand: set[int], trump: str) -> bool:
    """The phase-2 cascade: beat in the suit led, else follow it, else trump, else any."""
    suit = scard.suit_of(lead)
    same = {c for c in hand if scard.suit_of(c) == suit}
    higher = {c for c in same if scard.power_of(c) > scard.power_of(lead)}
    trumps = {c for c in hand if scard.suit_of(c) == trump}
    for allowed in (higher, same, trumps, hand):
        if allowed:
            return follow in allowed
    return False


def schnapsen_fits(info: dict[str, Any], other_hand: list[int]) -> bool:
    """Whether the other seat, holding `other_hand` now, could have made every
    phase-2 follow it made: in phase 2 nothing is drawn, so its hand at each such
    trick was this hand and the cards it played from that trick on."""
    seat = info["seat"]
    rules = info["rules"]
    # Sixty-Six's table exchange at a close: had the closer's opponent held
    # the low trump then (nothing is drawn after), the table would have
    # exchanged it, face up.
    if (
        info["closed_by"] == seat
        and rules["exchange_on_close"]
        and info["talon_left"] >= rules["exchange_min_stock"]
        and low_trump(info) in other_hand
    ):
        return False
    tricks = info["tricks"]
    late = list(phase_two_tricks(info))
    start = len(tricks) - len(late)
    for k, t in enumerate(late):
        if t["leader"] != seat:
            continue  # the other seat led: a lead shows nothing
        later = tricks[start + k :]
        held = set(other_hand)
        held |= {t2["lead"] if t2["leader"] != seat else t2["follow"] for t2 in later}
        if info["lead"] is not None and info["leader"] != seat:
            held.add(info["lead"])
        if not follow_is_legal(t["lead"], t["follow"], held, info["trump"]):
            return False
    return True


def low_trump(info: dict[str, Any]) -> int:
    """The trump of the exchange rank: the card an exchange puts face up."""
    rank = info["rules"]["exchange_rank"]
    return next(
        c for c in range(1, 25) if scard.suit_of(c) == info["trump"] and scard.rank_of(c) == rank
    )


def closes_without_exchange(count: int) -> list[dict[str, Any]]:
    """Infos of Sixty-Six seats on turn that closed while the low trump lay
    unseen: the table's exchange at the close would have shown it."""
    out = []
    for k in range(4000):
        deal = schnapsen.Deal.build(
            variant="sixtysix", seed=hashlib.sha256(b"close-%d" % k).digest(), dealer="p1"
        )
        rng = random.Random(k)
        while not deal.over and len(out) < count:
            seat = deal.turn
            closes = [m for m in deal.legal(seat) if m["kind"] == "close"]
            if closes and rng.random() < 0.5:
                deal.apply(seat, closes[0])
                if deal.turn == seat and not deal.over:
                    info = dict(deal.info(seat))
                    if low_trump(info) in info["unseen"]:
                        out.append(info)
                break
            deal.apply(seat, rng.choice(deal.legal(seat)))
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("base", ["trumpf.reference", "trumpf"])
def test_a_close_without_the_tables_exchange_shows_the_low_trump_is_not_there(base: str) -> None:
    infos = closes_without_exchange(6)
    assert len(infos) == 6
    module = family(base, "schnapsen")
    for info in infos:
        other = "p2" if info["seat"] == "p1" else "p1"
        low = low_trump(info)
        worlds = [module.sample_world(info, seed) for seed in range(40)]
        assert all(low not in w["hands"][other] for w in worlds)
        assert any(low in w["talon"] for w in worlds)  # it lies in the talon instead


def schnapsen_split(info: dict[str, Any]) -> Split:
    """(need, allowed, unseen, face_down, order_counts), from the rules alone."""
    other = "p2" if info["seat"] == "p1" else "p1"
    need = info["counts"][other] - len(info["known"])
    face_down = info["talon_left"] - (info["turn_up"] is not None)
    unseen = sorted(info["unseen"])
    # A card is allowed in the other hand when some world with it there fits its
    # follows: the shown voids lie in the unseen cards, a card at a time.
    allowed = [c for c in unseen if schnapsen_fits(info, [*info["known"], c])]
    return need, allowed, unseen, face_down, info["draw_left"] > 0


def durak_split(info: dict[str, Any]) -> Split:
    other = 3 - info["seat"]
    need = info["counts"][other] - len(info["known"])
    face_down = max(0, info["talon"] - 1)
    unseen = sorted(info["unseen"])
    return need, unseen, unseen, face_down, face_down > 0


def every_world(split: Split, own: Callable[[list[int], list[int]], Any]) -> list[Any]:
    """Every world of a split, as `own(hidden hand, talon)` spells it."""
    need, allowed, unseen, _, order_counts = split
    out = []
    for hand in itertools.combinations(allowed, need):
        rest = [c for c in unseen if c not in hand]
        for talon in itertools.permutations(rest) if order_counts else [tuple(rest)]:
            out.append(own(list(hand), list(talon)))
    return out


def world_count(split: Split) -> int:
    need, allowed, _, face_down, order_counts = split
    return comb(len(allowed), need) * (factorial(face_down) if order_counts else 1)


def check_schnapsen_world(info: dict[str, Any], got: Any) -> None:
    seat = info["seat"]
    other = "p2" if seat == "p1" else "p1"
    assert type(got) is dict and list(got) == ["hands", "talon"]
    assert list(got["hands"]) == ["p1", "p2"]
    hands, talon = got["hands"], got["talon"]
    assert hands[seat] == sorted(info["hand"])
    theirs = hands[other]
    assert theirs == sorted(theirs) and len(theirs) == info["counts"][other]
    assert set(info["known"]) <= set(theirs)
    assert len(talon) == info["talon_left"] - (info["turn_up"] is not None)
    if info["draw_left"] == 0:
        assert talon == sorted(talon)  # a closed talon's order counts for nothing
    played = [c for t in info["tricks"] for c in (t["lead"], t["follow"])]
    played += [info["lead"]] if info["lead"] is not None else []
    turn_up = [info["turn_up"]] if info["turn_up"] is not None else []
    every = hands["p1"] + hands["p2"] + talon + played + turn_up
    pack = info["hand"] + played + turn_up + info["known"] + info["unseen"]
    assert sorted(every) == sorted(pack) and len(set(every)) == len(every)
    assert schnapsen_fits(info, theirs)  # the shown voids hold


def check_durak_world(info: dict[str, Any], got: Any) -> None:
    seat = info["seat"]
    other = 3 - seat
    assert type(got) is dict and list(got) == ["hands", "talon"]
    assert list(got["hands"]) == [1, 2]
    hands, talon = got["hands"], got["talon"]
    assert hands[seat] == sorted(info["hand"])
    theirs = hands[other]
    assert theirs == sorted(theirs) and len(theirs) == info["counts"][other]
    assert set(info["known"]) <= set(theirs)
    assert len(talon) == info["talon"]
    if info["talon"]:
        assert talon[-1] == info["trump_card"]
    table = [c for p in info["bout"]["pairs"] for c in (p["attack"], p["beat"]) if c is not None]
    every = hands[1] + hands[2] + talon + table + info["discarded"]
    assert sorted(every) == list(range(1, 37))


# ------------------------------------------------------------ the stream


def test_stream_twin_draws_what_the_cores_stream_draws() -> None:
    # trumpf._core.sim.Stream is cpp/common/stream.hpp's Stream over
    # SHA-256(seed || "random"): the twin over the same key draws the same,
    # rejections (n just above 2**31, n near 2**32) included.
    rng = random.Random(1)
    for _ in range(150):
        seed = rng.randbytes(32)
        game, player = rng.randrange(2**40), rng.randrange(2)
        core = sim.Stream(seed, game, player)
        twin = Stream(Stream.key_of_message(seed + b"random"), game, player)
        for _ in range(40):
            n = rng.choice([1, 2, 3, 6, 24, 36, 2**31 + 1, 2**32 - 1, rng.randrange(1, 2**32)])
            assert twin.below(n) == core.below(n)


def test_stream_below_is_in_range_and_a_function_of_its_key() -> None:
    key = Stream.key_of_message(b"trumpf")
    assert all(0 <= w < 2**64 for w in key)
    a, b = Stream(key), Stream(key, 0, 0)
    for n in list(range(1, 200)) * 5 + [2**31 + 1, 2**32 - 1] * 200:
        x = a.below(n)
        assert 0 <= x < n and x == b.below(n)
    assert Stream(key, 1, 0).below(2**32 - 1) != Stream(key, 0, 1).below(2**32 - 1)
    # Roughly uniform: six faces, 6,000 throws.
    counts = [0] * 6
    stream = world_stream(7)
    for _ in range(6000):
        counts[stream.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


# --------------------------------------------------------- core and oracle


SEEDS = (0, 1, 2**63 - 1)


@pytest.mark.parametrize("index", range(96))
def test_schnapsen_core_and_oracle_deal_the_same_world(index: int) -> None:
    for seed in SEEDS:
        assert world("trumpf", "schnapsen", index, seed) == world(
            "trumpf.reference", "schnapsen", index, seed
        ), f"{schnapsen_positions()[index].name}, seed {seed}"


@pytest.mark.parametrize("index", range(32))
def test_durak_core_and_oracle_deal_the_same_world(index: int) -> None:
    for seed in SEEDS:
        assert world("trumpf", "durak", index, seed) == world(
            "trumpf.reference", "durak", index, seed
        ), f"{durak_positions()[index].name}, seed {seed}"


# ------------------------------------------------------ what a world holds


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_schnapsen_world_keeps_the_info(base: str) -> None:
    for index, position in enumerate(schnapsen_positions()):
        for seed in SEEDS:
            check_schnapsen_world(position.info, world(base, "schnapsen", index, seed))


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_durak_world_keeps_the_info(base: str) -> None:
    for index, position in enumerate(durak_positions()):
        for seed in SEEDS:
            check_durak_world(position.info, world(base, "durak", index, seed))


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_a_world_is_a_function_of_the_seed(base: str) -> None:
    sample = family(base, "schnapsen").sample_world
    position = schnapsen_positions()[0]
    assert sample(position.info) == sample(position.info, 0) == sample(position.info, seed=0)
    assert sample(position.info, 5) == sample(copy.deepcopy(position.info), 5)
    sample = family(base, "durak").sample_world
    position = durak_positions()[0]
    assert sample(position.info) == sample(position.info, seed=0)
    # Through JSON, as a game server sends it: the seats' keys become "1" and "2".
    assert sample(json.loads(json.dumps(position.info)), 3) == sample(position.info, 3)


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_seeds_deal_different_worlds_when_the_info_allows_them(base: str) -> None:
    cases = [
        ("schnapsen", p, schnapsen_split(p.info), i)
        for i, p in enumerate(schnapsen_positions()[:12])
    ]
    # Two Durak positions early in a game: many worlds, and an info the oracle reads quickly.
    early = [i for i, p in enumerate(durak_positions()) if p.info["talon"] > 6][:2]
    cases += [
        ("durak", durak_positions()[i], durak_split(durak_positions()[i].info), i) for i in early
    ]
    spread = 0
    for name, position, split, index in cases:
        seen = {json.dumps(world(base, name, index, seed)) for seed in range(3, 15)}
        if world_count(split) > 1:
            assert len(seen) > 1, position.name
            spread += 1
        else:
            assert len(seen) == 1, position.name
    assert spread >= 8


# ----------------------------------------------------- the truth among them


def few_worlds(
    make: Callable[[int], Position | None],
    split_of: Callable[[dict[str, Any]], Split],
    count: int,
    most: int,
    lacking: int = 0,
    start: int = 1000,
) -> list[tuple[Position, Split]]:
    """`count` positions of 2 to `most` worlds, `lacking` of them where the other
    hand's follows showed it lacks some unseen card."""
    out: list[tuple[Position, Split]] = []
    shown = 0
    for i in itertools.count(start):
        position = make(i)
        if position is None:
            continue
        split = split_of(position.info)
        lacks = len(split[1]) < len(split[2])
        if not 2 <= world_count(split) <= most or (shown < lacking and not lacks):
            continue
        if lacks or len(out) - shown < count - lacking:
            out.append((position, split))
            shown += lacks
            if len(out) == count:
                return out
    raise AssertionError("unreachable")


@functools.cache
def schnapsen_few() -> list[tuple[Position, Split]]:
    return few_worlds(schnapsen_position, schnapsen_split, 7, 6, lacking=3)


@functools.cache
def durak_few() -> list[tuple[Position, Split]]:
    # Game 1419, 54 moves in, is one of three worlds whose info the oracle reads
    # in a few hundredths of a second (others as late take it seconds).
    return few_worlds(functools.partial(durak_position, longest=100), durak_split, 1, 3, start=1419)


def schnapsen_world_of(info: dict[str, Any], hand: list[int], talon: list[int]) -> str:
    """The world with the other hand's hidden cards `hand`, as JSON (a set member)."""
    seat = info["seat"]
    other = "p2" if seat == "p1" else "p1"
    hands = {seat: sorted(info["hand"]), other: sorted([*info["known"], *hand])}
    return json.dumps({"hands": {s: hands[s] for s in ("p1", "p2")}, "talon": talon})


def durak_world_of(info: dict[str, Any], hand: list[int], talon: list[int]) -> str:
    seat, other = info["seat"], 3 - info["seat"]
    hands = {seat: sorted(info["hand"]), other: sorted([*info["known"], *hand])}
    under = [info["trump_card"]] if info["talon"] else []
    return json.dumps({"hands": {s: hands[s] for s in (1, 2)}, "talon": talon + under})


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_the_seeds_reach_every_schnapsen_world_the_truth_among_them(base: str) -> None:
    sample = family(base, "schnapsen").sample_world
    for position, split in schnapsen_few():
        every = set(every_world(split, functools.partial(schnapsen_world_of, position.info)))
        seen = {json.dumps(sample(position.info, seed)) for seed in range(60)}
        assert seen == every, position.name
        truth = dict(position.truth)
        if not split[4]:
            truth["talon"] = sorted(truth["talon"])  # a closed talon's order counts for nothing
        assert json.dumps(truth) in seen, position.name


@pytest.mark.parametrize("base", IMPLEMENTATIONS)
def test_the_seeds_reach_every_durak_world_the_truth_among_them(base: str) -> None:
    sample = family(base, "durak").sample_world
    for position, split in durak_few():
        every = set(every_world(split, functools.partial(durak_world_of, position.info)))
        seen = {json.dumps(sample(position.info, seed)) for seed in range(20)}
        assert seen == every, position.name
        assert json.dumps(position.truth) in seen, position.name


# -------------------------------------------------------------- refusals


BAD_SEEDS = [-1, 2**63, 2**70, -(2**70), 1.5, 0.0, True, False, "3", b"3", None, [1]]


def _over_schnapsen_info() -> dict[str, Any]:
    deal = schnapsen.Deal.build(variant="schnapsen", seed=bytes(32), number=1)
    rng = random.Random(0)
    while not deal.over:
        deal.apply(deal.turn, rng.choice(deal.legal(deal.turn)))
    return dict(deal.info("p1"))


def _over_durak_info() -> dict[str, Any]:
    game = durak.Game.build(seed=bytes(32), number=1)
    rng = random.Random(0)
    while not game.over:
        game.apply(game.turn, rng.choice(game.legal(game.turn)))
    return dict(game.info(1))


def _tampered(info: dict[str, Any], name: str) -> list[Any]:
    """Infos no table gives: not a dict, a key dropped, one added, legal
    reordered or cut, a card taken out of unseen, a count changed, a seat
    that is none, a rules table that is not one."""
    out: list[Any] = [None, [], "info", 3, list(info.items())]
    dropped = dict(info)
    del dropped["legal"]
    out.append(dropped)
    out.append({**info, "extra": 1})
    out.append({**info, "legal": list(reversed(info["legal"]))})
    out.append({**info, "legal": info["legal"][:-1]})
    out.append({**info, "legal": [*info["legal"], info["legal"][0]]})
    out.append({**info, "unseen": info["unseen"][1:]})
    counts = dict(info["counts"])
    counts[info["seat"]] += 1
    out.append({**info, "counts": counts})
    if name == "schnapsen":
        # A Schnapsen hand is in order of arrival: another order is no table's.
        out.append({**info, "hand": [*info["hand"][1:], info["hand"][0]]})
        out.append({**info, "rules": "nonsense"})
        out.append({**info, "rules": {**info["rules"], "deck_size": 7}})
        out.append({**info, "seat": "p3"})
    else:
        out.append({**info, "seat": 3})
        out.append({**info, "talon": info["talon"] + 2})
    return out


@pytest.mark.parametrize("name", ["schnapsen", "durak"])
def test_bad_arguments_are_refused_alike(name: str) -> None:
    core, oracle = family("trumpf", name), family("trumpf.reference", name)
    if name == "schnapsen":
        position = next(
            p for p in schnapsen_positions() if len(p.info["legal"]) > 1 and p.info["unseen"]
        )
        table = schnapsen.Deal.build(variant="schnapsen", seed=bytes(32), number=1)
        off_turn = dict(table.info("p2" if table.turn == "p1" else "p1"))
        over = _over_schnapsen_info()
    else:
        position = next(
            p for p in durak_positions() if len(p.info["legal"]) > 1 and p.info["unseen"]
        )
        game = durak.Game.build(seed=bytes(32), number=1)
        off_turn = dict(game.info(3 - game.turn))
        over = _over_durak_info()
    info = position.info
    for seed in BAD_SEEDS:
        # The seed is read first: a bad seed is bad_seed, whatever the info.
        for given in (info, None):
            got = outcome(lambda given=given, seed=seed: oracle.sample_world(given, seed))
            assert got == ("error", "bad_seed"), (seed, got)
            assert outcome(lambda given=given, seed=seed: core.sample_world(given, seed)) == got
    for bad in [off_turn, over, *_tampered(info, name)]:
        got = outcome(lambda bad=bad: oracle.sample_world(copy.deepcopy(bad), 1))
        assert got[0] == "error" and got[1] in ("bad_info", "bad_variant"), (bad, got)
        assert outcome(lambda bad=bad: core.sample_world(copy.deepcopy(bad), 1)) == got, bad
    if name == "durak":
        # A Durak hand is read as the set of cards it holds (Expert.choose(info)
        # reads it so): another order reads alike, in both.
        hand = info["hand"]
        shuffled = {**info, "hand": [*hand[1:], hand[0]]}
        got = outcome(lambda: oracle.sample_world(shuffled, 1))
        assert (
            got
            == outcome(lambda: core.sample_world(shuffled, 1))
            == ("ok", oracle.sample_world(info, 1))
        )
    assert outcome(lambda: oracle.sample_world(off_turn)) == ("error", "bad_info")
    assert outcome(lambda: oracle.sample_world(over)) == ("error", "bad_info")
