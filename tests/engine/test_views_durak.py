"""A seat's view carries what that seat can see and nothing else; a forged log is refused.

Three properties, each able to fail on a leak:

- Two games dealt from different seeds that give one seat the same hand and the
  same turn-up differ only in what that seat cannot see (the other hand, the
  talon order, the seed). Played in lockstep with the same public moves, they
  must give that seat identical views for as long as its hand and the public
  history agree.
- Every card id in a view is one the seat can see (its hand, the bout, the
  turn-up while it lies in the talon), and every field has the shape the
  contract gives it, so nothing else can ride along.
- A replay log with a card the seat does not hold, or a move out of turn, is
  refused at that move with the right code.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_support import IMPLEMENTATIONS, SEATS, plain, seed_of

# Seed pairs (observer, i, j): the seeds seed_of(f"trumpf-views-{i}") and
# seed_of(f"trumpf-views-{j}") deal the observer the same hand and turn the same
# card up, found by a birthday search over 60000 deals with the oracle.
PAIRS: list[tuple[int, int, int]] = [
    (2, 2753, 6708),
    (2, 528, 7194),
    (2, 9865, 10200),
    (2, 7590, 10452),
    (1, 7511, 11350),
    (1, 12410, 14512),
    (2, 3810, 14845),
    (1, 10118, 15308),
    (2, 2312, 15411),
    (2, 11176, 15972),
    (1, 11084, 20788),
    (1, 1346, 24259),
    (1, 14919, 24512),
    (1, 7899, 29950),
    (1, 26620, 32415),
    (1, 22843, 32533),
]

VIEW_KEYS = {
    "seat",
    "ply",
    "phase",
    "turn",
    "trump",
    "trump_card",
    "talon",
    "discard",
    "hand",
    "counts",
    "swap",
    "legal",
    "over",
    "result",
    "bout",
}
BOUT_KEYS = {"attacker", "defender", "cap", "size", "taken", "unbeaten", "pairs"}


@pytest.fixture(scope="module", params=IMPLEMENTATIONS)
def durak(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


def _pair_games(durak: ModuleType, pair: tuple[int, int, int]) -> tuple[int, Any, Any]:
    observer, i, j = pair
    first = durak.Game.build(seed=seed_of(f"trumpf-views-{i}"), number=1)
    second = durak.Game.build(seed=seed_of(f"trumpf-views-{j}"), number=1)
    return observer, first, second


def test_seed_pairs_differ_only_in_what_the_observer_cannot_see(
    durak: ModuleType,
) -> None:
    """The pairs are what the lockstep property needs, so a leak would show as a difference."""
    other_swap_differs = 0
    for pair in PAIRS:
        observer, first, second = _pair_games(durak, pair)
        other = 3 - observer
        assert first.hand_of(observer) == second.hand_of(observer)
        assert first.trump_card == second.trump_card
        assert first.seed != second.seed
        assert first.hand_of(other) != second.hand_of(other)
        assert first.talon[:-1] != second.talon[:-1]
        other_swap_differs += first.can_swap(other) != second.can_swap(other)
    assert other_swap_differs > 0


@settings(max_examples=150, deadline=None)
@given(pair=st.sampled_from(PAIRS), choices=st.lists(st.integers(0, 2**16), max_size=60))
def test_views_agree_when_only_hidden_cards_differ(
    durak: ModuleType, pair: tuple[int, int, int], choices: list[int]
) -> None:
    observer, first, second = _pair_games(durak, pair)
    for ply in range(1000):
        choice = choices[ply] if ply < len(choices) else ply
        if (
            first.hand_of(observer) != second.hand_of(observer)
            or first.history != second.history
            or first.turn != second.turn
        ):
            return  # the observer has seen something that tells the games apart
        assert plain(first.view(observer)) == plain(second.view(observer))
        if first.over:
            return
        seat = first.turn
        if seat == observer:
            options = first.legal(seat)
        else:
            theirs = second.legal(seat)
            options = [move for move in first.legal(seat) if move in theirs]
            if not options:
                return
        move = options[choice % len(options)]
        first.apply(seat, move)
        second.apply(seat, move)


def _int(value: Any, where: str, *, none: bool = False) -> None:
    if value is None and none:
        return
    assert type(value) is int, f"{where} is {value!r}, not an int"


def _cards_in_view(view: dict[str, Any]) -> list[int]:
    """Check the view's shape field by field and return every card id it names."""
    assert set(view) == VIEW_KEYS
    for key in ("seat", "ply", "talon", "discard"):
        _int(view[key], key)
    _int(view["turn"], "turn", none=True)
    assert view["phase"] in ("attack", "defend", "pile_on", "over")
    assert view["trump"] in ("S", "H", "D", "C")
    assert isinstance(view["swap"], bool) and isinstance(view["over"], bool)
    assert set(view["counts"]) == {1, 2}
    for seat in SEATS:
        _int(view["counts"][seat], f"counts[{seat}]")
    named: list[int] = list(view["hand"])
    if view["trump_card"] is not None:
        named.append(view["trump_card"])
    for move in view["legal"]:
        assert set(move) in ({"kind"}, {"kind", "card"})
        if "card" in move:
            named.append(move["card"])
    if view["result"] is not None:
        assert set(view["result"]) == {"outcome", "fool", "places"}
        _int(view["result"]["fool"], "result.fool", none=True)
        assert set(view["result"]["places"]) == {1, 2}
    bout = view["bout"]
    if bout is not None:
        assert set(bout) == BOUT_KEYS
        for key in ("attacker", "defender", "cap", "size"):
            _int(bout[key], f"bout.{key}")
        assert isinstance(bout["taken"], bool)
        _int(bout["unbeaten"], "bout.unbeaten", none=True)
        if bout["unbeaten"] is not None:
            named.append(bout["unbeaten"])
        assert bout["size"] == len(bout["pairs"])
        for laid in bout["pairs"]:
            assert set(laid) == {"attack", "beat"}
            named.append(laid["attack"])
            if laid["beat"] is not None:
                named.append(laid["beat"])
    for card in named:
        _int(card, "a card")
    return named


@settings(max_examples=60, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(1, 20),
    choices=st.lists(st.integers(0, 2**16), max_size=120),
)
def test_views_name_only_visible_cards(
    durak: ModuleType, seed: bytes, number: int, choices: list[int]
) -> None:
    game = durak.Game.build(seed=seed, number=number)
    discarded: set[int] = set()
    # The choices steer the opening; the game is then played out to its end.
    for ply in range(1000):
        choice = choices[ply] if ply < len(choices) else ply
        bout = game.bout
        on_table = set() if bout is None else {c for c in bout["attacks"] + bout["beats"] if c}
        talon = game.talon
        for seat in SEATS:
            view = game.view(seat)
            named = set(_cards_in_view(view))
            visible = set(game.hand_of(seat)) | on_table
            if talon:
                visible.add(talon[-1])
                assert view["trump_card"] == talon[-1] == game.trump_card
            else:
                assert view["trump_card"] is None
            hidden = set(game.hand_of(3 - seat)) | set(talon[:-1]) | discarded
            assert named <= visible, sorted(named - visible)
            assert not named & hidden
            assert view["hand"] == game.hand_of(seat)
            assert view["counts"] == {s: game.count_of(s) for s in SEATS}
            assert view["swap"] == game.can_swap(seat)
            assert view["talon"] == len(talon) and view["discard"] == game.discard
            assert view["ply"] == len(game.history)
            assert view["legal"] == game.legal(seat)
        if game.over:
            return
        seat = game.turn
        options = game.legal(seat)
        events = game.apply(seat, options[choice % len(options)])
        for event in events:
            if event["kind"] == "bout_end" and not event["taken"]:
                discarded |= on_table | {
                    c for c in [options[choice % len(options)].get("card")] if c
                }
        assert len(discarded) == game.discard
    pytest.fail("the game did not end")


def _played(durak: ModuleType, seed: bytes, choices: list[int]) -> Any:
    game = durak.Game.build(seed=seed, number=1)
    for choice in choices:
        if game.over:
            break
        seat = game.turn
        options = game.legal(seat)
        game.apply(seat, options[choice % len(options)])
    return game


@settings(max_examples=60, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32),
    choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=80),
    pick=st.integers(0, 2**16),
    forge=st.sampled_from(["card_not_held", "not_your_turn"]),
)
def test_tampered_log_is_refused_at_that_move(
    durak: ModuleType, seed: bytes, choices: list[int], pick: int, forge: str
) -> None:
    game = _played(durak, seed, choices)
    moves = durak.Game.moves_of(game.history)
    assert durak.Game.replay(seed=seed, moves=moves)["game"].history == game.history
    if forge == "card_not_held":
        candidates = [k for k, move in enumerate(moves) if "card" in move]
    else:
        candidates = [k for k, move in enumerate(moves) if move["kind"] != "resign"]
    if not candidates:
        return
    at = candidates[pick % len(candidates)]
    before = durak.Game.replay(seed=seed, moves=moves[:at])["game"]
    move = dict(moves[at])
    if forge == "card_not_held":
        held = set(before.hand_of(move["seat"]))
        move["card"] = sorted(set(range(1, 37)) - held)[pick % (36 - len(held))]
    else:
        move["seat"] = 3 - move["seat"]
    forged = [*moves[:at], move, *moves[at + 1 :]]
    with pytest.raises(durak.Error) as caught:
        durak.Game.replay(seed=seed, moves=forged)
    assert caught.value.code == forge
    assert str(at) in str(caught.value)
    log = game.to_log()
    log["moves"] = forged
    with pytest.raises(durak.Error) as caught:
        durak.Game.from_log(log)
    assert caught.value.code == forge
