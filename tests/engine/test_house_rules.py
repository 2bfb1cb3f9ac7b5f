"""The house rules (docs/rules/house-rules.md), on any implementation of the Schnapsen family.

Every test takes ``game``: the oracle (``trumpf.reference.schnapsen``) or the
C++-backed package (``trumpf.schnapsen``). Positions are found by playing
seeded random games, not written down, and what a rule should do there is
worked out here from the rule as docs/api-contract.md states it (card points,
the game-point scale, the marriage pair), or from the same implementation
playing the reference's rules side by side, whose behaviour the transcripts
pin down.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SEATS = ("p1", "p2")
SUITS = "SHDC"
RANKS = "ATKQJ9"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
STOCK = {"schnapsen": 10, "sixtysix": 12}
HOUSE_DEFAULTS = {
    "exchange_min_stock": 1,
    "close_min_stock": 1,
    "marriage_by_lead": False,
    "failed_close_pays": "reference",
}
TJGER = {
    "exchange_min_stock": 3,
    "close_min_stock": 3,
    "marriage_by_lead": True,
    "failed_close_pays": "closer_value",
}

IMPLS = [
    pytest.param("trumpf.reference.schnapsen", id="oracle"),
    pytest.param("trumpf.schnapsen", id="core"),
]


@pytest.fixture(params=IMPLS)
def game(request: pytest.FixtureRequest) -> ModuleType:
    """The implementation under test: the oracle and the C++ core alike."""
    return importlib.import_module(request.param)


# ------------------------------------------------------------------ helpers


def seed_of(i: int) -> bytes:
    return hashlib.sha256(f"house-rules-{i}".encode()).digest()


def rank(card: int) -> str:
    return RANKS[(card - 1) % 6]


def points(card: int) -> int:
    return POINTS[rank(card)]


def king(s: str) -> int:
    return SUITS.index(s) * 6 + 3


def queen(s: str) -> int:
    return SUITS.index(s) * 6 + 4


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def scale(opponent_points: int, opponent_tricks: int) -> int:
    if opponent_tricks == 0:
        return 3
    return 2 if opponent_points < 33 else 1


def refused(game: ModuleType, call: Callable[[], Any]) -> str:
    with pytest.raises(game.Error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    code: str = caught.value.code
    return code


def snapshot(deal: Any) -> dict[str, Any]:
    """Everything a refused move must leave as it was."""
    return {
        "history": deal.history,
        "hands": deal.hands,
        "talon": deal.talon,
        "turn_up": deal.turn_up,
        "taken": deal.taken,
        "melds": deal.melds,
        "turn": deal.turn,
        "lead": deal.lead,
        "must_lead": deal.must_lead,
        "closed_by": deal.closed_by,
        "legal": {seat: deal.legal(seat) for seat in SEATS},
    }


def choose(deal: Any, seat: str, rng: random.Random, close_rate: float = 0.25) -> dict[str, Any]:
    """A random legal move that claims only with 66 and closes now and then.

    Random claims would end most deals at once; this player lets closes
    play out, so that failed closes and beaten closers happen, and shows
    most of its marriages.
    """
    legal = deal.legal(seat)
    claims = [m for m in legal if m["kind"] == "claim"]
    if claims and deal.points_of(seat) >= 66:
        return dict(claims[0])
    options = [m for m in legal if m["kind"] != "claim"] or legal
    marriages = [m for m in options if m["kind"] == "marriage"]
    if marriages and rng.random() < 0.6:
        return dict(rng.choice(marriages))
    closes = [m for m in options if m["kind"] == "close"]
    if closes and rng.random() < close_rate:
        return dict(closes[0])
    rest = [m for m in options if m["kind"] != "close"] or options
    return dict(rng.choice(rest))


def deals_of(game: ModuleType, rules: Any, count: int) -> list[tuple[Any, random.Random]]:
    """(deal, rng) for ``count`` seeded deals, every number and dealer mixed."""
    out = []
    for i in range(count):
        dealer = SEATS[i % 2]
        deal = game.Deal.build(variant=rules, seed=seed_of(i), number=1 + i % 7, dealer=dealer)
        out.append((deal, random.Random(i)))
    return out


def translated(move: dict[str, Any]) -> list[dict[str, Any]]:
    """A marriage by lead as the reference plays it: the marriage, then the lead."""
    if move["kind"] == "marriage" and "card" in move:
        return [{"kind": "marriage", "suit": move["suit"]}, {"kind": "lead", "card": move["card"]}]
    return [move]


def first_lead_marriage(game: ModuleType, rules: Any) -> tuple[Any, str, str]:
    """A fresh deal whose leader holds a marriage at the first lead: (deal, seat, suit)."""
    for i in range(500):
        deal = game.Deal.build(variant=rules, seed=seed_of(i), number=1, dealer=SEATS[i % 2])
        seat = deal.turn
        hand = deal.hand_of(seat)
        for s in "CDHS":
            if king(s) in hand and queen(s) in hand:
                return deal, seat, s
    raise AssertionError("no deal with a marriage at the first lead")


# ----------------------------------------------------------- variant values


def test_names_and_presets(game: ModuleType) -> None:
    assert game.variant.variants() == ["schnapsen", "sixtysix"]
    assert game.Match.variants() == ["schnapsen", "sixtysix"]
    assert game.variant.presets() == ["schnapsen-tjger"]


@pytest.mark.parametrize("name", ["schnapsen", "sixtysix"])
def test_get_shows_the_house_rules_with_the_reference_defaults(game: ModuleType, name: str) -> None:
    table = game.variant.get(name)
    assert len(table) == 19
    assert table["name"] == name
    assert {k: table[k] for k in HOUSE_DEFAULTS} == HOUSE_DEFAULTS
    assert type(table["exchange_min_stock"]) is int
    assert type(table["marriage_by_lead"]) is bool
    # The fresh dict is the caller's to change.
    table["close_min_stock"] = 5
    assert game.variant.get(name)["close_min_stock"] == 1


def test_the_preset_is_schnapsen_with_the_help_page_rules(game: ModuleType) -> None:
    expected = dict(game.variant.get("schnapsen"))
    expected.update(TJGER)
    assert game.variant.get("schnapsen-tjger") == expected
    assert game.variant.custom("schnapsen", **TJGER) == expected
    assert game.variant.get(dict(name="schnapsen", **TJGER)) == expected
    assert game.variant.get(expected) == expected


def test_dicts_partial_and_full(game: ModuleType) -> None:
    v = game.variant
    full = v.get("sixtysix")
    assert v.get(full) == full
    part = v.get({"name": "sixtysix", "close_min_stock": 12})
    assert part == dict(full, close_min_stock=12)
    assert v.get({"name": "schnapsen"}) == v.get("schnapsen")
    # Non-house fields may be given as long as they are the game's own.
    assert v.get({"name": "schnapsen", "deck_size": 20, "marriage_by_lead": True}) == dict(
        v.get("schnapsen"), marriage_by_lead=True
    )
    assert v.custom("sixtysix", failed_close_pays="closer_value") == dict(
        full, failed_close_pays="closer_value"
    )
    # custom builds on any variant value, a preset or a dict included.
    relaxed = v.custom("schnapsen-tjger", marriage_by_lead=False)
    assert relaxed == dict(v.get("schnapsen-tjger"), marriage_by_lead=False)
    assert v.custom(relaxed) == relaxed
    assert v.custom({"name": "sixtysix"}, exchange_min_stock=12)["exchange_min_stock"] == 12
    # The minimum may be anything up to the whole stock, turn-up included.
    for name, stock in STOCK.items():
        top = v.custom(name, exchange_min_stock=stock, close_min_stock=stock)
        assert (top["exchange_min_stock"], top["close_min_stock"]) == (stock, stock)


BAD_VARIANTS: list[tuple[Any, str]] = [
    ({"name": "schnapsen", "jokers": 2}, "jokers"),
    ({"name": "schnapsen", "deck_size": 24}, "deck_size"),
    ({"name": "sixtysix", "next_dealer": "alternate"}, "next_dealer"),
    ({"name": "schnapsen", "exchange_needs_trick": 0}, "exchange_needs_trick"),
    ({"name": "schnapsen", "exchange_min_stock": 0}, "exchange_min_stock"),
    ({"name": "schnapsen", "exchange_min_stock": 11}, "exchange_min_stock"),
    ({"name": "sixtysix", "exchange_min_stock": 13}, "exchange_min_stock"),
    ({"name": "schnapsen", "exchange_min_stock": True}, "exchange_min_stock"),
    ({"name": "schnapsen", "exchange_min_stock": 3.0}, "exchange_min_stock"),
    ({"name": "schnapsen", "exchange_min_stock": "3"}, "exchange_min_stock"),
    ({"name": "schnapsen", "close_min_stock": -1}, "close_min_stock"),
    ({"name": "schnapsen", "close_min_stock": 11}, "close_min_stock"),
    ({"name": "sixtysix", "close_min_stock": None}, "close_min_stock"),
    ({"name": "schnapsen", "marriage_by_lead": 1}, "marriage_by_lead"),
    ({"name": "schnapsen", "marriage_by_lead": "yes"}, "marriage_by_lead"),
    ({"name": "schnapsen", "failed_close_pays": "closer"}, "failed_close_pays"),
    ({"name": "schnapsen", "failed_close_pays": None}, "failed_close_pays"),
    ({"marriage_by_lead": True}, "name"),
    ({"name": "schnapsen-tjger"}, "name"),
    ({"name": "bezique"}, "name"),
]


@pytest.mark.parametrize(("value", "field"), BAD_VARIANTS, ids=[f for _, f in BAD_VARIANTS])
def test_bad_variant_names_the_field(game: ModuleType, value: Any, field: str) -> None:
    seed = seed_of(0)
    calls: list[Callable[[], Any]] = [
        lambda: game.variant.get(value),
        lambda: game.Deal.build(variant=value, seed=seed),
        lambda: game.Match.build(variant=value, seed=seed),
        lambda: game.Deal.replay(variant=value, seed=seed, moves=[]),
        lambda: game.deck.order_for(value, seed, 1),
    ]
    for call in calls:
        with pytest.raises(game.Error) as caught:
            call()
        assert caught.value.code == "bad_variant"
        assert field in str(caught.value), str(caught.value)


def test_custom_refuses_what_get_refuses(game: ModuleType) -> None:
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: game.variant.custom("schnapsen", deck_size=24), "deck_size"),
        (lambda: game.variant.custom("schnapsen", jokers=2), "jokers"),
        (lambda: game.variant.custom("schnapsen", close_min_stock=0), "close_min_stock"),
        (lambda: game.variant.custom("sixtysix", marriage_by_lead=None), "marriage_by_lead"),
        (lambda: game.variant.custom("schnapsen", name="sixtysix"), "name"),
        (lambda: game.variant.custom("skat", marriage_by_lead=True), "skat"),
    ]
    for call, field in cases:
        with pytest.raises(game.Error) as caught:
            call()
        assert caught.value.code == "bad_variant"
        assert field in str(caught.value), str(caught.value)
    for bad in (None, 7, ["schnapsen"], "Schnapsen", "tjger"):
        assert refused(game, lambda bad=bad: game.variant.get(bad)) == "bad_variant"


VALUES: list[tuple[str, Any]] = [
    ("schnapsen", "schnapsen-tjger"),
    ("schnapsen", {"name": "schnapsen", "marriage_by_lead": True}),
    (
        "sixtysix",
        {"name": "sixtysix", "exchange_min_stock": 5, "failed_close_pays": "closer_value"},
    ),
]


@pytest.mark.parametrize(
    ("base", "value"), VALUES, ids=["preset", "schnapsen-dict", "sixtysix-dict"]
)
def test_every_place_a_variant_goes(game: ModuleType, base: str, value: Any) -> None:
    table = game.variant.get(value)
    seed = seed_of(3)
    assert game.deck.pack_for(value) == game.deck.pack_for(base)
    # The shuffle hashes the game's name: the same cards as the reference deal.
    assert game.deck.order_for(value, seed, 4) == game.deck.order_for(base, seed, 4)
    assert game.deck.deal_for(value, seed, 4, "p2") == game.deck.deal_for(base, seed, 4, "p2")
    deal = game.Deal.build(variant=value, seed=seed, number=4, dealer="p2")
    plain = game.Deal.build(variant=base, seed=seed, number=4, dealer="p2")
    assert deal.variant == base
    assert deal.rules == table
    assert deal.hands == plain.hands and deal.talon == plain.talon
    assert deal.turn_up == plain.turn_up
    view = deal.view("p1")
    assert view["variant"] == base
    assert set(view) == set(plain.view("p1"))
    match = game.Match.build(variant=value, seed=seed, dealer="p2")
    assert match.variant == base and match.rules == table
    assert match.deal.rules == table
    assert set(match.view("p2")) == set(game.Match.build(variant=base, seed=seed).view("p2"))
    replayed = game.Deal.replay(variant=value, seed=seed, number=4, dealer="p2", moves=[])
    assert replayed["deal"].rules == table
    assert game.Match.replay(variant=value, seed=seed, moves=[])["match"].rules == table


# ------------------------------------------------------------ minimum stock

MIN_STOCKS = [("schnapsen", 3, 3), ("schnapsen", 4, 6), ("sixtysix", 3, 3), ("sixtysix", 6, 4)]


@pytest.mark.parametrize(
    ("base", "exchange_min", "close_min"),
    MIN_STOCKS,
    ids=[f"{b}-{e}-{c}" for b, e, c in MIN_STOCKS],
)
def test_minimum_stock_against_the_reference(
    game: ModuleType, base: str, exchange_min: int, close_min: int
) -> None:
    """Side by side with the reference's rules, every position of many deals.

    The house rules offer exactly the reference's moves, less an exchange
    below ``exchange_min`` and a close below ``close_min`` cards to draw;
    those are refused with no_exchange / cannot_close and change nothing.
    """
    rules = game.variant.custom(base, exchange_min_stock=exchange_min, close_min_stock=close_min)
    seen = {"exchange_refused": 0, "exchange_at_min": 0, "close_refused": 0, "close_at_min": 0}
    for house, rng in deals_of(game, rules, 150):
        plain = game.Deal.build(
            variant=base, seed=house.seed, number=house.number, dealer=house.dealer
        )
        while not house.over:
            seat = house.turn
            left = house.draw_left
            check_min_stock(game, house, plain, exchange_min, close_min, seen)
            move = choose(house, seat, rng)
            ours, theirs = house.apply(seat, move), plain.apply(seat, move)
            if ours != theirs:
                # Sixty-Six's automatic exchange on a close is an exchange
                # too, and none is made below the minimum (the next test);
                # the two deals part here.
                assert move["kind"] == "close" and left < exchange_min
                assert ours == [e for e in theirs if e["kind"] != "exchange"]
                break
        else:
            assert house.result == plain.result
    assert seen["exchange_refused"] > 0 and seen["close_refused"] > 0, seen
    # Stocks only ever hold an even number of cards between tricks.
    if exchange_min % 2 == 0:
        assert seen["exchange_at_min"] > 0, seen
    if close_min % 2 == 0:
        assert seen["close_at_min"] > 0, seen


def check_min_stock(
    game: ModuleType, house: Any, plain: Any, exchange_min: int, close_min: int, seen: Any
) -> None:
    """One position: the reference's moves less those below the minimum."""
    seat = house.turn
    left = house.draw_left
    theirs = plain.legal(seat)
    kinds = [m["kind"] for m in theirs]
    expected = [
        m
        for m in theirs
        if not (m["kind"] == "exchange" and left < exchange_min)
        and not (m["kind"] == "close" and left < close_min)
    ]
    assert house.legal(seat) == expected
    for asker in SEATS:
        assert (house.can_exchange(asker) is not None) == (
            plain.can_exchange(asker) is not None and left >= exchange_min
        )
        assert house.can_close(asker) == (plain.can_close(asker) and left >= close_min)
    if "exchange" in kinds and left < exchange_min:
        seen["exchange_refused"] += 1
        before = snapshot(house)
        assert refused(game, lambda: house.apply(seat, {"kind": "exchange"})) == "no_exchange"
        assert snapshot(house) == before
    if "exchange" in kinds and left == exchange_min:
        seen["exchange_at_min"] += 1
    if "close" in kinds and left < close_min:
        seen["close_refused"] += 1
        before = snapshot(house)
        assert refused(game, lambda: house.apply(seat, {"kind": "close"})) == "cannot_close"
        assert snapshot(house) == before
    if "close" in kinds and left == close_min:
        seen["close_at_min"] += 1


def test_the_sixtysix_close_exchanges_for_the_opponent_only_above_the_minimum(
    game: ModuleType,
) -> None:
    """The automatic exchange on a close is an exchange: the minimum applies.

    Measured on the stock just before the close (docs/api-contract.md).
    """
    rules = game.variant.custom("sixtysix", exchange_min_stock=8)
    found = {"refused": 0, "made": 0}
    for house, rng in deals_of(game, rules, 300):
        plain = game.Deal.build(
            variant="sixtysix", seed=house.seed, number=house.number, dealer=house.dealer
        )
        while not house.over:
            seat = house.turn
            opponent = other(seat)
            nine = SUITS.index(house.trump) * 6 + 6
            if (
                any(m["kind"] == "close" for m in house.legal(seat))
                and house.turn_up is not None
                and nine in house.hand_of(opponent)
            ):
                left = house.draw_left
                theirs = plain.copy().apply(seat, {"kind": "close"})
                closed = house.copy()
                ours = closed.apply(seat, {"kind": "close"})
                assert theirs == [
                    {"kind": "close", "seat": seat},
                    {"kind": "exchange", "seat": opponent},
                ]
                if left >= 8:
                    found["made"] += 1
                    assert ours == theirs
                else:
                    found["refused"] += 1
                    assert ours == [{"kind": "close", "seat": seat}]
                    assert closed.turn_up == house.turn_up
                    assert closed.hand_of(opponent) == house.hand_of(opponent)
            move = choose(house, seat, rng, close_rate=0.0)
            assert house.apply(seat, move) == plain.apply(seat, move)
    assert found["refused"] > 0 and found["made"] > 0, found


# -------------------------------------------------------- marriage by lead


@pytest.mark.parametrize("base", ["schnapsen", "sixtysix"])
def test_marriage_by_lead_against_declare_then_lead(game: ModuleType, base: str) -> None:
    """A marriage by lead is the reference's marriage and lead, made as one move.

    Side by side, each by-lead marriage played as the reference's two moves:
    the same events, the same state after, and at every position the
    reference's legal list with each marriage split into its king and queen
    and every card of the hand leadable.
    """
    rules = game.variant.custom(base, marriage_by_lead=True)
    marriages = 0
    for house, rng in deals_of(game, rules, 120):
        plain = game.Deal.build(
            variant=base, seed=house.seed, number=house.number, dealer=house.dealer
        )
        while not house.over:
            seat = house.turn
            assert house.must_lead is None
            theirs = plain.legal(seat)
            expected = [m for m in theirs if m["kind"] not in ("marriage", "lead")]
            hand = house.hand_of(seat)
            for meld in [m for m in theirs if m["kind"] == "marriage"]:
                s = meld["suit"]
                assert meld["value"] == (40 if s == house.trump else 20)
                for card in (king(s), queen(s)):
                    assert card in hand
                    expected.append(dict(meld, card=card))
            if any(m["kind"] == "lead" for m in theirs):
                expected.extend({"kind": "lead", "card": c} for c in hand)
            assert house.legal(seat) == expected
            assert house.can_marry(seat) == plain.can_marry(seat)
            move = choose(house, seat, rng)
            if move["kind"] == "marriage":
                marriages += 1
                move.pop("value")
            events = house.apply(seat, move)
            assert events == [e for m in translated(move) for e in plain.apply(seat, m)]
            assert (house.taken, house.melds, house.hands) == (
                plain.taken,
                plain.melds,
                plain.hands,
            )
        assert house.result == plain.result
        assert game.Deal.moves_of(house.history, variant=rules) == merged(
            game.Deal.moves_of(plain.history)
        )
    assert marriages > 20


def merged(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reference's moves with each marriage and the lead after it made one."""
    out: list[dict[str, Any]] = []
    for move in moves:
        if move["kind"] == "lead" and out and out[-1]["kind"] == "marriage":
            out[-1] = dict(out[-1], card=move["card"])
        else:
            out.append(dict(move))
    return out


def test_a_marriage_by_lead_in_detail(game: ModuleType) -> None:
    deal, seat, s = first_lead_marriage(game, "schnapsen-tjger")
    value = 40 if s == deal.trump else 20
    hand = deal.hand_of(seat)
    legal = deal.legal(seat)
    # No trick and no marriage yet: no claim; the marriages (king first,
    # suits C, D, H, S) come before the leads, and every card may be led.
    assert all(m["kind"] != "claim" for m in legal)
    entries = [m for m in legal if m["kind"] == "marriage"]
    suits = [x for x in "CDHS" if king(x) in hand and queen(x) in hand]
    assert entries == [
        {"kind": "marriage", "suit": x, "value": 40 if x == deal.trump else 20, "card": c}
        for x in suits
        for c in (king(x), queen(x))
    ]
    kinds = [m["kind"] for m in legal]
    assert kinds == sorted(kinds, key=["exchange", "close", "marriage", "lead"].index)
    assert [m["card"] for m in legal if m["kind"] == "lead"] == hand

    events = deal.apply(seat, {"kind": "marriage", "suit": s, "card": queen(s)})
    assert events == [
        {"kind": "marriage", "seat": seat, "suit": s, "value": value},
        {"kind": "lead", "seat": seat, "card": queen(s)},
    ]
    assert deal.history == events
    assert deal.must_lead is None and deal.lead == queen(s) and deal.turn == other(seat)
    assert deal.melds == [{"seat": seat, "suit": s, "value": value, "counted": False}]
    assert deal.taken == {"p1": 0, "p2": 0}
    assert deal.hand_of(seat) == [c for c in hand if c != queen(s)]
    assert not deal.can_claim(seat) and not deal.can_claim(other(seat))
    assert all(m["kind"] == "follow" for m in deal.legal(other(seat)))


def test_the_meld_counts_only_after_a_trick_and_then_a_claim_is_on_time(
    game: ModuleType,
) -> None:
    outcomes = set()
    for i in range(400):
        deal = game.Deal.build(variant="schnapsen-tjger", seed=seed_of(i), dealer=SEATS[i % 2])
        seat = deal.turn
        hand = deal.hand_of(seat)
        pairs = [x for x in "CDHS" if king(x) in hand and queen(x) in hand]
        if not pairs:
            continue
        s = pairs[0]
        value = 40 if s == deal.trump else 20
        deal.apply(seat, {"kind": "marriage", "suit": s, "card": king(s)})
        for answer in deal.legal(other(seat)):
            trial = deal.copy()
            trial.apply(other(seat), answer)
            winner = trial.last_trick["winner"]
            in_trick = points(king(s)) + points(answer["card"])
            counted = winner == seat
            outcomes.add(counted)
            assert trial.melds == [{"seat": seat, "suit": s, "value": value, "counted": counted}]
            if counted:
                assert trial.taken == {seat: value + in_trick, other(seat): 0}
            else:
                assert trial.taken == {seat: 0, other(seat): in_trick}
            # The trick is played: its winner, on lead, may claim at once
            # (a false claim if short), the other seat may not.
            assert trial.can_claim(winner) and not trial.can_claim(other(winner))
            assert trial.legal(winner)[0] == {"kind": "claim"}
        if outcomes == {True, False}:
            break
    assert outcomes == {True, False}


def test_by_the_reference_a_marriage_allows_a_claim_before_its_lead(game: ModuleType) -> None:
    """The timing rule is unchanged: the difference is that by lead there is no moment between."""
    deal, seat, s = first_lead_marriage(game, "schnapsen")
    deal.apply(seat, {"kind": "marriage", "suit": s})
    assert deal.can_claim(seat) and deal.legal(seat)[0] == {"kind": "claim"}
    assert deal.must_lead == [king(s), queen(s)]
    house, seat, s = first_lead_marriage(game, "schnapsen-tjger")
    assert not house.can_claim(seat)
    house.apply(seat, {"kind": "marriage", "suit": s, "card": king(s)})
    assert not house.can_claim(seat) and house.turn == other(seat)


def test_marriage_by_lead_refusals(game: ModuleType) -> None:
    deal, seat, s = first_lead_marriage(game, "schnapsen-tjger")

    def code(who: str, move: dict[str, Any], table: Any = deal) -> str:
        return refused(game, lambda: table.apply(who, move))

    hand = deal.hand_of(seat)
    offered = {m["suit"] for m in deal.can_marry(seat)}
    outside = [c for c in hand if c not in (king(s), queen(s))]
    before = snapshot(deal)
    # A card outside the pair, the king of another marriage included, or no
    # card at all, or not a card id.
    cards: list[Any] = [*outside, *[king(x) for x in offered - {s}]]
    cards += [str(king(s)), True, float(king(s)), 99, 0]
    for card in cards:
        assert code(seat, {"kind": "marriage", "suit": s, "card": card}) == "must_lead", card
    assert code(seat, {"kind": "marriage", "suit": s}) == "must_lead"
    # A suit not on offer is refused first, whatever the card.
    for x in [*[x for x in "CDHS" if x not in offered], "X", None, 3]:
        for card in (king(s), outside[0]):
            assert code(seat, {"kind": "marriage", "suit": x, "card": card}) == "no_marriage"
    # The turn is checked before the marriage itself.
    move = {"kind": "marriage", "suit": s, "card": king(s)}
    assert code(other(seat), move) == "not_your_turn"
    assert snapshot(deal) == before
    # Leading the king without showing the marriage is a plain lead.
    plain = deal.copy()
    lead = {"kind": "lead", "card": king(s)}
    assert plain.apply(seat, lead) == [dict(lead, seat=seat)]
    assert plain.melds == []
    # With a card led, only a follow is a move.
    assert code(other(seat), move, plain) == "not_legal"


def test_marriage_by_lead_in_the_log(game: ModuleType) -> None:
    deal, seat, s = first_lead_marriage(game, "schnapsen-tjger")
    deal.apply(seat, {"kind": "marriage", "suit": s, "card": queen(s)})
    answer = deal.legal(other(seat))[0]["card"]
    deal.apply(other(seat), {"kind": "follow", "card": answer})
    merged_moves = [
        {"seat": seat, "kind": "marriage", "suit": s, "card": queen(s)},
        {"seat": other(seat), "kind": "follow", "card": answer},
    ]
    assert game.Deal.moves_of(deal.history, variant="schnapsen-tjger") == merged_moves
    assert game.Match.moves_of(deal.history, variant=deal.rules) == merged_moves
    # Without the rules, moves_of reads the history as the reference would.
    assert game.Deal.moves_of(deal.history) == [
        {"seat": seat, "kind": "marriage", "suit": s},
        {"seat": seat, "kind": "lead", "card": queen(s)},
        {"seat": other(seat), "kind": "follow", "card": answer},
    ]
    log = deal.to_log()
    assert log["moves"] == merged_moves
    assert game.Deal.from_log(json.dumps(log)).history == deal.history


# ------------------------------------------------------------ closer_value


def closer_value(deal: Any, result: dict[str, Any]) -> int:
    """What the closer would have won, at least 2, computed from the deal."""
    beaten = other(result["closed_by"])
    if deal.rules["close_counts_tricks_at"] == "close":
        at = deal.close_state[beaten]
        return max(2, scale(at["points"], at["tricks"]))
    return max(2, scale(result["points"][beaten], result["tricks"][beaten]))


def reference_value(deal: Any, result: dict[str, Any]) -> int:
    """The reference's payout to the closer's opponent (docs/rules/schnapsen.md, docs/rules/sixtysix.md)."""
    if result["how"] == "beat_closer" and deal.variant == "sixtysix":
        return 2
    had_trick = deal.close_state[other(result["closed_by"])]["tricks"] > 0
    return 2 if had_trick else 3


def play_closes(game: ModuleType, base: str, count: int) -> list[tuple[Any, Any]]:
    """Pairs (closer_value deal, reference deal) of the same moves, played out."""
    rules = game.variant.custom(base, failed_close_pays="closer_value")
    pairs = []
    for house, rng in deals_of(game, rules, count):
        plain = game.Deal.build(
            variant=base, seed=house.seed, number=house.number, dealer=house.dealer
        )
        while not house.over:
            seat = house.turn
            assert house.legal(seat) == plain.legal(seat)
            move = choose(house, seat, rng, close_rate=0.4)
            ours, theirs = house.apply(seat, move), plain.apply(seat, move)
            assert ours[:-1] == theirs[:-1]
        pairs.append((house, plain))
    return pairs


def test_closer_value_is_the_reference_in_schnapsen(game: ModuleType) -> None:
    seen = {"failed_close": 0, "beat_closer": 0}
    for house, plain in play_closes(game, "schnapsen", 1200):
        ours, theirs = house.result, plain.result
        assert ours == theirs
        if ours["how"] in seen:
            seen[ours["how"]] += 1
            assert ours["game_points"] == closer_value(house, ours)
            assert theirs["game_points"] == reference_value(plain, theirs)
    assert seen["failed_close"] >= 10 and seen["beat_closer"] >= 10, seen


def test_closer_value_differs_in_sixtysix(game: ModuleType) -> None:
    seen = {"failed_close": 0, "beat_closer": 0}
    differ = 0
    for house, plain in play_closes(game, "sixtysix", 600):
        ours, theirs = house.result, plain.result
        assert {k: v for k, v in ours.items() if k != "game_points"} == {
            k: v for k, v in theirs.items() if k != "game_points"
        }
        if ours["how"] not in seen:
            assert ours["game_points"] == theirs["game_points"]
            continue
        seen[ours["how"]] += 1
        assert ours["game_points"] == closer_value(house, ours)
        assert theirs["game_points"] == reference_value(plain, theirs)
        if ours["game_points"] != theirs["game_points"]:
            differ += 1
            # The reference reads the close, closer_value the end: a
            # non-closer without a trick at the close took one after it.
            beaten = other(ours["closed_by"])
            assert house.close_state[beaten]["tricks"] == 0 < ours["tricks"][beaten]
    assert seen["failed_close"] >= 10 and seen["beat_closer"] >= 5, seen
    assert differ > 0


def test_deal_result_with_closer_value(game: ModuleType) -> None:
    """A failed Sixty-Six close where the non-closer's first trick came after it."""
    close_state = {
        "by": "p1",
        "p1": {"tricks": 2, "points": 40},
        "p2": {"tricks": 0, "points": 0},
    }
    args: dict[str, Any] = {
        "how": "exhausted",
        "by": None,
        "points": {"p1": 60, "p2": 60},
        "tricks": {"p1": 4, "p2": 2},
        "closed_by": "p1",
        "close_state": close_state,
        "last_trick": "p1",
    }
    scoring = game.scoring
    assert scoring.deal_result(variant="sixtysix", **args)["game_points"] == 3
    paid = scoring.deal_result(
        variant={"name": "sixtysix", "failed_close_pays": "closer_value"}, **args
    )
    assert (paid["how"], paid["winner"], paid["game_points"]) == ("failed_close", "p2", 2)
    # Schnapsen reads the close: no trick then is 3 on both scales.
    tjger = scoring.deal_result(variant="schnapsen-tjger", **args)
    assert (
        tjger["game_points"] == scoring.deal_result(variant="schnapsen", **args)["game_points"] == 3
    )
    # A claim against the closer: Sixty-Six pays 2 flat; closer_value reads
    # the claimer's own end figures, so at least 66 points pays 2 as well.
    claim = dict(args, how="claim", by="p2", points={"p1": 40, "p2": 70})
    assert scoring.deal_result(variant="sixtysix", **claim)["game_points"] == 2
    closer = {"name": "sixtysix", "failed_close_pays": "closer_value"}
    beaten = scoring.deal_result(variant=closer, **claim)
    assert (beaten["how"], beaten["game_points"]) == ("beat_closer", 2)


# -------------------------------------------------------------------- logs


@pytest.mark.parametrize(
    "value",
    ["schnapsen-tjger", {"name": "sixtysix", "marriage_by_lead": True, "close_min_stock": 4}],
)
def test_logs_carry_the_rules(game: ModuleType, value: Any) -> None:
    table = game.variant.get(value)
    for i in range(6):
        match = game.Match.build(variant=value, seed=seed_of(i), dealer=SEATS[i % 2])
        rng = random.Random(i)
        for _ in range(60):
            if match.over:
                break
            match.apply(match.turn, choose(match.deal, match.turn, rng))
        log = match.to_log()
        assert log["rules"] == table and log["game"] == table["name"]
        again = game.Match.from_log(json.dumps(log))
        assert again.history == match.history and again.rules == table
        deal_log = match.deal.to_log()
        assert deal_log["rules"] == table
        assert game.Deal.from_log(deal_log).history == match.deal.history


def test_old_logs_without_rules_still_replay(game: ModuleType) -> None:
    for base in ("schnapsen", "sixtysix"):
        match = game.Match.build(variant=base, seed=seed_of(1))
        rng = random.Random(1)
        while not match.over:
            match.apply(match.turn, choose(match.deal, match.turn, rng))
        log = match.to_log()
        assert log["rules"] == game.variant.get(base)
        del log["rules"]
        again = game.Match.from_log(json.dumps(log))
        assert again.history == match.history and again.rules == game.variant.get(base)


def test_bad_rules_in_a_log(game: ModuleType) -> None:
    deal = game.Deal.build(variant="schnapsen-tjger", seed=seed_of(2))
    log = deal.to_log()
    for rules in (
        dict(log["rules"], name="sixtysix"),
        game.variant.get("sixtysix"),
        dict(log["rules"], jokers=2),
        dict(log["rules"], close_min_stock=0),
        "schnapsen-tjger",
        None,
        [],
    ):
        bad = dict(log, rules=rules)
        assert refused(game, lambda bad=bad: game.Deal.from_log(bad)) == "bad_log", rules
    # A partial table is read with the game's defaults.
    partial = dict(log, rules={"name": "schnapsen", "marriage_by_lead": True})
    assert game.Deal.from_log(partial).rules == game.variant.custom(
        "schnapsen", marriage_by_lead=True
    )


def test_a_log_replays_only_under_its_own_rules(game: ModuleType) -> None:
    """A house-rule game's moves are refused under the reference's rules, and back."""
    deal, seat, s = first_lead_marriage(game, "schnapsen-tjger")
    deal.apply(seat, {"kind": "marriage", "suit": s, "card": king(s)})
    deal.apply(other(seat), deal.legal(other(seat))[0])
    log = deal.to_log()
    for stripped in (
        dict(log, rules=game.variant.get("schnapsen")),
        {k: v for k, v in log.items() if k != "rules"},
    ):
        with pytest.raises(game.Error):
            game.Deal.from_log(stripped)
    with pytest.raises(game.Error):
        game.Deal.replay(
            variant="schnapsen", seed=deal.seed, dealer=deal.dealer, moves=log["moves"]
        )
    # A reference game that exchanged or closed with two cards left fails
    # under the preset. It shows no marriage, which the preset plays otherwise.
    for plain, rng in deals_of(game, "schnapsen", 300):
        while not plain.over:
            seat = plain.turn
            moves = plain.legal(seat)
            late = [m for m in moves if m["kind"] in ("exchange", "close") and plain.draw_left < 3]
            quiet = [m for m in moves if m["kind"] in ("lead", "follow")]
            move = late[0] if late else rng.choice(quiet)
            plain.apply(seat, move)
            if late:
                break
        else:
            continue
        log = plain.to_log()
        code = "no_exchange" if late[0]["kind"] == "exchange" else "cannot_close"
        tampered = dict(log, rules=game.variant.get("schnapsen-tjger"))
        assert refused(game, lambda log=tampered: game.Deal.from_log(log)) == code
        return
    raise AssertionError("no late exchange or close found")


# ------------------------------------------------------- bots and matches


def best_by_hand(hand: list[int], trump: str) -> int:
    """The king of the dearest marriage in hand, ties to the first of C, D, H, S."""
    pairs = [x for x in "CDHS" if king(x) in hand and queen(x) in hand]
    best = max(pairs, key=lambda x: (x == trump, -"CDHS".index(x)))
    return king(best)


@pytest.mark.parametrize("levels", [(1, 1), (2, 2), (1, 2), (2, 1)])
def test_bots_play_whole_tjger_matches(game: ModuleType, levels: tuple[int, int]) -> None:
    for i in range(6):
        match = game.Match.build(
            variant="schnapsen-tjger", seed=seed_of(100 + i), dealer=SEATS[i % 2]
        )
        bots = {"p1": game.Bot(level=levels[0]), "p2": game.Bot(level=levels[1])}
        scores = {"p1": 7, "p2": 7}
        while not match.over:
            deal = match.deal
            assert deal.rules == game.variant.get("schnapsen-tjger")
            seat = match.turn
            assert bots[other(seat)].choose(match, other(seat)) is None
            move = bots[seat].choose(match, seat)
            assert move in match.legal(seat)
            if move["kind"] in ("exchange", "close"):
                assert deal.draw_left >= 3
            if move["kind"] == "marriage":
                assert move["card"] == best_by_hand(deal.hand_of(seat), deal.trump)
            events = match.apply(seat, move)
            if move["kind"] == "marriage":
                assert [e["kind"] for e in events[:2]] == ["marriage", "lead"]
            for event in events:
                if event["kind"] == "deal_end":
                    scores[event["winner"]] -= event["game_points"]
                    if event["how"] in ("failed_close", "beat_closer"):
                        assert event["game_points"] == closer_value(deal, event)
            assert match.scores == scores
        assert min(scores.values()) <= 0 and match.winner == min(scores, key=lambda k: scores[k])
        assert game.Match.from_log(json.dumps(match.to_log())).history == match.history


def test_sixtysix_house_rule_match_by_bots(game: ModuleType) -> None:
    rules = game.variant.custom("sixtysix", **TJGER)
    match = game.Match.build(variant=rules, seed=seed_of(7))
    bot = game.Bot(level=2)
    while not match.over:
        seat = match.turn
        move = bot.choose(match, seat)
        assert move in match.legal(seat)
        match.apply(seat, move)
        assert match.deal.rules == rules
    assert max(match.scores.values()) >= 7
    assert game.Match.from_log(match.to_log()).history == match.history


# ----------------------------------------------------- random-play property


def house_rules_of(name: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            "name": st.just(name),
            "exchange_min_stock": st.integers(1, STOCK[name]),
            "close_min_stock": st.integers(1, STOCK[name]),
            "marriage_by_lead": st.booleans(),
            "failed_close_pays": st.sampled_from(["reference", "closer_value"]),
        }
    )


house_rules = st.sampled_from(sorted(STOCK)).flatmap(house_rules_of)


def check_invariants(game: ModuleType, deal: Any) -> None:
    """Cards conserved, points and tricks as the tricks and melds say."""
    played = [c for t in deal.tricks for c in (t["lead"], t["follow"])]
    held = deal.hand_of("p1") + deal.hand_of("p2") + deal.talon
    here = held + played + ([deal.turn_up] if deal.turn_up is not None else [])
    here += [deal.lead] if deal.lead is not None else []
    assert sorted(here) == game.deck.pack_for(deal.rules)
    for seat in SEATS:
        won = [t for t in deal.tricks if t["winner"] == seat]
        melds = [m for m in deal.melds if m["seat"] == seat]
        assert deal.tricks_won(seat) == len(won)
        assert all(m["counted"] == bool(won) for m in melds)
        expected = sum(points(t["lead"]) + points(t["follow"]) for t in won)
        assert deal.points_of(seat) == expected + sum(m["value"] for m in melds if m["counted"])
    if deal.rules["marriage_by_lead"]:
        assert deal.must_lead is None


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    rules=house_rules,
    seed=st.binary(min_size=32, max_size=32),
    rng=st.randoms(use_true_random=False),
    patient=st.booleans(),
)
def test_random_play_under_random_house_rules(
    game: ModuleType, rules: dict[str, Any], seed: bytes, rng: random.Random, patient: bool
) -> None:
    table = game.variant.get(rules)
    deal = game.Deal.build(
        variant=rules, seed=seed, number=1 + rng.randrange(50), dealer=rng.choice(SEATS)
    )
    while not deal.over:
        check_invariants(game, deal)
        seat = deal.turn
        legal = deal.legal(seat)
        assert legal and deal.legal(other(seat)) == []
        for move in legal:
            if move["kind"] == "exchange":
                assert deal.draw_left >= table["exchange_min_stock"]
            if move["kind"] == "close":
                assert deal.draw_left >= table["close_min_stock"]
            # Every legal move is accepted.
            deal.copy().apply(seat, move)
        move = choose(deal, seat, rng) if patient else rng.choice(legal)
        events = deal.apply(seat, move)
        if move["kind"] == "marriage" and table["marriage_by_lead"]:
            assert events[1] == {"kind": "lead", "seat": seat, "card": move["card"]}
            assert move["card"] in (king(move["suit"]), queen(move["suit"]))
    check_invariants(game, deal)
    result = deal.result
    if result["how"] in ("failed_close", "beat_closer"):
        want = closer_value if table["failed_close_pays"] == "closer_value" else reference_value
        assert result["game_points"] == want(deal, result)
    assert game.Deal.from_log(json.dumps(deal.to_log())).history == deal.history
