"""The PostgreSQL store's batched appends, and a process's own notifications.

A process's appends share one statement and one transaction when they arrive
together; each table in the batch keeps its own version check, so a stale
append fails alone, and of two processes racing at one table exactly one
wins. A process hears its own commits too: that costs it no read of the store.
"""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest
from _postgres import Cluster

from trumpf.serve.lobby import Lobby
from trumpf.serve.pgstore import PgStore
from trumpf.serve.storage import Conflict, StoredTable


def _table(table_id: str) -> StoredTable:
    return StoredTable(
        id=table_id,
        header={"game": "test"},
        opponent="person",
        bot_seat=None,
        bot_level=None,
        finished=False,
        seats={"0": (table_id.encode().ljust(32, b"-"), None), "1": (None, None)},
        moves=[],
    )


def _move(n: int) -> dict[str, Any]:
    return {"seat": "0", "kind": "play", "n": n}


def _stored(url: str) -> dict[str, list[int]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT table_id, n FROM moves ORDER BY table_id, n").fetchall()
        lengths = dict(conn.execute("SELECT id, length FROM tables").fetchall())
    found: dict[str, list[int]] = {table_id: [] for table_id in lengths}
    for table_id, n in rows:
        found[table_id].append(n)
    assert {t: len(ns) for t, ns in found.items()} == lengths  # length is the log's
    return found


async def _store(url: str, tables: list[str]) -> PgStore:
    store = PgStore(url)
    await store.start()
    for table_id in tables:
        await store.insert_table(_table(table_id), result=None)
    return store


def test_a_batch_stores_every_table_but_the_stale_one(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()

    async def go() -> list[Any]:
        store = await _store(url, ["a", "b", "c"])
        try:
            commits = store.commits
            outcomes = await asyncio.gather(
                store.append_moves("a", 0, [_move(0)], result=None),
                store.append_moves("b", 0, [_move(0), _move(1)], result={"winner": 0}),
                store.append_moves("c", 3, [_move(3)], result=None),  # c has no moves
                return_exceptions=True,
            )
            assert store.commits == commits + 1  # one transaction for the three
            return outcomes
        finally:
            await store.aclose()

    a, b, c = asyncio.run(go())
    assert a is None and b is None
    assert isinstance(c, Conflict)
    assert _stored(url) == {"a": [0], "b": [0, 1], "c": []}
    with psycopg.connect(url) as conn:
        finished = dict(conn.execute("SELECT id, finished IS NOT NULL FROM tables").fetchall())
    assert finished == {"a": False, "b": True, "c": False}


def test_a_finished_table_takes_no_more_moves_in_a_batch(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()

    async def go() -> list[Any]:
        store = await _store(url, ["a", "b"])
        try:
            await store.append_moves("a", 0, [_move(0)], result={"winner": 1})
            return await asyncio.gather(
                store.append_moves("a", 1, [_move(1)], result=None),
                store.append_moves("b", 0, [_move(0)], result=None),
                return_exceptions=True,
            )
        finally:
            await store.aclose()

    late, fine = asyncio.run(go())
    assert isinstance(late, Conflict) and fine is None
    assert _stored(url) == {"a": [0], "b": [0]}


def test_two_processes_batches_racing_at_one_table_one_wins(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    names = [f"t{i:02d}" for i in range(20)]

    async def go() -> tuple[list[Any], list[Any]]:
        first = await _store(url, names)
        second = PgStore(url)
        await second.start()
        try:
            # Each store appends move 0 at every table, in opposite orders, together.
            ones = [first.append_moves(t, 0, [_move(0)], result=None) for t in names]
            twos = [second.append_moves(t, 0, [_move(1)], result=None) for t in reversed(names)]
            outcomes = await asyncio.gather(*ones, *twos, return_exceptions=True)
            return outcomes[: len(names)], outcomes[len(names) :][::-1]
        finally:
            await first.aclose()
            await second.aclose()

    ones, twos = asyncio.run(go())
    for one, two in zip(ones, twos, strict=True):
        assert (one is None) != (two is None)  # exactly one of the two won
        assert isinstance(one, Conflict) or isinstance(two, Conflict)
    assert _stored(url) == {t: [0] for t in names}


class Reads:
    """A store whose reads of a table's changes (``since``) are counted."""

    def __init__(self, store: PgStore) -> None:
        self.count = 0
        since = store.since

        async def counted(table_id: str, n: int) -> Any:
            self.count += 1
            return await since(table_id, n)

        store.since = counted  # type: ignore[method-assign]


async def person_table(lobby: Lobby) -> Any:
    """A new Schnapsen table between two people, as the lobby holds it."""
    created = await lobby.create(
        game="schnapsen", kind=None, variant=None, opponent="person", level=None, seat=None
    )
    return lobby.live[created.table]


def test_a_process_hearing_its_own_move_reads_nothing(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()

    async def go() -> tuple[int, int]:
        store = PgStore(url)
        await store.start()
        reads = Reads(store)
        try:
            lobby = Lobby(store)
            table = await person_table(lobby)
            for _ in range(6):
                seat = table.play.turn
                await table.move(seat, table.play.legal(seat)[0], None)
            # The notifications of those commits arrive at this very process.
            for _ in range(50):
                await asyncio.sleep(0.02)
                await asyncio.gather(*lobby._catching_up)
            own = reads.count
            lobby._heard(table.id, -1)  # seats or state changed: that is read
            await asyncio.gather(*lobby._catching_up)
            return own, reads.count
        finally:
            await store.aclose()

    own, after = asyncio.run(go())
    assert own == 0
    assert after == 1


@pytest.mark.parametrize("length", [0, 1])
def test_a_notification_of_moves_held_already_reads_nothing(
    pg_cluster: Cluster, length: int
) -> None:
    url = pg_cluster.new_database()

    async def go() -> tuple[int, int]:
        store = PgStore(url)
        await store.start()
        reads = Reads(store)
        try:
            lobby = Lobby(store)
            table = await person_table(lobby)
            seat = table.play.turn
            await table.move(seat, table.play.legal(seat)[0], None)
            await table.catch_up(length)  # the table holds 1 move: nothing to read
            held = reads.count
            await table.catch_up(table.saved + 1)  # more than it holds: read
            return held, reads.count
        finally:
            await store.aclose()

    assert asyncio.run(go()) == (0, 1)
