"""No client input makes the server answer 500: generated requests to every HTTP route.

Hypothesis sends every method to every route of the app (the routes are read from
the app, so a new one is covered), with generated JSON bodies shaped like the
protocol's, arbitrary bytes, real, foreign and junk tokens, and real and junk
table ids. Every answer is below 500, and every refusal is the protocol's error
body with a registered code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from trumpf.errors import CODES
from trumpf.serve.app import create_app
from trumpf.serve.limits import Limits

# Rate limits out of the way, so that a 429 never hides what the request would do.
OPEN = Limits(
    per_address=(1e6, 1e6), bad_tokens=(1e6, 1e6), per_seat=(1e6, 1e6), tables_per_hour=10**6
)
FIELDS = ["type", "move", "ply", "seat", "game", "kind", "variant", "opponent", "level"]
FIELDS += ["invite", "token", "card", "suit", "value"]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from(["²", "expert", "1", "2.0", "p1", "p2", "lead", "H", "deal", "bot"])
    | st.sampled_from(["schnapsen", "sixtysix", "durak", "person", "match", "game"])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)
objects = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=4), values, max_size=6)
anything = (
    objects.map(lambda o: json.dumps(o).encode())
    | values.map(lambda v: json.dumps(v).encode())
    | st.binary(max_size=64)
    | st.just(b"")
)
# Near-valid bodies: a valid body for the route with one field set to any value,
# removed, or one field added, so that a request passes the first checks and
# reaches the deeper ones.
VALID: dict[str, list[dict[str, Any]]] = {
    "/api/tables": [
        {"game": "schnapsen", "kind": "deal", "opponent": "bot", "level": 2, "seat": "p2"},
        {"game": "durak", "kind": "game", "opponent": "bot", "level": "expert", "seat": 1},
        {"game": "sixtysix", "kind": "match", "opponent": "person", "variant": "sixtysix"},
    ],
    "/api/tables/{table}/join": [{"invite": ""}],
    "/api/tables/{table}/move": [
        {"move": {"kind": "lead", "card": 3}, "ply": 0, "seat": "p1"},
        {"move": {"kind": "attack", "card": 12}, "ply": 1, "seat": 1},
    ],
}
# Values that break careless parsing: digits that are not ASCII, floats equal to
# ints, bools, huge ints, empty containers, words of the protocol.
NASTY = ["²", "٣", "\uff11", 2.0, 1.0, -0.0, 1e300, True, False, "", " ", "1 ", 1 << 63, -1, 0]
NASTY += [None, [], {}, "hello", "move", "sync", "ping", "p3", 3, "expert "]
# The words a field takes in the protocol: a good one in the wrong place is a test too.
WORDS: dict[str, list[Any]] = {
    "type": ["move", "hello", "sync", "ping"],
    "kind": ["deal", "match", "game"],
    "game": ["schnapsen", "sixtysix", "durak"],
    "opponent": ["bot", "person"],
    "seat": ["p1", "p2", 1, 2, "1", "2"],
}
ROUTES = ["/", "/t/{table}", "/healthz", "/api/tables", "/api/tables/{table}"]
ROUTES += ["/api/tables/{table}/join", "/api/tables/{table}/move", "/api/tables/{table}/log"]
ROUTES += ["/static"]
junk = st.text(st.characters(codec="ascii", exclude_characters="\r\n\x00"), max_size=80)


class Tables:
    """A running app with a bot table and two person tables to aim at."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.made = [
            client.post("/api/tables", json=body).json()
            for body in (
                {"game": "schnapsen", "kind": "deal"},
                {"game": "durak", "opponent": "person"},
                {"game": "sixtysix", "kind": "deal", "opponent": "person", "level": 3},
            )
        ]
        self.tokens = [m["token"] for m in self.made] + [m["invite"] for m in self.made]
        self.ids = [m["table"] for m in self.made]
        self.routes = {route.path: route for route in client.app.routes}  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def tables(module_db: str) -> Iterator[Tables]:
    with TestClient(create_app(module_db, OPEN), raise_server_exceptions=False) as client:
        yield Tables(client)


def test_every_http_route_is_fuzzed(tables: Tables) -> None:
    http = {path for path, route in tables.routes.items() if isinstance(route, Route | Mount)}
    assert http == set(ROUTES)


FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def url_for(path: str, tables: Tables, data: st.DataObject) -> str:
    table = data.draw(st.sampled_from(tables.ids) | junk.map(lambda t: quote(t, safe="")))
    url = path.replace("{table}", table)
    if path == "/static":
        name = st.sampled_from(["app.js", "..%2Fapp.py", "x"]) | junk.map(lambda t: quote(t))
        url += "/" + data.draw(name)
    return url


def send(
    tables: Tables, data: st.DataObject, method: str, url: str, body: bytes, token: str | None
) -> None:
    """Send with a drawn token (``token``, the table's, mostly, when given) and content
    type; the answer is below 500, a refusal is the protocol's error body."""
    headers: dict[str, str] = {}
    if token is None or data.draw(st.integers(0, 3)) == 0:
        token = data.draw(st.none() | st.sampled_from(tables.tokens) | junk)
    if token is not None:
        headers["authorization"] = data.draw(st.sampled_from(["Bearer ", "bearer ", ""])) + token
    if data.draw(st.booleans()):
        headers["content-type"] = data.draw(st.sampled_from(["application/json", "text/plain"]))
    answer = tables.client.request(method, url, content=body, headers=headers)
    assert answer.status_code < 500, (method, url, body, answer.status_code, answer.text)
    if answer.status_code >= 400 and method != "HEAD":
        refusal = answer.json()
        assert refusal["type"] == "error", refusal
        assert refusal["code"] in CODES, refusal
        assert isinstance(refusal["message"], str) and refusal["message"], refusal


@pytest.mark.parametrize("path", ROUTES)
@FUZZ
@given(data=st.data())
def test_any_request_to_any_route(tables: Tables, path: str, data: st.DataObject) -> None:
    method = data.draw(st.sampled_from(METHODS))
    send(tables, data, method, url_for(path, tables, data), data.draw(anything), None)


@pytest.mark.parametrize(
    ("path", "field"),
    [(path, field) for path, bodies in VALID.items() for field in [*sorted(bodies[0]), "type"]],
)
@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_near_valid_bodies(tables: Tables, path: str, field: str, data: st.DataObject) -> None:
    body = dict(data.draw(st.sampled_from(VALID[path])))
    if "invite" in body:
        body["invite"] = data.draw(st.sampled_from(tables.tokens))
    change = data.draw(st.sampled_from(["set", "drop", "alone"]))
    if change == "drop":
        body.pop(field, None)
    else:
        if change == "alone":
            body = {}
        words = st.sampled_from(WORDS.get(field, NASTY))
        body[field] = data.draw(words | st.sampled_from(NASTY) | values)
    at = data.draw(st.sampled_from(range(len(tables.ids))))
    url = path.replace("{table}", tables.ids[at])
    send(tables, data, "POST", url, json.dumps(body).encode(), tables.made[at]["token"])


@pytest.mark.parametrize(
    "body",
    [
        {"type": "hello", "move": {"kind": "lead"}},
        {"type": "move", "move": {"kind": "lead", "card": 999}},
    ],
)
def test_a_move_body_with_a_type_is_refused(tables: Tables, body: dict[str, Any]) -> None:
    made = tables.made[0]
    answer = tables.client.post(
        f"/api/tables/{made['table']}/move",
        json=body,
        headers={"authorization": f"Bearer {made['token']}"},
    )
    assert answer.status_code == 400 and answer.json()["code"] == "bad_message", answer.text


@pytest.mark.parametrize("level", ["²", "٣", 2.0, 1.0, "1.0", "1 ", [1], {"a": 1}, True, 7, -1])
def test_a_bad_level_is_refused(tables: Tables, level: object) -> None:
    answer = tables.client.post("/api/tables", json={"game": "schnapsen", "level": level})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_level", answer.text


@pytest.mark.parametrize("level", [1, "3", 5, "expert"])
def test_a_good_level_is_taken(tables: Tables, level: object) -> None:
    answer = tables.client.post("/api/tables", json={"game": "durak", "level": level})
    assert answer.status_code == 201, answer.text
