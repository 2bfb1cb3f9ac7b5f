"""All the tables of a server: creating them, finding them, rebuilding them after a
restart, and letting them go.

Only unfinished tables live in memory. A finished one leaves it as its last move
is committed and is read back from the store when someone asks for it (its log,
its final state) until the retention period deletes it. An unfinished table no
one has moved at for the idle limit is recorded as abandoned and let go.

With a shared store (PostgreSQL, several processes) a table lives in the
memory of every process that serves one of its seats: it is read from the
store on first use, caught up before each request answers from it, and caught
up whenever the store says another process committed to it. The idle sweep is
then the database's, over every table, so any process may run it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from . import tokens
from .bots import parse_level
from .games import KINDS, Play, Refused, build, restore
from .limits import Limits
from .storage import PRUNE_BATCH, Store, StoredTable
from .tables import Table

log = logging.getLogger("trumpf.serve")

GOING_AWAY = 1001  # the close code a socket at an abandoned table hears


def _span(seconds: float) -> str:
    for size, unit in ((86400.0, "day"), (3600.0, "hour"), (60.0, "minute")):
        if seconds >= size:
            count = seconds / size
            return f"{count:g} {unit}{'' if count == 1 else 's'}"
    return f"{seconds:g} seconds"


def new_bot_secret() -> bytes:
    """A table's bot seed: 256 bits from the OS's CSPRNG, kept in the store alone."""
    return secrets.token_bytes(32)


@dataclass(frozen=True)
class Created:
    """What the creator of a table is told, once."""

    table: str
    seat: Any
    token: str
    invite: str | None


class Lobby:
    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.live: dict[str, Table] = {}  # the unfinished tables
        self.abandoned = 0  # tables given up for idleness since the start
        self.pruned = 0  # tables deleted after their retention period since the start
        self._catching_up: set[asyncio.Task[None]] = set()
        store.on_moves(self._heard)

    def abandoned_refusal(self) -> Refused:
        """What a seat of an abandoned table is told: HTTP 410, the table is gone."""
        idle = _span(self.limits.idle_expiry)
        text = f"this table was abandoned: no one moved for {idle}, so it is closed"
        return Refused("game_over", text, status=410)

    async def restore(self) -> int:
        """Rebuild every unfinished table from its stored log; how many were rebuilt.
        A table idle past the limit is recorded as abandoned instead."""
        now = time.time()
        if self.store.shared:  # tables are read when first asked for, by any process
            self.abandoned += len(await self.store.abandon_idle(now, now - self.limits.idle_expiry))
            return 0
        stored = await self.store.unfinished()
        for record in stored:
            if now - record.active > self.limits.idle_expiry:
                await self.store.abandon(record.id, now, now - self.limits.idle_expiry)
                self.abandoned += 1
                continue
            if record.bot_secret is None and record.opponent == "bot":
                record.bot_secret = new_bot_secret()
                await self.store.give_bot_secret(record.id, record.bot_secret)
            try:
                table = self._table(record, restore(record.log()))
            except Exception:  # a log the engine refuses: keep serving the others
                log.exception("table %s: its stored log does not replay", record.id)
                continue
            self.live[table.id] = table
            await table.advance()
        return len(self.live)

    def _retire(self, table: Table) -> None:
        # The store holds the finished game; memory keeps only what is still being played.
        self.live.pop(table.id, None)

    def _gone(self, table: Table) -> None:
        """Let go of a table given up for idleness, and hang up on its listeners."""
        refusal = self.abandoned_refusal()
        table.abandoned = refusal
        self.live.pop(table.id, None)
        for listener in list(table.listeners):
            listener.hang_up(GOING_AWAY, refusal.message)
        table.listeners.clear()

    def _heard(self, table_id: str, length: int) -> None:
        """Another process committed to ``table_id`` (its log now ``length`` moves long, or
        -1: its seats or state changed): catch up the table if it is in memory."""
        if table_id == "*":
            tables = list(self.live.values())
        else:
            table = self.live.get(table_id)
            tables = [table] if table is not None and not 0 <= length <= table.saved else []
        for table in tables:
            task = asyncio.create_task(self._catch_up(table, length))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self, table: Table, length: int) -> None:
        try:
            await table.catch_up(length)
        except Exception:  # the next request or notification tries again
            log.exception("table %s: catching up from the store failed", table.id)

    def _table(self, record: StoredTable, play: Play) -> Table:
        table = Table(
            record.id,
            play,
            opponent=record.opponent,
            bot_seat=play.seat_of(record.bot_seat),
            bot_level=record.bot_level,
            seats=record.seats,
            saved=len(record.moves),
            store=self.store,
            # A finished table's bot plays no more: a fresh secret stands in for a missing one.
            bot_secret=record.bot_secret or new_bot_secret(),
            active=record.active or None,
        )
        table.on_over = self._retire
        table.on_abandoned = self._gone
        return table

    async def create(
        self,
        *,
        game: str,
        kind: str | None,
        variant: str | None,
        opponent: str,
        level: object,
        seat: object,
    ) -> Created:
        counted = await self.store.open_tables()  # a shared store counts every process's
        if (len(self.live) if counted is None else counted) >= self.limits.open_tables:
            raise Refused(
                "busy",
                f"the server has {self.limits.open_tables} open tables, as many as it takes: "
                "try again later",
                status=503,
            )
        kind = kind or KINDS.get(game, ("match",))[0]
        if opponent not in ("bot", "person"):
            raise Refused("bad_opponent", 'the opponent is "bot" or "person"')
        bot_level = parse_level(level) if opponent == "bot" else None
        play = build(game, kind, variant, secrets.token_bytes(32))
        mine = play.seats[0] if seat in (None, "") else play.seat_of(seat)
        if mine is None:
            raise Refused("bad_seat", f"the seat is one of {', '.join(map(str, play.seats))}")
        other = play.seats[1] if mine == play.seats[0] else play.seats[0]
        token = tokens.new_token()
        invite = tokens.new_token() if opponent == "person" else None
        seats: dict[str, tuple[bytes | None, bytes | None]] = {
            str(mine): (tokens.digest(token), None),
            str(other): (None, tokens.digest(invite) if invite else None),
        }
        header = play.log()
        header.pop("moves")
        record = StoredTable(
            id=tokens.new_table_id(),
            header=header,
            opponent=opponent,
            bot_seat=str(other) if opponent == "bot" else None,
            bot_level=bot_level,
            finished=False,
            seats=seats,
            moves=[],
            bot_secret=new_bot_secret() if opponent == "bot" else None,
        )
        table = self._table(record, play)
        table.advance_bot(table.play)  # the bot may have the first move
        record.moves = table.play.log()["moves"]
        table.saved = len(record.moves)
        result = table.play.result if table.play.over else None
        await self.store.insert_table(record, result=result)
        self.store.moves += len(record.moves)
        if not table.play.over:
            self.live[table.id] = table
        return Created(table=table.id, seat=mine, token=token, invite=invite)

    async def get(self, table_id: str, *, read: bool = True) -> Table | None:
        """The table: an unfinished one from memory, a finished or abandoned one read
        from the store (unless ``read`` is False), or None."""
        table = self.live.get(table_id)
        if table is not None:
            await table.catch_up()  # another process may have moved at it
            return table
        if not read or not tokens.plausible_id(table_id):
            return None
        record = await self.store.load(table_id)
        if record is None:
            return None
        if not (record.finished or record.abandoned):
            # Unfinished yet not in memory: another process's table, when shared.
            return await self._adopt(record) if self.store.shared else None
        table = self._table(record, restore(record.log()))
        if record.abandoned:
            table.abandoned = self.abandoned_refusal()
        return table

    async def _adopt(self, record: StoredTable) -> Table | None:
        """A table another process created or moved at, in this one's memory too."""
        try:
            play = restore(record.log())
        except Exception:  # a log the engine refuses: no one can play it
            log.exception("table %s: its stored log does not replay", record.id)
            return None
        table = self.live.setdefault(record.id, self._table(record, play))
        # What was committed while the record was read went unheard: the table was not
        # in memory yet. From here on notifications find it.
        await table.catch_up()
        # The bot's turn, if a process died before its move; Refused: another process
        # made it meanwhile, and this one has caught up.
        with contextlib.suppress(Refused):
            await table.advance()
        if table.play.over:
            self.live.pop(table.id, None)
        return table

    async def sweep(self, now: float | None = None) -> None:
        """Abandon the tables idle past the limit; delete those past their retention."""
        now = time.time() if now is None else now
        idle_since = now - self.limits.idle_expiry
        if self.store.shared:  # the database's view: each process tells its own listeners
            self.abandoned += len(await self.store.abandon_idle(now, idle_since))
        else:
            idle = [t for t in self.live.values() if now - t.active > self.limits.idle_expiry]
            for table in idle:
                await self._abandon(table, now)
        while True:
            gone = await self.store.prune(now - self.limits.retention)
            self.pruned += len(gone)
            if len(gone) < PRUNE_BATCH:
                return

    async def _abandon(self, table: Table, now: float) -> None:
        async with table.lock:
            if table.play.over or now - table.active <= self.limits.idle_expiry:
                return  # a move came in meanwhile
            await self.store.abandon(table.id, now, now - self.limits.idle_expiry)
            self._gone(table)
            self.abandoned += 1
