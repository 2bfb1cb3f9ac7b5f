"""The protocol's published schemas against recorded traffic: whole games at bot and
two-person tables of both families, played over HTTP and WebSockets against a real
``trumpf serve`` process, every body and message validated, refusals included; and
every message type the server's source can send has a schema."""

from __future__ import annotations

import ast
import contextlib
import copy
import functools
import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _serve_support import ServerProcess
from jsonschema import Draft202012Validator
from websockets.sync.client import ClientConnection, connect

import trumpf.serve
from trumpf import schemas
from trumpf.errors import CODES
from trumpf.serve.client import choose

SERVE = Path(trumpf.serve.__file__).parent
FAST = ("--create-rate", "100000", "--seat-rate", "100000")


@functools.cache
def validator(name: str) -> Draft202012Validator:
    schema = schemas.load(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


class Recorder:
    """A client that writes down every body and message it sends and receives, each
    with the schema it must match."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.traffic: list[tuple[str, Any]] = []

    def http(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        sends: str | None = None,
        answer: str = "serve-error",
    ) -> tuple[int, Any]:
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        if sends is not None:
            self.traffic.append((sends, body))
        request = urllib.request.Request(
            self.server.base + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                status, got = reply.status, json.load(reply)
        except urllib.error.HTTPError as refused:
            status, got = refused.code, json.load(refused)
            answer = "serve-error"
        self.traffic.append((answer, got))
        return status, got

    @contextlib.contextmanager
    def socket(self, table: str) -> Iterator[Socket]:
        with connect(f"{self.server.ws_base}/ws/{table}", open_timeout=10) as ws:
            yield Socket(ws, self)


class Socket:
    def __init__(self, ws: ClientConnection, recorder: Recorder) -> None:
        self.ws = ws
        self.recorder = recorder

    def send(self, message: dict[str, Any], *, malformed: bool = False) -> None:
        """Send ``message``; ``malformed`` ones are recorded as what the schema must refuse."""
        name = "serve-client-message"
        self.recorder.traffic.append((f"malformed:{name}" if malformed else name, message))
        self.ws.send(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
        self.recorder.traffic.append(("serve-server-message", message))
        return message


def bot_table(rec: Recorder, game: str, kind: str, level: Any, rng: random.Random) -> None:
    """A whole game against the bot, over the socket, with one move, a state and the
    refusals over HTTP."""
    body = {"game": game, "kind": kind, "opponent": "bot", "level": level}
    status, made = rec.http(
        "POST", "/api/tables", body, sends="serve-create-request", answer="serve-create-answer"
    )
    assert status == 201, made
    table, token = made["table"], made["token"]
    assert rec.http("GET", f"/api/tables/{table}/log", token=token)[0] == 409  # not_over
    with rec.socket(table) as ws:
        ws.send({"type": "hello", "token": token})
        state = ws.receive()
        ws.send({"type": "ping"})
        assert ws.receive()["type"] == "pong"
        ws.send({"type": "sync"})
        state = ws.receive()
        bad = {"type": "move", "move": {"kind": "lead", "card": 999}, "ply": state["ply"]}
        ws.send(bad, malformed=True)
        assert ws.receive()["type"] == "error"
        ws.send({"type": "move", "move": choose(state["view"]["legal"], rng), "ply": 0 - 1})
        assert ws.receive()["code"] == "stale"
        state = ws.receive()
        # One move over HTTP: the answer is the seat's update.
        move = {"move": choose(state["view"]["legal"], rng), "ply": state["ply"]}
        status, state = rec.http(
            "POST",
            f"/api/tables/{table}/move",
            move,
            token=token,
            sends="serve-move-request",
            answer="serve-server-message",
        )
        assert status == 200 and state["type"] == "update", state
        assert ws.receive()["type"] == "update"  # the socket hears of it too
        state = rec.http("GET", f"/api/tables/{table}", token=token, answer="serve-server-message")[
            1
        ]
        while not state["over"]:
            move = {
                "type": "move",
                "move": choose(state["view"]["legal"], rng),
                "ply": state["ply"],
            }
            ws.send(move)
            state = ws.receive()
            assert state["type"] == "update", state
    status, log = rec.http(
        "GET", f"/api/tables/{table}/log", token=token, answer="serve-log-answer"
    )
    assert status == 200 and log["game"] == game


def person_table(rec: Recorder, game: str, kind: str, rng: random.Random) -> None:
    """A whole game between two people, each on a socket of their own."""
    body = {"game": game, "kind": kind, "opponent": "person", "seat": 2}
    status, made = rec.http(
        "POST", "/api/tables", body, sends="serve-create-request", answer="serve-create-answer"
    )
    assert status == 201 and made["invite"], made
    table = made["table"]
    with rec.socket(table) as first:
        first.send({"type": "hello", "token": made["token"]})
        first.receive()
        status, joined = rec.http(
            "POST",
            f"/api/tables/{table}/join",
            {"invite": made["invite"]},
            sends="serve-join-request",
            answer="serve-join-answer",
        )
        assert status == 200, joined
        again = {"invite": made["invite"]}
        assert (
            rec.http("POST", f"/api/tables/{table}/join", again, sends="serve-join-request")[0]
            == 400
        )
        told = first.receive()
        assert told["type"] == "state"  # the other seat is taken
        with rec.socket(table) as second:
            second.send({"type": "hello", "token": joined["token"]})
            state = second.receive()
            sockets = {made["seat"]: first, joined["seat"]: second}
            states = {joined["seat"]: state, made["seat"]: told}
            turn = state["view"]["turn"]
            # A move out of turn and one for the other seat are refused.
            idle = sockets[made["seat"] if turn == joined["seat"] else joined["seat"]]
            idle.send({"type": "move", "move": {"kind": "take"}})
            assert idle.receive()["type"] == "error"
            idle.send({"type": "move", "move": {"kind": "take"}, "seat": turn})
            assert idle.receive()["code"] == "not_your_seat"
            while not state["over"]:
                turn = state["view"]["turn"]
                mover = sockets[turn]
                mine = states[turn]
                mover.send(
                    {"type": "move", "move": choose(mine["view"]["legal"], rng), "ply": mine["ply"]}
                )
                for seat, ws in sockets.items():
                    states[seat] = ws.receive()
                    assert states[seat]["type"] == "update"
                state = states[turn]
    status, log = rec.http(
        "GET", f"/api/tables/{table}/log", token=made["token"], answer="serve-log-answer"
    )
    assert status == 200 and log["game"] == game


def refusals(rec: Recorder) -> None:
    """Refusals of every kind the HTTP side and a socket's hello give."""
    create = "malformed:serve-create-request"
    rec.http("POST", "/api/tables", {"game": "skat"}, sends=create)  # bad_game
    rec.http("POST", "/api/tables", {"colour": "red"}, sends=create)  # bad_message
    rec.http("POST", "/api/tables", {"game": "durak", "level": 9}, sends=create)  # bad_level
    rec.http("GET", "/api/tables/nosuch", token="x" * 43)  # bad_token
    rec.http("GET", "/api/nothing")  # 404, the error body
    rec.http("POST", "/api/tables/nosuch/join", {"invite": "y" * 43}, sends="serve-join-request")
    with rec.socket("nosuch") as ws:
        ws.send({"type": "sync"})
        assert ws.receive()["code"] == "no_hello"
    with rec.socket("nosuch") as ws:
        ws.send({"type": "hello", "token": "z" * 43})
        assert ws.receive()["code"] == "bad_token"
    rec.http("GET", "/healthz", answer="serve-health-answer")


@pytest.fixture(scope="module")
def traffic(module_db: str, tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Any]]:
    log = tmp_path_factory.mktemp("schemas") / "server.log"
    server = ServerProcess(module_db, *FAST, log=log).start()
    try:
        rec = Recorder(server)
        rng = random.Random(26)
        refusals(rec)
        for game, kind, level in [
            ("schnapsen", "deal", 2),
            ("sixtysix", "match", 1),
            ("durak", "game", "expert"),
        ]:
            bot_table(rec, game, kind, level, rng)
        person_table(rec, "schnapsen", "deal", rng)
        person_table(rec, "durak", "game", rng)
        return rec.traffic
    finally:
        server.stop()


def test_every_body_and_message_is_valid(traffic: list[tuple[str, Any]]) -> None:
    for name, body in traffic:
        if name.startswith("malformed:"):
            continue
        errors = [
            f"{list(e.absolute_path)}: {e.message}" for e in validator(name).iter_errors(body)
        ]
        assert errors == [], (name, body)


def test_what_the_server_refused_the_schema_refuses(traffic: list[tuple[str, Any]]) -> None:
    refused = [(name, body) for name, body in traffic if name.startswith("malformed:")]
    assert {name for name, _ in refused} == {
        "malformed:serve-create-request",
        "malformed:serve-client-message",
    }
    for name, body in refused:
        assert not validator(name.removeprefix("malformed:")).is_valid(body), body


def test_the_traffic_covers_every_message(traffic: list[tuple[str, Any]]) -> None:
    """The recorded games hold every kind of body and message (so the test above checked each)."""
    names = {name for name, _ in traffic if not name.startswith("malformed:")}
    assert names == {n for n in schemas.names() if n.startswith("serve-")}
    server = {body["type"] for name, body in traffic if name == "serve-server-message"}
    assert server == {"welcome", "state", "update", "pong", "error"}
    client = {body["type"] for name, body in traffic if name == "serve-client-message"}
    assert client == {"hello", "move", "sync", "ping"}
    kinds = {
        (b["game"], b["kind"]) for n, b in traffic if n == "serve-server-message" and "view" in b
    }
    assert kinds == {("schnapsen", "deal"), ("sixtysix", "match"), ("durak", "game")}


def message_types() -> tuple[set[str], set[str]]:
    """The message types the server's source names: (what it parses, what it sends).

    What it parses: each ``kind == "..."`` in protocol.parse. What it sends: every
    dict literal with a constant "type", every constant kind passed to a table's
    ``state`` and that method's default; less the types it parses (the HTTP move
    handler builds a client's move message) and ASGI's own ("websocket.close")."""
    parsed: set[str] = set()
    sent: set[str] = set()
    for path in sorted(SERVE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "parse":
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Compare)
                        and isinstance(inner.left, ast.Name)
                        and inner.left.id == "kind"
                    ):
                        parsed.update(
                            c.value for c in inner.comparators if isinstance(c, ast.Constant)
                        )
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "type"
                        and isinstance(value, ast.Constant)
                    ):
                        sent.add(value.value)
            if isinstance(node, ast.FunctionDef) and node.name in ("state", "welcome"):
                sent.update(d.value for d in node.args.defaults if isinstance(d, ast.Constant))
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "state"
            ):
                sent.update(a.value for a in node.args[1:] if isinstance(a, ast.Constant))
    sent = {kind for kind in sent - parsed if "." not in kind}
    return parsed, sent


def schema_types(name: str) -> set[str]:
    """The ``type`` values a message schema admits."""
    schema = schemas.load(name)
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            kind = node.get("properties", {}).get("type") if "properties" in node else None
            if isinstance(kind, dict):
                found.update(kind.get("enum", []))
                if "const" in kind:
                    found.add(kind["const"])
            for key, value in node.items():
                if key != "$defs" or name == "serve-server-message":
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk({k: v for k, v in schema.items() if k != "$defs"})
    for key, value in schema.get("$defs", {}).items():
        if key in ("table_state", "serve-error"):
            walk(value)
    return found


def test_every_message_type_has_a_schema() -> None:
    """A message type the server parses or sends and no schema admits fails here, so a
    new message comes with its schema."""
    parsed, sent = message_types()
    assert {"hello", "move", "sync", "ping"} <= parsed, "the source scan found the parser"
    assert {"welcome", "state", "update", "pong", "error"} <= sent, (
        "the source scan found the sends"
    )
    assert parsed == schema_types("serve-client-message"), "a client message without a schema"
    missing = sent - schema_types("serve-server-message")
    assert not missing, f"server message type(s) without a schema: {sorted(missing)}"


def test_the_error_codes_are_the_registry() -> None:
    assert schemas.load("serve-error")["properties"]["code"]["enum"] == list(CODES)


SERVER_MUTATIONS = [
    ("a missing key", lambda m: m.pop("ply")),
    ("an extra key", lambda m: m.update(secret=1)),
    ("a card 0 in the hand", lambda m: m["view"]["hand"].__setitem__(0, 0)),
    ("a wrong type", lambda m: m.update(over="no")),
    ("an unknown message type", lambda m: m.update(type="history")),
    ("an info of the other family", lambda m: m.update(info={**m["info"], "seat": "p9"})),
    ("an event of no kind", lambda m: m.setdefault("events", []).append({"seat": m["seat"]})),
    ("an unknown error code", lambda m: m.update(type="error", code="oops", message="x")),
    ("a history in an update", lambda m: m.update(history=[])),
    ("a claim of no points", lambda m: m.update(claim={"how": "claim"})),
    (
        "a welcome without its history",
        lambda m: (
            m.pop("events"),
            m.pop("ack", None),
            m.update(type="welcome", names={"1": "AS"}, endings={}),
        ),
    ),
]


@pytest.mark.parametrize(
    ("label", "mutate"), SERVER_MUTATIONS, ids=[m[0] for m in SERVER_MUTATIONS]
)
def test_a_malformed_server_message_is_refused(
    traffic: list[tuple[str, Any]], label: str, mutate: Any
) -> None:
    updates = [
        b
        for n, b in traffic
        if n == "serve-server-message" and b["type"] == "update" and b["view"]["hand"]
    ]
    games = {b["game"]: b for b in updates}
    assert set(games) == {"schnapsen", "sixtysix", "durak"}
    for message in games.values():
        bad = copy.deepcopy(message)
        if label == "an unknown error code":
            bad = {"type": "error", "code": "oops", "message": "x"}
        else:
            mutate(bad)
        assert not validator("serve-server-message").is_valid(bad), (label, message["game"])


CLIENT_BAD = [
    {"type": "hello"},
    {"type": "hello", "token": "t", "seat": 1},
    {"type": "move", "move": {"kind": "lead", "card": 0}},
    {"type": "move", "move": {"kind": "lead", "card": "7"}},
    {"type": "move", "move": {"kind": "bid"}},
    {"type": "move", "move": {"kind": "take"}, "ply": "3"},
    {"type": "history"},
    {"type": "ping", "extra": 1},
]


@pytest.mark.parametrize("message", CLIENT_BAD, ids=[json.dumps(m) for m in CLIENT_BAD])
def test_a_malformed_client_message_is_refused(message: dict[str, Any]) -> None:
    assert not validator("serve-client-message").is_valid(message)
