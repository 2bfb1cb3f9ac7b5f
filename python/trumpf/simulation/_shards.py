"""A simulation played in shards: what a shard is, how one is played, and where shards go.

A run of ``games`` games is cut into shards of consecutive games; shard ``k``
holds games ``k * size .. k * size + size - 1`` and the core plays them with
``start`` set, so each game is the one the whole run would have played
(game ``i`` is a function of the seed and ``i`` alone). Shards are played
here or on a cluster (:mod:`trumpf.simulation._cluster`); either way a
:class:`Collector` takes them in index order and keeps what the run asked
for: every row, only the exact counts, or one ``.npz`` file a shard beside
a ``manifest.json`` (read back by :mod:`trumpf.simulation._folder`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from trumpf import _core
from trumpf.simulation._files import (
    FORMAT,
    MANIFEST,
    MAX_SHARDS,
    check_out,
    is_shard_folder,
    write_manifest,
    write_shard,
)
from trumpf.simulation._summary import Counts

__all__ = [
    "FORMAT",
    "MANIFEST",
    "MAX_SHARDS",
    "Collector",
    "Job",
    "Shard",
    "bounds",
    "check_out",
    "count_of",
    "first_dealer",
    "flat",
    "is_shard_folder",
    "play",
    "play_here",
    "seat_a",
]

Columns = dict[str, npt.NDArray[Any]]


@dataclass(frozen=True)
class Job:
    """Everything a shard is played from, the same for every shard of a run (picklable)."""

    kind: str
    """The core's name of the game (``schnapsen``, ``sixtysix-match``, ``durak``, ...)."""
    players: tuple[str, str]
    seed: bytes
    rules: dict[str, Any] | None
    threads: int
    """Threads one shard is played on."""
    endings: tuple[str, ...]
    rows: bool
    """Whether a shard hands back its rows."""
    counts: bool
    """Whether a shard hands back its counts."""
    expert: tuple[int, int] = (0, 0)
    """The expert players' worlds and work units a decision (0: the default)."""


@dataclass(frozen=True)
class Shard:
    """What playing games ``start .. start + games - 1`` gave."""

    start: int
    games: int
    columns: Columns | None
    counts: Counts | None


Index = TypeVar("Index", int, npt.NDArray[np.int64])


def seat_a(index: Index) -> Index:
    """Player A's seat in game ``index`` (an int, or an array of them): 1 in even
    games, 2 in odd (the engine's scheme, ``cpp/sim/scheme.hpp``)."""
    return _core.sim.seat_a(index)  # type: ignore[return-value]


def first_dealer(index: Index) -> Index:
    """The first dealer's seat in game ``index`` of the Schnapsen family: 1, 1, 2, 2, 1, 1, ...

    So neither player keeps the advantage of the lead; Durak records no dealer (0).
    The engine's scheme, ``cpp/sim/scheme.hpp``.
    """
    return _core.sim.first_dealer(index)  # type: ignore[return-value]


def count_of(games: int, size: int) -> int:
    """How many shards of ``size`` games a run of ``games`` games is cut into."""
    return -(-games // size)


def bounds(index: int, games: int, size: int) -> tuple[int, int]:
    """The first game of shard ``index`` and how many games it holds."""
    start = index * size
    return start, min(size, games - start)


def play(
    job: Job, start: int, count: int, progress: Callable[[int, int], None] | None = None
) -> tuple[Shard, bool]:
    """Plays one shard in this process; also says whether Ctrl-C cut it short.

    Cut short, the shard holds the longest prefix of its games that finished.
    """
    result = _core.sim.run(
        job.kind,
        count,
        job.players[0],
        job.players[1],
        job.seed,
        job.threads,
        progress,
        rules=job.rules,
        start=start,
        expert_samples=job.expert[0],
        expert_budget=job.expert[1],
    )
    done = int(result["done"])
    columns: Columns = dict(result["columns"])
    if done < count:
        columns = {k: v[:done] for k, v in columns.items()}
    counts = Counts.of(columns, job.endings) if job.counts else None
    shard = Shard(start, done, columns if job.rows else None, counts)
    return shard, bool(result["interrupted"])


def play_here(
    job: Job,
    games: int,
    size: int,
    accept: Callable[[Shard], None],
    progress: Callable[[int, int], None] | None,
) -> bool:
    """Plays a run's shards one after another on this machine; True when Ctrl-C stopped them."""
    for index in range(count_of(games, size)):
        start, count = bounds(index, games, size)
        report = None if progress is None else _offset(progress, start, games)
        shard, interrupted = play(job, start, count, report)
        try:
            accept(shard)
        except KeyboardInterrupt:  # mid-way: the collector took the shard whole or not at all
            return True
        if interrupted:
            return True
    return False


def _offset(
    progress: Callable[[int, int], None], start: int, games: int
) -> Callable[[int, int], None]:
    return lambda done, _total: progress(start + done, games)


def flat(columns: Columns) -> Columns:
    """The columns as one-dimensional ones: each pair (``points``) as ``points_a``, ``points_b``."""
    table: Columns = {}
    for name, col in columns.items():
        if col.ndim == 2:
            table[f"{name}_a"] = col[:, 0]
            table[f"{name}_b"] = col[:, 1]
        else:
            table[name] = col
    return table


class Collector:
    """Takes a run's shards in index order and keeps what the run asked for.

    ``rows``: every row, in arrays as long as the run (the shards' rows are
    copied into place, except a single shard's, which is kept as it is).
    Counts are merged exactly whenever the shards carry them. ``out``: each
    shard's rows go to ``shard-<first game>.npz`` in that folder as they come,
    and :meth:`finish` writes the manifest.
    """

    def __init__(
        self, job: Job, games: int, empty: Columns, meta: dict[str, Any], out: Path | None
    ) -> None:
        self.job = job
        self.games = games
        self.meta = meta
        self.out = out
        # Each shard taken: the games done with it, its counts and manifest entry (None without
        # ``out``), never its rows. Appending to it is the one step that takes
        # a shard, so a Ctrl-C at any moment of add() leaves done, counts and
        # the files agreeing.
        self._taken: list[tuple[int, Counts | None, dict[str, Any] | None]] = []
        self.columns: Columns | None = None
        self.empty = empty
        self.allocated = False
        if out is not None:
            out.mkdir(exist_ok=True)
            for old in out.iterdir():  # a previous run's files (checked to be ours)
                old.unlink()

    @property
    def done(self) -> int:
        """Games in the shards taken so far."""
        return self._taken[-1][0] if self._taken else 0

    @property
    def counts(self) -> Counts | None:
        """The exact counts of the shards taken, when the run asked for counts."""
        if not self.job.counts:
            return None
        total = Counts.none(self.job.endings, self.job.kind == "durak")
        for _, counts, _ in self._taken:
            if counts is not None:
                total = total + counts
        return total

    def add(self, shard: Shard) -> None:
        if shard.start != self.done:
            raise RuntimeError(f"shard at {shard.start} arrived while {self.done} were done")
        entry = None
        if shard.columns is not None:
            if self.out is not None:
                entry = write_shard(self.out, shard.start, shard.games, shard.columns)
            else:
                self._keep(shard, shard.columns)
        self._taken.append((shard.start + shard.games, shard.counts, entry))

    def _keep(self, shard: Shard, columns: Columns) -> None:
        if self.columns is None:
            # The first shard's arrays are kept as they are: a run of one shard
            # (every local run) is never copied.
            self.columns = dict(columns)
            return
        if not self.allocated:
            first = self.columns
            self.columns = {
                k: np.empty((self.games, *v.shape[1:]), dtype=v.dtype)
                for k, v in self.empty.items()
            }
            for name, col in first.items():
                self.columns[name][: len(col)] = col
            self.allocated = True
        end = shard.start + shard.games
        for name, col in columns.items():
            self.columns[name][shard.start : end] = col

    def finish(self, complete: bool) -> None:
        """The run ended (``complete`` or not): trims the rows to it and writes the manifest."""
        done = self.done
        if self.job.rows and self.out is None:
            if self.columns is None or done == 0:
                self.columns = dict(self.empty)
            elif any(len(v) != done for v in self.columns.values()):
                self.columns = {k: v[:done] for k, v in self.columns.items()}
        if self.out is None:
            return
        fields = {
            **self.meta,
            "games": done,
            "planned": self.games,
            "complete": complete,
            "columns": {k: [str(v.dtype), list(v.shape[1:])] for k, v in self.empty.items()},
            "counts": None if self.counts is None else self.counts.as_dict(),
            "shards": [entry for _, _, entry in self._taken if entry is not None],
        }
        write_manifest(self.out, fields)
