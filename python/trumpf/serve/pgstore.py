"""PostgreSQL persistence: one set of tables that several server processes share.

The driver is psycopg 3 (with psycopg_pool) rather than asyncpg: both are well
kept and async, but psycopg ships complete type hints (this package is checked
by mypy in strict mode), brings a pool of its own, and reads LISTEN
notifications as an async iterator on an ordinary connection. asyncpg's speed
per query matters little here: a batch of moves is one statement.

A process's move appends go through one writer that batches them
(``pgbatch``): a batch is one statement, so one round trip and one
transaction, whatever the number of tables in it. For each table it bumps
``length`` only where the length is still the one the process expected (the
version check), inserts the moves, and notifies. Two processes racing at one
table thus serialise on the table's row: the second finds the length changed,
stores nothing for that table and hears ``Conflict``; the primary key
(table_id, n) refuses a repeated move index besides. The notification is sent
at commit, so no process hears of a move before it is stored.

Every process listens on one channel, ``trumpf_moves``, on one connection of
its own; a notification's payload is ``"<table id> <length>"`` (a length of -1:
the seats or the table's state changed, not its moves). PostgreSQL hands each
listening backend every notification of the channel whatever its name, so one
channel costs the database no more than a channel per table would, and a
process needs no LISTEN before it may hear of a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from .pgbatch import Appender
from .storage import PRUNE_BATCH, Since, StoredTable

log = logging.getLogger("trumpf.serve")

CHANNEL = "trumpf_moves"
EVERYTHING = "*"  # told to the listener after a reconnection: any table may be behind
MIGRATION_LOCK = 0x7472756D7066  # the advisory lock two starting processes migrate under

# The schema's versions, in order: a database at version k runs the steps after k.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE tables (
        id         TEXT PRIMARY KEY,
        header     TEXT NOT NULL,  -- the game's to_log() less its moves, as it wrote it
        opponent   TEXT NOT NULL CHECK (opponent IN ('bot', 'person')),
        bot_seat   TEXT,
        bot_level  INTEGER,
        bot_secret BYTEA,          -- the seed of the bot's choices: never sent to anyone
        created    DOUBLE PRECISION NOT NULL,
        moved      DOUBLE PRECISION NOT NULL,  -- created or last moved
        length     INTEGER NOT NULL,           -- moves in the log: the version a move checks
        finished   DOUBLE PRECISION,
        result     TEXT,
        abandoned  DOUBLE PRECISION
    );
    CREATE INDEX tables_open ON tables (moved) WHERE finished IS NULL AND abandoned IS NULL;
    CREATE INDEX tables_finished ON tables (finished) WHERE finished IS NOT NULL;
    CREATE INDEX tables_abandoned ON tables (abandoned) WHERE abandoned IS NOT NULL;
    CREATE TABLE seats (
        table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat        TEXT NOT NULL,
        token_hash  BYTEA UNIQUE,
        invite_hash BYTEA UNIQUE,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE moves (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,  -- the move's index in the log: a move is stored once
        move     TEXT NOT NULL,
        at       DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    """,
]


class PgStore:
    """The tables in a PostgreSQL database that any number of processes share
    (see ``storage.Store``)."""

    shared = True

    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self.moves = 0
        self.commits = 0
        self.jobs = 0
        self._pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] | None = None
        self._heard: Callable[[str, int], None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._appender = Appender(self._connection, CHANNEL, self._committed)

    # Starting and stopping

    async def start(self) -> None:
        await self.migrate()
        pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] = AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=self.pool_size,
            kwargs={"autocommit": True},
            open=False,
            timeout=10.0,
        )
        await pool.open(wait=True, timeout=30.0)
        self._pool = pool
        listening = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(listening))
        await asyncio.wait_for(listening.wait(), 30.0)

    async def migrate(self) -> int:
        """Bring the schema to the latest version (under a lock, so processes starting
        together migrate once); the version it is at."""
        connecting = psycopg.AsyncConnection.connect(self.url)
        async with await connecting as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            await conn.execute("CREATE TABLE IF NOT EXISTS trumpf_schema (version INTEGER)")
            row = await (await conn.execute("SELECT max(version) FROM trumpf_schema")).fetchone()
            at = row[0] if row is not None and row[0] is not None else 0
            for version, step in enumerate(MIGRATIONS[at:], start=at + 1):
                await conn.execute(step)
                await conn.execute("INSERT INTO trumpf_schema VALUES (%s)", (version,))
        return len(MIGRATIONS)

    async def aclose(self) -> None:
        await self._appender.aclose()
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        if self._pool is not None:
            await self._pool.close()

    def on_moves(self, heard: Callable[[str, int], None]) -> None:
        self._heard = heard

    async def _listen(self, listening: asyncio.Event) -> None:
        again = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    listening.set()
                    if again and self._heard is not None:
                        self._heard(EVERYTHING, -1)  # what was said meanwhile went unheard
                    async for note in conn.notifies():
                        table_id, _, length = note.payload.partition(" ")
                        if self._heard is not None:
                            self._heard(table_id, int(length or -1))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the connection that listens for moves failed; reconnecting")
                again = True
                await asyncio.sleep(1.0)

    def _connection(self) -> contextlib.AbstractAsyncContextManager[psycopg.AsyncConnection[Any]]:
        assert self._pool is not None, "the store is not started"
        return self._pool.connection()

    def _committed(self) -> None:
        self.commits += 1

    def _done(self) -> None:
        self.commits += 1
        self.jobs += 1

    # Writes

    async def insert_table(self, table: StoredTable, *, result: dict[str, Any] | None) -> None:
        now = time.time()
        async with self._connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO tables (id, header, opponent, bot_seat, bot_level, bot_secret, "
                "created, moved, length, finished, result) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    table.id,
                    json.dumps(table.header),
                    table.opponent,
                    table.bot_seat,
                    table.bot_level,
                    table.bot_secret,
                    now,
                    now,
                    len(table.moves),
                    now if result is not None else None,
                    json.dumps(result) if result is not None else None,
                ),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO seats (table_id, seat, token_hash, invite_hash) "
                    "VALUES (%s, %s, %s, %s)",
                    [(table.id, s, token, invite) for s, (token, invite) in table.seats.items()],
                )
            await conn.execute(
                "INSERT INTO moves (table_id, n, move, at) "
                "SELECT %s, u.i - 1, u.move, %s FROM unnest(%s::text[]) WITH ORDINALITY AS u (move, i)",
                (table.id, now, [json.dumps(m) for m in table.moves]),
            )
        self._done()

    async def append_moves(
        self,
        table_id: str,
        first: int,
        moves: list[dict[str, Any]],
        *,
        result: dict[str, Any] | None,
    ) -> None:
        await self._appender.append(table_id, first, moves, result)
        self.jobs += 1

    async def take_seat(self, table_id: str, seat: str, invite: bytes, token: bytes) -> bool:
        async with self._connection() as conn:
            row = await (
                await conn.execute(
                    "WITH sat AS (UPDATE seats SET token_hash = %s, invite_hash = NULL "
                    "WHERE table_id = %s AND seat = %s AND invite_hash = %s "
                    "AND token_hash IS NULL RETURNING table_id) "
                    "SELECT pg_notify(%s, %s) FROM sat",
                    (token, table_id, seat, invite, CHANNEL, f"{table_id} -1"),
                )
            ).fetchone()
        self._done()
        return row is not None

    async def give_bot_secret(self, table_id: str, secret: bytes) -> None:
        async with self._connection() as conn:
            await conn.execute(
                "UPDATE tables SET bot_secret = %s WHERE id = %s AND bot_secret IS NULL",
                (secret, table_id),
            )
        self._done()

    async def abandon(self, table_id: str, now: float, idle_since: float) -> bool:
        async with self._connection() as conn:
            row = await (
                await conn.execute(
                    "WITH gone AS (UPDATE tables SET abandoned = %s WHERE id = %s "
                    "AND finished IS NULL AND abandoned IS NULL AND moved <= %s RETURNING id) "
                    "SELECT pg_notify(%s, %s) FROM gone",
                    (now, table_id, idle_since, CHANNEL, f"{table_id} -1"),
                )
            ).fetchone()
        self._done()
        return row is not None

    async def abandon_idle(self, now: float, idle_since: float) -> list[str]:
        async with self._connection() as conn:
            rows = await (
                await conn.execute(
                    "WITH gone AS (UPDATE tables SET abandoned = %s WHERE finished IS NULL "
                    "AND abandoned IS NULL AND moved <= %s RETURNING id) "
                    "SELECT id, pg_notify(%s, id || ' -1') FROM gone",
                    (now, idle_since, CHANNEL),
                )
            ).fetchall()
        self._done()
        return [row[0] for row in rows]

    async def prune(self, before: float) -> list[str]:
        async with self._connection() as conn:
            rows = await (
                await conn.execute(
                    "DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE finished < %s "
                    "UNION SELECT id FROM tables WHERE abandoned < %s LIMIT %s) RETURNING id",
                    (before, before, PRUNE_BATCH),
                )
            ).fetchall()
        self._done()
        return [row[0] for row in rows]

    # Reads

    async def load(self, table_id: str) -> StoredTable | None:
        found = await self._tables("WHERE id = %s", (table_id,))
        return found[0] if found else None

    async def unfinished(self) -> list[StoredTable]:
        return await self._tables("WHERE finished IS NULL AND abandoned IS NULL", ())

    async def open_tables(self) -> int | None:
        async with self._connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT count(*) FROM tables WHERE finished IS NULL AND abandoned IS NULL"
                )
            ).fetchone()
        return int(row[0]) if row is not None else 0

    async def since(self, table_id: str, n: int) -> Since | None:
        # One statement, so one round trip: a catch-up follows every move another
        # process makes at a table this one serves.
        async with self._connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT abandoned IS NOT NULL, moved, "
                    "ARRAY(SELECT move FROM moves WHERE table_id = t.id AND n >= %s ORDER BY n), "
                    "ARRAY(SELECT seat FROM seats WHERE table_id = t.id ORDER BY seat), "
                    "ARRAY(SELECT token_hash FROM seats WHERE table_id = t.id ORDER BY seat), "
                    "ARRAY(SELECT invite_hash FROM seats WHERE table_id = t.id ORDER BY seat) "
                    "FROM tables t WHERE id = %s",
                    (n, table_id),
                )
            ).fetchone()
        if row is None:
            return None
        gone, moved, moves, seats, token_hashes, invite_hashes = row
        return Since(
            moves=[json.loads(text) for text in moves],
            seats={
                seat: (token, invite)
                for seat, token, invite in zip(seats, token_hashes, invite_hashes, strict=True)
            },
            abandoned=bool(gone),
            active=float(moved),
        )

    @staticmethod
    async def _seats(
        conn: psycopg.AsyncConnection[Any], table_id: str
    ) -> dict[str, tuple[bytes | None, bytes | None]]:
        rows = await (
            await conn.execute(
                "SELECT seat, token_hash, invite_hash FROM seats WHERE table_id = %s", (table_id,)
            )
        ).fetchall()
        return {seat: (token, invite) for seat, token, invite in rows}

    async def _tables(self, where: str, args: tuple[Any, ...]) -> list[StoredTable]:
        found = []
        async with self._connection() as conn:
            rows = await (
                await conn.execute(
                    "SELECT id, header, opponent, bot_seat, bot_level, finished, bot_secret, "
                    "abandoned, moved FROM tables " + where,
                    args,
                )
            ).fetchall()
            for row in rows:
                table_id, header, opponent, bot_seat, bot_level, finished, secret, gone, at = row
                moves = await (
                    await conn.execute(
                        "SELECT move FROM moves WHERE table_id = %s ORDER BY n", (table_id,)
                    )
                ).fetchall()
                found.append(
                    StoredTable(
                        id=table_id,
                        header=json.loads(header),
                        opponent=opponent,
                        bot_seat=bot_seat,
                        bot_level=bot_level,
                        finished=finished is not None,
                        seats=await self._seats(conn, table_id),
                        moves=[json.loads(text) for (text,) in moves],
                        bot_secret=secret,
                        abandoned=gone is not None,
                        active=at,
                    )
                )
        return found
