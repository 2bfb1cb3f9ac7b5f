"""Replay every Schnapsen-family transcript through the public API.

The transcripts are games played on the reference engines; any difference,
however small, is a bug in trumpf. Each record is checked step by step: the
state before the move, both seats' legal moves, the refused move and that it
changed nothing, the events of the move; then the end of the deal or match,
and that the history turns back into moves that replay to the same history.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from _schnapsen_support import (
    build_deal,
    build_match,
    impl,
    jsonish,
    load,
    logged_move,
    state_of,
)

__all__ = ["impl"]

DEAL_RECORDS = load("schnapsen-deal") + load("sixtysix-deal") + load("sixtysix-drawn")
MATCH_RECORDS = load("schnapsen-match") + load("sixtysix-match")


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def _check_refusal(impl: ModuleType, game: Any, deal: Any, step: dict[str, Any], at: str) -> None:
    refused = step["refused"]
    history_before = jsonish(game.history)
    with pytest.raises(impl.Error) as caught:
        game.apply(refused["seat"], refused["move"])
    error: Any = caught.value
    assert error.code == refused["code"], f"{at}: refusal of {refused['move']}"
    assert isinstance(caught.value, ValueError)
    assert str(caught.value), f"{at}: a refusal has a message"
    assert state_of(deal) == step["state"], f"{at}: the refused move changed the deal"
    assert jsonish(game.history) == history_before, f"{at}: the refused move changed history"


@pytest.mark.parametrize("record", [r for _, r in DEAL_RECORDS], ids=[i for i, _ in DEAL_RECORDS])
def test_deal_transcript(impl: ModuleType, record: dict[str, Any]) -> None:
    deal = build_deal(impl, record)
    moves = []
    for index, step in enumerate(record["steps"]):
        at = f"step {index}"
        seat = step["seat"]
        assert state_of(deal) == step["state"], at
        assert jsonish(deal.legal(seat)) == step["legal"], at
        assert jsonish(deal.legal(_other(seat))) == step["legal_other"], at
        if "refused" in step:
            _check_refusal(impl, deal, deal, step, at)
        events = deal.apply(seat, step["move"])
        assert jsonish(events) == step["events"], at
        moves.append(logged_move(seat, step["move"]))

    assert state_of(deal) == record["final"]
    assert jsonish(deal.result) == record["result"]
    assert jsonish(deal.history) == record["history"]
    assert jsonish(deal.tricks) == record["tricks"]
    assert deal.over is True
    with pytest.raises(impl.Error) as caught:
        deal.apply(deal.turn, {"kind": "lead", "card": 1})
    assert caught.value.code == record["after_end"]

    # The history is a faithful record: its moves replay to the same deal.
    assert jsonish(impl.Deal.moves_of(deal.history)) == moves
    replayed = impl.Deal.replay(
        variant=record["game"],
        seed=bytes.fromhex(record["seed"]),
        number=record["number"],
        dealer=record["dealer"],
        moves=impl.Deal.moves_of(deal.history),
    )
    assert jsonish(replayed["deal"].history) == record["history"]
    assert jsonish(replayed["events"]) == record["history"]
    log = deal.to_log()
    assert log["kind"] == "deal" and log["game"] == record["game"]
    assert log["seed"] == record["seed"]
    restored = impl.Deal.from_log(json.loads(json.dumps(log)))
    assert jsonish(restored.history) == record["history"]
    assert state_of(restored) == record["final"]
    assert jsonish(impl.Deal.from_log(json.dumps(log)).result) == record["result"]


@pytest.mark.parametrize("record", [r for _, r in MATCH_RECORDS], ids=[i for i, _ in MATCH_RECORDS])
def test_match_transcript(impl: ModuleType, record: dict[str, Any]) -> None:
    match = build_match(impl, record)
    bots = {level: impl.Bot(level=level) for level in (1, 2)}
    moves = []
    for index, step in enumerate(record["steps"]):
        at = f"step {index}"
        seat = step["seat"]
        assert state_of(match.deal) == step["state"], at
        figures = {
            "scores": match.scores,
            "number": match.number,
            "dealer": match.dealer,
            "to_win": {s: match.to_win(s) for s in ("p1", "p2")},
        }
        assert jsonish(figures) == step["match"], at
        assert match.turn == seat, at
        assert jsonish(match.legal(seat)) == step["legal"], at
        assert jsonish(match.legal(_other(seat))) == step["legal_other"], at
        for level, bot in bots.items():
            assert jsonish(bot.choose(match, seat)) == step["bots"][str(level)], (
                f"{at} level {level}"
            )
        if "refused" in step:
            _check_refusal(impl, match, match.deal, step, at)
        events = match.apply(seat, step["move"])
        assert jsonish(events) == step["events"], at
        moves.append(logged_move(seat, step["move"]))

    assert jsonish(match.scores) == record["scores"]
    assert jsonish(match.deals) == record["deals"]
    assert jsonish(match.result) == record["result"]
    assert match.over is True
    assert match.winner == record["result"]["winner"]
    assert match.turn is None
    assert match.legal("p1") == [] and match.legal("p2") == []
    with pytest.raises(impl.Error) as caught:
        match.apply("p1", {"kind": "claim"})
    assert caught.value.code == record["after_end"]

    history = match.history
    assert jsonish(history) == [e for step in record["steps"] for e in step["events"]]
    assert jsonish(impl.Match.moves_of(history)) == moves
    replayed = impl.Match.replay(
        variant=record["game"],
        seed=bytes.fromhex(record["seed"]),
        dealer=record["dealer"],
        moves=impl.Match.moves_of(history),
    )
    assert jsonish(replayed["match"].history) == jsonish(history)
    assert jsonish(replayed["match"].result) == record["result"]
    log = match.to_log()
    assert log["kind"] == "match" and "number" not in log
    restored = impl.Match.from_log(json.dumps(log))
    assert jsonish(restored.history) == jsonish(history)
    assert jsonish(restored.deals) == record["deals"]
