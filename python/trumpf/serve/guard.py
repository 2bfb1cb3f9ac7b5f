"""The headers every HTTP answer carries, and the check of a WebSocket's Origin.

A plain ASGI middleware (not Starlette's BaseHTTPMiddleware, which copies
each response through a task): it adds the headers to the answer's start
message and refuses a cross-site socket before the application sees it.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The page loads its scripts, styles and icon from this server and talks only to it;
# no inline script or style attribute runs, and no other site may frame it.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
# The API's answers carry tokens and invitations, or a seat's hand: no cache keeps them.
NO_STORE = (b"cache-control", b"no-store")
POLICY_VIOLATION = 1008


def _origin_key(origin: str) -> str:
    parts = urlsplit(origin)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


class Guard:
    """Security headers on every HTTP answer; a WebSocket whose ``Origin`` is neither
    this server (the ``Host`` it was asked for) nor in ``allowed_origins`` is refused.
    A socket with no ``Origin`` (not a browser's) is let through: the token decides."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {_origin_key(o) for o in allowed_origins} - {""}

    def origin_ok(self, scope: Scope) -> bool:
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1")
        host = headers.get(b"host", b"").decode("latin-1").lower()
        netloc = urlsplit(text).netloc.lower()
        return (bool(host) and netloc == host) or _origin_key(text) in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self.origin_ok(scope):
                # Closing before accepting: the handshake is answered with HTTP 403.
                await send({"type": "websocket.close", "code": POLICY_VIOLATION})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope.get("path", "").startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if not (api and k.lower() == b"cache-control")
                ]
                headers += HEADERS
                if api:
                    headers.append(NO_STORE)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
