"""A scripted player over the real protocol: the load test, the crash test and the
benchmark sit their seats with it. It plays random legal moves, reconnects when
the server goes away, and records what it was acknowledged and when.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

import websockets


@dataclass
class Seat:
    """One scripted seat's record of its game."""

    table: str
    token: str
    seat: Any = None
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (ply, move)
    latencies: list[float] = field(default_factory=list)  # seconds from send to ack
    messages: list[dict[str, Any]] = field(default_factory=list)  # kept when asked
    last: dict[str, Any] | None = None  # the last state seen
    reconnects: int = 0


def create_table(base: str, **fields: Any) -> dict[str, Any]:
    """POST /api/tables; the answer (table, seat, token, invite)."""
    return _post(f"{base}/api/tables", fields)


def join_table(base: str, table: str, invite: str) -> dict[str, Any]:
    return _post(f"{base}/api/tables/{table}/join", {"invite": invite})


def download_log(base: str, table: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/tables/{table}/log", headers={"authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal move, claims only when nothing else is legal (random claims end
    Schnapsen deals after a trick or two, which would make the games unlike real ones)."""
    calm = [move for move in legal if move["kind"] != "claim"] or legal
    return rng.choice(calm)


async def play(
    ws_base: str | Sequence[str],
    seat: Seat,
    *,
    rng: random.Random,
    keep_messages: bool = False,
    deadline: float = 120.0,
    max_moves: int | None = None,
    think: float = 0.0,
) -> Seat:
    """Sit ``seat`` until its game is over (or ``max_moves`` are acknowledged), reconnecting
    with backoff when the connection drops. ``think`` is the mean pause before a move
    (uniform on 0..2x), as a person would take; 0 plays as fast as the server answers.
    Several ``ws_base`` are servers sharing the tables: each reconnection tries the next."""
    bases = [ws_base] if isinstance(ws_base, str) else list(ws_base)
    stop_at = time.monotonic() + deadline
    backoff = 0.05
    while time.monotonic() < stop_at:
        base = bases[seat.reconnects % len(bases)]
        try:
            async with websockets.connect(
                f"{base}/ws/{seat.table}", open_timeout=10, max_size=1 << 20, compression=None
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "token": seat.token}))
                backoff = 0.05
                if await _sit(ws, seat, rng, keep_messages, stop_at, max_moves, think):
                    return seat
        except (OSError, asyncio.TimeoutError, websockets.ConnectionClosed):
            pass
        seat.reconnects += 1
        await asyncio.sleep(backoff)
        backoff = min(backoff * 2, 2.0)
    raise TimeoutError(f"table {seat.table}: not over after {deadline:.0f}s")


async def _sit(
    ws: Any,
    seat: Seat,
    rng: random.Random,
    keep: bool,
    stop_at: float,
    max_moves: int | None,
    think: float,
) -> bool:
    pending: tuple[int, dict[str, Any], float] | None = None
    while True:
        remaining = stop_at - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"table {seat.table}: out of time")
        message = json.loads(await asyncio.wait_for(ws.recv(), remaining))
        if keep:
            seat.messages.append(message)
        kind = message["type"]
        if kind == "error":
            if message["code"] == "stale":
                pending = None  # the state that follows says what happened
                continue
            raise RuntimeError(f"table {seat.table}: refused {message}")
        if kind not in ("welcome", "state", "update"):
            continue
        seat.seat = message["seat"]
        seat.last = message
        if pending is not None and message.get("ack") == pending[0]:
            seat.acked.append((pending[0], pending[1]))
            seat.latencies.append(time.perf_counter() - pending[2])
            pending = None
        if kind == "welcome":
            pending = None  # after a reconnect the state decides, not the lost socket
        if message["over"] or (max_moves is not None and len(seat.acked) >= max_moves):
            return True
        view = message["view"]
        if pending is None and view["turn"] == seat.seat and view["legal"]:
            if think > 0:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            move = choose(view["legal"], rng)
            pending = (message["ply"], move, time.perf_counter())
            await ws.send(json.dumps({"type": "move", "move": move, "ply": message["ply"]}))


@dataclass
class Table:
    """A table a script created, and its scripted seats (one at a bot table, two otherwise)."""

    table: str
    spec: dict[str, Any]
    seats: list[Seat]


async def open_tables(base: str, specs: list[dict[str, Any]]) -> list[Table]:
    """Create a table for each spec (the fields of POST /api/tables) and seat the scripts."""

    def make(spec: dict[str, Any]) -> Table:
        made = create_table(base, **spec)
        seats = [Seat(made["table"], made["token"], made["seat"])]
        if made["invite"]:
            other = join_table(base, made["table"], made["invite"])
            seats.append(Seat(made["table"], other["token"], other["seat"]))
        return Table(made["table"], spec, seats)

    return [await asyncio.to_thread(make, spec) for spec in specs]


async def play_tables(
    ws_base: str | Sequence[str], tables: list[Table], *, seed: int = 0, deadline: float = 120.0
) -> None:
    """Play every seat of every table at once, each to its game's end. With several
    servers, the seats are spread over them in turn (and move on when one goes away)."""
    bases = [ws_base] if isinstance(ws_base, str) else list(ws_base)
    jobs: list[Coroutine[Any, Any, Seat]] = []
    for table in tables:
        for seat in table.seats:
            start = len(jobs) % len(bases)
            jobs.append(
                play(
                    bases[start:] + bases[:start],
                    seat,
                    rng=random.Random(f"{seed}:{table.table}:{seat.seat}"),
                    deadline=deadline,
                )
            )
    await asyncio.gather(*jobs)
