"""What every store of the server's tables offers, and which store a ``--db`` names.

Two stores implement it: SQLite (``store``), embedded and single-writer, the
default; and PostgreSQL (``pgstore``), which several server processes, on one
machine or many, share. The tables and the lobby speak to this interface
alone. A store is ``shared`` when other processes may write the same tables:
then a table in memory may be behind the database, and the lobby catches it
up before it answers from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class StoredTable:
    """A table as the database holds it."""

    id: str
    header: dict[str, Any]
    opponent: str
    bot_seat: str | None
    bot_level: int | None
    finished: bool
    seats: dict[str, tuple[bytes | None, bytes | None]]  # seat -> (token hash, invite hash)
    moves: list[dict[str, Any]]
    # The seed of the bot's random choices, kept on the server alone: the public
    # table id would let anyone replay the bot and learn from it about its hand.
    bot_secret: bytes | None = None
    abandoned: bool = False  # given up for idleness: no one plays it any more
    active: float = 0.0  # when it was created or last moved (time.time())

    def log(self) -> dict[str, Any]:
        """The game's log, exactly as the game's own to_log() wrote it, move by move."""
        return {**self.header, "moves": self.moves}


@dataclass
class Since:
    """What changed at a table from move ``n`` on: the moves after it, the seats now."""

    moves: list[dict[str, Any]]
    seats: dict[str, tuple[bytes | None, bytes | None]] = field(default_factory=dict)
    abandoned: bool = False
    active: float = 0.0


PRUNE_BATCH = 1000  # tables one pruning job deletes at most


class Conflict(Exception):
    """Another process appended to the table first: the moves were not stored."""


class Store(Protocol):
    """The database of a server's tables. Every write returns once it is committed."""

    shared: bool  # other processes may write the same tables
    moves: int  # moves committed by this process
    commits: int  # transactions committed by this process
    jobs: int  # writes committed by this process

    async def start(self) -> None: ...

    async def aclose(self) -> None: ...

    async def insert_table(self, table: StoredTable, *, result: dict[str, Any] | None) -> None: ...

    async def append_moves(
        self,
        table_id: str,
        first: int,
        moves: list[dict[str, Any]],
        *,
        result: dict[str, Any] | None,
    ) -> None:
        """Store moves ``first``, ``first + 1``, ...; Conflict when the log is no longer
        ``first`` moves long (another process moved) or the table was given up."""

    async def take_seat(self, table_id: str, seat: str, invite: bytes, token: bytes) -> bool: ...

    async def give_bot_secret(self, table_id: str, secret: bytes) -> None: ...

    async def abandon(self, table_id: str, now: float, idle_since: float) -> bool:
        """Record the unfinished table as abandoned, unless it finished or (a shared
        store) moved after ``idle_since``; whether it was."""

    async def abandon_idle(self, now: float, idle_since: float) -> list[str]:
        """Abandon every unfinished table with no move after ``idle_since`` (a shared
        store, whose tables no one process holds all of); the ids."""

    async def prune(self, before: float) -> list[str]: ...

    async def load(self, table_id: str) -> StoredTable | None: ...

    async def since(self, table_id: str, n: int) -> Since | None: ...

    async def unfinished(self) -> list[StoredTable]: ...

    async def open_tables(self) -> int | None:
        """Unfinished tables in the database (a shared store); None: count them in memory."""

    def on_moves(self, heard: Callable[[str, int], None]) -> None:
        """Have ``heard(table_id, length)`` called when another process commits to a table."""


def is_postgres(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL database rather than an SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str) -> Store:
    """The store ``db`` names: a ``postgresql://`` URL, or else an SQLite file's path."""
    if is_postgres(db):
        from .pgstore import PgStore  # psycopg is an extra: imported only when asked for

        return PgStore(db)
    from .store import SqliteStore

    return SqliteStore(db)
