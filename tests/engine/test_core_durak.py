"""What only the C++-backed trumpf.durak has to prove: garbage never crashes or changes
anything, copies are independent, errors read well, replay is thread-safe."""

from __future__ import annotations

import copy
import json
import random
import threading
from typing import Any

import pytest

from trumpf.durak import Bot, Error, Game
from trumpf.durak import card as durak_card

SEED = bytes(range(32))


def snapshot(game: Game) -> str:
    return json.dumps(
        {
            "hands": game.hands,
            "talon": game.talon,
            "bout": game.bout,
            "discard": game.discard,
            "six_owner": game.six_owner,
            "phase": game.phase,
            "turn": game.turn,
            "history": game.history,
            "result": game.result,
        },
        sort_keys=True,
    )


GARBAGE_MOVES: list[Any] = [
    None,
    7,
    "attack",
    [("kind", "attack")],
    {},
    {"card": 3},
    {"kind": None},
    {"kind": 5},
    {"kind": b"attack"},
    {"kind": "ATTACK"},
    {"kind": "fly"},
    {"kind": "attack", "card": True},
    {"kind": "attack", "card": 7.0},
    {"kind": "attack", "card": "7"},
    {"kind": "attack", "card": 10**100},
    {"kind": "attack", "card": -(10**100)},
    {"kind": "attack", "card": 0},
    {"kind": "attack", "card": 37},
    {"kind": "attack", "card": None},
    {"kind": "beat", "card": [1]},
    {"kind": "beat"},
]
GARBAGE_SEATS: list[Any] = [0, 3, -1, "1", 1.0, True, None, 10**100, [1]]


def random_game(rng: random.Random, number: int) -> Game:
    game = Game.build(seed=SEED, number=number)
    for _ in range(rng.randrange(0, 120)):
        if game.over:
            break
        seat = game.turn
        assert seat is not None
        game.apply(seat, rng.choice(game.legal(seat)))
    return game


def test_garbage_moves_are_refused_and_change_nothing() -> None:
    rng = random.Random(7)
    for number in range(1, 40):
        game = random_game(rng, number)
        before = snapshot(game)
        for seat in (1, 2, *GARBAGE_SEATS):
            for move in GARBAGE_MOVES:
                with pytest.raises(Error) as info:
                    game.apply(seat, move)
                assert isinstance(info.value, ValueError)
                assert info.value.code in {
                    "game_over",
                    "not_your_turn",
                    "not_legal",
                    "wrong_phase",
                    "card_not_held",
                    "must_attack",
                    "not_the_six",
                    "talon_shut",
                    "beats_nothing",
                    "rank_not_in_bout",
                    "bout_full",
                }
                assert str(info.value)
                assert snapshot(game) == before


def test_a_card_on_a_move_that_needs_none_is_ignored() -> None:
    game = Game.build(seed=SEED)
    turn = game.turn
    assert turn is not None
    attack = game.legal(turn)[0]
    game.apply(turn, attack)
    defender = game.turn
    assert defender is not None and defender != turn
    if {"kind": "take"} in game.legal(defender):
        events = game.apply(defender, {"kind": "take", "card": object()})
        assert events[0] == {"kind": "take", "seat": defender}


def test_bad_seat_codes() -> None:
    game = Game.build(seed=SEED)
    for seat in GARBAGE_SEATS:
        if not game.over:
            with pytest.raises(Error) as info:
                game.apply(seat, {"kind": "resign"})
            assert info.value.code == "not_your_turn"
        for accessor in (game.hand_of, game.count_of, game.can_swap, game.legal, game.view):
            with pytest.raises(Error) as info:
                accessor(seat)
            assert info.value.code == "bad_seat"


def test_unknown_kind_and_card_codes() -> None:
    game = Game.build(seed=SEED)
    turn = game.turn
    assert turn is not None
    for move, code in [
        ("attack", "not_legal"),
        ({"kind": "fly"}, "not_legal"),
        ({"kind": "attack", "card": True}, "card_not_held"),
        ({"kind": "attack", "card": 7.0}, "card_not_held"),
        ({"kind": "attack", "card": "7"}, "card_not_held"),
        ({"kind": "attack", "card": 2**70}, "card_not_held"),
        ({"kind": "attack"}, "card_not_held"),
        ({"kind": "done"}, "must_attack"),
        ({"kind": "take"}, "wrong_phase"),
    ]:
        with pytest.raises(Error) as info:
            game.apply(turn, move)
        assert info.value.code == code, (move, str(info.value))


def test_error_message_names_the_card_and_hand() -> None:
    game = Game.build(seed=SEED)
    turn = game.turn
    assert turn is not None
    missing = next(c for c in range(1, 37) if c not in game.hand_of(turn))
    with pytest.raises(Error) as info:
        game.apply(turn, {"kind": "attack", "card": missing})
    assert str(missing) in str(info.value)
    for held in game.hand_of(turn):
        assert f"{held} {durak_card.name_of(held)}" in str(info.value)


def test_build_errors() -> None:
    for kwargs, code in [
        ({"seed": b"short"}, "no_seed"),
        ({"seed": "x" * 32}, "no_seed"),
        ({"seed": SEED, "number": 0}, "bad_deal"),
        ({"seed": SEED, "number": True}, "bad_deal"),
        ({"seed": SEED, "number": 1.0}, "bad_deal"),
        ({"seed": SEED, "seats": 3}, "bad_seats"),
    ]:
        with pytest.raises(Error) as info:
            Game.build(**kwargs)
        assert info.value.code == code


def test_copy_is_independent() -> None:
    rng = random.Random(3)
    game = random_game(rng, 5)
    while game.over:
        game = random_game(rng, rng.randrange(1, 100))
    for clone in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        before = snapshot(game)
        turn = clone.turn
        assert turn is not None
        clone.apply(turn, clone.legal(turn)[0])
        assert snapshot(game) == before
        assert snapshot(clone) != before


def test_random_games_end_and_replay() -> None:
    rng = random.Random(11)
    for number in range(1, 60):
        game = Game.build(seed=SEED, number=number)
        bots = [Bot(level=rng.randrange(1, 4), seed=f"s{number}") for _ in range(2)]
        while not game.over:
            turn = game.turn
            assert turn is not None
            view = game.view(turn)
            move = bots[turn - 1].choose(view)
            assert move in game.legal(turn)
            game.apply(turn, move)
        assert game.turn is None and game.legal(1) == [] and game.legal(2) == []
        out = Game.replay(seed=SEED, number=number, moves=Game.moves_of(game.history))
        assert out["events"] == game.history
        assert Game.from_log(json.dumps(game.to_log())).history == game.history


def test_replay_reports_the_bad_move() -> None:
    with pytest.raises(Error) as info:
        Game.replay(seed=SEED, moves=[{"seat": 1, "kind": "fly"}])
    assert info.value.code == "not_legal"
    assert "move 0" in str(info.value)


def test_replay_releases_the_gil_and_threads_agree() -> None:
    game = Game.build(seed=SEED, number=3)
    while not game.over:
        turn = game.turn
        assert turn is not None
        game.apply(turn, game.legal(turn)[-1])
    moves = Game.moves_of(game.history)
    results: list[Any] = []

    def work() -> None:
        for _ in range(50):
            results.append(Game.replay(seed=SEED, number=3, moves=moves)["events"])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == game.history for r in results)


def test_bot_ladder_and_repr() -> None:
    assert [Bot.level_for(n) for n in range(0, 7)] == [1, 1, 1, 2, 3, 3, 3]
    assert Bot(level=9).level == 3
    assert Bot(level=-2).level == 1
    game = Game.build(seed=SEED)
    assert "durak.Game" in repr(game)
    assert "Bot" in repr(Bot(level=2, seed="x"))
    assert Game.is_move("take") and not Game.is_move("bout_end")
