"""Load on `trumpf serve`: moves a second sustained over WebSockets, and the latency of a move.

    python bench/serve_load.py                      # 300 human-style tables, then 300 bot tables
    python bench/serve_load.py --tables 500 --only bot --db /dev/shm/x.sqlite
    python bench/serve_load.py --stores sqlite pg:1 pg:2 pg:4 --only human --think 0
                                                    # SQLite beside PostgreSQL with 1, 2, 4 workers

The server is a real `trumpf serve` subprocess on 127.0.0.1 (its database on the
real disk unless --db says otherwise; `pg:N` is `--workers N` on a private
PostgreSQL cluster this script starts on the real disk, fsync on, from
tests/serve/_postgres.py); moves/s is counted in the database, so it is the
sum over every worker; the players are scripted WebSocket
clients in this process, all tables at once, each playing random legal moves as
fast as the server answers. A human-style table has a script in each seat; a bot
table has one script against the server's bot. A move's latency runs from the
client's send to the acknowledgement (the update that carries `ack`), so it
includes the commit to disk and, at a bot table, the bot's answer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from trumpf.serve.client import Seat, open_tables, play

GAMES: list[dict[str, Any]] = [
    {"game": "schnapsen", "kind": "match"},
    {"game": "sixtysix", "kind": "match"},
    {"game": "durak"},
]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int, workers: int = 1) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "trumpf.cli", "serve", "--port", str(port), "--db", db]
    command += ["--workers", str(workers)]
    command += ["--quiet", "--create-rate", "100000", "--seat-rate", "100000"]
    # Every other limit stays on at its default; these two are sized for the load, since
    # every script speaks from 127.0.0.1 and each lane opens a table per game.
    command += ["--tables-per-hour", "1000000", "--sockets-per-address", "4096"]
    proc = subprocess.Popen(command)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def stored_moves(db: str) -> int:
    """Moves in the database: every worker's, committed."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            row = conn.execute("SELECT count(*) FROM moves").fetchone()
    else:
        import sqlite3

        with sqlite3.connect(db) as conn:
            row = conn.execute("SELECT count(*) FROM moves").fetchone()
    return int(row[0]) if row else 0


def commits(db: str, base: str) -> int:
    """Transactions committed: the server's own count (SQLite), or PostgreSQL's for the
    database (reads included, every worker's)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            conn.execute("SELECT pg_stat_force_next_flush()")
            row = conn.execute(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
            ).fetchone()
        return int(row[0]) if row else 0
    return int(health(base)["commits"])


def health(base: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/healthz", timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


async def lane(
    base: str, ws_base: str, spec: dict[str, Any], seed: int, think: float, seats: list[Seat]
) -> None:
    """One table after another, for as long as the run lasts: the load stays constant."""
    number = 0
    while True:
        number += 1
        (table,) = await open_tables(base, [spec])
        seats.extend(table.seats)
        await asyncio.gather(
            *[
                play(ws_base, s, rng=random.Random(f"{seed}:{table.table}:{s.seat}"), think=think)
                for s in table.seats
            ]
        )


async def run(
    db: str,
    base: str,
    ws_base: str,
    tables: int,
    opponent: str,
    think: float,
    warm: float,
    window: float,
) -> dict[str, Any]:
    seats: list[Seat] = []
    specs = [dict(GAMES[i % len(GAMES)], opponent=opponent, level=2) for i in range(tables)]
    lanes = [
        asyncio.create_task(lane(base, ws_base, spec, i, think, seats))
        for i, spec in enumerate(specs)
    ]
    await asyncio.sleep(warm)
    first, first_commits, t0 = stored_moves(db), commits(db, base), time.perf_counter()
    sent_before = sum(len(s.latencies) for s in seats)
    marks = {id(s): len(s.latencies) for s in seats}
    await asyncio.sleep(window)
    last, last_commits, t1 = stored_moves(db), commits(db, base), time.perf_counter()
    latencies = [x for s in seats for x in s.latencies[marks.get(id(s), 0) :]]
    for task in lanes:
        task.cancel()
    await asyncio.gather(*lanes, return_exceptions=True)
    failed = [t.exception() for t in lanes if not t.cancelled() and t.exception()]
    if failed:
        raise RuntimeError(f"a lane failed: {failed[0]!r}")
    seconds = t1 - t0
    return {
        "opponent": opponent,
        "think": think,
        "tables": tables,
        "seconds": seconds,
        "moves": last - first,
        "rate": (last - first) / seconds,
        "client_rate": (sum(len(s.latencies) for s in seats) - sent_before) / seconds,
        "commits": (last_commits - first_commits) / seconds,
        "p50": percentile(latencies, 50) * 1000,
        "p99": percentile(latencies, 99) * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=300, help="concurrent tables (300)")
    parser.add_argument("--only", choices=("human", "bot"), help="one kind of table only")
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[0.0, 0.25],
        help="mean pause before a move, seconds; 0 = as fast as possible (0 0.25)",
    )
    parser.add_argument("--window", type=float, default=15.0, help="seconds measured (15)")
    parser.add_argument("--warm", type=float, default=3.0, help="seconds before measuring (3)")
    parser.add_argument("--db", help="the server's database (a new file in a temp dir)")
    parser.add_argument(
        "--stores",
        nargs="+",
        default=["sqlite"],
        help="what to serve from, in turn: sqlite (one process) or pg:N (PostgreSQL, "
        "--workers N, on a private cluster with fsync on) (sqlite)",
    )
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="trumpf-bench-")
    cluster = None
    rows = []
    try:
        for n, store in enumerate(args.stores):
            workers = 1
            if store.startswith("pg"):
                workers = int(store.partition(":")[2] or 1)
                if cluster is None:
                    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "serve"))
                    from _postgres import Cluster

                    cluster = Cluster(durable=True).start()  # in /tmp: the real disk
                db = cluster.new_database()
            else:
                db = args.db or str(Path(folder) / f"bench{n}.sqlite")
            rows += _serve_and_load(args, db, workers, store)
    finally:
        if cluster is not None:
            cluster.stop()
    print(f"\ntrumpf serve under load: {os.cpu_count()} CPUs, {args.window:.0f} s windows")
    print(
        f"{'store':>6} {'tables':>22} {'think ms':>8} {'moves/s':>8} {'client/s':>8}"
        f" {'commits/s':>9} {'p50 ms':>7} {'p99 ms':>7}"
    )
    for row in rows:
        label = "human-style" if row["opponent"] == "person" else "v the bot"
        print(
            f"{row['store']:>6} {row['tables']:>6} {label:>15} {row['think'] * 1000:>8.0f}"
            f" {row['rate']:>8.0f} {row['client_rate']:>8.0f} {row['commits']:>9.0f}"
            f" {row['p50']:>7.2f} {row['p99']:>7.2f}"
        )
    return 0


def _serve_and_load(
    args: argparse.Namespace, db: str, workers: int, store: str
) -> list[dict[str, Any]]:
    port = _port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = start_server(db, port, workers)
    rows = []
    try:
        for kind in [args.only] if args.only else ["human", "bot"]:
            for think in args.think:
                opponent = "person" if kind == "human" else "bot"
                row = asyncio.run(
                    run(db, base, ws_base, args.tables, opponent, think, args.warm, args.window)
                )
                rows.append({**row, "store": store})
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    return rows


if __name__ == "__main__":
    sys.exit(main())
