"""A deadline for a connection to send a request's headers, which uvicorn lacks.

uvicorn's keep-alive timeout only covers the idle time between requests, and
every byte received resets it, so a client that trickles a header a byte at a
time holds its connection for ever; an ASGI middleware cannot help, since it
runs only once the headers are in. This wraps uvicorn's own HTTP protocol
class (httptools or h11, as uvicorn picks) and closes a connection whose
request line and headers are not complete within the deadline, counted from
the connection's start or the end of its previous answer. The body has a
deadline of its own where the application reads it (``app._body``); a
WebSocket, once upgraded, is the WebSocket protocol's.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger("trumpf.serve")


def with_header_deadline(protocol: type[Any], seconds: float) -> type[asyncio.Protocol]:
    """A subclass of uvicorn's HTTP ``protocol`` that closes a connection whose headers
    take longer than ``seconds``."""

    class HeaderDeadline(protocol):  # type: ignore[misc]
        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self._deadline: asyncio.TimerHandle | None = None
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            # A request is in once the protocol has started a cycle for it.
            self._waiting_since = self.cycle
            self._deadline = self.loop.call_later(seconds, self._expire)

        def _disarm(self) -> None:
            deadline = getattr(self, "_deadline", None)
            if deadline is not None:
                deadline.cancel()
                self._deadline = None

        def _expire(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                log.info("closing a connection whose headers took over %g s", seconds)
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._deadline is not None and self.cycle is not self._waiting_since:
                self._disarm()

        def on_response_complete(self) -> None:
            before = self.cycle
            pipelined = bool(getattr(self, "pipeline", ()))
            super().on_response_complete()
            # Keep-alive: the next request's headers have the same deadline, unless a
            # pipelined one is already in.
            if not (self.transport.is_closing() or pipelined or self.cycle is not before):
                self._arm()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    HeaderDeadline.__name__ = HeaderDeadline.__qualname__ = f"HeaderDeadline{protocol.__name__}"
    return HeaderDeadline
