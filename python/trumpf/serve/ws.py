"""One WebSocket: the hello that names its seat, then moves, each one checked and rate-limited.

What the table tells a socket goes through a bounded queue and a task of its
own, so a client that stops reading slows nobody else: when its queue is full
it is closed, and on reconnecting it gets the state afresh. A socket over the
caps on open sockets (in all, from its address, for its seat) is closed with a
close code and a reason, and no other socket is touched.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketState

from . import protocol
from .games import Refused
from .limits import POLICY_VIOLATION, Bucket, MessageError, parse_json

if TYPE_CHECKING:
    from .app import Server
    from .tables import Table

QUEUE = 256  # messages waiting for one slow client before it is cut off


class Connection:
    """A socket as a table's listener."""

    def __init__(self, ws: WebSocket, server: Server) -> None:
        self.ws = ws
        self.seat: Any = None
        self.closing = False
        self.bucket = Bucket(*server.limits.per_connection)
        self._queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue(QUEUE)
        self.close_with: tuple[int, str] | None = None  # the code and reason to close with

    def push(self, text: str) -> None:
        if self.closing:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closing = True  # the reader loop sees this and ends the session

    def send(self, message: dict[str, Any]) -> None:
        self.push(json.dumps(message))

    def error(self, code: str, message: str) -> None:
        self.send(protocol.error(code, message))

    def hang_up(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` and ``reason``."""
        if self.closing:
            return
        self.error("game_over", reason)
        self.closing = True
        # A full queue: the reader loop sees ``closing`` and ends the session.
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait((code, reason))

    async def pump(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            if isinstance(item, tuple):
                await self.ws.close(*item)  # the reader's receive then ends the session
                return
            await self.ws.send_text(item)

    def stop(self) -> bool:
        """Ask the pump to finish what is queued and end; False when the queue is full."""
        self.closing = True
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            return False
        return True


async def _receive(ws: WebSocket) -> str | bytes | None:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text: str | None = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def session(ws: WebSocket, server: Server, table_id: str) -> None:
    address = ws.client.host if ws.client else "?"
    refused = server.sockets.admit(address)
    await ws.accept()  # accepted first, so that the client hears the close code and reason
    if refused is not None:
        with contextlib.suppress(Exception):
            await ws.close(*refused)
        return
    try:
        await _session(ws, server, table_id)
    finally:
        server.sockets.release(address)


async def _session(ws: WebSocket, server: Server, table_id: str) -> None:
    conn = Connection(ws, server)
    pump = asyncio.create_task(conn.pump())
    table: Table | None = None
    seated: tuple[str, str] | None = None
    try:
        table = await _hello(conn, server, table_id)
        if table is not None:
            seated = (table.id, str(conn.seat))
            await _serve(conn, server, table)
    finally:
        if table is not None:
            table.listeners.discard(conn)
        if seated is not None:
            server.sockets.stand(seated)
        polite = table is not None and not conn.closing
        if not conn.stop():
            pump.cancel()
        try:
            await asyncio.wait_for(pump, timeout=5.0)
        except (asyncio.TimeoutError, asyncio.CancelledError, Exception):
            pump.cancel()
        if ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):  # the peer may be gone already
                code, reason = conn.close_with or (1000 if polite else POLICY_VIOLATION, "")
                await ws.close(code, reason)


async def _hello(conn: Connection, server: Server, table_id: str) -> Table | None:
    address = conn.ws.client.host if conn.ws.client else "?"
    try:
        data = await asyncio.wait_for(_receive(conn.ws), server.limits.hello_timeout)
    except asyncio.TimeoutError:
        conn.error("no_hello", "say hello with your token first")
        return None
    if data is None:
        return None
    try:
        command = protocol.parse(parse_json(data, server.limits))
    except MessageError as bad:
        conn.error(bad.code, bad.message)
        return None
    if not isinstance(command, protocol.Hello):
        conn.error("no_hello", "the first message is hello, with your token")
        return None
    try:
        table, seat = await server.authenticate(address, table_id, command.token)
    except Refused as refused:
        conn.error(refused.code, refused.message)
        return None
    over = server.sockets.sit((table.id, str(seat)))
    if over is not None:
        conn.error("rate_limited", over[1])
        conn.close_with = over
        return None
    conn.seat = seat
    try:
        async with table.lock:  # no update can slip in between the welcome and the listening
            table.listeners.add(conn)
            conn.send(table.welcome(seat))
    except BaseException:
        server.sockets.stand((table.id, str(seat)))
        raise
    return table


async def _serve(conn: Connection, server: Server, table: Table) -> None:
    strikes = 0
    while not conn.closing:
        data = await _receive(conn.ws)
        if data is None:
            return
        if not (conn.bucket.allow() and server.seat_buckets.allow((table.id, str(conn.seat)))):
            strikes += 1
            if strikes > server.limits.strikes:
                conn.error("rate_limited", "too many messages: disconnected")
                conn.closing = True
                return
            conn.error("rate_limited", "too many messages: slow down")
            continue
        try:
            command = protocol.parse(parse_json(data, server.limits))
        except MessageError as bad:
            conn.error(bad.code, bad.message)
            continue
        if isinstance(command, protocol.Move):
            await _move(conn, table, command)
        elif isinstance(command, protocol.Sync):
            conn.send(table.state(conn.seat))
        elif isinstance(command, protocol.Ping):
            conn.send({"type": "pong"})
        else:
            conn.error("bad_message", "already said hello")


async def _move(conn: Connection, table: Table, command: protocol.Move) -> None:
    if command.seat is not None and table.play.seat_of(command.seat) != conn.seat:
        conn.error("not_your_seat", f"this connection plays seat {conn.seat}, and only that seat")
        return
    try:
        await table.move(conn.seat, command.move, command.ply, origin=conn)
    except Refused as refused:
        conn.error(refused.code, refused.message)
        if refused.code == "stale":
            conn.send(table.state(conn.seat))
