"""Moves appended to PostgreSQL in batches: the appends of many tables, one statement.

Each move a process makes would otherwise be a transaction of its own: a pool
checkout, a round trip, a commit (a WAL flush) and the driver's work for one
statement. Under load most of a move's cost on either side was that fixed
part. So the appends of one process go through one writer: while its batch is
in flight, the next one gathers, and each batch is one statement and one
transaction whatever its size, as SQLite's writer thread groups its jobs.

Nothing is weaker for it. Each table in a batch passes the same version check
as alone (its ``length`` must still be the one its process expected, and the
table unfinished and not abandoned); a table that fails it stores nothing and
hears ``Conflict`` while the others in the batch are stored. The rows are
locked in the order of their ids, so two processes' batches cannot deadlock on
one another. The notifications are sent at the commit, so no one hears of a
move before it is stored, and the appenders are answered only after it. A
batch that fails as a whole (a dropped connection, a lock cycle with another
kind of statement) is tried again table by table, so that each append gets
its own answer. A table is never twice in one batch: its lock lets one append
through at a time, and a second would wait for the next batch anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg

from .storage import Conflict

MAX_BATCH = 256  # tables in one statement

# One statement for a whole batch: the jobs as parallel arrays, unnested.
BATCH = """
WITH job AS (
    SELECT * FROM unnest(%(ids)s::text[], %(firsts)s::int[], %(lengths)s::int[],
        %(finished)s::float8[], %(results)s::text[]) AS j (id, first, length, finished, result)
), locked AS MATERIALIZED (
    SELECT t.id FROM tables t JOIN job j ON t.id = j.id
    WHERE t.length = j.first AND t.finished IS NULL AND t.abandoned IS NULL
    ORDER BY t.id FOR UPDATE OF t
), won AS (
    UPDATE tables t SET length = j.length, moved = %(now)s, finished = j.finished,
        result = j.result
    FROM job j
    WHERE t.id = j.id AND t.id IN (SELECT id FROM locked)
        AND t.length = j.first AND t.finished IS NULL AND t.abandoned IS NULL
    RETURNING t.id, t.length
), stored AS (
    INSERT INTO moves (table_id, n, move, at)
    SELECT m.id, m.n, m.move, %(now)s
    FROM unnest(%(move_ids)s::text[], %(move_ns)s::int[], %(moves)s::text[]) AS m (id, n, move)
    WHERE m.id IN (SELECT id FROM won)
    RETURNING 1
)
SELECT won.id, pg_notify(%(channel)s, won.id || ' ' || won.length),
    (SELECT count(*) FROM stored)
FROM won
"""

# One table's append, alone: the same checks, for a batch that failed as a whole.
SINGLE = """
WITH won AS (
    UPDATE tables SET length = %(length)s, moved = %(now)s, finished = %(finished)s,
        result = %(result)s
    WHERE id = %(id)s AND length = %(first)s AND finished IS NULL AND abandoned IS NULL
    RETURNING id
), stored AS (
    INSERT INTO moves (table_id, n, move, at)
    SELECT won.id, %(first)s + u.i - 1, u.move, %(now)s
    FROM won, unnest(%(moves)s::text[]) WITH ORDINALITY AS u (move, i)
    RETURNING 1
)
SELECT pg_notify(%(channel)s, %(payload)s), (SELECT count(*) FROM stored) FROM won
"""


@dataclass
class Append:
    """One table's moves waiting for the writer."""

    table_id: str
    first: int
    moves: list[str]  # each move as JSON text
    finished: bool
    result: str | None  # the result as JSON text, once the game is over
    done: asyncio.Future[None]

    @property
    def length(self) -> int:
        return self.first + len(self.moves)


Connect = Callable[[], contextlib.AbstractAsyncContextManager[psycopg.AsyncConnection[Any]]]


class Appender:
    """The one writer of a process's appends: a batch at a time, each one statement."""

    def __init__(self, connection: Connect, channel: str, committed: Callable[[], None]) -> None:
        self._connection = connection
        self._channel = channel
        self._committed = committed  # told of each transaction committed
        self._waiting: list[Append] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(
        self, table_id: str, first: int, moves: list[dict[str, Any]], result: Any
    ) -> None:
        """Store ``moves`` as moves ``first``, ``first + 1``, ... of the table; return
        once committed. Conflict: the log is no longer ``first`` moves long, or the
        table finished or was given up."""
        job = Append(
            table_id=table_id,
            first=first,
            moves=[json.dumps(m) for m in moves],
            finished=result is not None,
            result=json.dumps(result) if result is not None else None,
            done=asyncio.get_running_loop().create_future(),
        )
        self._waiting.append(job)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await job.done

    async def aclose(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
        for job in self._waiting:
            if not job.done.done():
                job.done.set_exception(ConnectionError("the store is closed"))
        self._waiting = []

    async def _write(self) -> None:
        while self._waiting:
            batch: list[Append] = []
            later: list[Append] = []
            tables: set[str] = set()
            for job in self._waiting:
                if job.table_id in tables or len(batch) >= MAX_BATCH:
                    later.append(job)
                else:
                    tables.add(job.table_id)
                    batch.append(job)
            self._waiting = later
            try:
                try:
                    won = await self._batch(batch)
                except Exception:
                    if len(batch) == 1:
                        raise
                    won = await self._one_by_one(batch)
            except BaseException as failed:
                for job in batch:
                    if not job.done.done():
                        job.done.set_exception(
                            failed if isinstance(failed, Exception) else ConnectionError()
                        )
                if not isinstance(failed, Exception):
                    raise
                continue
            for job in batch:
                if job.done.done():
                    continue
                if job.table_id in won:
                    job.done.set_result(None)
                else:
                    job.done.set_exception(
                        Conflict(
                            f"table {job.table_id}: the log is no longer {job.first} moves long"
                        )
                    )

    async def _batch(self, batch: list[Append]) -> set[str]:
        values = {
            "ids": [job.table_id for job in batch],
            "firsts": [job.first for job in batch],
            "lengths": [job.length for job in batch],
            "finished": [None] * len(batch),
            "results": [job.result for job in batch],
            "move_ids": [job.table_id for job in batch for _ in job.moves],
            "move_ns": [job.first + i for job in batch for i in range(len(job.moves))],
            "moves": [move for job in batch for move in job.moves],
            "now": time.time(),
            "channel": self._channel,
        }
        values["finished"] = [values["now"] if job.finished else None for job in batch]
        async with self._connection() as conn:
            rows = await (await conn.execute(BATCH, values)).fetchall()
        self._committed()
        return {row[0] for row in rows}

    async def _one_by_one(self, batch: list[Append]) -> set[str]:
        won: set[str] = set()
        for job in batch:
            now = time.time()
            values = {
                "id": job.table_id,
                "first": job.first,
                "length": job.length,
                "now": now,
                "finished": now if job.finished else None,
                "result": job.result,
                "moves": job.moves,
                "channel": self._channel,
                "payload": f"{job.table_id} {job.length}",
            }
            try:
                async with self._connection() as conn:
                    row = await (await conn.execute(SINGLE, values)).fetchone()
            except psycopg.errors.UniqueViolation:  # the key's check, behind the version's
                job.done.set_exception(
                    Conflict(f"table {job.table_id}: move {job.first} is stored already")
                )
                continue
            except Exception as failed:
                job.done.set_exception(failed)
                continue
            self._committed()
            if row is not None:
                won.add(job.table_id)
        return won
