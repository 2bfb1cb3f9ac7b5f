"""A folder written by ``simulate(..., out=)``, read back as input from a stranger.

Every field of the manifest is checked against what a run can be: the game
one of :data:`GAMES`, its players the game's, a 32-byte seed, rules the game
can be played under, the endings and columns the core gives that game, the
counts and the shards adding up. Every shard is checked against the
manifest and against what a game's row can hold (a winner of A, B or
nobody, an ending of the game, the seat and dealer the run gives that
game). Anything else is a :class:`SimulationError` ``bad_folder`` naming
the file and the field.

The checks make a folder well formed, not honest: rows forged to agree with
each other and with the manifest read back as they are, and
:meth:`Simulation.replay` is what tells a row the rules produced.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from trumpf import _core
from trumpf._checks import short
from trumpf.simulation._arguments import (
    GAMES,
    MAX_EXPERT_BUDGET,
    MAX_EXPERT_SAMPLES,
    MAX_GAMES,
    PLAYERS,
    SimulationError,
    is_match,
    rules_for,
)
from trumpf.simulation._files import (
    FORMAT,
    MANIFEST,
    MAX_MANIFEST_BYTES,
    MAX_SHARDS,
    VERSION,
    Columns,
    Folder,
    FolderError,
    Layout,
    read_columns,
    read_json,
    shard_name,
)
from trumpf.simulation._shards import first_dealer, seat_a
from trumpf.simulation._summary import Counts

__all__ = ["Run", "read_rows", "read_run", "shards_of"]

_KEYS = (
    "format",
    "version",
    "game",
    "players",
    "seed",
    "rules",
    "endings",
    "threads",
    "games",
    "planned",
    "complete",
    "columns",
    "counts",
    "shards",
)
_OPTIONAL = ("expert",)  # folders written before the expert existed have none
_HEX = frozenset("0123456789abcdef")
_MOST_THREADS = 2**31  # a cluster's threads at once, as a run records them


@dataclass(frozen=True)
class Run:
    """What a folder's manifest says, every field checked."""

    path: Path
    game: str
    players: tuple[str, str]
    seed: bytes
    rules: dict[str, Any] | None
    endings: tuple[str, ...]
    expert: tuple[int, int]
    threads: int
    games: int
    complete: bool
    layout: Layout
    counts: object
    """The manifest's counts, as JSON: checked against the rows once they are read."""
    shards: tuple[tuple[int, int], ...]
    """Each shard's first game and its games, in order."""


def _refuse(path: Path, field: str, why: str) -> NoReturn:
    raise SimulationError("bad_folder", f"{path / MANIFEST}: {field}: {why}")


def _folder_error(bad: FolderError) -> SimulationError:
    return SimulationError("bad_folder", str(bad))


def read_manifest(folder: Folder) -> Run:
    """The manifest of ``folder``, every field checked; SimulationError ``bad_folder`` if not."""
    path = folder.path
    try:
        data = read_json(folder, MANIFEST, MAX_MANIFEST_BYTES)
    except FolderError as bad:
        if bad.missing:
            raise SimulationError(
                "bad_folder", f"{path} holds no {MANIFEST}: not a sharded simulation"
            ) from None
        raise _folder_error(bad) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _refuse(path, "format", "this is not a trumpf simulation's manifest")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        _refuse(path, "version", f"is {short(data.get('version'))}; this trumpf reads {VERSION}")
    for key in data:
        if key not in _KEYS and key not in _OPTIONAL:
            _refuse(path, short(key), "is not a field of a manifest")
    for key in _KEYS:
        if key not in data:
            _refuse(path, key, "is missing")
    game = data["game"]
    if type(game) is not str or game not in GAMES:
        _refuse(path, "game", f"is {short(game)}, not one of the games a simulation plays")
    players = _players(path, game, data["players"])
    seed = _seed(path, data["seed"])
    given = data["rules"]
    if (given is None) != (game == "durak") or not (given is None or type(given) is dict):
        _refuse(
            path, "game, rules", f"are {short(given)}: a table of {game}'s rules, null for Durak"
        )
    try:
        # A field left out takes the game's default: a folder written before a
        # house rule existed was played without it.
        rules = rules_for(game, given)
    except SimulationError as bad:
        _refuse(path, "game, rules", f"are not rules {game} can be played under: {bad.message}")
    kind = "durak" if rules is None else rules["name"] + ("-match" if is_match(game) else "")
    probe = _core.sim.run(kind, 0, players[0], players[1], seed, 1, None, rules=rules)
    endings = list(probe["endings"])
    if not _same(data["endings"], endings):
        _refuse(path, "game, endings", f"are not {game}'s: {', '.join(endings)}")
    empty: dict[str, npt.NDArray[Any]] = dict(probe["columns"])
    columns = {k: [str(v.dtype), list(v.shape[1:])] for k, v in empty.items()}
    if not _same(data["columns"], columns) or list(data["columns"]) != list(columns):
        _refuse(path, "game, columns", f"are not the columns a game of {game} has, in order")
    games = _whole(path, "games", data["games"], 0, MAX_GAMES)
    planned = _whole(path, "planned", data["planned"], 0, MAX_GAMES)
    if planned < games:
        _refuse(path, "games, planned", f"{games:,} games were played of {planned:,} planned")
    complete = data["complete"]
    if type(complete) is not bool:
        _refuse(path, "complete", f"is {short(complete)}, not true or false")
    if complete and games != planned:
        _refuse(path, "complete, games, planned", f"a complete run of {planned:,} played {games:,}")
    return Run(
        path=path,
        game=game,
        players=players,
        seed=seed,
        rules=rules,
        endings=tuple(endings),
        expert=_expert(path, data["expert"]) if "expert" in data else (0, 0),
        threads=_whole(path, "threads", data["threads"], 1, _MOST_THREADS),
        games=games,
        complete=complete,
        layout={k: (v.dtype, tuple(v.shape[1:])) for k, v in empty.items()},
        counts=data["counts"],
        shards=_shards(path, data["shards"], games),
    )


def _same(a: object, b: object) -> bool:
    """Equal as JSON values are, types included: ``true`` is not ``1``, ``1.0`` not ``1``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _whole(path: Path, field: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _refuse(path, field, f"is {short(value)}, not a whole number from {low:,} to {high:,}")
    return value


def _players(path: Path, game: str, value: object) -> tuple[str, str]:
    if type(value) is not list or len(value) != 2:
        _refuse(path, "players", f"are {short(value)}, not a list of two")
    for k, player in enumerate(value):
        if type(player) is not str or player not in PLAYERS[game]:
            _refuse(path, f"game, players[{k}]", f"is {short(player)}, not a player of {game}")
    return (value[0], value[1])


def _seed(path: Path, value: object) -> bytes:
    if type(value) is not str or len(value) != 64 or not _HEX.issuperset(value):
        _refuse(path, "seed", f"is {short(value)}, not 32 bytes as 64 lower-case hex digits")
    return bytes.fromhex(value)


def _expert(path: Path, value: object) -> tuple[int, int]:
    if type(value) is not dict or sorted(value) != ["budget", "samples"]:
        _refuse(path, "expert", f"is {short(value)}, not {{samples, budget}}")
    samples = _whole(path, "expert.samples", value["samples"], 0, MAX_EXPERT_SAMPLES)
    return (samples, _whole(path, "expert.budget", value["budget"], 0, MAX_EXPERT_BUDGET))


def _shards(path: Path, value: object, games: int) -> tuple[tuple[int, int], ...]:
    if type(value) is not list or len(value) > MAX_SHARDS:
        _refuse(path, "shards", f"is {short(value)}, not a list of at most {MAX_SHARDS:,}")
    found: list[tuple[int, int]] = []
    done = 0
    for k, entry in enumerate(value):
        where = f"shards[{k}]"
        if type(entry) is not dict or sorted(entry) != ["file", "games", "start"]:
            _refuse(path, where, f"is {short(entry)}, not {{file, start, games}}")
        start = _whole(path, f"{where}.start", entry["start"], done, done)
        last = k == len(value) - 1  # only the shard Ctrl-C cut short can hold no games
        count = _whole(path, f"{where}.games", entry["games"], 0 if last else 1, games - done)
        if entry["file"] != shard_name(start):
            _refuse(path, f"{where}.file", f"is {short(entry['file'])}, not {shard_name(start)}")
        found.append((start, count))
        done += count
    if done != games:
        _refuse(path, "games, shards", f"the shards hold {done:,} games, not {games:,}")
    return tuple(found)


def read_rows(folder: Folder, run: Run, index: int) -> Columns:
    """Shard ``index``'s columns, checked against the manifest and what a game's row holds."""
    start, games = run.shards[index]
    name = shard_name(start)
    try:
        columns = read_columns(folder, name, games, run.layout)
    except FolderError as bad:
        raise _folder_error(bad) from None
    rows = np.arange(start, start + games, dtype=np.int64)
    durak = run.game == "durak"
    wrong = [
        column
        for column, ok in (
            ("winner", np.isin(columns["winner"], (-1, 0, 1)).all()),
            ("how", ((columns["how"] >= 0) & (columns["how"] < len(run.endings))).all()),
            ("seat_a", (columns["seat_a"] == seat_a(rows)).all()),
            ("dealer", (columns["dealer"] == (0 if durak else first_dealer(rows))).all()),
            ("fool", not durak or np.isin(columns["fool"], (-1, 0, 1)).all()),
        )
        if not ok
    ]
    if wrong:
        raise SimulationError(
            "bad_folder",
            f"{run.path / name}: {wrong[0]}: holds values no game of {run.game} gives",
        )
    return columns


def _check_counts(run: Run, counts: Counts) -> None:
    if not _same(run.counts, counts.as_dict()):
        _refuse(run.path, "counts", "are not the counts of the rows the shards hold")


def read_run(path: Path) -> tuple[Run, Columns]:
    """The manifest of the folder at ``path`` and every row its shards hold, all checked."""
    try:
        with Folder(path) as folder:
            run = read_manifest(folder)
            parts = [read_rows(folder, run, k) for k in range(len(run.shards))]
    except FolderError as bad:
        raise _folder_error(bad) from None
    columns = {
        name: np.concatenate([part[name] for part in parts])
        if parts
        else np.empty((0, *shape), dtype=dtype)
        for name, (dtype, shape) in run.layout.items()
    }
    _check_counts(run, Counts.of(columns, run.endings))
    return run, columns


def shards_of(path: Path) -> Iterator[tuple[int, Columns]]:
    """Each shard of the folder at ``path``, checked, in order: its first game and its columns.

    The manifest is checked before the first shard is read, and its counts
    against the rows once the last one has been.
    """
    try:
        folder = Folder(path)
    except FolderError as bad:
        raise _folder_error(bad) from None
    with folder:
        run = read_manifest(folder)
        total = Counts.none(run.endings, run.game == "durak")
        for index, (start, _) in enumerate(run.shards):
            columns = read_rows(folder, run, index)
            total = total + Counts.of(columns, run.endings)
            yield start, columns
        _check_counts(run, total)
