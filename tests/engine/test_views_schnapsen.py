"""A seat's view shows what that seat may know and nothing else.

Properties, run against both implementations: the view never holds the
other hand or the talon's order; two deals that differ only in cards the seat
cannot see give it the same view; and a log tampered with (a card the seat
did not hold, a move out of turn) is refused at exactly that move.
"""

from __future__ import annotations

import hashlib
import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _schnapsen_support import impl, jsonish

__all__ = ["impl"]

VIEW_KEYS = {
    "seat", "variant", "number", "dealer", "ply", "phase", "turn", "leader", "trump",
    "turn_up", "talon_left", "draw_left", "closed", "closed_by", "close_state",
    "pending_draw", "hand", "counts", "taken", "tricks_won", "melds", "lead",
    "must_lead", "last_trick", "legal", "over", "result",
}  # fmt: skip
MATCH_VIEW_KEYS = VIEW_KEYS | {"scores", "to_win", "deals", "match_over", "winner"}

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def play(deal: Any, choices: list[int], limit: int) -> None:
    """Play legal moves picked by ``choices`` until they or the deal run out."""
    for choice in choices[:limit]:
        if deal.over:
            return
        legal = deal.legal(deal.turn)
        deal.apply(deal.turn, legal[choice % len(legal)])


def visible_cards(view: dict[str, Any]) -> set[int]:
    """Every card id the view mentions."""
    cards = set(view["hand"])
    cards |= {m["card"] for m in view["legal"] if "card" in m}
    for key in ("turn_up", "lead"):
        if view[key] is not None:
            cards.add(view[key])
    if view["must_lead"]:
        cards |= set(view["must_lead"])
    if view["last_trick"]:
        cards |= {view["last_trick"]["lead"], view["last_trick"]["follow"]}
    return cards


def shown(view: dict[str, Any]) -> set[int]:
    """Cards the table has seen: a declared marriage shows its king and queen."""
    cards = set()
    for meld in view["melds"]:
        at = "SHDC".index(meld["suit"]) * 6
        cards |= {at + 3, at + 4}
    return cards


def check_view(deal: Any, seat: str) -> None:
    view = deal.view(seat)
    assert set(view) == VIEW_KEYS
    assert view["seat"] == seat
    assert view["hand"] == deal.hand_of(seat)
    assert view["counts"] == {"p1": len(deal.hand_of("p1")), "p2": len(deal.hand_of("p2"))}
    assert view["legal"] == deal.legal(seat)
    assert view["ply"] == len(deal.history)
    assert view["talon_left"] == deal.talon_left and view["draw_left"] == deal.draw_left
    hidden = set(deal.hand_of(other(seat))) | set(deal.talon)
    assert not (visible_cards(view) & hidden - shown(view)), "the view shows a hidden card"
    text = json.dumps(view)
    assert deal.seed.hex() not in text
    assert "talon" not in {k for k in view if k != "talon_left"}
    # A view is plain JSON data.
    assert jsonish(view) == view


@SETTINGS
@given(
    variant=st.sampled_from(["schnapsen", "sixtysix"]),
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(min_value=1, max_value=40),
    dealer=st.sampled_from(["p1", "p2"]),
    choices=st.lists(st.integers(min_value=0, max_value=50), min_size=0, max_size=60),
)
def test_view_never_shows_hidden_cards(
    impl: ModuleType, variant: str, seed: bytes, number: int, dealer: str, choices: list[int]
) -> None:
    deal = impl.Deal.build(variant=variant, seed=seed, number=number, dealer=dealer)
    for step in range(len(choices) + 1):
        for seat in ("p1", "p2"):
            check_view(deal, seat)
        if step == len(choices) or deal.over:
            break
        legal = deal.legal(deal.turn)
        deal.apply(deal.turn, legal[choices[step] % len(legal)])


def _pair_seed(i: int) -> bytes:
    return hashlib.sha256(b"trumpf-view-pair:%d" % i).digest()


# Seeds whose first Schnapsen deal (p1 dealing) gives p2 the same hand, in the
# same order, under the same turn-up, and everything else different.
SAME_HAND_PAIRS = [(987, 1171), (8815, 15121), (10458, 15529), (10748, 16281)]


@pytest.mark.parametrize(("a", "b"), SAME_HAND_PAIRS)
@SETTINGS
@given(choices=st.lists(st.integers(min_value=0, max_value=20), min_size=1, max_size=4))
def test_hidden_cards_do_not_change_the_view(
    impl: ModuleType, a: int, b: int, choices: list[int]
) -> None:
    one = impl.Deal.build(variant="schnapsen", seed=_pair_seed(a), number=1, dealer="p1")
    two = impl.Deal.build(variant="schnapsen", seed=_pair_seed(b), number=1, dealer="p1")
    assert one.hand_of("p2") == two.hand_of("p2") and one.turn_up == two.turn_up
    assert one.hand_of("p1") != two.hand_of("p1") and one.talon != two.talon
    assert one.view("p2") == two.view("p2")
    assert one.view("p1") != two.view("p1")
    # p2 declares and leads: nothing it does reveals what it cannot see.
    for choice in choices:
        if one.turn != "p2":
            break
        legal = one.legal("p2")
        assert legal == two.legal("p2")
        if not legal:
            break
        move = legal[choice % len(legal)]
        assert one.apply("p2", move) == two.apply("p2", move)
        assert one.view("p2") == two.view("p2")


@SETTINGS
@given(
    variant=st.sampled_from(["schnapsen", "sixtysix"]),
    seed=st.binary(min_size=32, max_size=32),
    choices=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=200),
)
def test_match_view(impl: ModuleType, variant: str, seed: bytes, choices: list[int]) -> None:
    match = impl.Match.build(variant=variant, seed=seed, dealer="p2")
    for choice in choices:
        for seat in ("p1", "p2"):
            view = match.view(seat)
            assert set(view) == MATCH_VIEW_KEYS
            assert view["ply"] == len(match.history)
            assert view["scores"] == match.scores
            assert view["to_win"] == {"p1": match.to_win("p1"), "p2": match.to_win("p2")}
            assert view["deals"] == len(match.deals)
            assert view["match_over"] == match.over and view["winner"] == match.winner
            hidden = set(match.deal.hand_of(other(seat))) | set(match.deal.talon)
            if not match.over:
                assert not (visible_cards(view) & hidden - shown(view))
        if match.over:
            break
        legal = match.legal(match.turn)
        match.apply(match.turn, legal[choice % len(legal)])


@SETTINGS
@given(
    variant=st.sampled_from(["schnapsen", "sixtysix"]),
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(min_value=1, max_value=40),
    dealer=st.sampled_from(["p1", "p2"]),
    choices=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=40),
    pick=st.integers(min_value=0, max_value=10_000),
    tamper=st.sampled_from(["card", "seat"]),
)
def test_tampered_log_is_refused_at_that_move(
    impl: ModuleType,
    variant: str,
    seed: bytes,
    number: int,
    dealer: str,
    choices: list[int],
    pick: int,
    tamper: str,
) -> None:
    deal = impl.Deal.build(variant=variant, seed=seed, number=number, dealer=dealer)
    play(deal, choices, len(choices))
    moves = impl.Deal.moves_of(deal.history)
    # The honest log replays to the same views.
    log = json.loads(json.dumps(deal.to_log()))
    honest = impl.Deal.from_log(log)
    for seat in ("p1", "p2"):
        assert honest.view(seat) == deal.view(seat)

    if tamper == "card":
        candidates = [i for i, m in enumerate(moves) if "card" in m]
    else:
        candidates = list(range(len(moves)))
    if not candidates:
        return
    index = candidates[pick % len(candidates)]
    # Replay up to the move to learn what the seat held at that moment.
    before = impl.Deal.replay(
        variant=variant, seed=seed, number=number, dealer=dealer, moves=moves[:index]
    )["deal"]
    bad = dict(moves[index])
    if tamper == "card":
        held = before.hand_of(bad["seat"])
        elsewhere = [c for c in impl.deck.pack_for(variant) if c not in held]
        bad["card"] = elsewhere[pick % len(elsewhere)]
        expected = "not_held"
    else:
        bad["seat"] = other(bad["seat"])
        expected = "not_your_turn"
    tampered = [*moves[:index], bad, *moves[index + 1 :]]
    with pytest.raises(impl.Error) as caught:
        impl.Deal.replay(variant=variant, seed=seed, number=number, dealer=dealer, moves=tampered)
    assert caught.value.code == expected
    assert str(index) in str(caught.value), "the refusal names the move's index"
    bad_log = dict(log, moves=tampered)
    with pytest.raises(impl.Error) as caught:
        impl.Deal.from_log(json.dumps(bad_log))
    assert caught.value.code == expected
