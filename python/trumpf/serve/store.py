"""SQLite persistence: one writer thread that commits before anyone is told "done".

Writes from every table go to a single thread holding the only writing
connection. It takes whatever jobs are waiting, runs each in its own
savepoint inside one transaction and commits once (WAL, synchronous=FULL, so
the commit is on disk when it returns), and only then resolves the jobs'
futures. Many tables' moves thus share one fsync under load, while a lone
move is committed at once. Readers open their own short-lived connections;
WAL lets them read while the writer writes.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .storage import PRUNE_BATCH, Since, StoredTable

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id        TEXT PRIMARY KEY,
    header    TEXT NOT NULL,   -- the game's to_log() less its moves: game, kind, seed, rules
    opponent  TEXT NOT NULL CHECK (opponent IN ('bot', 'person')),
    bot_seat  TEXT,            -- the bot's seat at a bot table
    bot_level INTEGER,
    bot_secret BLOB,           -- the seed of the bot's choices: never sent to anyone
    created   REAL NOT NULL,
    finished  REAL,            -- NULL while the game goes on
    result    TEXT,            -- the engine's result, JSON, once finished
    abandoned REAL             -- when an unfinished table was given up for idleness
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (finished) WHERE finished IS NULL;
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables (id),
    seat        TEXT NOT NULL,
    token_hash  BLOB UNIQUE,   -- SHA-256 of the seat's token; NULL until someone sits there
    invite_hash BLOB UNIQUE,   -- SHA-256 of the invitation; NULL once used, or when none
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id),
    n        INTEGER NOT NULL, -- the move's index in the log: a move is stored once
    move     TEXT NOT NULL,    -- as to_log() writes it: {"seat", "kind", ...}
    at       REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
"""


def connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30.0)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


_Job = tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]


class SqliteStore:
    """The database of one server process: the SQLite store (see ``storage.Store``)."""

    shared = False  # one process writes: its tables in memory are the truth

    def __init__(self, path: str) -> None:
        self.path = path
        self.commits = 0  # transactions committed: fewer than jobs when they are grouped
        self.jobs = 0  # jobs committed
        self.moves = 0  # moves committed (counted by the tables, on the event loop)
        setup = connect(path)
        try:
            setup.executescript(SCHEMA)
            columns = {row[1] for row in setup.execute("PRAGMA table_info(tables)")}
            for column, kind in (("bot_secret", "BLOB"), ("abandoned", "REAL")):
                if column not in columns:  # a database without the column gets it
                    setup.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
            # What the sweep deletes, found without reading every table.
            setup.execute(
                "CREATE INDEX IF NOT EXISTS tables_finished ON tables (finished) "
                "WHERE finished IS NOT NULL"
            )
            setup.execute(
                "CREATE INDEX IF NOT EXISTS tables_abandoned ON tables (abandoned) "
                "WHERE abandoned IS NOT NULL"
            )
        finally:
            setup.close()
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_loop, name="trumpf-db", daemon=True)
        self._writer.start()

    async def write(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``job`` in the writer's transaction; return once it is committed to disk."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((job, done, loop))
        return await done

    def close(self) -> None:
        self._jobs.put(None)
        self._writer.join(timeout=30)

    def _write_loop(self) -> None:
        conn = connect(self.path)
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < 512:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        self._jobs.put(None)  # finish this batch, then stop
                        break
                    batch.append(job)
                self._commit(conn, batch)
        finally:
            conn.close()

    def _commit(self, conn: sqlite3.Connection, batch: list[_Job]) -> None:
        outcomes: list[tuple[bool, Any]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for job, _, _ in batch:
                conn.execute("SAVEPOINT job")
                try:
                    outcomes.append((True, job(conn)))
                    conn.execute("RELEASE job")
                except Exception as bad:  # one job's failure is that job's alone
                    conn.execute("ROLLBACK TO job")
                    conn.execute("RELEASE job")
                    outcomes.append((False, bad))
            conn.execute("COMMIT")
            self.commits += 1
            self.jobs += sum(1 for ok, _ in outcomes if ok)
        except Exception as bad:  # the commit itself failed: nothing in the batch happened
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            outcomes = [(False, bad)] * len(batch)
        for (_, future, loop), (ok, value) in zip(batch, outcomes, strict=True):
            loop.call_soon_threadsafe(_settle, future, ok, value)

    # The interface the tables speak (storage.Store): each write a job for the writer.

    async def start(self) -> None:
        return None

    async def aclose(self) -> None:
        await asyncio.to_thread(self.close)

    async def insert_table(self, table: StoredTable, *, result: dict[str, Any] | None) -> None:
        await self.write(insert_table(table, result=result))

    async def append_moves(
        self,
        table_id: str,
        first: int,
        moves: list[dict[str, Any]],
        *,
        result: dict[str, Any] | None,
    ) -> None:
        await self.write(append_moves(table_id, first, moves, result=result))

    async def take_seat(self, table_id: str, seat: str, invite: bytes, token: bytes) -> bool:
        return await self.write(take_seat(table_id, seat, invite, token))

    async def give_bot_secret(self, table_id: str, secret: bytes) -> None:
        await self.write(give_bot_secret(table_id, secret))

    async def abandon(self, table_id: str, now: float, idle_since: float) -> bool:
        # One process moves every table: its memory has already checked the idleness.
        return await self.write(abandon(table_id, now))

    async def abandon_idle(self, now: float, idle_since: float) -> list[str]:
        return []  # every unfinished table is in this process's memory, swept there

    async def prune(self, before: float) -> list[str]:
        return await self.write(prune(before))

    async def since(self, table_id: str, n: int) -> Since | None:
        return None  # never behind: no other process writes

    async def open_tables(self) -> int | None:
        return None

    def on_moves(self, heard: Callable[[str, int], None]) -> None:
        return None  # no other process commits

    # Reads: a connection of their own, so they never wait for the writer's queue.

    async def load(self, table_id: str) -> StoredTable | None:
        return await asyncio.to_thread(load, self.path, table_id)

    async def unfinished(self) -> list[StoredTable]:
        def read() -> list[StoredTable]:
            with _reader(self.path) as conn:
                return _tables(conn, "WHERE finished IS NULL AND abandoned IS NULL", ())

        return await asyncio.to_thread(read)


def load(path: str, table_id: str) -> StoredTable | None:
    """One table as the database at ``path`` holds it (no server need be running)."""
    with _reader(path) as conn:
        rows = _tables(conn, "WHERE id = ?", (table_id,))
    return rows[0] if rows else None


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class _reader:
    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(path, timeout=30.0)

    def __enter__(self) -> sqlite3.Connection:
        return self._conn

    def __exit__(self, *exc: object) -> None:
        self._conn.close()


def _tables(conn: sqlite3.Connection, where: str, args: tuple[Any, ...]) -> list[StoredTable]:
    found = []
    columns = {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
    secret = "bot_secret" if "bot_secret" in columns else "NULL"
    abandoned = "abandoned" if "abandoned" in columns else "NULL"
    active = "COALESCE((SELECT MAX(at) FROM moves WHERE table_id = tables.id), created)"
    rows = conn.execute(
        f"SELECT id, header, opponent, bot_seat, bot_level, finished, {secret}, {abandoned}, "
        f"{active} FROM tables " + where,
        args,
    ).fetchall()
    for row in rows:
        table_id, header, opponent, bot_seat, bot_level, finished, bot_secret, gone, at = row
        seats = {
            seat: (token, invite)
            for seat, token, invite in conn.execute(
                "SELECT seat, token_hash, invite_hash FROM seats WHERE table_id = ?", (table_id,)
            )
        }
        moves = [
            json.loads(text)
            for (text,) in conn.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
            )
        ]
        found.append(
            StoredTable(
                id=table_id,
                header=json.loads(header),
                opponent=opponent,
                bot_seat=bot_seat,
                bot_level=bot_level,
                finished=finished is not None,
                seats=seats,
                moves=moves,
                bot_secret=bot_secret,
                abandoned=gone is not None,
                active=at,
            )
        )
    return found


# The jobs the tables hand to the writer.


def insert_table(
    table: StoredTable, *, result: dict[str, Any] | None
) -> Callable[[sqlite3.Connection], None]:
    def job(conn: sqlite3.Connection) -> None:
        now = time.time()
        conn.execute(
            "INSERT INTO tables (id, header, opponent, bot_seat, bot_level, bot_secret, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table.id,
                json.dumps(table.header),
                table.opponent,
                table.bot_seat,
                table.bot_level,
                table.bot_secret,
                now,
            ),
        )
        conn.executemany(
            "INSERT INTO seats (table_id, seat, token_hash, invite_hash) VALUES (?, ?, ?, ?)",
            [(table.id, seat, token, invite) for seat, (token, invite) in table.seats.items()],
        )
        append_moves(table.id, 0, table.moves, result=result)(conn)

    return job


def append_moves(
    table_id: str, first: int, moves: list[dict[str, Any]], *, result: dict[str, Any] | None
) -> Callable[[sqlite3.Connection], None]:
    """Moves ``first``, ``first + 1``, ... of a table; the primary key refuses a repeat."""

    def job(conn: sqlite3.Connection) -> None:
        now = time.time()
        conn.executemany(
            "INSERT INTO moves (table_id, n, move, at) VALUES (?, ?, ?, ?)",
            [(table_id, first + i, json.dumps(move), now) for i, move in enumerate(moves)],
        )
        if result is not None:
            conn.execute(
                "UPDATE tables SET finished = ?, result = ? WHERE id = ?",
                (now, json.dumps(result), table_id),
            )

    return job


def give_bot_secret(table_id: str, secret: bytes) -> Callable[[sqlite3.Connection], None]:
    """Store the bot's secret for a table whose row has none; a stored one is kept."""

    def job(conn: sqlite3.Connection) -> None:
        conn.execute(
            "UPDATE tables SET bot_secret = ? WHERE id = ? AND bot_secret IS NULL",
            (secret, table_id),
        )

    return job


def take_seat(
    table_id: str, seat: str, invite: bytes, token: bytes
) -> Callable[[sqlite3.Connection], bool]:
    """Seat the holder of ``invite``; False when it was used meanwhile (it is used once)."""

    def job(conn: sqlite3.Connection) -> bool:
        done = conn.execute(
            "UPDATE seats SET token_hash = ?, invite_hash = NULL "
            "WHERE table_id = ? AND seat = ? AND invite_hash = ? AND token_hash IS NULL",
            (token, table_id, seat, invite),
        )
        return done.rowcount == 1

    return job


def abandon(table_id: str, now: float) -> Callable[[sqlite3.Connection], bool]:
    """Record an unfinished table as abandoned; False when it finished meanwhile."""

    def job(conn: sqlite3.Connection) -> bool:
        done = conn.execute(
            "UPDATE tables SET abandoned = ? WHERE id = ? AND finished IS NULL",
            (now, table_id),
        )
        return done.rowcount == 1

    return job


def prune(before: float, most: int = PRUNE_BATCH) -> Callable[[sqlite3.Connection], list[str]]:
    """Delete up to ``most`` tables finished or abandoned before ``before``, with their
    seats and moves; the ids deleted. A bounded batch keeps the writer's other jobs moving."""

    def job(conn: sqlite3.Connection) -> list[str]:
        ids = [
            row[0]
            for row in conn.execute(
                "SELECT id FROM tables WHERE finished < ? UNION "
                "SELECT id FROM tables WHERE abandoned < ? LIMIT ?",
                (before, before, most),
            )
        ]
        for table in ("moves", "seats"):
            conn.executemany(f"DELETE FROM {table} WHERE table_id = ?", [(i,) for i in ids])
        conn.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in ids])
        return ids

    return job
