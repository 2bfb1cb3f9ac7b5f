"""All the tables of a server: creating them, finding them, rebuilding them after a
restart, and letting them go.

Only unfinished tables live in memory. A finished one leaves it as its last move
is committed and is read back from the store when someone asks for it (its log,
its final state) until the retention period deletes it. An unfinished table no
one has moved at for the idle limit is recorded as abandoned and let go.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from . import store as db
from . import tokens
from .bots import parse_level
from .games import KINDS, Play, Refused, build, restore
from .limits import Limits
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
    def __init__(self, store: db.Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.live: dict[str, Table] = {}  # the unfinished tables
        self.abandoned = 0  # tables given up for idleness since the start
        self.pruned = 0  # tables deleted after their retention period since the start

    def abandoned_refusal(self) -> Refused:
        """What a seat of an abandoned table is told: HTTP 410, the table is gone."""
        idle = _span(self.limits.idle_expiry)
        text = f"this table was abandoned: no one moved for {idle}, so it is closed"
        return Refused("game_over", text, status=410)

    async def restore(self) -> int:
        """Rebuild every unfinished table from its stored log; how many were rebuilt.
        A table idle past the limit is recorded as abandoned instead."""
        stored = await asyncio.to_thread(self.store.unfinished)
        now = time.time()
        for record in stored:
            if now - record.active > self.limits.idle_expiry:
                await self.store.write(db.abandon(record.id, now))
                self.abandoned += 1
                continue
            if record.bot_secret is None and record.opponent == "bot":
                record.bot_secret = new_bot_secret()
                await self.store.write(db.give_bot_secret(record.id, record.bot_secret))
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

    def _table(self, record: db.StoredTable, play: Play) -> Table:
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
        if len(self.live) >= self.limits.open_tables:
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
        record = db.StoredTable(
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
        await self.store.write(db.insert_table(record, result=result))
        self.store.moves += len(record.moves)
        if not table.play.over:
            self.live[table.id] = table
        return Created(table=table.id, seat=mine, token=token, invite=invite)

    async def get(self, table_id: str, *, read: bool = True) -> Table | None:
        """The table: an unfinished one from memory, a finished or abandoned one read
        from the store (unless ``read`` is False), or None."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        if not read or not tokens.plausible_id(table_id):
            return None
        record = await asyncio.to_thread(self.store.load, table_id)
        if record is None or not (record.finished or record.abandoned):
            return None
        table = self._table(record, restore(record.log()))
        if record.abandoned:
            table.abandoned = self.abandoned_refusal()
        return table

    async def sweep(self, now: float | None = None) -> None:
        """Abandon the tables idle past the limit; delete those past their retention."""
        now = time.time() if now is None else now
        idle = [t for t in self.live.values() if now - t.active > self.limits.idle_expiry]
        for table in idle:
            await self._abandon(table, now)
        while True:
            gone = await self.store.write(db.prune(now - self.limits.retention))
            self.pruned += len(gone)
            if len(gone) < db.PRUNE_BATCH:
                return

    async def _abandon(self, table: Table, now: float) -> None:
        async with table.lock:
            if table.play.over or now - table.active <= self.limits.idle_expiry:
                return  # a move came in meanwhile
            await self.store.write(db.abandon(table.id, now))
            refusal = self.abandoned_refusal()
            table.abandoned = refusal
            self.live.pop(table.id, None)
            self.abandoned += 1
            for listener in list(table.listeners):
                listener.hang_up(GOING_AWAY, refusal.message)
            table.listeners.clear()
