"""Replay every reference Durak game through the public API of an implementation.

Each record of ``conformance/durak.jsonl.gz`` is a whole game played on the
Perl reference engine: before every move the state, both seats' legal lists
and views, the three bot levels' choices and the hint, sometimes a refused
move; then the events the move caused; at the end the result, the final
state, the history, the moves and the code a move after the end gets. A
record that does not replay exactly is a bug in the implementation.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

import pytest

from durak_support import IMPLEMENTATIONS, SEATS, plain, records, snapshot, state_of


@pytest.fixture(params=IMPLEMENTATIONS)
def durak(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


def _record_id(index: int) -> str:
    record = records()[index]
    return (
        f"game{index:03d}-deal{record['number']}-{record['seed'][:8]}-{len(record['steps'])}moves"
    )


INDICES = list(range(len(records())))


def _same(got: Any, want: Any, where: str) -> None:
    assert plain(got) == want, (
        f"{where}\n  got:  {json.dumps(plain(got))}\n  want: {json.dumps(want)}"
    )


def _play(durak: ModuleType, index: int) -> None:
    record = records()[index]
    seed = bytes.fromhex(record["seed"])
    game = durak.Game.build(seed=seed, number=record["number"])
    assert game.seed == seed
    assert game.number == record["number"]
    assert list(game.seats) == [1, 2]
    bots = {level: durak.Bot(level=level, seed=f"bot{index}") for level in (1, 2, 3)}
    for at, step in enumerate(record["steps"]):
        where = f"game {index} step {at} (move {step['move']} by seat {step['seat']})"
        state = plain(state_of(game))
        for key, want in step["state"].items():
            _same(state[key], want, f"{where}: state {key}")
        _same(game.hands, step["state"]["hands"], f"{where}: hands property")
        for seat in SEATS:
            assert game.count_of(seat) == len(game.hand_of(seat)), f"{where}: count_of({seat})"
        turn = game.turn
        other = 3 - turn
        _same(game.legal(turn), step["legal"], f"{where}: legal({turn})")
        _same(game.legal(other), step["legal_other"], f"{where}: legal({other})")
        view = game.view(turn)
        _same(view, step["view"], f"{where}: view({turn})")
        _same(game.view(other), step["view_other"], f"{where}: view({other})")
        for level, bot in bots.items():
            _same(
                bot.choose(view),
                step["bots"][str(level)],
                f"{where}: Bot(level={level}) choice",
            )
        _same(durak.Bot.hint(view), step["hint"], f"{where}: Bot.hint")
        if "refused" in step:
            refused = step["refused"]
            before = snapshot(game)
            with pytest.raises(durak.Error) as caught:
                game.apply(refused["seat"], refused["move"])
            assert caught.value.code == refused["code"], (
                f"{where}: refusing {refused['move']} from seat {refused['seat']}: "
                f"got {caught.value.code} ({caught.value}), want {refused['code']}"
            )
            assert isinstance(caught.value, ValueError)
            assert snapshot(game) == before, (
                f"{where}: the refused {refused['move']} changed the game"
            )
        history_before = len(game.history)
        events = game.apply(step["seat"], step["move"])
        _same(events, step["events"], f"{where}: events")
        _same(
            game.history[history_before:],
            step["events"],
            f"{where}: events appended to history",
        )
    where = f"game {index} at the end"
    _same(game.result, record["result"], f"{where}: result")
    final = plain(state_of(game))
    for key, want in record["final"].items():
        _same(final[key], want, f"{where}: final {key}")
    _same(game.history, record["history"], f"{where}: history")
    _same(durak.Game.moves_of(game.history), record["moves"], f"{where}: moves_of")
    for seat in SEATS:
        assert game.legal(seat) == [], f"{where}: legal({seat}) after the end"
    replayed = durak.Game.replay(seed=seed, moves=record["moves"], number=record["number"])
    _same(replayed["events"], record["history"], f"{where}: replay events")
    _same(replayed["game"].history, record["history"], f"{where}: replayed history")
    log = json.loads(json.dumps(game.to_log()))
    assert log["game"] == "durak" and log["kind"] == "game"
    assert log["seed"] == record["seed"] and log["number"] == record["number"]
    _same(log["moves"], record["moves"], f"{where}: to_log moves")
    restored = durak.Game.from_log(json.dumps(log))
    _same(restored.history, record["history"], f"{where}: from_log(JSON text) history")
    _same(state_of(restored), record["final"], f"{where}: from_log final state")
    restored = durak.Game.from_log(log)
    _same(restored.history, record["history"], f"{where}: from_log(dict) history")
    before = snapshot(game)
    for seat, move in [
        (1, {"kind": "take"}),
        (2, {"kind": "resign"}),
        (1, {"kind": "attack", "card": 1}),
    ]:
        with pytest.raises(durak.Error) as caught:
            game.apply(seat, move)
        assert caught.value.code == record["after_end"], f"{where}: {move} after the end"
    assert snapshot(game) == before, f"{where}: a move after the end changed the game"


@pytest.mark.parametrize("index", INDICES, ids=[_record_id(i) for i in INDICES])
def test_reference_game(durak: ModuleType, index: int) -> None:
    """One reference game, step by step, exactly."""
    _play(durak, index)


def test_every_refusal_code_is_exercised(durak: ModuleType) -> None:
    """The transcripts are worth replaying: they refuse moves with most of the codes."""
    assert issubclass(durak.Error, ValueError)
    codes = {step["refused"]["code"] for r in records() for step in r["steps"] if "refused" in step}
    assert {
        "not_your_turn",
        "not_legal",
        "wrong_phase",
        "card_not_held",
        "beats_nothing",
        "rank_not_in_bout",
        "must_attack",
        "not_the_six",
        "talon_shut",
    } <= codes
