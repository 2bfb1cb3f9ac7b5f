"""A table: one game, its seats, its bot, the people watching it, and the order of its moves.

A move is tried on a copy of the game; only once the new moves are committed
does the copy become the table's game and anyone hear of it. So a refused
move, or one the disk would not take, leaves the table as it was. The
table's lock makes two moves at one table run one after the other. Engine
calls are microseconds (the C++ core), so they run on the event loop; only
the database waits elsewhere.

With a shared store, other processes move at the same table. The store then
refuses an append whose first move index is not the log's length (Conflict):
the table reads what it missed, tells its listeners, and refuses the move as
stale. A process hearing that another committed at a table catches up the
same way (``catch_up``).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from trumpf.play.words import ENDINGS

from . import tokens
from .bots import Player, make_bot
from .games import Play, Refused
from .secrecy import events_for
from .storage import Conflict, Store

MAX_BOT_MOVES = 10_000  # a bot that never yields the turn is a bug; stop rather than spin


class Listener(Protocol):
    """A connection that is told what happens at a table, as its seat may see it."""

    seat: Any

    def push(self, text: str) -> None: ...

    def hang_up(self, code: int, reason: str) -> None: ...


class Table:
    def __init__(
        self,
        table_id: str,
        play: Play,
        *,
        opponent: str,
        bot_seat: Any,
        bot_level: int | None,
        seats: dict[str, tuple[bytes | None, bytes | None]],
        saved: int,
        store: Store,
        bot_secret: bytes,
        active: float | None = None,
    ) -> None:
        self.id = table_id
        self.play = play
        self.opponent = opponent
        self.bot_seat = bot_seat
        self.bot_level = bot_level
        # The bot's seed is the table's secret, never its public id: whoever knew the
        # seed could replay the bot's choices and read its hand from them.
        self.bot: Player | None = (
            make_bot(play.family, bot_level, bot_secret.hex()) if bot_level is not None else None
        )
        self._tokens = {seat: token for seat, (token, _) in seats.items()}
        self._invites = {seat: invite for seat, (_, invite) in seats.items()}
        self.saved = saved  # moves in the database: the log's length
        self.store = store
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.active = time.time() if active is None else active  # created or last moved
        # The refusal told anyone who comes back to a table given up for idleness.
        self.abandoned: Refused | None = None
        self.on_over: Callable[[Table], None] | None = None  # told once the game ends
        # Told when a catch-up finds the table abandoned by another process.
        self.on_abandoned: Callable[[Table], None] | None = None

    # Who sits where

    def seat_for(self, token: str) -> Any:
        """The seat ``token`` opens at this table, or None."""
        found = tokens.seat_of(token, self._tokens)
        return None if found is None else self.play.seat_of(found)

    def seated(self) -> dict[str, bool]:
        return {
            str(seat): seat == self.bot_seat or self._tokens.get(str(seat)) is not None
            for seat in self.play.seats
        }

    async def join(self, invite: str) -> tuple[Any, str]:
        """Seat the holder of ``invite``: their seat and their new token. An invitation works once."""
        return await asyncio.shield(self._join(invite))

    async def _join(self, invite: str) -> tuple[Any, str]:
        async with self.lock:
            if self.abandoned is not None:
                raise self.abandoned
            seat = tokens.seat_of(invite, self._invites)
            if seat is None:
                raise Refused("bad_invite", "this invitation is not valid, or was used already")
            token = tokens.new_token()
            hashed = tokens.digest(token)
            taken = await self.store.take_seat(self.id, seat, tokens.digest(invite), hashed)
            if not taken:
                raise Refused("bad_invite", "this invitation is not valid, or was used already")
            self._invites[seat] = None
            self._tokens[seat] = hashed
            for listener in list(self.listeners):
                listener.push(json.dumps(self.state(listener.seat)))
            return self.play.seat_of(seat), token

    # What a seat is told

    def state(self, seat: Any, kind: str = "state") -> dict[str, Any]:
        play = self.play
        return {
            "type": kind,
            "table": self.id,
            "seat": seat,
            "game": play.game,
            "kind": play.kind,
            "opponent": self.opponent,
            "level": self.bot_level,
            "seated": self.seated(),
            "ply": play.ply,
            "over": play.over,
            "result": play.result,  # the table's: the match's, the deal's or the game's
            "view": play.view(seat),
            # What a claim would do now, so the page can say it before the seat claims.
            "claim": play.claim(seat),
            # The seat's information set: the view plus everything the game has
            # shown it (tricks, exchanges, the cards it has seen of the other hand).
            "info": play.info(seat),
            # The seed and the hidden cards only once nothing is left to hide.
            "reveal": play.reveal() if play.over else None,
        }

    def welcome(self, seat: Any) -> dict[str, Any]:
        message = self.state(seat, "welcome")
        message["names"] = {str(card): name for card, name in self.play.names().items()}
        # The seat's whole story so far, so a reload or a second device shows it all.
        message["history"] = events_for(seat, self.play.history)
        message["endings"] = ENDINGS
        return message

    # Moves

    def advance_bot(self, play: Play) -> list[dict[str, Any]]:
        """The bot's moves on ``play`` until it is someone else's turn or the game ends."""
        events: list[dict[str, Any]] = []
        if self.bot is None:
            return events
        for _ in range(MAX_BOT_MOVES):
            if play.over or play.turn != self.bot_seat:
                return events
            move = self.bot.choose(play, self.bot_seat)
            if move is None:
                return events
            events.extend(play.apply(self.bot_seat, move))
        raise RuntimeError(f"table {self.id}: the bot kept the turn for {MAX_BOT_MOVES} moves")

    async def move(
        self, seat: Any, move: dict[str, Any], ply: int | None, origin: Listener | None = None
    ) -> dict[str, Any]:
        """Apply ``seat``'s move and the bot's answer; commit; tell everyone. Returns the
        update for ``seat``. Refused leaves everything as it was."""
        # Shielded: once a move is on its way to the disk, a caller that goes away
        # (a dropped socket) must not stop the table from taking the committed game.
        return await asyncio.shield(self._move(seat, move, ply, origin))

    async def _move(
        self, seat: Any, move: dict[str, Any], ply: int | None, origin: Listener | None
    ) -> dict[str, Any]:
        async with self.lock:
            if self.abandoned is not None:
                raise self.abandoned
            if ply is not None and ply != self.play.ply:
                raise Refused(
                    "stale", f"that move was for ply {ply}, the game is at ply {self.play.ply}"
                )
            before = self.play.ply
            trial = self.play.copy()
            events = trial.apply(seat, move)
            events.extend(self.advance_bot(trial))
            await self._commit(trial)
            return self._broadcast(events, mover=seat, ack=before, origin=origin)

    async def advance(self) -> None:
        """Let the bot move if the turn is its own (after a restart, say)."""
        await asyncio.shield(self._advance())

    async def _advance(self) -> None:
        async with self.lock:
            trial = self.play.copy()
            events = self.advance_bot(trial)
            if events:
                await self._commit(trial)
                self._broadcast(events, mover=None, ack=None, origin=None)

    async def _commit(self, trial: Play) -> None:
        moves = trial.log()["moves"]
        fresh = moves[self.saved :]
        result = trial.result if trial.over else None
        if fresh:
            try:
                await self.store.append_moves(self.id, self.saved, fresh, result=result)
            except Conflict:
                # Another process moved first: what it stored is the game now.
                await self._catch_up()
                if self.abandoned is not None:
                    raise self.abandoned from None
                raise Refused(
                    "stale", f"another move came first: the game is at ply {self.play.ply}"
                ) from None
            except Exception as failed:
                raise Refused(
                    "not_saved", "the move could not be saved; nothing changed"
                ) from failed
        self.play = trial
        self.store.moves += len(fresh)
        self.saved = len(moves)
        self.active = time.time()
        if trial.over and self.on_over is not None:
            self.on_over(self)

    async def catch_up(self, length: int = -1) -> None:
        """Read what other processes committed at this table since this process last
        saw it, and tell the listeners (a shared store; nothing to do otherwise).
        ``length``, when known (0 or more), is the log's length a notification told:
        nothing is read if the table holds that many moves by the time it is its turn."""
        if self.store.shared:
            await asyncio.shield(self._locked_catch_up(length))

    async def _locked_catch_up(self, length: int) -> None:
        async with self.lock:
            # A process hears its own commits too, often before the append that made
            # them has returned: by the time the lock is free the moves are here.
            if 0 <= length <= self.saved:
                return
            await self._catch_up()

    async def _catch_up(self) -> None:
        since = await self.store.since(self.id, self.saved)
        if since is None:
            return
        seated = self.seated()
        self._tokens = {seat: token for seat, (token, _) in since.seats.items()}
        self._invites = {seat: invite for seat, (_, invite) in since.seats.items()}
        events: list[dict[str, Any]] = []
        if since.moves:
            trial = self.play.copy()
            for move in since.moves:
                body = {k: v for k, v in move.items() if k != "seat"}
                events.extend(trial.apply(trial.seat_of(move["seat"]), body))
            self.play = trial
            self.saved += len(since.moves)
            self.active = since.active
        if events:
            self._broadcast(events, mover=None, ack=None, origin=None)
        elif self.seated() != seated:
            for listener in list(self.listeners):
                listener.push(json.dumps(self.state(listener.seat)))
        if since.moves and self.play.over and self.on_over is not None:
            self.on_over(self)
        if since.abandoned and self.abandoned is None and self.on_abandoned is not None:
            self.on_abandoned(self)

    def _broadcast(
        self,
        events: list[dict[str, Any]],
        *,
        mover: Any,
        ack: int | None,
        origin: Listener | None,
    ) -> dict[str, Any]:
        texts: dict[Any, str] = {}
        mine: dict[str, Any] = {}

        def update(seat: Any) -> dict[str, Any]:
            message = self.state(seat, "update")
            message["events"] = events_for(seat, events)
            return message

        if mover is not None:
            mine = update(mover)
            mine["ack"] = ack
        for listener in list(self.listeners):
            if listener is origin:
                listener.push(json.dumps(mine))
                continue
            if listener.seat not in texts:
                texts[listener.seat] = json.dumps(update(listener.seat))
            listener.push(texts[listener.seat])
        return mine
