"""Every HTTP answer carries the security headers; answers that carry a token are not
stored; the page runs no inline script; a WebSocket from another site's page is
refused; an unknown Host is refused when hosts are listed; and X-Forwarded-For is
ignored unless the proxy is named."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

import pytest
from _serve_support import running
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from trumpf.serve.app import STATIC, create_app
from trumpf.serve.limits import Limits

LIMITS = Limits(per_address=(100.0, 100.0))


@pytest.fixture
def client(new_db: Callable[[str], str]) -> Iterator[TestClient]:
    app = create_app(new_db("h"), LIMITS, allowed_origins=["https://friend.example"])
    with TestClient(app) as c:
        yield c


def assert_guarded(headers: dict[str, str] | object) -> None:
    csp = headers["content-security-policy"]  # type: ignore[index]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "default-src 'none'" in csp and "unsafe" not in csp
    assert headers["x-content-type-options"] == "nosniff"  # type: ignore[index]
    assert headers["referrer-policy"] == "no-referrer"  # type: ignore[index]


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "durak", "opponent": "person"}).json()
    auth = {"authorization": f"Bearer {made['token']}"}
    answers = [
        client.get("/"),
        client.get(f"/t/{made['table']}"),
        client.get("/healthz"),
        client.get("/static/app.js"),
        client.get("/static/nothing.js"),
        client.get("/nowhere"),
        client.put("/api/tables"),
        client.get(f"/api/tables/{made['table']}", headers=auth),
        client.get(f"/api/tables/{made['table']}"),
        client.post(f"/api/tables/{made['table']}/move", content=b"{", headers=auth),
    ]
    assert {a.status_code for a in answers} >= {200, 400, 401, 404, 405}
    for answer in answers:
        assert_guarded(answer.headers)


def test_answers_with_a_token_are_not_stored(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "schnapsen", "opponent": "person"})
    assert "token" in made.json()
    joined = client.post(
        f"/api/tables/{made.json()['table']}/join", json={"invite": made.json()["invite"]}
    )
    assert "token" in joined.json()
    state = client.get(
        f"/api/tables/{made.json()['table']}",
        headers={"authorization": f"Bearer {joined.json()['token']}"},
    )
    for answer in (made, joined, state):
        assert answer.headers["cache-control"] == "no-store", answer.headers


def test_the_page_runs_no_inline_script() -> None:
    html = (STATIC / "index.html").read_text()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S | re.I)
    assert scripts and all('src="/static/' in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+\s*=", html, re.I)  # no inline handlers
    assert not re.search(r"\sstyle\s*=", html, re.I)  # no style attributes
    assert "javascript:" not in html
    for js in STATIC.glob("*.js"):
        text = js.read_text()
        assert not re.search(r"\beval\(|new Function\(|setAttribute\(\s*[\"'](on|style)", text)
        assert "innerHTML" not in text or "<script" not in text


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "durak"}).json()
    for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(f"/ws/{made['table']}", headers={"origin": origin}),
        ):
            pass
        assert refused.value.code == 1008
    for headers in ({"origin": "http://testserver"}, {"origin": "https://friend.example"}, {}):
        with client.websocket_connect(f"/ws/{made['table']}", headers=headers) as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["type"] == "welcome"


def test_only_the_allowed_hosts_are_answered(new_db: Callable[[str], str]) -> None:
    app = create_app(new_db("a"), LIMITS, allowed_hosts=["play.example"])
    with TestClient(app, base_url="http://play.example") as good:
        assert good.get("/healthz").status_code == 200
    with TestClient(app, base_url="http://evil.example") as bad:
        answer = bad.get("/healthz")
        assert answer.status_code == 400
        assert_guarded(answer.headers)


def post(base: str, forwarded: str) -> int:
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=b'{"game": "durak"}',
        headers={"content-type": "application/json", "x-forwarded-for": forwarded},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


@pytest.mark.parametrize(("trust", "expected"), [(None, [201, 429, 429]), ("127.0.0.1", [201] * 3)])
def test_forwarded_for_counts_only_from_a_named_proxy(
    new_db: Callable[[str], str], trust: str | None, expected: list[int]
) -> None:
    # One table per address, then nothing: rotating X-Forwarded-For must not make more.
    extra = ["--create-rate", "0.1"]
    if trust is not None:
        extra += ["--forwarded-allow-ips", trust]
    with running(new_db("p"), *extra) as server:
        got = [post(server.base, f"203.0.113.{n}") for n in range(3)]
    assert got == expected
