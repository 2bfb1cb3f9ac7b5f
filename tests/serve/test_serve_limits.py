"""Each limit of ``trumpf serve`` holds against a bounded abuse on loopback, answers with
a clear close code or error body, and a fresh player still creates a table and plays
it to the end meanwhile. The abuser speaks from other loopback addresses (127.0.0.2
and up) than the fresh player (127.0.0.1), as a stranger on another machine would."""

from __future__ import annotations

import asyncio
import http.client
import json
import random
import socket
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import websockets
from _serve_support import ServerProcess, query, running

from trumpf.errors import CODES
from trumpf.serve.client import Seat, choose, play

DEAL = {"game": "schnapsen", "kind": "deal", "opponent": "bot", "level": 1}


def request(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    token: str | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, Any]:
    """One HTTP request from the loopback address ``source``: the status and the JSON."""
    port = urllib.parse.urlsplit(base).port
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def is_error(body: Any, code: str) -> bool:
    """The protocol's error shape with ``code``, a registered code."""
    return (
        isinstance(body, dict)
        and body.get("type") == "error"
        and body.get("code") == code
        and code in CODES
        and isinstance(body.get("message"), str)
        and bool(body["message"])
    )


def health(base: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/healthz", timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def fresh_player_over_ws(server: ServerProcess, seed: int = 0) -> Seat:
    """A new player creates a bot table and plays it to the end over a WebSocket."""
    status, made = request(server.base, "POST", "/api/tables", DEAL)
    assert status == 201, made
    seat = Seat(made["table"], made["token"], made["seat"])
    done = asyncio.run(play(server.ws_base, seat, rng=random.Random(seed), deadline=60))
    assert done.last is not None and done.last["over"]
    return done


def fresh_player_over_http(server: ServerProcess, seed: int = 0) -> dict[str, Any]:
    """A new player creates a bot table and plays it to the end over HTTP alone."""
    rng = random.Random(seed)
    status, made = request(server.base, "POST", "/api/tables", DEAL)
    assert status == 201, made
    path = f"/api/tables/{made['table']}"
    status, state = request(server.base, "GET", path, token=made["token"])
    for _ in range(500):
        assert status == 200, state
        if state["over"]:
            return made
        move = {k: v for k, v in choose(state["view"]["legal"], rng).items() if k != "value"}
        body = {"move": move, "ply": state["ply"]}
        status, state = request(server.base, "POST", path + "/move", body, token=made["token"])
    raise AssertionError("the fresh player's game did not end")


async def _open(ws_base: str, table: str, source: str) -> Any:
    return await websockets.connect(
        f"{ws_base}/ws/{table}", local_addr=(source, 0), open_timeout=10, compression=None
    )


async def _closed(ws: Any, timeout: float = 20.0) -> tuple[list[dict[str, Any]], int, str]:
    """Every message until the server closes ``ws``; the close code and reason."""
    said: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(timeout):
            while True:
                said.append(json.loads(await ws.recv()))
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None, "the server closed without a close frame"
        return said, closed.rcvd.code, closed.rcvd.reason
    raise AssertionError("unreachable")


def test_sockets_per_address_and_per_seat_are_capped(new_db: Callable[[str], str]) -> None:
    extra = ["--sockets-per-address", "20", "--sockets-per-seat", "3", "--hello-timeout", "60"]
    with running(new_db("s"), *extra) as server:
        status, made = request(server.base, "POST", "/api/tables", DEAL, source="127.0.0.3")
        assert status == 201

        async def abuse() -> None:
            # 30 silent sockets from one address: 20 held, the other 10 closed with 1008.
            held = [await _open(server.ws_base, made["table"], "127.0.0.2") for _ in range(20)]
            over = [await _open(server.ws_base, made["table"], "127.0.0.2") for _ in range(10)]
            for ws in over:
                said, code, reason = await _closed(ws)
                assert said == [] and code == 1008 and "at most 20 connections" in reason
            assert health(server.base)["sockets"] == 20
            # One seat's token on 5 sockets from another address: 3 welcomed, 2 refused.
            seated = []
            for n in range(5):
                ws = await _open(server.ws_base, made["table"], "127.0.0.3")
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                if n < 3:
                    assert json.loads(await ws.recv())["type"] == "welcome"
                    seated.append(ws)
                    continue
                said, code, reason = await _closed(ws)
                assert [m["code"] for m in said] == ["rate_limited"] and is_error(
                    said[0], "rate_limited"
                )
                assert code == 1008 and "at most 3 connections for one seat" in reason
            # Meanwhile a fresh player plays a whole game.
            await asyncio.to_thread(fresh_player_over_ws, server)
            for ws in held + seated:
                assert ws.state is websockets.protocol.State.OPEN
                await ws.close()

        asyncio.run(abuse())
        # A closed socket is counted out: the address and the seat may connect again.
        for _ in range(100):
            if health(server.base)["sockets"] == 0:
                break
            time.sleep(0.05)
        assert health(server.base)["sockets"] == 0


def test_sockets_in_all_are_capped_and_http_play_goes_on(new_db: Callable[[str], str]) -> None:
    extra = ["--max-sockets", "30", "--sockets-per-address", "10", "--hello-timeout", "60"]
    with running(new_db("g"), *extra) as server:
        status, made = request(server.base, "POST", "/api/tables", DEAL)
        assert status == 201

        async def abuse() -> None:
            held = [
                await _open(server.ws_base, made["table"], f"127.0.0.{2 + n // 10}")
                for n in range(30)
            ]
            ws = await _open(server.ws_base, made["table"], "127.0.0.9")
            said, code, reason = await _closed(ws)
            assert said == [] and code == 1013 and "as many connections as it takes" in reason
            # The server is full of sockets: HTTP still answers, and a fresh player
            # plays a whole game over it.
            assert health(server.base)["sockets"] == 30
            await asyncio.to_thread(fresh_player_over_http, server)
            for ws in held:
                await ws.close()

        asyncio.run(abuse())
        fresh_player_over_ws(server, seed=1)  # and once the abuser is gone, over a socket


def test_a_socket_that_never_says_hello_is_closed(new_db: Callable[[str], str]) -> None:
    with running(new_db("h"), "--hello-timeout", "0.5") as server:
        status, made = request(server.base, "POST", "/api/tables", DEAL)
        assert status == 201

        async def abuse() -> None:
            silent = [await _open(server.ws_base, made["table"], "127.0.0.2") for _ in range(40)]
            player = asyncio.create_task(asyncio.to_thread(fresh_player_over_ws, server))
            for ws in silent:
                said, code, _ = await _closed(ws)
                assert len(said) == 1 and is_error(said[0], "no_hello") and code == 1008
            await player

        asyncio.run(abuse())


def test_slow_headers_and_bodies_are_cut_off(new_db: Callable[[str], str]) -> None:
    extra = ["--header-timeout", "1", "--body-timeout", "1"]
    with running(new_db("t"), *extra) as server:

        async def slow_trickle(source: str) -> bytes:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", server.port, local_addr=(source, 0)
            )
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            try:
                for _ in range(100):
                    writer.write(b"X")
                    await writer.drain()
                    try:
                        got = await asyncio.wait_for(reader.read(1024), 0.2)
                    except asyncio.TimeoutError:
                        continue
                    return b"closed" if got == b"" else got
            except (ConnectionResetError, BrokenPipeError):
                return b"closed"
            finally:
                writer.close()
            return b"held"

        async def abuse() -> None:
            sources = [f"127.0.1.{1 + n % 250}" for n in range(1000)]
            clients = [asyncio.create_task(slow_trickle(s)) for s in sources]
            await asyncio.sleep(0.3)  # all 1,000 connected and trickling
            status = await asyncio.to_thread(
                lambda: urllib.request.urlopen(f"{server.base}/healthz", timeout=10).status
            )
            assert status == 200
            await asyncio.to_thread(fresh_player_over_ws, server)
            outcomes = await asyncio.gather(*clients)
            assert outcomes == [b"closed"] * 1000

        asyncio.run(abuse())

        # A body that stalls: 408 with the protocol's error body, once the deadline passes.
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as raw:
            raw.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                b'content-length: 40\r\n\r\n{"game": '
            )
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = raw.recv(4096)
                if not chunk:
                    break
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408"), head
        assert is_error(json.loads(body), "bad_message")
        fresh_player_over_http(server)


def test_tables_per_address_and_open_tables_are_capped(new_db: Callable[[str], str]) -> None:
    extra = ["--tables-per-hour", "5", "--max-open-tables", "12"]
    with running(new_db("c"), *extra) as server:
        got = [
            request(server.base, "POST", "/api/tables", DEAL, source="127.0.0.2") for _ in range(8)
        ]
        assert [s for s, _ in got] == [201] * 5 + [429] * 3
        assert all(is_error(body, "rate_limited") for _, body in got[5:])
        assert "5 new tables an hour" in got[5][1]["message"]
        fresh_player_over_ws(server)  # another address is not held back
        # Rotating addresses fills the server up to its cap on open tables, and no further.
        made = [
            request(server.base, "POST", "/api/tables", DEAL, source=f"127.0.0.{3 + n // 5}")[0]
            for n in range(10)
        ]
        assert made == [201] * 7 + [503] * 3
        status, body = request(server.base, "POST", "/api/tables", DEAL)
        assert status == 503 and is_error(body, "busy") and "12 open tables" in body["message"]
        assert health(server.base)["tables"] == 12


def test_idle_tables_are_abandoned_and_their_seats_told(new_db: Callable[[str], str]) -> None:
    db = new_db("i")
    extra = ["--idle-expiry", "2", "--sweep-every", "0.2", "--max-open-tables", "4"]
    with running(db, *extra) as server:
        idle = [
            request(server.base, "POST", "/api/tables", DEAL, source="127.0.0.2")[1]
            for _ in range(4)
        ]
        assert request(server.base, "POST", "/api/tables", DEAL)[0] == 503  # full

        async def watch() -> tuple[list[dict[str, Any]], int, str]:
            ws = await _open(server.ws_base, idle[0]["table"], "127.0.0.2")
            await ws.send(json.dumps({"type": "hello", "token": idle[0]["token"]}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            return await _closed(ws)

        said, code, reason = asyncio.run(watch())
        assert code == 1001 and "abandoned" in reason
        assert is_error(said[-1], "game_over") and "abandoned" in said[-1]["message"]
        # The sweep records the tables abandoned, then lets them go from memory
        # (with PostgreSQL, once the database has said so): wait for both. One reading
        # at a time: the sweep's own writes move the store's counters between two.
        for _ in range(200):
            now = health(server.base)
            if (now["tables"], now["abandoned"]) == (0, 4):
                break
            time.sleep(0.05)
        assert (now["tables"], now["abandoned"]) == (0, 4), now
        # Room again: a fresh player plays while the idle tables are gone.
        fresh_player_over_ws(server)
        for table in idle:
            path = f"/api/tables/{table['table']}"
            status, body = request(server.base, "GET", path, token=table["token"])
            assert status == 410 and is_error(body, "game_over"), body
            move = {"move": {"kind": "lead", "card": 0}}
            status, body = request(server.base, "POST", path + "/move", move, token=table["token"])
            assert status == 410 and is_error(body, "game_over"), body
    rows = query(db, "SELECT finished, abandoned FROM tables")
    assert sorted(r[1] is not None for r in rows) == [False, True, True, True, True]
    with running(db) as again:  # an abandoned table is not resumed
        assert health(again.base)["tables"] == 0


def test_finished_tables_leave_memory_and_are_pruned(new_db: Callable[[str], str]) -> None:
    db = new_db("r")
    with running(db, "--retention", "4", "--sweep-every", "0.2") as server:
        played = [fresh_player_over_ws(server, seed) for seed in range(3)]
        assert health(server.base)["tables"] == 0  # no finished table stays in memory
        for seat in played:
            status, log = request(
                server.base, "GET", f"/api/tables/{seat.table}/log", token=seat.token
            )
            assert status == 200 and log["moves"]
            status, state = request(
                server.base, "GET", f"/api/tables/{seat.table}", token=seat.token
            )
            assert status == 200 and state["over"]
        assert health(server.base)["tables"] == 0  # read back for the asking, not kept
        for _ in range(300):
            if health(server.base)["pruned"] == 3:
                break
            time.sleep(0.05)
        assert health(server.base)["pruned"] == 3
        status, body = request(
            server.base, "GET", f"/api/tables/{played[0].table}/log", token=played[0].token
        )
        assert status == 401 and is_error(body, "bad_token")
    counts = [query(db, f"SELECT COUNT(*) FROM {t}")[0][0] for t in ("tables", "seats", "moves")]
    assert counts == [0, 0, 0]


def test_an_address_out_of_bad_tokens_costs_no_read_of_the_store(
    new_db: Callable[[str], str],
) -> None:
    from starlette.testclient import TestClient

    from trumpf.serve.app import create_app
    from trumpf.serve.limits import Limits
    from trumpf.serve.tokens import new_table_id, new_token

    app = create_app(new_db("b"), Limits(bad_tokens=(0.001, 5.0)))
    with TestClient(app) as client:
        store = app.state.server.store
        reads: list[str] = []
        load = store.load

        async def counted(table_id: str) -> Any:
            reads.append(table_id)
            return await load(table_id)

        store.load = counted
        made = client.post("/api/tables", json=DEAL).json()
        guesses = [new_table_id() for _ in range(50)]
        codes = [
            client.get(f"/api/tables/{t}", headers={"authorization": f"Bearer {new_token()}"})
            for t in guesses
        ]
        assert [c.status_code for c in codes] == [401] * 5 + [429] * 45
        assert all(is_error(c.json(), c.json()["code"]) for c in codes)
        assert reads == guesses[:5]  # the other 45 were answered from memory
        # A table in memory still answers its own seat from that address.
        mine = client.get(
            f"/api/tables/{made['table']}", headers={"authorization": f"Bearer {made['token']}"}
        )
        assert mine.status_code == 200
