"""All the tables of a server: creating them, finding them, and rebuilding them after a restart."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from . import store as db
from . import tokens
from .bots import parse_level
from .games import KINDS, Play, Refused, build, restore
from .tables import Table

log = logging.getLogger("trumpf.serve")

KEEP_FINISHED = 2048  # finished tables kept in memory; older ones are read back on demand


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
    def __init__(self, store: db.Store) -> None:
        self.store = store
        self.live: dict[str, Table] = {}
        self._finished: OrderedDict[str, Table] = OrderedDict()

    async def restore(self) -> int:
        """Rebuild every unfinished table from its stored log; how many were rebuilt."""
        stored = await asyncio.to_thread(self.store.unfinished)
        for record in stored:
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

    def _table(self, record: db.StoredTable, play: Play) -> Table:
        return Table(
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
        )

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
        self.live[table.id] = table
        return Created(table=table.id, seat=mine, token=token, invite=invite)

    async def get(self, table_id: str) -> Table | None:
        """The table, from memory or, for an old finished one, from the database."""
        table = self.live.get(table_id)
        if table is not None:
            if table.play.over:  # finished since: make room among the live ones
                del self.live[table_id]
                self._remember(table)
            return table
        table = self._finished.get(table_id)
        if table is not None:
            self._finished.move_to_end(table_id)
            return table
        if not tokens.plausible_id(table_id):
            return None
        record = await asyncio.to_thread(self.store.load, table_id)
        if record is None or not record.finished:
            return None
        table = self._table(record, restore(record.log()))
        self._remember(table)
        return table

    def _remember(self, table: Table) -> None:
        self._finished[table.id] = table
        while len(self._finished) > KEEP_FINISHED:
            self._finished.popitem(last=False)
