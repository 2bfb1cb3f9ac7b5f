"""One WebSocket: the hello that names its seat, then moves, each one checked and rate-limited.

What the table tells a socket goes through a bounded queue and a task of its
own, so a client that stops reading slows nobody else: when its queue is full
it is closed, and on reconnecting it gets the state afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketState

from . import protocol
from .games import Refused
from .limits import Bucket, MessageError, parse_json

if TYPE_CHECKING:
    from .app import Server
    from .tables import Table

POLICY_VIOLATION = 1008
QUEUE = 256  # messages waiting for one slow client before it is cut off


class Connection:
    """A socket as a table's listener."""

    def __init__(self, ws: WebSocket, server: Server) -> None:
        self.ws = ws
        self.seat: Any = None
        self.closing = False
        self.bucket = Bucket(*server.limits.per_connection)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)

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

    async def pump(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                return
            await self.ws.send_text(text)

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
    await ws.accept()
    conn = Connection(ws, server)
    pump = asyncio.create_task(conn.pump())
    table: Table | None = None
    try:
        table = await _hello(conn, server, table_id)
        if table is not None:
            await _serve(conn, server, table)
    finally:
        if table is not None:
            table.listeners.discard(conn)
        polite = table is not None and not conn.closing
        if not conn.stop():
            pump.cancel()
        try:
            await asyncio.wait_for(pump, timeout=5.0)
        except (asyncio.TimeoutError, asyncio.CancelledError, Exception):
            pump.cancel()
        if ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):  # the peer may be gone already
                await ws.close(1000 if polite else POLICY_VIOLATION)


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
    table, seat = await server.authenticate(address, table_id, command.token)
    if table is None:
        conn.error(seat, server.refusal_text(seat))
        return None
    conn.seat = seat
    async with table.lock:  # no update can slip in between the welcome and the listening
        table.listeners.add(conn)
        conn.send(table.welcome(seat))
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
