"""What only the C++ core has: its SHA-256, robustness against hand-built
moves, independent copies, readable reprs and the GIL-free replay."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from typing import Any

import pytest

from trumpf import _core
from trumpf.schnapsen import Bot, Deal, Error, Match

SEED = bytes(range(32))

FIPS_VECTORS = [
    b"",
    b"abc",
    b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
    b"ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
    b"a" * 1000,
]


@pytest.mark.parametrize("hardware", [True, False])
@pytest.mark.parametrize("data", FIPS_VECTORS)
def test_sha256_fips_vectors(data: bytes, hardware: bool) -> None:
    assert _core.sha256(data, hardware) == hashlib.sha256(data).digest()


@pytest.mark.parametrize("hardware", [True, False])
def test_sha256_every_length(hardware: bool) -> None:
    rng = random.Random(7)
    for n in range(0, 300):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert _core.sha256(data, hardware) == hashlib.sha256(data).digest()


def snapshot(game: Any) -> Any:
    deal = game.deal if isinstance(game, Match) else game
    return (
        repr(game),
        json.dumps(game.history),
        json.dumps(deal.hands),
        json.dumps(deal.view("p1")),
        json.dumps(deal.view("p2")),
    )


GARBAGE: list[Any] = [
    None,
    7,
    "lead",
    [("kind", "lead")],
    {},
    {"kind": None},
    {"kind": 3},
    {"kind": "LEAD", "card": 1},
    {"kind": "fly"},
    {"card": 1},
    {"kind": "lead"},
    {"kind": "lead", "card": True},
    {"kind": "lead", "card": 1.0},
    {"kind": "lead", "card": "1"},
    {"kind": "lead", "card": 2**80},
    {"kind": "lead", "card": -(2**80)},
    {"kind": "lead", "card": 0},
    {"kind": "lead", "card": 25},
    {"kind": "lead", "card": -1},
    {"kind": "follow", "card": None},
    {"kind": "follow", "card": 2**64},
    {"kind": "marriage"},
    {"kind": "marriage", "suit": None},
    {"kind": "marriage", "suit": "SS"},
    {"kind": "marriage", "suit": 0},
    {"kind": "marriage", "suit": "\udcff"},
    {"kind": "draw"},
    {"kind": "close", "card": object()},
]


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_garbage_never_crashes_nor_changes_state(variant: str) -> None:
    rng = random.Random(variant)
    for number in range(1, 30):
        dealer = rng.choice(["p1", "p2"])
        deal = Deal.build(variant=variant, seed=SEED, number=number, dealer=dealer)
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            for move in rng.sample(GARBAGE, 6):
                for who in (seat, "p3", None, 1, seat):
                    before = snapshot(deal)
                    legal = deal.legal(seat)
                    bare = (
                        {k: v for k, v in move.items() if k != "card"}
                        if isinstance(move, dict) and move.get("kind") == "close"
                        else move
                    )
                    if who == seat and bare in legal:
                        continue  # extra keys on a legal move are ignored
                    with pytest.raises(Error) as err:
                        deal.apply(who, move)
                    assert isinstance(err.value, ValueError)
                    assert err.value.code in {
                        "not_your_turn",
                        "not_legal",
                        "not_held",
                        "must_follow",
                        "must_lead",
                        "no_marriage",
                        "no_exchange",
                        "cannot_close",
                        "cannot_claim",
                    }
                    assert str(err.value)
                    assert snapshot(deal) == before
            deal.apply(seat, rng.choice(deal.legal(seat)))
        with pytest.raises(Error) as err:
            deal.apply("p1", {"kind": "lead", "card": 1})
        assert err.value.code == "deal_over"


def test_bad_builds_and_seats() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"variant": "skat", "seed": SEED}, "bad_variant"),
        ({"variant": None, "seed": SEED}, "bad_variant"),
        ({"seed": b"x" * 31}, "no_seed"),
        ({"seed": bytearray(SEED)}, "no_seed"),
        ({"seed": "A" * 32}, "no_seed"),
        ({"seed": None}, "no_seed"),
        ({"seed": SEED, "number": 0}, "bad_deal"),
        ({"seed": SEED, "number": True}, "bad_deal"),
        ({"seed": SEED, "number": 1.0}, "bad_deal"),
        ({"seed": SEED, "number": 2**100}, "bad_deal"),
        ({"seed": SEED, "dealer": "p3"}, "bad_seat"),
    ]
    for kwargs, code in cases:
        with pytest.raises(Error) as err:
            Deal.build(**kwargs)
        assert err.value.code == code, kwargs
    deal = Deal.build(seed=SEED)
    for method in ("hand_of", "legal", "view", "can_marry", "points_of"):
        with pytest.raises(Error) as err:
            getattr(deal, method)("p3")
        assert err.value.code == "bad_seat"
    assert deal.legal("p1" if deal.turn == "p2" else "p2") == []


def test_error_is_a_value_error_with_code() -> None:
    e = Error("not_held", "p1 cannot lead 7")
    assert isinstance(e, ValueError)
    assert e.code == "not_held"
    assert str(e) == "p1 cannot lead 7"
    deal = Deal.build(seed=SEED)
    seat = deal.turn
    assert seat is not None
    with pytest.raises(Error, match="not in hand"):
        deal.apply(seat, {"kind": "lead", "card": 24})


def play_randomly(game: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.turn
        game.apply(seat, rng.choice(game.legal(seat)))


def test_copies_are_independent() -> None:
    rng = random.Random(3)
    deal = Deal.build(variant="sixtysix", seed=SEED, number=4)
    play_randomly(deal, rng, 5)
    twin = deal.copy()
    before = snapshot(twin)
    play_randomly(deal, rng, 10)
    assert snapshot(twin) == before
    match = Match.build(variant="schnapsen", seed=SEED)
    play_randomly(match, rng, 30)
    mtwin = match.copy()
    mbefore = snapshot(mtwin)
    play_randomly(match, rng, 40)
    assert snapshot(mtwin) == mbefore
    # The match's deal is a copy too: playing it leaves the match alone.
    inner = mtwin.deal
    if not inner.over and inner.turn is not None:
        inner.apply(inner.turn, inner.legal(inner.turn)[0])
    assert snapshot(mtwin) == mbefore


def test_history_dicts_are_fresh() -> None:
    deal = Deal.build(seed=SEED)
    seat = deal.turn
    events = deal.apply(seat, deal.legal(seat)[-1])
    events[0]["card"] = 99
    assert deal.history[0]["card"] != 99


def test_reprs_are_readable() -> None:
    deal = Deal.build(variant="schnapsen", seed=b"A" * 32)
    text = repr(deal)
    assert text.startswith("<Deal schnapsen #1 trump H")
    assert "p2 to lead" in text
    assert repr(Match.build(seed=SEED)).startswith("<Match schnapsen p1 7 : p2 7")
    assert repr(Bot(level=2)) == "<Bot level 2>"


def test_bot_levels() -> None:
    assert [Bot.level_for(n) for n in range(1, 6)] == [1, 1, 2, 2, 2]
    assert Bot(level=2).level == 2
    assert Bot(level=9).level == 2
    assert Bot(level=0).level == 1


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_bot_matches_run_to_the_end_and_replay(variant: str) -> None:
    match = Match.build(variant=variant, seed=SEED)
    bots = {"p1": Bot(level=1), "p2": Bot(level=2)}
    while not match.over:
        seat = match.turn
        move = bots[seat].choose(match, seat)
        assert move in match.legal(seat)
        match.apply(seat, move)
    assert bots["p1"].choose(match, "p1") is None
    log = match.to_log()
    again = Match.from_log(json.dumps(log))
    assert again.history == match.history
    assert again.result == match.result


def test_replay_runs_in_threads() -> None:
    rng = random.Random(11)
    logs = []
    for number in range(1, 9):
        deal = Deal.build(variant="sixtysix", seed=SEED, number=number)
        play_randomly(deal, rng, 200)
        logs.append(deal.to_log())
    out: list[Any] = [None] * len(logs)

    def work(i: int) -> None:
        for _ in range(50):
            out[i] = Deal.from_log(logs[i]).history

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(logs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, log in enumerate(logs):
        assert out[i] == Deal.from_log(log).history


def test_replay_names_the_bad_move() -> None:
    with pytest.raises(Error) as err:
        Deal.replay(variant="schnapsen", seed=SEED, moves=[{"seat": "p1", "kind": "draw"}])
    assert err.value.code in {"not_your_turn", "not_legal"}
    assert "move 0" in str(err.value)
