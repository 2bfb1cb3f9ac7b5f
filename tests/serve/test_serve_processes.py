"""Several server processes on one PostgreSQL database: any process serves any seat,
a seat may move on to another process mid-game, a process killed with kill -9 loses
no acknowledged move, and two moves racing for one table at two processes are
serialised by the database: exactly one is stored, the other refused cleanly."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _serve_support import ROOT, ServerProcess, _same, moves_by_ply, stored, verify_table

from trumpf.errors import CODES
from trumpf.serve.client import Seat, open_tables, play, play_tables

FAST = ("--create-rate", "1000", "--seat-rate", "1000", "--sockets-per-address", "1000")
SPECS = [
    {"game": "schnapsen", "kind": "match", "opponent": "bot", "level": 2},
    {"game": "sixtysix", "kind": "deal", "opponent": "bot", "level": 1},
    {"game": "durak", "opponent": "bot", "level": 3},
    {"game": "schnapsen", "kind": "match", "opponent": "person"},
    {"game": "sixtysix", "kind": "match", "opponent": "person"},
    {"game": "durak", "opponent": "person"},
]


@pytest.fixture
def shared(pg_cluster: Any, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Three server processes on one fresh PostgreSQL database, each on its own port, as
    three machines behind a load balancer would be."""
    url = pg_cluster.new_database()
    servers = [ServerProcess(url, *FAST, log=tmp_path / f"server{i}.log").start() for i in range(3)]
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def test_seats_spread_over_processes_and_switched_mid_game(shared: list[ServerProcess]) -> None:
    bases = [s.ws_base for s in shared]
    moved_at: dict[tuple[str, Any], set[int]] = {}  # the processes each seat's moves went to

    async def main() -> list[Any]:
        # Created at the first process; every seat starts at another and moves on to the
        # next one every three moves.
        tables = await open_tables(shared[0].base, SPECS * 2)

        async def wander(seat: Seat, start: int) -> None:
            rng = random.Random(f"{seat.table}:{seat.seat}")
            hop = start
            while not (seat.last or {}).get("over"):
                base = bases[hop % len(bases)]
                before = len(seat.acked)
                await play(base, seat, rng=rng, max_moves=before + 3, deadline=60)
                if len(seat.acked) > before:
                    moved_at.setdefault((seat.table, seat.seat), set()).add(hop % len(bases))
                hop += 1

        seats = [(seat, i) for i, seat in enumerate(s for t in tables for s in t.seats)]
        await asyncio.wait_for(asyncio.gather(*[wander(s, i) for s, i in seats]), 150)
        return tables

    tables = asyncio.run(main())
    for table in tables:
        # Any process answers with the same log: the database's.
        logs = [verify_table(s.base, table, every_move_acked=True) for s in shared]
        assert len(set(logs)) == 1
    # A random seat may claim at its first lead, so a deal can end before its seat moves on:
    # most tables, not all, must have had a seat switch processes mid-game.
    switched = sum(
        any(len(moved_at.get((s.table, s.seat), ())) > 1 for s in t.seats) for t in tables
    )
    assert switched >= len(tables) // 2, (switched, len(tables))


def test_kill_9_of_one_process_loses_no_acknowledged_move(shared: list[ServerProcess]) -> None:
    async def main() -> None:
        tables = await open_tables(shared[1].base, SPECS * 3)
        # Seats spread over the three processes; on a drop each tries the next one.
        players = asyncio.create_task(
            play_tables([s.ws_base for s in shared], tables, seed=4, deadline=150)
        )
        # A random seat may claim at its first lead, so a deal can end after a move or two:
        # wait until every table has four acknowledged moves or is over.
        while not all(
            sum(len(s.acked) for s in t.seats) >= 4 or (t.seats[0].last or {}).get("over")
            for t in tables
        ):
            assert not players.done(), "the games ended before the kill"
            await asyncio.sleep(0.02)
        shared[0].kill()
        acked_then = {t.table: [list(s.acked) for s in t.seats] for t in tables}
        unfinished = sum(1 for t in tables if not (t.seats[0].last or {}).get("over"))
        assert unfinished >= len(tables) // 2, "the kill came too late to interrupt the games"
        url = str(shared[1].db)
        for table in tables:  # every move acknowledged by the kill is in the database
            record = await stored(url, table.table)
            assert record is not None
            at_ply = moves_by_ply(record.log())[1]
            for acked in acked_then[table.table]:
                for ply, move in acked:
                    logged = at_ply.get(ply)
                    assert logged is not None and _same(move, logged), (table.table, ply, move)
        await asyncio.wait_for(players, 150)  # the others carry every game to its end
        for table in tables:
            verify_table(shared[2].base, table, every_move_acked=False)
            for seat, before in zip(table.seats, acked_then[table.table], strict=True):
                assert seat.acked[: len(before)] == before
        assert any(seat.reconnects for table in tables for seat in table.seats)

    asyncio.run(main())


def _post(base: str, path: str, body: dict[str, Any], token: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


def _race(
    sends: list[tuple[str, dict[str, Any]]], path: str, token: str
) -> list[tuple[int, dict[str, Any]]]:
    """POST each (server, body) to ``path`` at the same moment, one thread each."""
    answers: list[tuple[int, dict[str, Any]]] = [(0, {})] * len(sends)
    start = threading.Barrier(len(sends))

    def send(i: int) -> None:
        start.wait()
        answers[i] = _post(sends[i][0], path, sends[i][1], token)

    racers = [threading.Thread(target=send, args=(i,)) for i in range(len(sends))]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return answers


def _get(base: str, path: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{base}{path}", headers={"authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


@pytest.mark.parametrize("game", ["durak", "schnapsen"])
def test_two_processes_race_for_one_table(shared: list[ServerProcess], game: str) -> None:
    """At every turn the seat sends two legal moves at once, one to each process: one
    is stored and acknowledged, the other refused as stale (409) or, sent without a
    ply, judged on the game after the winner's move (stored when still legal there,
    else refused with the rule's code). The log is a legal game made of exactly the
    acknowledged moves."""
    one, two = shared[0].base, shared[1].base
    spec = {"game": game, "kind": "game" if game == "durak" else "deal", "opponent": "person"}
    made = _post(one, "/api/tables", spec, "")[1]
    other = _post(two, f"/api/tables/{made['table']}/join", {"invite": made["invite"]}, "")[1]
    tokens = {str(made["seat"]): made["token"], str(other["seat"]): other["token"]}
    path = f"/api/tables/{made['table']}"
    rng = random.Random(game)
    acked: dict[int, dict[str, Any]] = {}
    refusals: list[str] = []
    for turn in range(400):
        state = _get(one if turn % 2 else two, path, made["token"])
        if state["over"]:
            break
        seat = str(state["view"]["turn"])
        mine = _get(one, path, tokens[seat])
        legal = mine["view"]["legal"]
        moves = [rng.choice(legal), rng.choice(legal)]
        # Every third race carries no ply, so only the database can tell the two apart.
        ply = None if turn % 3 == 0 else mine["ply"]
        body = [{"move": m} if ply is None else {"move": m, "ply": ply} for m in moves]
        answers = _race([(one, body[0]), (two, body[1])], path + "/move", tokens[seat])
        statuses = sorted(status for status, _ in answers)
        if statuses == [200, 200] and ply is None:
            # Both stored, one after the other: the first left the same seat to move.
            for i, (_, answer) in enumerate(answers):
                acked[answer["ack"]] = moves[i]
            continue
        won = next(i for i, (status, _) in enumerate(answers) if status == 200)
        lost = answers[1 - won][1]
        assert answers[won][1]["ack"] not in acked
        acked[answers[won][1]["ack"]] = moves[won]
        if ply is None and statuses == [200, 400]:
            # Judged after the winner, on the game as it then stood, and illegal there.
            assert lost["type"] == "error" and lost["code"] in CODES, lost
            continue
        assert statuses == [200, 409], answers
        assert lost["type"] == "error" and lost["code"] == "stale", lost
        refusals.append(lost["message"])
    log = _get(two, path + "/log", made["token"])
    replayed, at_ply = moves_by_ply(log)  # the stored log replays: a legal game
    assert replayed.over
    assert at_ply.keys() == acked.keys(), "a stored move no one was told of, or the reverse"
    for ply, move in acked.items():
        # A log keeps a move as it is played: a marriage's value, which the
        # legal list shows, is the rules' to say and not stored.
        played = {k: v for k, v in move.items() if k != "value"}
        assert {k: v for k, v in at_ply[ply].items() if k != "seat"} == played
    # Some of the races were decided by the database itself, not by a ply check.
    assert any("another move came first" in text for text in refusals), refusals


def test_workers_share_one_port_and_outlive_a_killed_worker(
    pg_cluster: Any, tmp_path: Path
) -> None:
    import os
    import signal

    url = pg_cluster.new_database()
    server = ServerProcess(url, *FAST, "--workers", "2", log=tmp_path / "workers.log").start()
    try:
        assert server.proc is not None
        children = _children(server.proc.pid)
        assert len(children) == 2, children

        async def main() -> list[Any]:
            tables = await open_tables(server.base, SPECS)
            players = asyncio.create_task(play_tables(server.ws_base, tables, seed=2, deadline=120))
            await asyncio.sleep(1.0)
            os.kill(children[0], signal.SIGKILL)  # one worker dies: the port stays served
            await asyncio.wait_for(players, 130)
            return tables

        for table in asyncio.run(main()):
            verify_table(server.base, table, every_move_acked=False)
        for _ in range(100):  # the supervisor starts another worker
            now = _children(server.proc.pid)
            if len(now) == 2 and children[0] not in now:
                break
            time.sleep(0.1)
        assert len(now) == 2 and children[0] not in now, now
    finally:
        server.stop()


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in found]


def test_workers_above_one_need_postgres(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "trumpf.cli", "serve", "--workers", "2"]
    command += ["--db", str(tmp_path / "x.sqlite")]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode != 0
    assert "--workers above 1 needs a PostgreSQL --db" in done.stderr
