"""The protocol over HTTP and WebSocket, through Starlette's TestClient: tables of every
game against the bot and between two people, to the end, the log downloaded and
replayed by ``trumpf replay``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.serve import games
from trumpf.serve.app import create_app
from trumpf.serve.client import choose
from trumpf.serve.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
FAST = Limits(
    per_connection=(1e4, 1e4), per_seat=(1e4, 1e4), per_address=(1e4, 1e4), tables_per_hour=10**4
)
TABLES = [
    ("schnapsen", "match"),
    ("schnapsen", "deal"),
    ("sixtysix", "match"),
    ("sixtysix", "deal"),
    ("durak", "game"),
]


@pytest.fixture
def client(new_db: Callable[[str], str]) -> Iterator[TestClient]:
    with TestClient(create_app(new_db("p"), FAST)) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def play_out(ws: Any, first: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int]:
    """Play random legal moves on one socket until the game is over; (last message, moves)."""
    message, moves = first, 0
    while not message["over"]:
        view = message["view"]
        assert view["turn"] == message["seat"], "at a bot table it is always the person's turn"
        ws.send_json({"type": "move", "move": choose(view["legal"], rng), "ply": message["ply"]})
        message = ws.receive_json()
        assert message["type"] == "update", message
        assert message["ack"] == view["ply"]
        moves += 1
    return message, moves


@pytest.mark.parametrize(("game", "kind"), TABLES)
def test_a_whole_game_against_the_bot(
    client: TestClient, tmp_path: Path, game: str, kind: str
) -> None:
    made = client.post(
        "/api/tables", json={"game": game, "kind": kind, "opponent": "bot", "level": 2}
    )
    assert made.status_code == 201, made.text
    table = made.json()
    assert len(table["token"]) >= 43  # 32 random bytes, URL-safe: 256 bits
    assert table["invite"] is None
    with client.websocket_connect(f"/ws/{table['table']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        assert welcome["seat"] == table["seat"]
        assert welcome["game"] == game and welcome["kind"] == kind
        assert len(welcome["names"]) == {"schnapsen": 20, "sixtysix": 24, "durak": 36}[game]
        assert welcome["reveal"] is None
        last, moves = play_out(ws, welcome, random.Random(game + kind))
    assert moves > 0
    assert last["reveal"] is not None
    log = client.get(f"/api/tables/{table['table']}/log", headers=bearer(table["token"]))
    assert log.status_code == 200
    assert "attachment" in log.headers["content-disposition"]
    data = log.json()
    assert data["seed"] == last["reveal"]["seed"]
    engine = {"durak": durak.Game, "match": schnapsen.Match, "deal": schnapsen.Deal}
    replayed = engine["durak" if game == "durak" else kind].from_log(data)
    assert replayed.over
    assert json.loads(json.dumps(replayed.result)) == last["result"]
    path = tmp_path / "game.json"
    path.write_text(log.text)
    shown = subprocess.run(
        [sys.executable, "-m", "trumpf.cli", "replay", str(path), "--ascii", "--no-colour"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip()


def test_two_people_and_an_invitation(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "durak", "opponent": "person"}).json()
    assert made["seat"] == 1 and made["invite"]
    with client.websocket_connect(f"/ws/{made['table']}") as one:
        one.send_json({"type": "hello", "token": made["token"]})
        assert one.receive_json()["seated"] == {"1": True, "2": False}
        joined = client.post(f"/api/tables/{made['table']}/join", json={"invite": made["invite"]})
        assert joined.status_code == 200
        other = joined.json()
        assert other["seat"] == 2 and other["token"] != made["token"]
        told = one.receive_json()  # the first seat hears that someone sat down
        assert told["type"] == "state" and told["seated"] == {"1": True, "2": True}
        again = client.post(f"/api/tables/{made['table']}/join", json={"invite": made["invite"]})
        assert again.status_code == 400 and again.json()["code"] == "bad_invite"
        with client.websocket_connect(f"/ws/{made['table']}") as two:
            two.send_json({"type": "hello", "token": other["token"]})
            state = {1: told, 2: two.receive_json()}
            sockets = {1: one, 2: two}
            rng = random.Random(5)
            while not state[1]["over"]:
                mover = state[1]["view"]["turn"]
                view = state[mover]["view"]
                sockets[mover].send_json(
                    {"type": "move", "move": choose(view["legal"], rng), "ply": view["ply"]}
                )
                for seat in (1, 2):
                    state[seat] = sockets[seat].receive_json()
                    assert state[seat]["type"] == "update"
                assert state[mover]["ack"] == view["ply"]
                assert "ack" not in state[3 - mover]
    assert state[1]["view"]["result"] == state[2]["view"]["result"]


def test_http_state_move_and_a_stale_move(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "sixtysix", "kind": "deal", "seat": "p2"}
    ).json()
    assert made["seat"] == "p2"
    url = f"/api/tables/{made['table']}"
    state = client.get(url, headers=bearer(made["token"])).json()
    assert state["type"] == "state" and state["seat"] == "p2"
    move = state["view"]["legal"][0]
    done = client.post(
        f"{url}/move", json={"move": move, "ply": state["ply"]}, headers=bearer(made["token"])
    )
    assert done.status_code == 200, done.text
    assert done.json()["ack"] == state["ply"]
    # The same move again, for the ply it was made at: refused, not applied twice.
    stale = client.post(
        f"{url}/move", json={"move": move, "ply": state["ply"]}, headers=bearer(made["token"])
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    after = client.get(url, headers=bearer(made["token"])).json()
    assert after["ply"] == done.json()["ply"]
    early = client.get(f"{url}/log", headers=bearer(made["token"]))
    assert early.status_code == 409 and early.json()["code"] == "not_over"


def test_socket_sync_ping_and_stale(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "schnapsen", "kind": "deal"}).json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        welcome = ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["ply"] == welcome["ply"]
        move = welcome["view"]["legal"][-1]
        ws.send_json({"type": "move", "move": move, "ply": welcome["ply"] + 7})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "stale"
        assert ws.receive_json()["type"] == "state"  # the state follows, to resync
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["code"] == "bad_message"


def test_the_variant_goes_to_the_engine_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A house-rule preset is whatever the engine accepts: the server passes the string on."""
    calls: list[tuple[str, str]] = []
    real = schnapsen

    def recorder(kind: str) -> Any:
        def build(**kwargs: Any) -> Any:
            calls.append((kind, kwargs["variant"]))
            base = {k: v for k, v in kwargs.items() if k != "variant"}
            return getattr(real, kind).build(variant="schnapsen", **base)

        return SimpleNamespace(build=build)

    fake = SimpleNamespace(Match=recorder("Match"), Deal=recorder("Deal"), Error=real.Error)
    monkeypatch.setattr(games, "schnapsen", fake)
    games.build("schnapsen", "match", "schnapsen-tjger", bytes(32))
    games.build("sixtysix", "deal", "house-rules-of-tomorrow", bytes(32))
    assert calls == [("Match", "schnapsen-tjger"), ("Deal", "house-rules-of-tomorrow")]


def test_a_variant_the_engine_refuses_is_its_refusal(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "schnapsen", "variant": "no-such-rules"})
    assert made.status_code == 400 and made.json()["code"] == "bad_variant"
    other = client.post("/api/tables", json={"game": "schnapsen", "variant": "sixtysix"})
    assert other.status_code == 201
    state = client.get(
        f"/api/tables/{other.json()['table']}", headers=bearer(other.json()["token"])
    )
    assert state.json()["game"] == "sixtysix"
    for body, code in [
        ({"game": "chess"}, "bad_game"),
        ({"game": "durak", "kind": "match"}, "bad_kind"),
        ({"game": "durak", "variant": "x"}, "bad_variant"),
        ({"game": "durak", "opponent": "bot", "level": 9}, "bad_level"),
        ({"game": "durak", "opponent": "ghost"}, "bad_opponent"),
        ({"game": "durak", "seat": "p3"}, "bad_seat"),
        ({"game": 5}, "bad_message"),
        ({"colour": "red"}, "bad_message"),
    ]:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        assert answer.json() == {"type": "error", "code": code, "message": answer.json()["message"]}


@pytest.mark.parametrize(("game", "kind"), [("schnapsen", "deal"), ("durak", None)])
def test_a_whole_game_against_the_expert(client: TestClient, game: str, kind: str | None) -> None:
    body = {"game": game, "opponent": "bot", "level": "expert"}
    made = client.post("/api/tables", json={**body, **({"kind": kind} if kind else {})})
    assert made.status_code == 201, made.text
    table = made.json()
    with client.websocket_connect(f"/ws/{table['table']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        welcome = ws.receive_json()
        assert welcome["level"] == 6  # the expert's level number, as the store keeps it
        last, moves = play_out(ws, welcome, random.Random(game))
    assert moves > 0 and last["reveal"] is not None


def test_resigning_at_durak(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "durak", "level": 3}).json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        ply = ws.receive_json()["ply"]
        ws.send_json({"type": "move", "move": {"kind": "resign"}, "ply": ply})
        over = ws.receive_json()
    assert over["over"] and over["view"]["result"]["fool"] == made["seat"]
    assert over["events"][0] == {"kind": "resign", "seat": made["seat"]}


def test_the_page_and_its_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>trumpf</title>" in page.text
    assert client.get("/t/abc").text == page.text
    for name in ("app.js", "boards.js", "cards.js", "result.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/healthz").json()["ok"] is True


def test_the_engine_never_imports_the_web_stack() -> None:
    code = (
        "import sys, trumpf, trumpf.cli, trumpf.schnapsen, trumpf.durak; trumpf.cli._parser();"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'websockets', 'trumpf.serve.app')"
        " if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    helped = subprocess.run(
        [sys.executable, "-m", "trumpf.cli", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--port" in helped.stdout and "--db" in helped.stdout


@pytest.mark.parametrize(("game", "kind"), TABLES)
def test_a_welcome_brings_the_whole_story(client: TestClient, game: str, kind: str) -> None:
    """Reconnecting mid-game, and again at the end, the welcome's history is every event
    the seat was told, in order, and the endings' words come with it."""
    from trumpf.play.words import ENDINGS

    made = client.post("/api/tables", json={"game": game, "kind": kind, "opponent": "bot"}).json()
    rng = random.Random(7)
    told: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        message = ws.receive_json()
        assert message["type"] == "welcome" and message["endings"] == ENDINGS
        told.extend(message["history"])  # the bot's moves, when it opened
        for _ in range(6):
            if message["over"]:
                break
            move = choose(message["view"]["legal"], rng)
            ws.send_json({"type": "move", "move": move, "ply": message["ply"]})
            message = ws.receive_json()
            told.extend(message["events"])
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        again = ws.receive_json()
        assert again["history"] == told and len(told) == again["ply"] > 0
        play_out(ws, again, rng)
        told_rest = again["history"]
    with client.websocket_connect(f"/ws/{made['table']}") as ws:  # a second device, at the end
        ws.send_json({"type": "hello", "token": made["token"]})
        final = ws.receive_json()
        assert final["over"] and len(final["history"]) == final["ply"] >= len(told_rest)
        assert final["history"][: len(told_rest)] == told_rest


_WORTH = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def _greedy(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A marriage if there is one, else the card worth most, and never a close: a seat that
    often reaches 66."""
    quiet = [m for m in legal if m["kind"] not in ("claim", "close")] or legal
    marriages = [m for m in quiet if m["kind"] == "marriage"]
    if marriages:
        return {k: v for k, v in marriages[0].items() if k != "value"}
    cards = [m for m in quiet if "card" in m]
    if cards:
        return max(cards, key=lambda m: _WORTH.get(schnapsen.card.name_of(m["card"])[0], 0))
    return {k: v for k, v in quiet[0].items() if k != "value"}


def _claim_offered(client: TestClient, game: str) -> list[dict[str, Any]]:
    """Claims the page was offered, good and false, each with the deal's result."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    # The server deals from a seed of its own, so how many deals it takes to
    # see both kinds varies: the greedy seat makes a good claim in about one
    # Sixty-Six deal in ten against bot1 (the bot claims first in most), so
    # up to 400 deals; the loop ends as soon as both are seen.
    for number in range(400):
        if len({offered["how"] == "false_claim" for offered, _ in seen}) == 2:
            break
        made = client.post(
            "/api/tables", json={"game": game, "kind": "deal", "opponent": "bot", "level": 1}
        ).json()
        rng = random.Random(number)
        with client.websocket_connect(f"/ws/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            message = ws.receive_json()
            while not message["over"]:
                legal = message["view"]["legal"]
                offered = message["claim"]
                assert (offered is not None) == any(m["kind"] == "claim" for m in legal)
                if offered is not None and (
                    offered["how"] != "false_claim" or (number % 4 == 3 and rng.random() < 0.3)
                ):
                    move = {"kind": "claim"}
                else:
                    move = _greedy(legal)
                ws.send_json({"type": "move", "move": move, "ply": message["ply"]})
                message = ws.receive_json()
                if move["kind"] == "claim":
                    seen.append((offered, message["result"]))
    return seen


@pytest.mark.parametrize("game", ["schnapsen", "sixtysix"])
def test_the_claim_says_what_it_would_do(client: TestClient, game: str) -> None:
    """``claim`` is on offer exactly when the move is, and foretells the engine's
    ending and game points; its points are the claimer's score."""
    from trumpf.schnapsen.scoring import TARGET_POINTS

    seen = _claim_offered(client, game)
    assert {offered["how"] == "false_claim" for offered, _ in seen} == {True, False}
    for offered, result in seen:
        assert offered["how"] == result["how"]
        assert offered["game_points"] == result["game_points"]
        assert offered["target"] == TARGET_POINTS
        me = result["loser"] if result["how"] == "false_claim" else result["winner"]
        assert offered["points"] == result["points"][me]
        assert (offered["points"] >= TARGET_POINTS) == (result["how"] != "false_claim")
