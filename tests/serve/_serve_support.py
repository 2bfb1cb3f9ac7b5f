"""Shared by the serve tests: a real server in a subprocess, and the ground truth of
what a seat can know, computed from the game itself."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "build" / "artefacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``trumpf serve`` as a subprocess on 127.0.0.1, started and killed by the test."""

    def __init__(
        self, db: Path | str, *extra: str, port: int | None = None, log: Path | None = None
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        if log is None:
            # A PostgreSQL URL has no folder of its own: the log goes to a temporary one.
            folder = Path(db).parent if isinstance(db, Path) else Path(tempfile.mkdtemp())
            log = folder / f"{Path(str(db)).stem if isinstance(db, Path) else 'server'}.log"
        self.log = log

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        command = [sys.executable, "-m", "trumpf.cli", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--quiet", *self.extra]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        stop = time.monotonic() + timeout
        while time.monotonic() < stop:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{self.base}/healthz", timeout=1) as answer,
            ):
                if answer.status == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """kill -9: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def query(db: Path | str, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (with ``?`` parameters) in either store's database."""
    text = str(db)
    if text.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(text) as conn:
            return list(conn.execute(sql.replace("?", "%s"), args).fetchall())
    import sqlite3

    with contextlib.closing(sqlite3.connect(text)) as conn:
        return list(conn.execute(sql, args).fetchall())


async def stored(db: str, table_id: str) -> Any:
    """The table as either store's database holds it (a ``StoredTable``), or None."""
    from trumpf.serve.storage import open_store

    store = open_store(db)
    await store.start()
    try:
        return await store.load(table_id)
    finally:
        await store.aclose()


@contextlib.contextmanager
def running(db: Path | str, *extra: str) -> Iterator[ServerProcess]:
    server = ServerProcess(db, *extra).start()
    try:
        yield server
    finally:
        server.stop()


# What a seat can know. The ground truth comes from a shadow copy of the game,
# moved one move at a time, never from what the server sent.

CARD_KEYS = frozenset(
    {"card", "turn_up", "trump_card", "lead", "follow", "attack", "beat", "unbeaten", "hand"}
    | {"must_lead", "king", "queen", "known", "discarded", "took"}
)
NEST_KEYS = frozenset(
    {"view", "info", "events", "legal", "last_trick", "bout", "pairs", "melds", "result"}
    | {"played", "exchanges", "claim", "history"}
)
PLAIN_KEYS = frozenset(
    {"type", "table", "seat", "game", "kind", "opponent", "level", "seated", "ply", "over"}
    | {"ack", "variant", "number", "dealer", "phase", "turn", "leader", "trump", "talon_left"}
    | {"draw_left", "closed", "closed_by", "pending_draw", "counts", "taken", "tricks_won"}
    | {"talon", "discard", "swap", "scores", "to_win", "deals", "match_over", "winner"}
    | {"loser", "suit", "value", "counted", "attacker", "defender", "cap", "size", "drawn"}
    | {"points", "tricks", "how", "game_points", "outcome", "fool", "places", "next_attacker"}
    | {"cards", "code", "by", "close_state", "target"}
)
# Checked apart: "names" is the pack (which ids exist, not where they are),
# "message" is an error's text, "reveal" is the end-of-game disclosure, "rules"
# the variant's rules table, "endings" the endings' words (no seat, no card), and
# "unseen" every card whose place the seat does not know (safe only when no
# unknown card is missing from it: see check_message).
SPECIAL_KEYS = frozenset({"names", "message", "reveal", "rules", "unseen", "endings"})


class Unclassified(AssertionError):
    pass


def cards_in(value: Any, cls: str = "nest") -> list[int]:
    """Every card id a message names, by the key it stands under."""
    found: list[int] = []
    if cls == "card":
        if isinstance(value, bool):
            return found
        if isinstance(value, int):
            found.append(value)
        elif isinstance(value, list):
            for item in value:
                found.extend(cards_in(item, "card"))
        elif value is not None:
            raise Unclassified(f"a card key holds {value!r}")
        return found
    if cls == "plain":
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            if key in CARD_KEYS:
                found.extend(cards_in(item, "card"))
            elif key in NEST_KEYS:
                found.extend(cards_in(item, "nest"))
            elif key in PLAIN_KEYS and isinstance(item, list):
                # "tricks" is a count in a result and the list of tricks in an info
                found.extend(cards_in(item, "nest"))
            elif key in PLAIN_KEYS or key in SPECIAL_KEYS:
                continue
            else:
                raise Unclassified(f"key {key!r} is not classified: decide if it carries cards")
    elif isinstance(value, list):
        for item in value:
            found.extend(cards_in(item, "nest"))
    elif isinstance(value, int) and not isinstance(value, bool):
        # a bare number under a key that holds records: it may be a card
        raise Unclassified(f"a number {value!r} stands where records are expected")
    return found


def _king_queen(game: str, suit: str) -> list[int]:
    return [
        c
        for c in schnapsen.deck.pack_for(game)
        if schnapsen.card.suit_of(c) == suit and schnapsen.card.rank_of(c) in "KQ"
    ]


class Knowledge:
    """Per seat and per deal, the cards that seat can know, from the game's ground truth:
    its own hand (every card it held), every card played to the table (Durak: taken
    cards were played first), every face-up turn-up (the one under a Durak talon
    too, and what a Sixty-Six exchange or a Durak swap put there, even when the
    same move's refill draws it at once), and the king and
    queen of a declared marriage. Sizes (talon, discard, the other hand) are counts."""

    def __init__(self, engine: Any) -> None:
        self.durak = isinstance(engine, durak.Game)
        self.game = "durak" if self.durak else engine.variant
        self.seats: tuple[Any, Any] = (1, 2) if self.durak else ("p1", "p2")
        self.pack: list[int] = (
            list(durak.deck.pack()) if self.durak else list(schnapsen.deck.pack_for(self.game))
        )
        self.known: dict[tuple[int, Any], set[int]] = {}
        self.shadow = engine.copy()
        self.seen_events = len(self.shadow.history)
        self.number = self.deal_number()
        self._observe()

    def deal_number(self) -> int:
        return 1 if self.durak else int(self.shadow.number)

    def _deal(self) -> Any:
        return self.shadow.deal if isinstance(self.shadow, schnapsen.Match) else self.shadow

    def _observe(self) -> None:
        number = self.number  # the deal the events not yet seen start in
        history = self.shadow.history
        for event in history[self.seen_events :]:
            kind = event["kind"]
            if kind == "deal":
                number = int(event["number"])
            for seat in self.seats:
                known = self.known.setdefault((number, seat), set())
                if kind in ("lead", "follow", "attack", "beat"):
                    known.add(event["card"])
                elif kind == "marriage":
                    known.update(_king_queen(self.game, event["suit"]))
                elif kind == "deal":
                    known.add(event["turn_up"])
                elif kind == "swap":
                    # The trump six goes face up under the talon; the same move's
                    # refill may hand it straight back, never seen as the turn-up.
                    known.add(durak.card.id_of("6" + self.shadow.trump))
        self.seen_events = len(history)
        self.number = self.deal_number()
        for seat in self.seats:
            known = self.known.setdefault((self.number, seat), set())
            known.update(self._deal().hand_of(seat))
            if self.durak:
                if self.shadow.turn_up_left:
                    known.add(self.shadow.trump_card)
            elif self._deal().turn_up is not None:
                known.add(self._deal().turn_up)

    def follow(self, log: dict[str, Any]) -> None:
        """Apply the moves of ``log`` the shadow has not made yet, one at a time."""
        done = len(self.shadow.to_log()["moves"])
        for move in log["moves"][done:]:
            seat = move["seat"]
            body = {k: v for k, v in move.items() if k != "seat"}
            self.shadow.apply(seat, body)
            self._observe()

    def may_know(self, number: int, seat: Any) -> set[int]:
        return self.known.get((number, seat), set())


def check_message(
    message: dict[str, Any], seat: Any, knowledge: Knowledge, number_before: int, sent: Any = None
) -> None:
    """Fail if ``message`` to ``seat`` names a card ``seat`` cannot know.

    ``number_before`` is the deal the events start in; ``sent`` is what this seat
    itself sent (an error may quote it back)."""
    over = bool(message.get("over"))
    if message.get("reveal") is not None and not over:
        raise AssertionError(f"a reveal before the end: {message}")
    seed = knowledge.shadow.seed.hex()
    if not over and seed in json.dumps(message):
        raise AssertionError("the seed was sent before the end")
    if over:
        return
    if message.get("type") == "error":
        text = message.get("message", "")
        quoted = set(cards_in(sent)) if sent is not None else set()
        for number in re.findall(r"\d+", text):
            if int(number) not in quoted:
                raise AssertionError(f"an error names {number} that the seat did not send: {text}")
        return
    # "events" start in the deal before the move; "history" (a welcome's) in the first.
    for key, number in (("events", number_before), ("history", 1)):
        for event in message.get(key, []):
            if event.get("kind") == "deal":
                number = int(event["number"])
            unknown = set(cards_in(event)) - knowledge.may_know(number, seat)
            if unknown:
                raise AssertionError(f"seat {seat} told {sorted(unknown)} in {key}: {event}")
    rest = {k: v for k, v in message.items() if k not in ("events", "history")}
    now = knowledge.deal_number()
    unknown = set(cards_in(rest)) - knowledge.may_know(now, seat)
    if unknown:
        raise AssertionError(f"seat {seat} told {sorted(unknown)} in {message['type']}")
    info = message.get("info")
    if info is not None:
        # "unseen" tells nothing only while it lists every card the seat cannot
        # know: one left out would be one located.
        hidden = set(knowledge.pack) - knowledge.may_know(now, seat)
        missing = hidden - set(info["unseen"])
        if missing:
            raise AssertionError(f"seat {seat}: unseen leaves out {sorted(missing)}")


def knowledge_from_start(log: dict[str, Any]) -> Knowledge:
    """The ground truth for a game, followed from its first move."""
    from trumpf.serve.games import restore

    knowledge = Knowledge(restore({**log, "moves": []}).engine)
    knowledge.follow(log)
    return knowledge


def _same(move: dict[str, Any], logged: dict[str, Any]) -> bool:
    return all(move.get(k) == logged.get(k) for k in ("kind", "card", "suit"))


def moves_by_ply(log: dict[str, Any]) -> tuple[Any, dict[int, dict[str, Any]]]:
    """The log replayed move by move: the game, and each move keyed by the ply it was made at."""
    from trumpf.serve.games import restore

    replayed = restore({**log, "moves": []}).engine
    at_ply: dict[int, dict[str, Any]] = {}
    for move in log["moves"]:
        at_ply[len(replayed.history)] = move
        replayed.apply(move["seat"], {k: v for k, v in move.items() if k != "seat"})
    return replayed, at_ply


def all_acked_in(table: Any, at_ply: dict[int, dict[str, Any]]) -> None:
    """Every move a seat of ``table`` was acknowledged is in ``at_ply`` at its ply."""
    for seat in table.seats:
        for ply, move in seat.acked:
            logged = at_ply.get(ply)
            assert logged is not None and _same(move, logged), (
                f"{table.table}: acknowledged {move} at ply {ply}, stored {logged}"
            )


def verify_table(base: str, table: Any, *, every_move_acked: bool) -> int:
    """Check a scripted table against its downloaded log: the log replays offline to the
    result the seats were told, every acknowledged move is in it at its ply, and (with no
    crash) every move in it was acknowledged exactly once. Returns the log's length."""
    from trumpf.serve.client import download_log

    log = download_log(base, table.table, table.seats[0].token)
    replayed, at_ply = moves_by_ply(log)
    assert replayed.over, f"table {table.table}: the log does not finish the game"
    result = json.loads(json.dumps(replayed.result))
    acked: dict[int, Any] = {}
    for seat in table.seats:
        assert seat.last is not None and seat.last["over"], f"{table.table}: {seat.seat} not over"
        assert seat.last["result"] == result, f"{table.table}: told {seat.last['result']}"
        for ply, move in seat.acked:
            assert ply not in acked, f"{table.table}: ply {ply} acknowledged twice"
            acked[ply] = seat.seat
            logged = at_ply.get(ply)
            assert logged is not None and _same(move, logged), (
                f"{table.table}: acknowledged {move} at ply {ply}, the log has {logged}"
            )
            assert str(logged["seat"]) == str(seat.seat)
    if every_move_acked:
        mine = {str(seat.seat) for seat in table.seats}
        expected = {ply for ply, move in at_ply.items() if str(move["seat"]) in mine}
        assert set(acked) == expected, f"{table.table}: moves lost or unacknowledged"
    return len(log["moves"])
