"""The ASGI application: the page, a small HTTP API, and the WebSocket for play.

HTTP (JSON in and out; errors are ``{"type": "error", "code", "message"}``):

- ``POST /api/tables`` ``{game, kind?, variant?, opponent: "bot"|"person", level?, seat?}``
  creates a table: ``{table, seat, token, invite}``. ``invite`` (person tables)
  is for the second player, used once at ``POST /api/tables/{id}/join`` ``{invite}``,
  which answers ``{seat, token}``.
- With ``Authorization: Bearer <token>``: ``GET /api/tables/{id}`` the seat's state,
  ``POST /api/tables/{id}/move`` ``{move, ply?}`` a move (the update as answer),
  ``GET /api/tables/{id}/log`` the finished game's JSON log (``trumpf replay`` reads it).
- ``WS /ws/{id}``: see ``protocol``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from trumpf.errors import CODES, sentence

from . import protocol, tokens
from .games import Refused
from .guard import Guard
from .limits import HOUR, Buckets, Limits, MessageError, Sockets, parse_json
from .lobby import Lobby
from .storage import Store, open_store
from .tables import Table
from .ws import session

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("trumpf.serve")

_STATUS = {
    "bad_token": 401,
    "rate_limited": 429,
    "too_big": 413,
    "not_over": 409,
    "stale": 409,
    "not_saved": 503,
    "busy": 503,
}


class Server:
    """Everything one running server shares: the store, the tables and the rate limits."""

    def __init__(self, db_path: str, limits: Limits) -> None:
        self.limits = limits
        self.db_path = db_path
        self.store: Store | None = None
        self.lobby: Lobby | None = None
        self.address_buckets = Buckets(*limits.per_address)
        self.bad_token_buckets = Buckets(*limits.bad_tokens)
        self.seat_buckets = Buckets(*limits.per_seat)
        per_hour = limits.tables_per_hour
        self.hourly_buckets = Buckets(per_hour / HOUR, per_hour)
        self.sockets = Sockets(limits)

    @staticmethod
    def refusal_text(code: str) -> str:
        """The sentence told a client for a refusal code."""
        return sentence(code) if code in CODES else code

    async def authenticate(self, address: str, table_id: str, token: str) -> tuple[Table, Any]:
        """(table, seat) for a good token; Refused otherwise, counting the failure. An
        address out of failures is not worth a read of the store: only the tables in
        memory answer it until its budget refills."""
        assert self.lobby is not None
        read = self.bad_token_buckets.ready(address)
        table = await self.lobby.get(table_id, read=read) if tokens.plausible(token) else None
        seat = table.seat_for(token) if table is not None else None
        if table is None or seat is None:
            code = "bad_token" if self.bad_token_buckets.allow(address) else "rate_limited"
            raise Refused(code, self.refusal_text(code))
        if table.abandoned is not None:
            raise table.abandoned
        return table, seat


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse(protocol.error(code, message), status_code=status or _STATUS.get(code, 400))


async def _body(request: Request, limits: Limits) -> dict[str, Any]:
    """The JSON body, read no further than the size limit nor longer than its deadline."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limits.max_message:
        raise MessageError("too_big", f"a request body may be at most {limits.max_message} bytes")

    async def read() -> bytes:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > limits.max_message:
                raise MessageError(
                    "too_big", f"a request body may be at most {limits.max_message} bytes"
                )
        return data

    try:
        data = await asyncio.wait_for(read(), limits.body_timeout)
    except asyncio.TimeoutError:
        raise Refused(
            "bad_message", f"the body did not arrive within {limits.body_timeout:g} s", status=408
        ) from None
    return parse_json(data, limits)


async def _sweep(lobby: Lobby, every: float) -> None:
    """Abandon idle tables and delete expired ones, every ``every`` seconds."""
    while True:
        try:
            await lobby.sweep()
        except Exception:  # a failed sweep is tried again; serving goes on meanwhile
            log.exception("the sweep for idle and expired tables failed")
        await asyncio.sleep(every)


def _address(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "?"


def create_app(
    db_path: str = "trumpf.sqlite",
    limits: Limits | None = None,
    *,
    allowed_origins: Sequence[str] = (),
    allowed_hosts: Sequence[str] | None = None,
) -> Starlette:
    """The server as an ASGI app: tables kept in the SQLite file ``db_path`` (or the
    PostgreSQL database a ``postgresql://`` URL there names, which other processes
    may share), the unfinished ones resumed at start, and ``limits`` on what
    clients may send. A
    browser's WebSocket must come from this server's own origin or one of
    ``allowed_origins``; with ``allowed_hosts``, a request for any other Host is
    refused."""
    server = Server(db_path, limits or Limits())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.store = store = open_store(db_path)
        await store.start()
        server.lobby = Lobby(store, server.limits)
        resumed = await server.lobby.restore()
        log.info("trumpf serve: %d unfinished table(s) resumed from the database", resumed)
        sweeper = asyncio.create_task(_sweep(server.lobby, server.limits.sweep_every))
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await store.aclose()

    def lobby() -> Lobby:
        assert server.lobby is not None
        return server.lobby

    async def seat_of(request: Request) -> tuple[Table, Any]:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        table, seat = await server.authenticate(
            _address(request), request.path_params["table"], token
        )
        if not server.seat_buckets.allow((table.id, str(seat))):
            raise Refused("rate_limited", "too many requests for this seat: wait a little")
        return table, seat

    async def create(request: Request) -> Response:
        address = _address(request)
        if not server.address_buckets.allow(address):
            return _error("rate_limited", server.refusal_text("rate_limited"))
        if not server.hourly_buckets.allow(address):
            hourly = server.limits.tables_per_hour
            return _error("rate_limited", f"at most {hourly} new tables an hour from one address")
        body = await _body(request, server.limits)
        fields = {"game", "kind", "variant", "opponent", "level", "seat"}
        if set(body) - fields:
            raise MessageError("bad_message", f"fields are {', '.join(sorted(fields))}")
        for key in ("game", "kind", "variant", "opponent"):
            if body.get(key) is not None and not isinstance(body[key], str):
                raise MessageError("bad_message", f"{key} is a string")
        made = await lobby().create(
            game=body.get("game") or "schnapsen",
            kind=body.get("kind"),
            variant=body.get("variant"),
            opponent=body.get("opponent") or "bot",
            level=body.get("level", 1),
            seat=body.get("seat"),
        )
        return JSONResponse(
            {"table": made.table, "seat": made.seat, "token": made.token, "invite": made.invite},
            status_code=201,
        )

    async def join(request: Request) -> Response:
        if not server.address_buckets.allow(_address(request)):
            return _error("rate_limited", server.refusal_text("rate_limited"))
        body = await _body(request, server.limits)
        invite = body.get("invite")
        table = await lobby().get(request.path_params["table"])
        if table is None or not tokens.plausible(invite):
            raise Refused("bad_invite", "this invitation is not valid, or was used already")
        assert isinstance(invite, str)
        seat, token = await table.join(invite)
        return JSONResponse({"table": table.id, "seat": seat, "token": token})

    async def state(request: Request) -> Response:
        table, seat = await seat_of(request)
        return JSONResponse(table.state(seat))

    async def move(request: Request) -> Response:
        table, seat = await seat_of(request)
        body = await _body(request, server.limits)
        if "type" in body:  # the path says what the message is: the body carries no type
            raise MessageError("bad_message", "a move's body is {move, ply?, seat?}, with no type")
        command = protocol.parse({"type": "move", **body})
        assert isinstance(command, protocol.Move)
        if command.seat is not None and table.play.seat_of(command.seat) != seat:
            raise Refused("not_your_seat", f"this token plays seat {seat}, and only that seat")
        return JSONResponse(await table.move(seat, command.move, command.ply))

    async def download(request: Request) -> Response:
        table, _ = await seat_of(request)
        if not table.play.over:
            raise Refused("not_over", "the log is there to download once the game is over")
        return JSONResponse(
            table.play.log(),
            headers={"content-disposition": f'attachment; filename="trumpf-{table.id}.json"'},
        )

    async def health(request: Request) -> Response:
        store = server.store
        assert store is not None
        counts = {"moves": store.moves, "commits": store.commits, "jobs": store.jobs}
        gone = {"abandoned": lobby().abandoned, "pruned": lobby().pruned}
        sockets = server.sockets.open
        return JSONResponse(
            {"ok": True, "tables": len(lobby().live), "sockets": sockets, **counts, **gone}
        )

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    async def play(ws: WebSocket) -> None:
        await session(ws, server, ws.path_params["table"])

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused | MessageError)
        return _error(exc.code, exc.message, getattr(exc, "status", None))

    async def no_route(request: Request, exc: Exception) -> Response:
        # An unknown path or method: the protocol's error body, with the HTTP status.
        assert isinstance(exc, HTTPException)
        words = {404: "there is no such page or API", 405: "that method is not allowed here"}
        text = words.get(exc.status_code, "the request was refused")
        body = protocol.error("bad_message", text)
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    # Outermost first: the guard's headers go on every answer, the host check's too.
    middleware = [Middleware(Guard, allowed_origins=allowed_origins)]
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/t/{table}", page),
            Route("/healthz", health),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables/{table}", state),
            Route("/api/tables/{table}/join", join, methods=["POST"]),
            Route("/api/tables/{table}/move", move, methods=["POST"]),
            Route("/api/tables/{table}/log", download),
            WebSocketRoute("/ws/{table}", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
        middleware=middleware,
        exception_handlers={Refused: refused, MessageError: refused, HTTPException: no_route},
    )
    app.state.server = server
    return app
