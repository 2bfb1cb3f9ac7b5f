"""The server's small parts on their own: tokens, token buckets, JSON limits, the store."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trumpf.serve import store as db
from trumpf.serve import tokens
from trumpf.serve.limits import Bucket, Buckets, Limits, MessageError, parse_json


def test_tokens_are_long_random_and_checked_by_digest() -> None:
    made = {tokens.new_token() for _ in range(200)}
    assert len(made) == 200
    assert all(len(t) >= 43 and tokens.plausible(t) for t in made)  # >= 256 bits
    token = tokens.new_token()
    stored = {"p1": tokens.digest(token), "p2": None}
    assert tokens.seat_of(token, stored) == "p1"
    assert tokens.seat_of(token[:-1] + ("A" if token[-1] != "A" else "B"), stored) is None
    assert tokens.seat_of(token, {"p1": None, "p2": None}) is None
    assert not tokens.plausible("short") and not tokens.plausible("é" * 40)
    assert not tokens.plausible(12345678901234567890)


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    bucket = Bucket(rate=2.0, burst=3.0, stamp=0.0)
    assert [bucket.allow(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.allow(0.5) and not bucket.allow(0.5)
    buckets = Buckets(1.0, 1.0, keep=2)
    assert buckets.allow("a", 0.0) and not buckets.allow("a", 0.1)
    assert buckets.allow("b", 0.0) and buckets.allow("c", 10.0)  # full ones were dropped
    assert len(buckets) <= 2


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c) | st.dictionaries(st.text(max_size=3), c),
        max_leaves=30,
    )
)
def test_parse_json_accepts_only_small_shallow_objects(value: object) -> None:
    limits = Limits()
    text = json.dumps(value)
    try:
        parsed = parse_json(text, limits)
    except MessageError as refused:
        assert refused.code in ("too_big", "bad_json", "bad_message")
        return
    assert parsed == value and isinstance(parsed, dict)


def test_deep_json_is_refused_without_recursion() -> None:
    with pytest.raises(MessageError) as deep:
        parse_json("[" * 2000 + "]" * 2000, Limits(max_message=10_000))
    assert deep.value.code == "bad_json"


def test_moves_are_committed_once_and_grouped(tmp_path: Path) -> None:
    path = str(tmp_path / "g.sqlite")
    store = db.SqliteStore(path)
    record = db.StoredTable(
        "t1",
        {"game": "durak", "kind": "game"},
        "bot",
        "2",
        1,
        False,
        {"1": (b"x" * 32, None), "2": (None, None)},
        [],
    )

    async def main() -> None:
        await store.write(db.insert_table(record, result=None))
        moves = [{"seat": 1, "kind": "attack", "card": n} for n in range(200)]
        await asyncio.gather(
            *[store.write(db.append_moves("t1", n, [m], result=None)) for n, m in enumerate(moves)]
        )
        with pytest.raises(sqlite3.IntegrityError):  # the same ply twice
            await store.write(db.append_moves("t1", 5, [moves[0]], result=None))

    asyncio.run(main())
    store.close()
    assert store.commits < store.jobs == 201  # 200 moves and the table, in fewer commits
    loaded = db.load(path, "t1")
    assert loaded is not None and [m["card"] for m in loaded.moves] == list(range(200))
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
