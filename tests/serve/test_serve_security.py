"""Every attack the issue names is refused with a clear error, rate-limited, and changes
nothing: a move for the other seat, a wrong or another table's token, malformed or
oversized JSON, a flood of messages. Tokens are stored only as hashes."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _serve_support import query
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from trumpf.serve.app import create_app
from trumpf.serve.limits import Limits

LIMITS = Limits(per_address=(1.0, 20.0), bad_tokens=(0.01, 5.0), strikes=10)


@pytest.fixture
def db(new_db: Callable[[str], str]) -> str:
    return new_db("s")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(str(db), LIMITS)) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def person_table(
    client: TestClient, game: str = "schnapsen"
) -> tuple[dict[str, Any], dict[str, Any]]:
    kind = "game" if game == "durak" else "deal"
    made = client.post(
        "/api/tables", json={"game": game, "kind": kind, "opponent": "person"}
    ).json()
    other = client.post(f"/api/tables/{made['table']}/join", json={"invite": made["invite"]}).json()
    return made, other


def snapshot(client: TestClient, db: str, *seats: dict[str, Any]) -> Any:
    """Everything an attack could have changed: each seat's state and the stored moves."""
    moves = query(db, "SELECT table_id, n, move FROM moves ORDER BY table_id, n")
    tables = query(db, "SELECT id, finished FROM tables ORDER BY id")
    states = [
        client.get(f"/api/tables/{s['table']}", headers=bearer(s["token"])).json() for s in seats
    ]
    return moves, tables, states


def refused(ws: Any, code: str) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "error", message
    assert message["code"] == code, message
    assert isinstance(message["message"], str) and message["message"]
    return message


def hello(client: TestClient, seat: dict[str, Any]) -> Any:
    ws = client.websocket_connect(f"/ws/{seat['table']}")
    ws.__enter__()
    ws.send_json({"type": "hello", "token": seat["token"]})
    assert ws.receive_json()["type"] == "welcome"
    return ws


def test_a_move_for_the_other_seat(client: TestClient, db: str) -> None:
    one, two = person_table(client)
    before = snapshot(client, db, one, two)
    state = client.get(f"/api/tables/{one['table']}", headers=bearer(one["token"])).json()
    on_turn, waiting = (one, two) if state["view"]["turn"] == one["seat"] else (two, one)
    theirs = client.get(f"/api/tables/{one['table']}", headers=bearer(on_turn["token"])).json()
    move = theirs["view"]["legal"][0]
    ws = hello(client, waiting)
    # Naming the seat on turn does not make it so: the token decides.
    ws.send_json({"type": "move", "move": move, "seat": on_turn["seat"]})
    refused(ws, "not_your_seat")
    ws.send_json({"type": "move", "move": move})
    refused(ws, "not_your_turn")
    ws.__exit__(None, None, None)
    answer = client.post(
        f"/api/tables/{one['table']}/move",
        json={"move": move, "seat": on_turn["seat"]},
        headers=bearer(waiting["token"]),
    )
    assert answer.status_code == 400 and answer.json()["code"] == "not_your_seat"
    assert snapshot(client, db, one, two) == before


def test_wrong_and_foreign_tokens(client: TestClient, db: str) -> None:
    one, two = person_table(client)
    elsewhere, _ = person_table(client, "durak")
    before = snapshot(client, db, one, two, elsewhere)
    for token in ["A" * 43, elsewhere["token"], one["table"], "", "x" * 5000, "é" * 40]:
        with client.websocket_connect(f"/ws/{one['table']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            message = ws.receive_json()
            assert message["code"] in ("bad_token", "rate_limited", "too_big"), message
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
    answer = client.get(f"/api/tables/{one['table']}", headers=bearer(elsewhere["token"]))
    assert answer.status_code in (401, 429)
    assert client.get(f"/api/tables/{one['table']}/log").status_code in (401, 429)
    # The failures were counted: this address is now slowed down, good token or not.
    with client.websocket_connect(f"/ws/{one['table']}") as ws:
        ws.send_json({"type": "hello", "token": "B" * 43})
        refused(ws, "rate_limited")
    assert snapshot(client, db, one, two, elsewhere) == before


def test_a_move_before_hello_and_an_invitation_as_a_token(client: TestClient, db: str) -> None:
    made = client.post("/api/tables", json={"game": "durak", "opponent": "person"}).json()
    before = snapshot(client, db, made)
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "move", "move": {"kind": "attack", "card": 1}})
        refused(ws, "no_hello")
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["invite"]})
        refused(ws, "bad_token")
    assert snapshot(client, db, made) == before


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ("NaN", "bad_json"),
        ('{"type": "move", "move": ' + "[" * 50 + "]" * 50 + "}", "bad_json"),
        (json.dumps({"type": "move", "move": {"kind": "lead", "card": "7"}}), "bad_move"),
        (json.dumps({"type": "move", "move": {"kind": "lead", "card": True}}), "bad_move"),
        (json.dumps({"type": "move", "move": {"kind": "lead", "card": 2**40}}), "bad_move"),
        (json.dumps({"type": "move", "move": {"kind": "x" * 100}}), "bad_move"),
        (json.dumps({"type": "move", "move": {"kind": "lead", "trump": "H"}}), "bad_message"),
        (json.dumps({"type": "move", "move": "lead 7"}), "bad_move"),
        (json.dumps({"type": "move", "move": {"kind": "lead"}, "ply": "3"}), "bad_message"),
        (json.dumps({"type": "peek", "seat": "p2"}), "bad_message"),
        (json.dumps({"type": "move", "pad": "x" * 5000}), "too_big"),
        (json.dumps({"type": "sync", **{f"k{i}": i for i in range(20)}}), "bad_json"),
    ],
)
def test_malformed_and_oversized_messages(
    client: TestClient, db: str, payload: str, code: str
) -> None:
    one, two = person_table(client)
    before = snapshot(client, db, one, two)
    ws = hello(client, one)
    ws.send_text(payload)
    refused(ws, code)
    ws.send_bytes(payload.encode())
    refused(ws, code)
    ws.send_json({"type": "ping"})  # the socket is still good
    assert ws.receive_json() == {"type": "pong"}
    ws.__exit__(None, None, None)
    assert snapshot(client, db, one, two) == before


def test_malformed_and_oversized_http(client: TestClient, db: str) -> None:
    one, two = person_table(client)
    before = snapshot(client, db, one, two)
    url = f"/api/tables/{one['table']}/move"
    for body, status, code in [
        (b"{nope", 400, "bad_json"),
        (b'{"move": {"kind": "lead", "card": 99}}' + b" " * 5000, 413, "too_big"),
        (json.dumps({"move": {"kind": "lead"}, "extra": 1}).encode(), 400, "bad_message"),
    ]:
        answer = client.post(url, content=body, headers=bearer(one["token"]))
        assert answer.status_code == status, answer.text
        assert answer.json()["code"] == code
    assert snapshot(client, db, one, two) == before


def test_a_flood_is_cut_off(client: TestClient, db: str) -> None:
    one, two = person_table(client)
    before = snapshot(client, db, one, two)
    ws = hello(client, one)
    codes = []
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(500):
            ws.send_json({"type": "move", "move": {"kind": "lead", "card": 99}, "ply": 0})
        while True:
            codes.append(ws.receive_json()["code"])
    ws.__exit__(None, None, None)
    assert closed.value.code == 1008
    assert "rate_limited" in codes
    assert codes.count("rate_limited") <= LIMITS.strikes + 1
    assert snapshot(client, db, one, two) == before


def test_table_creation_is_rate_limited(client: TestClient) -> None:
    answers = [client.post("/api/tables", json={"game": "durak"}).status_code for _ in range(30)]
    assert answers.count(201) <= 21 and answers[-1] == 429


def test_tokens_are_stored_only_as_hashes(client: TestClient, db: str) -> None:
    one, two = person_table(client)
    made = client.post("/api/tables", json={"game": "durak", "opponent": "person"}).json()
    client.get("/healthz")
    if db.startswith("postgresql://"):  # every row of every table, as PostgreSQL prints it
        tables = ("tables", "seats", "moves")
        stored = str([query(db, f"SELECT x::text FROM {t} x") for t in tables]).encode()
    else:
        path = Path(db)
        stored = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
    for secret in (one["token"], two["token"], made["token"], made["invite"]):
        assert secret.encode() not in stored
    hashes = [h for (h,) in query(db, "SELECT token_hash FROM seats") if h is not None]
    assert all(isinstance(h, bytes) and len(h) == 32 for h in hashes)
