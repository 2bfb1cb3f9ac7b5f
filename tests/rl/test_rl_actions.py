"""Integer actions: action_of and move_of are inverse on every legal move, and
the legal mask is legal() mapped through action_of, in every family, variant
and house rule."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from _rl_support import positions, random_games
from trumpf import rl
from trumpf.errors import Error


def test_inverse_on_every_legal_move_and_the_mask_is_legal() -> None:
    rng = random.Random(8)
    moves = 0
    kinds: set[str] = set()
    for game in random_games(200, seed=9):
        for pos in positions(game, rng):
            seat = pos.turn
            legal = pos.legal(seat)
            actions = [rl.action_of(pos, m) for m in legal]
            assert len(set(actions)) == len(actions), legal
            for move, action in zip(legal, actions, strict=True):
                assert 0 <= action < rl.N_ACTIONS
                assert rl.move_of(pos, action) == move
                name = "durak" if isinstance(pos, durak.Game) else "schnapsen"
                assert rl.action_of(name, move) == action
                kinds.add(move["kind"] + (" by lead" if "card" in move and "value" in move else ""))
            mask = rl.legal_mask(pos, seat)
            assert mask.dtype == np.bool_ and mask.shape == (rl.N_ACTIONS,)
            assert sorted(np.nonzero(mask)[0].tolist()) == sorted(actions)
            other = (3 - seat) if isinstance(pos, durak.Game) else schnapsen.other(seat)
            assert not rl.legal_mask(pos, other).any()
            moves += len(legal)
    assert moves > 20000
    assert kinds >= {
        "lead", "follow", "marriage", "marriage by lead", "exchange", "close", "claim",
        "draw", "attack", "beat", "take", "done", "swap",
    }  # fmt: skip


def test_a_finished_game_has_an_empty_mask() -> None:
    rng = random.Random(1)
    for game in random_games(8, seed=2):
        for _ in positions(game, rng, limit=10**6):
            pass
        seats = (1, 2) if isinstance(game, durak.Game) else ("p1", "p2")
        for seat in seats:
            assert not rl.legal_mask(game, seat).any()


def test_the_tables() -> None:
    s, d = rl.ACTIONS["schnapsen"], rl.ACTIONS["durak"]
    assert rl.N_ACTIONS == len(s) == len(d) == 40
    assert s[:7] == ("AS", "TS", "KS", "QS", "JS", "9S", "AH")
    assert s[24:29] == ("marriage S", "marriage H", "marriage D", "marriage C", "marriage KS")
    assert s[35:] == ("marriage QC", "exchange", "close", "claim", "draw")
    assert d[:10] == ("AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "AH")
    assert d[35:] == ("6C", "take", "done", "swap", "resign")
    assert rl.ACTIONS["sixtysix-match"] == rl.ACTIONS["schnapsen-tjger"] == s
    # A card's action is its id - 1, in both families.
    for c in range(1, 25):
        assert s[c - 1] == schnapsen.card.name_of(c)
    for c in range(1, 37):
        assert d[c - 1] == durak.card.name_of(c)


def test_names_and_moves_agree() -> None:
    deal = schnapsen.Deal.build(variant="schnapsen-tjger", seed=bytes(32))
    assert rl.move_of(deal, 24) == {"kind": "marriage", "suit": "S", "value": 20}
    assert rl.move_of(deal, 29) == {"kind": "marriage", "suit": "S", "value": 20, "card": 4}
    assert rl.move_of(deal, 36) == {"kind": "exchange"}
    assert rl.move_of(deal, 39) == {"kind": "draw"}
    assert rl.action_of(deal, {"kind": "marriage", "suit": "C", "card": 21}) == 34
    game = durak.Game.build(seed=bytes(32))
    assert rl.move_of(game, 39) == {"kind": "resign"}
    assert rl.action_of(game, {"kind": "resign"}) == 39
    assert rl.action_of("durak", {"kind": "beat", "card": 36}) == 35


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        {},
        {"kind": "lead"},
        {"kind": "lead", "card": 25},
        {"kind": "lead", "card": True},
        {"kind": "lead", "card": 3.0},
        {"kind": "fly"},
        {"kind": "marriage", "suit": "X"},
        {"kind": "marriage", "suit": "S", "card": 1},
    ],
)
def test_action_of_refuses_what_is_not_a_move(move: Any) -> None:
    with pytest.raises(Error) as err:
        rl.action_of("schnapsen", move)
    assert err.value.code == "not_legal"
    with pytest.raises(Error) as err:
        rl.action_of("durak", move if move != {"kind": "lead"} else {"kind": "beat"})
    assert err.value.code == "not_legal"


def test_bad_actions_and_games() -> None:
    deal = schnapsen.Deal.build(seed=bytes(32))
    for action in (-1, 40, 2**70, True, 1.0, "1", None):
        with pytest.raises(Error) as err:
            rl.move_of(deal, action)
        assert err.value.code == "bad_action"
    for game in ("chess", "schnapsen-match-match", 3, None, durak.Bot()):
        with pytest.raises(Error) as err:
            rl.action_of(game, {"kind": "close"})
        assert err.value.code == "bad_game"
    with pytest.raises(Error) as err:
        rl.legal_mask(schnapsen.Deal.__new__(schnapsen.Deal), "p1")
    assert err.value.code == "not_built"
