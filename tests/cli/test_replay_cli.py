"""`trumpf replay`: logs written by `trumpf play` told back, and forged logs refused."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
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
    ending = "the game is drawn" if fool is None else f"seat {fool} ended up the fool"
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
    bad_seed = {"game": "schnapsen", "kind": "match", "seed": "00", "dealer": "p1", "moves": []}
    with pytest.raises(LogError, match="no_seed"):
        replay_log(json.dumps(bad_seed), out=io.StringIO(), options=PLAIN, impl=simpl)


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one refusal line of a replay that must be refused before it tells anything."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stdout + done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("trumpf: error: cannot replay ")
    return line


def _replay(path: Path | str, *args: str) -> subprocess.CompletedProcess[str]:
    # A short timeout of its own: a replay that blocks (on a FIFO, say) fails the test.
    return subprocess.run(
        [sys.executable, "-m", "trumpf", "replay", str(path), *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def _finished_deal(impl: ModuleType, seed: int = 4) -> Any:
    deal = impl.Deal.build(variant="schnapsen", seed=seed_of(seed))
    bot = impl.Bot(level=2)
    while not deal.over:
        deal.apply(deal.turn, bot.choose(deal, deal.turn))
    return deal


def test_a_log_dealt_under_other_rules_is_refused(simpl: ModuleType, tmp_path: Path) -> None:
    log = _finished_deal(simpl).to_log()
    log["rules"] = simpl.variant.get("sixtysix")  # a "schnapsen" log dealt as Sixty-Six
    with pytest.raises(simpl.Error) as refused:
        simpl.Deal.from_log(log)
    assert refused.value.code == "bad_log"
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(log))
    done = _replay(path, "--engine", engine_name(simpl))
    assert done.stdout == ""
    assert "bad_log" in _one_line(done)


@pytest.mark.parametrize("game", [["schnapsen"], {"a": 1}, 7, None, "skat"])
def test_a_log_whose_game_is_not_a_name_is_one_line(game: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": game, "kind": "deal", "seed": "00" * 32, "moves": []}))
    done = _replay(path)
    assert done.stdout == ""
    assert "bad_log" in _one_line(done)


def _mutations(log: dict[str, Any]) -> list[dict[str, Any]]:
    """Every key of ``log`` taken out, and given each of a set of wrong values; keys added."""
    wrong: list[Any] = [None, True, 0, 2, -1, 10**40, 1.5, "", "p3", "x" * 100, [], [1], {}]
    wrong += [{"name": "sixtysix"}, "00" * 32, "g" * 64, log["seed"].upper(), "sixtysix"]
    found = []
    for key in log:
        found.append({k: v for k, v in log.items() if k != key})
        found += [{**log, key: value} for value in wrong]
    found += [{**log, "extra": 1}, {**log, "Game": "schnapsen"}]
    moves = log["moves"]
    found += [
        {**log, "moves": moves[:3]},
        {**log, "moves": [*moves, moves[-1]]},
        {**log, "moves": [moves[1], *moves[2:]]},
        {**log, "moves": [*moves[:2], {**moves[2], "seat": "p9"}, *moves[3:]]},
        {**log, "moves": [*moves[:2], [], *moves[2:]]},
    ]
    return found


def _judged_alike(impl: ModuleType, cls: Any, table: Any) -> None:
    """Every mutation of ``table``'s log: replayed when from_log takes it, else refused with its code."""
    for log in _mutations(json.loads(json.dumps(table.to_log()))):
        text = json.dumps(log)
        try:
            cls.from_log(text)
            refused = None
        except impl.Error as err:
            refused = err.code
        out = io.StringIO()
        if refused is None:
            replay_log(text, out=out, options=PLAIN, impl=impl)
            continue
        with pytest.raises(LogError) as said:
            replay_log(text, out=out, options=PLAIN, impl=impl)
        assert refused in str(said.value), (log, refused, str(said.value))


@pytest.mark.parametrize("kind", ["deal", "match"])
def test_replay_refuses_exactly_what_from_log_refuses(simpl: ModuleType, kind: str) -> None:
    cls = simpl.Deal if kind == "deal" else simpl.Match
    table = cls.build(variant="sixtysix", seed=seed_of(5))
    bot = simpl.Bot(level=2)
    for _ in range(12):
        table.apply(table.turn, bot.choose(table, table.turn))
    _judged_alike(simpl, cls, table)


def test_replay_refuses_exactly_what_from_log_refuses_durak(dimpl: ModuleType) -> None:
    game = dimpl.Game.build(seed=seed_of(5))
    bot = dimpl.Bot(level=2)
    for _ in range(12):
        game.apply(game.turn, bot.choose(game.view(game.turn)))
    _judged_alike(dimpl, dimpl.Game, game)


def test_a_log_without_its_kind_is_refused_as_from_log_refuses_it(simpl: ModuleType) -> None:
    log = _finished_deal(simpl).to_log()
    del log["kind"]
    with pytest.raises(LogError, match="bad_log"):
        replay_log(json.dumps(log), out=io.StringIO(), options=PLAIN, impl=simpl)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_file_that_is_not_a_regular_file_is_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(17 * 2**20)  # sparse: larger than any log, costs no disk
    says = {
        fifo: "is a FIFO, not a regular file",
        link: "is a FIFO, not a regular file",
        tmp_path: "is a folder, not a regular file",
        huge: "more than the 16,777,216 read",
        tmp_path / "none.json": "No such file or directory",
    }
    if Path("/dev/zero").exists():
        says[Path("/dev/zero")] = "is a character device, not a regular file"
    for path, words in says.items():
        done = _replay(path)
        assert done.stdout == ""
        assert words in _one_line(done), path
