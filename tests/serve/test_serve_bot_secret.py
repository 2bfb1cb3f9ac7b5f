"""The bot's random choices come from a secret the server keeps per table, never from
the public table id: the id does not reproduce the bot's moves, the stored secret
does. A database whose tables have no secret yet still loads, and each such table
gets one, kept from then on."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _serve_support import query
from starlette.testclient import TestClient

from trumpf.serve import games
from trumpf.serve.app import create_app
from trumpf.serve.bots import EXPERT, make_bot
from trumpf.serve.client import choose
from trumpf.serve.limits import Limits

FAST = Limits(
    per_connection=(1e4, 1e4), per_seat=(1e4, 1e4), per_address=(1e4, 1e4), tables_per_hour=10**4
)


@pytest.fixture
def db(new_db: Callable[[str], str]) -> str:
    return new_db("b")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(str(db), FAST)) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def play_to_the_end(client: TestClient, made: dict[str, Any], rng: random.Random) -> Any:
    """Random legal moves over HTTP until the game ends; the downloaded log."""
    url = f"/api/tables/{made['table']}"
    state = client.get(url, headers=bearer(made["token"])).json()
    while not state["over"]:
        move = choose(state["view"]["legal"], rng)
        state = client.post(
            f"{url}/move", json={"move": move, "ply": state["ply"]}, headers=bearer(made["token"])
        ).json()
        assert state["type"] == "update", state
    return client.get(f"{url}/log", headers=bearer(made["token"])).json()


def same(chosen: dict[str, Any] | None, played: dict[str, Any]) -> bool:
    keys = ("kind", "card", "suit")
    return chosen is not None and all(chosen.get(k) == played.get(k) for k in keys)


def predicted(log: dict[str, Any], family: str, level: int, seed: str, bot_seat: str) -> int:
    """How many of the bot's moves in ``log`` a bot seeded with ``seed`` makes too."""
    bot = make_bot(family, level, seed)
    hits = 0
    for n, played in enumerate(log["moves"]):
        if str(played["seat"]) == bot_seat:
            play = games.restore({**log, "moves": log["moves"][:n]})
            hits += same(bot.choose(play, play.seat_of(bot_seat)), played)
    return hits


def secret_of(db: str, table: str) -> bytes:
    ((secret,),) = query(db, "SELECT bot_secret FROM tables WHERE id = ?", (table,))
    assert isinstance(secret, bytes) and len(secret) == 32
    return secret


@pytest.mark.parametrize(
    ("game", "kind", "level"), [("durak", "game", 1), ("schnapsen", "deal", EXPERT)]
)
def test_the_public_id_does_not_reproduce_the_bot(
    client: TestClient, db: Path, game: str, kind: str, level: int
) -> None:
    rng = random.Random(7)
    by_id = by_secret = total = 0
    for _ in range(4):
        level_name: Any = "expert" if level == EXPERT else level
        made = client.post(
            "/api/tables", json={"game": game, "kind": kind, "level": level_name}
        ).json()
        log = play_to_the_end(client, made, rng)
        family = "durak" if game == "durak" else "schnapsen"
        bot_seat = "2" if family == "durak" else "p2"
        total += sum(1 for m in log["moves"] if str(m["seat"]) == bot_seat)
        secret = secret_of(db, made["table"]).hex()
        by_secret += predicted(log, family, level, secret, bot_seat)
        by_id += predicted(log, family, level, made["table"], bot_seat)
        assert made["table"] not in str(log)
    assert total > 20
    assert by_secret == total  # the stored secret is the bot's seed: the method works
    assert by_id < total  # the public id is not


def test_a_table_without_a_secret_gets_one_on_load(fast_dir: Path) -> None:
    # An SQLite file from before the column: PostgreSQL's schema has had it from its first version.
    db = str(fast_dir / "b.sqlite")
    with TestClient(create_app(str(db), FAST)) as client:
        made = client.post("/api/tables", json={"game": "durak", "level": 1}).json()
    with sqlite3.connect(db) as conn:  # the table as a database without the column holds it
        conn.execute("ALTER TABLE tables DROP COLUMN bot_secret")
    with TestClient(create_app(str(db), FAST)) as client:
        url = f"/api/tables/{made['table']}"
        state = client.get(url, headers=bearer(made["token"])).json()
        move = {"move": state["view"]["legal"][0], "ply": state["ply"]}
        assert client.post(f"{url}/move", json=move, headers=bearer(made["token"])).is_success
    given = secret_of(db, made["table"])
    with TestClient(create_app(str(db), FAST)) as client:  # still unfinished: restored again
        log = play_to_the_end(client, made, random.Random(3))
    assert secret_of(db, made["table"]) == given  # given once, then kept
    assert sum(1 for m in log["moves"][3:] if str(m["seat"]) == "2") > 0  # the bot played on
