"""The command line handed to anyone: hostile arguments, files and input lines.

Every mistake ends in exit status 2 and one line on stderr, before any game
is played where it can be checked first; junk typed at a table is answered
and the game goes on; the seed, which deals every card, is not shown until
the game is over.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from _play_support import MODULE, ROOT, SCRIPT, cli, script_durak, script_schnapsen, seed_of
from _sim_support import interruptible
from trumpf.play.terminal import MAX_LINE

PROGRAMS = [pytest.param(MODULE, id="python-m-trumpf"), pytest.param(SCRIPT, id="script")]
SEED = seed_of(3).hex()
JUNK: list[bytes] = [
    b"7" * 5000,  # past int()'s 4,300 digits, and past the longest line read
    b"7" * (MAX_LINE - 1),
    b"q" + b" " * MAX_LINE + b"x",  # its cut-off head would read as "quit"
    b"\xff\xfe\xc3",  # not UTF-8
    b"\x1b[2J\x00\x07",  # a terminal's control codes
    "\u00b2".encode(),  # a digit to str.isdigit, not to int()
    "\U0001f0a1 \u2665".encode(),
    b"m " + b"9" * 5000,
    b"",
]


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """The one error line of a refused command, after checking it is all there is."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "a-file").write_text("")
    return {
        "missing": str(tmp_path / "no-such-folder" / "out"),
        "folder": str(tmp_path),
        "under-a-file": str(tmp_path / "a-file" / "out"),
    }


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "schnapsen", "--threads", "100000"], "threads must be a whole number"),
        (["simulate", "schnapsen", "--threads", "0"], "threads must be a whole number"),
        (["simulate", "schnapsen", "--threads", "9" * 30], "threads must be a whole number"),
        (["simulate", "schnapsen", "--games", "9" * 30], "games must be a whole number"),
        (["simulate", "schnapsen", "--games", "-1"], "games must be a whole number"),
        (["simulate", "schnapsen", "--games", "9" * 5000], "invalid int value"),
        (["simulate", "schnapsen", "--games", str(2**39)], "GiB for their results"),
        (["simulate", "schnapsen", "--seed", "zz"], "not hex"),
        (["simulate", "durak", "--players", "random", "bot9"], "unknown player 'bot9'"),
        (["simulate", "poker"], "invalid choice"),
        (["play", "schnapsen", "--seed", "abc"], "not hexadecimal"),
        (["play", "schnapsen", "--seat", "3"], "a seat is p1 or p2"),
        (["play", "durak", "--seat", "p1"], "a Durak seat is 1 or 2"),
        (["play", "schnapsen", "--seat", "9" * 5000], "a seat is p1 or p2"),
        (["play", "schnapsen", "--level", "99"], "not between 1 and 5"),
        (["play", "schnapsen", "--level", "9" * 5000], "not a number"),
        (["play", "durak", "--delay", "nan"], "not between 0 and 10"),
        (["replay", "log.json", "--seat", "\x1b[2J"], "a seat is p1 or p2"),
        ([], "the following arguments are required"),
    ],
)
def test_bad_arguments_are_one_line(program: Any, args: list[str], says: str) -> None:
    done = cli(*args, program=program)
    line = refused(done)
    assert says in line
    assert len(line) < 600 and "\x1b" not in line
    assert done.stdout == ""  # refused before anything was played


@pytest.mark.parametrize("where", ["missing", "folder", "under-a-file"])
def test_output_files_are_checked_before_the_work(folders: dict[str, str], where: str) -> None:
    path = folders[where]
    play = cli("play", "schnapsen", "--save", f"{path}.json" if where != "folder" else path)
    assert "the move log file" in refused(play)
    assert play.stdout == ""  # no seat was dealt
    out = f"{path}.npz" if where != "folder" else path
    # Were it not checked first, the run would outlast the test's timeout.
    sim = cli("simulate", "durak", "--games", str(10**8), "--out", out)
    assert "--out" in refused(sim) or "the results file" in refused(sim)
    assert sim.stdout == ""  # no game was played
    assert not Path(out).is_file()


def _replay_files(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    # What from_log says of each: the replay judges a log by calling it.
    honest = {"game": "schnapsen", "kind": "match", "seed": SEED, "dealer": "p1", "moves": []}
    return {
        "long-number": (b'{"game": "durak", "number": ' + b"1" * 5001 + b"}", "not JSON"),
        "deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        "not-utf8": (b'{"game": "\xff"}', "not UTF-8 text (byte 10)"),
        "not-json": (b"{", "not JSON"),
        "a-list": (b"[]", "bad_log (a log is a dict or its JSON text, not a list)"),
        "unknown-kind": (
            json.dumps({**honest, "kind": "tournament"}).encode(),
            "bad_log (this log is a 'tournament' log, not a 'match' log)",
        ),
        "wrong-game": (json.dumps({**honest, "kind": "game"}).encode(), "a 'game' log"),
        "unknown-game": (
            json.dumps({**honest, "game": "chess"}).encode(),
            "bad_log (this log's game is 'chess'",
        ),
        "game-a-list": (json.dumps({**honest, "game": ["schnapsen"]}).encode(), "a list"),
        "bad-number": (
            json.dumps({**honest, "kind": "deal", "number": 10**30}).encode(),
            "the log is refused: bad_deal",
        ),
        "moves-not-a-list": (json.dumps({**honest, "moves": 5}).encode(), "not_legal"),
        "durak-moves-as-schnapsen": (
            json.dumps({**honest, "moves": [{"seat": 1, "kind": "attack", "card": 5}]}).encode(),
            "move 1 (",
        ),
    }


def test_hostile_logs_are_one_line(tmp_path: Path) -> None:
    for name, (data, says) in _replay_files(tmp_path).items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        line = refused(cli("replay", str(path)))
        assert line.startswith(f"trumpf: error: cannot replay {path}: "), name
        assert says in line, (name, line)
    assert "No such file" in refused(cli("replay", str(tmp_path / "none.json")))
    assert "is a folder, not a regular file" in refused(cli("replay", str(tmp_path)))
    played = tmp_path / "played.json"
    assert cli("play", "durak", "--mode", "watch", "--seed", SEED, "--save", str(played)).stdout
    wrong_seat = refused(cli("replay", str(played), "--seat", "p1"))
    assert "'p1' is not a seat of durak" in wrong_seat


def test_a_refused_move_is_told_after_the_honest_part(tmp_path: Path) -> None:
    game = durak.Game.build(seed=bytes.fromhex(SEED))
    moves = []
    for _ in range(3):
        seat = game.turn
        move = game.legal(seat)[0]
        game.apply(seat, move)
        moves.append({"seat": seat, **move})
    log = {**game.to_log(), "moves": [*moves, {"seat": game.turn, "kind": "beat", "card": [[]]}]}
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(log))
    done = cli("replay", str(path))
    assert "--- Durak, move 4 ---" in done.stdout
    assert "move 4 (" in refused(done)


def _junked(lines: list[str]) -> bytes:
    """The typed lines with every kind of junk before each of the first few."""
    out = b""
    for i, line in enumerate(lines):
        if i < len(JUNK):
            out += JUNK[i] + b"\n"
        out += line.encode() + b"\n"
    return out


@pytest.mark.parametrize("program", PROGRAMS)
def test_junk_lines_are_answered_and_the_match_goes_on(program: Any, tmp_path: Path) -> None:
    bot = schnapsen.Bot(level=2)
    seed = bytes.fromhex(SEED)
    lines, match = script_schnapsen(schnapsen, "schnapsen", seed, lambda m, s, v: bot.choose(m, s))
    assert match.over
    log = tmp_path / "match.json"
    done = cli("play", "schnapsen", "--seed", SEED, "--save", str(log), stdin=_junked(lines))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.count(f"longer than {MAX_LINE} characters; nothing was done") == 3
    assert done.stdout.count("there is no card number 7777777777") == 1
    assert done.stdout.count("I do not know what") == 4
    assert done.stdout.count("nothing typed") == 1
    assert "\x1b" not in done.stdout and "\x00" not in done.stdout
    scores = match.result["scores"]
    assert f"wins the match: p1 {scores['p1']}, p2 {scores['p2']}" in done.stdout
    assert json.loads(log.read_text())["moves"] == match.to_log()["moves"]


def test_junk_lines_at_a_durak_table(tmp_path: Path) -> None:
    seed = bytes.fromhex(SEED)
    lines, game = script_durak(durak, seed, lambda g, s, v: g.legal(s)[-1])
    assert game.over
    done = cli("play", "durak", "--seed", SEED, stdin=_junked(lines))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    fool = game.result["fool"]
    assert (
        "the game is drawn" if fool is None else f"seat {fool} ended up the fool"
    ) in done.stdout


@pytest.mark.parametrize("mode", ["bot", "hotseat"])
def test_the_seed_is_shown_only_after_the_game(mode: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    done = cli("play", "sixtysix", "--mode", mode, "--save", str(log), stdin="?\n7H\nq\n")
    assert done.returncode == 0, done.stderr
    seed = json.loads(log.read_text())["seed"]
    before, _, after = done.stdout.partition("you left the table")
    assert "the seed is shown when the game ends" in before
    assert seed not in before and seed[:16] not in before
    assert f"seed {seed}" in after


def test_a_given_seed_is_hidden_until_the_match_is_over() -> None:
    bot = schnapsen.Bot(level=2)
    lines, match = script_schnapsen(
        schnapsen, "sixtysix", bytes.fromhex(SEED), lambda m, s, v: bot.choose(m, s)
    )
    done = cli("play", "sixtysix", "--seed", SEED, stdin="".join(f"{x}\n" for x in lines))
    before, _, after = done.stdout.partition(f"{match.result['winner']} wins the match")
    assert after and SEED not in before
    assert f"seed {SEED}" in after


def test_watching_shows_the_seed_first() -> None:
    done = cli("play", "durak", "--mode", "watch", "--seed", SEED)
    assert done.stdout.splitlines()[0] == f"Durak: seed {SEED}"


def test_ctrl_c_at_the_table_saves_and_ends_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "left.json"
    proc = subprocess.Popen(
        [*MODULE, "play", "schnapsen", "--save", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        preexec_fn=interruptible,
    )
    assert proc.stdout is not None
    # The table flushes all it has drawn before it waits for a line.
    while "to move: p1" not in (line := proc.stdout.readline()):
        assert line, proc.communicate()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert "you left the table" in out
    assert f"seed {json.loads(log.read_text())['seed']}" in out


def test_a_closed_pipe_ends_a_replay_quietly(tmp_path: Path) -> None:
    log = tmp_path / "watched.json"
    cli("play", "sixtysix", "--mode", "watch", "--seed", SEED, "--save", str(log))
    proc = subprocess.Popen(
        [*SCRIPT, "replay", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the command has written anything, as `| head -0` would
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert err == b""  # no traceback, no "Exception ignored"
    assert proc.returncode == 1


def test_both_entry_points_are_the_same_command() -> None:
    for args in (["--help"], ["play", "--help"], ["simulate", "durak", "--threads", "2000"]):
        module, script = cli(*args, program=MODULE), cli(*args, program=SCRIPT)
        assert (module.returncode, module.stdout, module.stderr) == (
            script.returncode,
            script.stdout,
            script.stderr,
        )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["simulate", "schnapsen", "--games", "10", "--out"], id="simulate-out-csv"),
        pytest.param(["play", "schnapsen", "--seed", SEED, "--save"], id="play-save"),
    ],
)
def test_a_fifo_as_the_output_is_refused_without_blocking(tmp_path: Path, args: list[str]) -> None:
    # Opening a FIFO to write blocks until a reader comes: the command must
    # refuse it before it plays, never hang on it.
    fifo = tmp_path / ("out.csv" if "simulate" in args else "log.json")
    os.mkfifo(fifo)
    line = refused(cli(*args, str(fifo), stdin="q\n"))
    assert "pipe or a socket" in line
