"""Load, bounded in size and time, on 127.0.0.1 only: a few hundred tables at once, each
played to its end over WebSockets by scripted clients against a real uvicorn server.
Every game's log replays offline to the result its seats were told, and every move in
it was acknowledged exactly once: none lost, none applied twice."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from _serve_support import ServerProcess, verify_table

from trumpf.serve.client import open_tables, play_tables

KINDS = [
    {"game": "schnapsen", "kind": "deal"},
    {"game": "sixtysix", "kind": "deal"},
    {"game": "durak"},
    {"game": "schnapsen", "kind": "match"},
]
TABLES = 240  # 120 with a script in each seat, 120 against the bot: 360 sockets


def test_a_few_hundred_tables_at_once(
    store: str, new_db: Callable[[str], str], tmp_path: Path
) -> None:
    db = str(tmp_path / "load.sqlite") if store == "sqlite" else new_db("load")
    # Every script speaks from 127.0.0.1: the per-address caps are sized for them all.
    per_address = ["--tables-per-hour", str(TABLES), "--sockets-per-address", "1000"]
    server = ServerProcess(
        db, "--create-rate", "100000", "--seat-rate", "100000", *per_address, log=tmp_path / "log"
    )
    server.start()
    try:
        started = time.perf_counter()
        tables, seconds = asyncio.run(_play(server))
        moves = sum(verify_table(server.base, t, every_move_acked=True) for t in tables)
        with urllib.request.urlopen(f"{server.base}/healthz", timeout=10) as answer:
            health = json.load(answer)
    finally:
        server.stop()
    assert health["moves"] == moves, "the server committed moves that no log holds, or lost some"
    if store == "sqlite":  # PostgreSQL groups commits in its WAL flush, not in transactions
        assert health["commits"] < moves, "moves of different tables should share commits"
    print(
        f"\n{len(tables)} tables, {moves} moves in {seconds:.1f}s ({moves / seconds:.0f} moves/s), "
        f"{health['commits']} commits, {time.perf_counter() - started:.1f}s in all"
    )


async def _play(server: ServerProcess) -> tuple[list, float]:  # type: ignore[type-arg]
    specs = [
        dict(KINDS[i % len(KINDS)], opponent="person" if i % 2 else "bot", level=1 + i % 5)
        for i in range(TABLES)
    ]
    tables = await open_tables(server.base, specs)
    started = time.perf_counter()
    await asyncio.wait_for(play_tables(server.ws_base, tables, seed=3, deadline=150), 160)
    return tables, time.perf_counter() - started
