"""kill -9 the server in the middle of several games, start it again on the same database:
every acknowledged move is on disk at the moment of the kill, the tables resume from
their logs, the clients reconnect by themselves, and every game finishes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from _serve_support import ServerProcess, all_acked_in, moves_by_ply, stored, verify_table

from trumpf.serve.client import open_tables, play_tables

SPECS = [
    {"game": "schnapsen", "kind": "match", "opponent": "bot", "level": 2},
    {"game": "sixtysix", "kind": "match", "opponent": "bot", "level": 1},
    {"game": "durak", "opponent": "bot", "level": 3},
    {"game": "schnapsen", "kind": "match", "opponent": "person"},
    {"game": "sixtysix", "kind": "match", "opponent": "person"},
    {"game": "durak", "opponent": "person"},
] * 2


def test_kill_9_loses_no_acknowledged_move(
    store: str, new_db: Callable[[str], str], tmp_path: Path
) -> None:
    # SQLite on the real disk: what a crash must not lose is on it. PostgreSQL outlives
    # the server it kills.
    db = str(tmp_path / "crash.sqlite") if store == "sqlite" else new_db("crash")
    log = tmp_path / "server.log"
    server = ServerProcess(db, "--create-rate", "1000", "--seat-rate", "1000", log=log).start()
    try:
        asyncio.run(_crash_and_resume(server, db))
    finally:
        server.stop()


async def _crash_and_resume(server: ServerProcess, db: str) -> None:
    tables = await open_tables(server.base, SPECS)
    players = asyncio.create_task(play_tables(server.ws_base, tables, seed=9, deadline=150))
    # Wait until every game is under way, then pull the plug.
    while not all(sum(len(s.acked) for s in t.seats) >= 4 for t in tables):
        assert not players.done(), "the games ended before the crash"
        await asyncio.sleep(0.02)
    server.kill()
    acked_then = {t.table: [list(s.acked) for s in t.seats] for t in tables}
    unfinished = sum(1 for t in tables if not (t.seats[0].last or {}).get("over"))
    assert unfinished >= len(tables) // 2, "the kill came too late to interrupt the games"
    # Everything acknowledged before the kill is in the database the dead server left.
    for table in tables:
        record = await stored(db, table.table)
        assert record is not None
        _, at_ply = moves_by_ply(record.log())
        all_acked_in(table, at_ply)
    await asyncio.sleep(0.3)
    await asyncio.to_thread(server.start)
    await asyncio.wait_for(players, 150)
    for table in tables:
        verify_table(server.base, table, every_move_acked=False)
        for seat, before in zip(table.seats, acked_then[table.table], strict=True):
            assert seat.acked[: len(before)] == before
        assert any(seat.reconnects for seat in table.seats)
