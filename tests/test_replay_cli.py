"""`trumpf replay`: logs written by `trumpf play` told back, and forged logs refused."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from _play_support import PLAIN, cli, dimpl, engine_name, seed_of, simpl
from trumpf.play import replay_log
from trumpf.play.replay import LogError

__all__ = ["dimpl", "simpl"]


def _played(impl: ModuleType, game: str, tmp_path: Path) -> tuple[Path, str]:
    log = tmp_path / f"{game}.json"
    seed = seed_of(21).hex()
    done = cli(
        "play",
        game,
        "--engine",
        engine_name(impl),
        "--mode",
        "watch",
        "--seed",
        seed,
        "--save",
        str(log),
    )
    assert done.returncode == 0, done.stderr
    assert f"move log saved to {log}" in done.stdout
    return log, done.stdout


def test_replay_of_a_played_match(simpl: ModuleType, tmp_path: Path) -> None:
    log, played = _played(simpl, "sixtysix", tmp_path)
    data = json.loads(log.read_text())
    assert data["kind"] == "match" and data["game"] == "sixtysix"
    match = simpl.Match.from_log(data)
    done = cli("replay", str(log), "--engine", engine_name(simpl))
    assert done.returncode == 0, done.stderr
    scores = match.result["scores"]
    ending = (
        f"{match.result['winner']} wins the match: p1 {scores['p1']}, p2 {scores['p2']} "
        f"after {match.result['deals']} deals"
    )
    assert ending in played
    assert done.stdout.rstrip().endswith(ending)
    assert f"--- Sixty-Six, move {len(data['moves'])} ---" in done.stdout
    # Every sentence the table said about a move is said again in the replay.
    said = [
        line
        for line in played.splitlines()
        if line.startswith(("p1 ", "p2 ", "deal "))
        and not any(part in line for part in (" hand:", " holds ", "draws next"))
    ]
    assert len(said) > len(data["moves"]) // 2
    told = done.stdout.splitlines()
    assert all(line in told for line in said)
    # From above both hands are listed; from a seat only that seat's.
    assert "p1 hand:" in done.stdout and "p2 hand:" in done.stdout
    seat = cli("replay", str(log), "--engine", engine_name(simpl), "--seat", "p2")
    assert seat.returncode == 0
    assert "p1 hand:" not in seat.stdout and "p2 hand:" in seat.stdout
    assert "p1 holds " in seat.stdout


def test_replay_of_a_durak_game(dimpl: ModuleType, tmp_path: Path) -> None:
    log, _ = _played(dimpl, "durak", tmp_path)
    game = dimpl.Game.from_log(log.read_text())
    done = cli("replay", str(log), "--engine", engine_name(dimpl), "--seat", "1")
    assert done.returncode == 0, done.stderr
    fool = game.result["fool"]
    ending = "the game is drawn" if fool is None else f"seat {fool} is the fool"
    assert done.stdout.rstrip().endswith(ending)
    assert "seat 2 hand:" not in done.stdout


def _forge(log: dict[str, Any], impl: ModuleType) -> tuple[dict[str, Any], int, str]:
    """The log with one move changed to a card its seat does not hold; the engine's code."""
    moves = log["moves"]
    for index, move in enumerate(moves):
        if "card" in move:
            forged = json.loads(json.dumps(log))
            forged["moves"][index]["card"] = 99 if index % 2 else move["card"]
            if forged["moves"][index]["card"] == move["card"]:
                forged["moves"][index]["seat"] = "p9" if isinstance(move["seat"], str) else 9
            try:
                kind = forged.get("kind")
                if kind == "game":
                    impl.Game.from_log(forged)
                elif kind == "deal":
                    impl.Deal.from_log(forged)
                else:
                    impl.Match.from_log(forged)
            except impl.Error as refused:
                return forged, index, refused.code
    raise AssertionError("nothing to forge")


def test_forged_logs_are_refused(simpl: ModuleType, dimpl: ModuleType, tmp_path: Path) -> None:
    for impl, game in ((simpl, "schnapsen"), (dimpl, "durak")):
        log, _ = _played(impl, game, tmp_path)
        forged, index, code = _forge(json.loads(log.read_text()), impl)
        bad = tmp_path / f"forged-{game}.json"
        bad.write_text(json.dumps(forged))
        done = cli("replay", str(bad), "--engine", engine_name(impl))
        assert done.returncode == 2
        # The honest part is told on stdout, the refusal is the one line on stderr.
        assert f"--- {'Durak' if game == 'durak' else 'Schnapsen'}, move {index + 1} ---" in (
            done.stdout
        )
        [line] = done.stderr.splitlines()
        assert line.startswith(f"trumpf: error: cannot replay {bad}: move {index + 1} (")
        assert f"is refused: {code} - " in line
        assert line.endswith("this log was not played by the rules")


def test_replay_of_a_single_deal_and_garbage(simpl: ModuleType) -> None:
    deal = simpl.Deal.build(variant="schnapsen", seed=seed_of(4))
    bot = simpl.Bot(level=2)
    while not deal.over:
        deal.apply(deal.turn, bot.choose(deal, deal.turn))
    out = io.StringIO()
    replay_log(json.dumps(deal.to_log()), out=out, options=PLAIN, impl=simpl)
    assert out.getvalue().rstrip().splitlines()[-1].startswith("deal over: ")
    with pytest.raises(LogError, match="not JSON"):
        replay_log("not json", out=io.StringIO(), options=PLAIN, impl=simpl)
    bad_seed = {"game": "schnapsen", "kind": "match", "seed": "00", "moves": []}
    with pytest.raises(LogError, match="no_seed"):
        replay_log(json.dumps(bad_seed), out=io.StringIO(), options=PLAIN, impl=simpl)
