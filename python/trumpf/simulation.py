"""Batch simulation: many whole games in the C++ core, on threads, into numpy arrays.

``simulate("schnapsen", games=1_000_000, players=("random", "bot2"))`` plays the
games in C++ with the GIL released and returns one row per game. It is
reproducible: game ``i`` of a single-deal or Durak simulation is dealt from the
master seed with deal number ``i + 1`` (a match simulation builds match ``i``
from :func:`match_seed`), each player's random stream is a function of
(seed, i, player), and the result is identical whatever the thread count.
Player A sits in seat 1 in even games and seat 2 in odd ones; in the
Schnapsen family the dealer alternates every two games, so neither player keeps
the advantage of a seat or of the lead. :meth:`Simulation.replay` rebuilds any
single game through the ordinary Python API.

The same run can be played in shards of consecutive games, on a Ray cluster
(``cluster="ray"``) or here: the rows are the same whatever the shard size
or the number of workers. A run too large to keep its rows keeps only their
exact counts (``summary_only=True``) or writes them to a folder shard by
shard (``out=``), which :func:`load` and :func:`iter_shards` read back.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf import _core, _shards
from trumpf._sim_replay import replay_durak, replay_schnapsen
from trumpf._summary import Counts, Summary, wilson, wilson_high
from trumpf.errors import Error
from trumpf.schnapsen import variant as _variant

__all__ = [
    "CLUSTERS",
    "GAMES",
    "MAX_GAMES",
    "MAX_THREADS",
    "PLAYERS",
    "ClusterError",
    "Counts",
    "Simulation",
    "SimulationError",
    "SimulationInterrupted",
    "Summary",
    "check_arguments",
    "iter_shards",
    "load",
    "match_seed",
    "rules_for",
    "simulate",
    "wilson",
    "wilson_high",
]

_VARIANTS: tuple[str, ...] = tuple(_variant.variants()) + tuple(_variant.presets())

GAMES: tuple[str, ...] = (
    *_VARIANTS,
    *(f"{name}-match" for name in _VARIANTS),
    "durak",
)
"""The games a simulation can play: single deals and whole matches of each
Schnapsen-family variant and house-rule preset (``schnapsen-tjger``), and
Durak games."""

PLAYERS: dict[str, tuple[str, ...]] = {
    **{game: ("random", "bot1", "bot2") for game in GAMES if game != "durak"},
    "durak": ("random", "bot1", "bot2", "bot3"),
}
"""The built-in policies each game offers."""

MAX_THREADS = 1024
"""The most worker threads a simulation starts.

The games are CPU-bound, so threads beyond the cores only queue; 1024 is
more than the largest two-socket servers have (768 hardware threads), so no
real machine is held back, while a mistyped count (``--threads 100000``) is
refused here instead of running the process out of threads, which the core's
thread pool cannot survive.
"""

MAX_GAMES = 2**40
"""The most games one simulation plays, whatever the machine.

The core counts games in int64 and sizes its result arrays in ssize_t; 2**40
is far inside both, and at 22 bytes of results a game it is already 24 TiB,
so the memory check in :func:`simulate` is what binds on any real machine.
"""

_COLUMN_BYTES = 22
"""Bytes of result columns a game needs (six int8, six int16 and one int32 value)."""

SeedLike = bytes | str | None
ProgressCallback = Callable[[int, int], None]


CLUSTERS = ("ray",)
"""Where else a simulation's shards can be played: ``cluster="ray"``."""

NO_RAY = 'Ray is not installed here: pip install "trumpf[ray]"'
"""What ``cluster="ray"`` says where Ray cannot be imported."""

LOCAL_SHARD = 1_000_000
"""Games a shard when a run played here is sharded (summary-only or a folder): 22 MB of rows."""


class SimulationError(ValueError):
    """A simulation asked for something that cannot be played: says what and why."""


class ClusterError(SimulationError):
    """The cluster cannot play the run (no Ray, a bad address, no CPU for a shard): says why."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a simulation; ``partial`` holds the games finished before it."""

    def __init__(self, partial: Simulation) -> None:
        super().__init__(f"interrupted after {partial.games} games")
        self.partial = partial


def _seed_bytes(seed: SeedLike) -> bytes:
    if seed is None:
        return secrets.token_bytes(32)
    if isinstance(seed, str):
        try:
            raw = bytes.fromhex(seed)
        except ValueError:
            raise SimulationError(f"seed {seed!r} is not hex") from None
        seed = raw
    if not isinstance(seed, bytes) or len(seed) != 32:
        got = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise SimulationError(f"a seed is exactly 32 bytes (64 hex digits), got {got}")
    return seed


def match_seed(seed: bytes, index: int) -> bytes:
    """The seed that match ``index`` of a match simulation is built from.

    Every match deals its own deals 1, 2, ... from one seed, so match ``i``
    cannot share the master seed: it gets SHA-256(seed || "match:<i+1>"),
    computed by the core that plays it.
    """
    return _core.sim.match_seed(seed, index)


@dataclass(frozen=True)
class Simulation:
    """The per-game results of a simulation, one numpy row per game.

    Columns (all of length ``games``; pairs have shape ``(games, 2)`` ordered
    player A, player B): ``winner`` (0 = A, 1 = B, -1 = nobody: a drawn deal,
    a drawn Durak game), ``game_points`` (what the winner scored: game points
    of a deal, or for a match the loser's distance from the target),
    ``how`` (index into :attr:`endings`), ``points`` (card points; for a match
    the final match score), ``tricks`` (tricks taken; for a match deals won),
    ``moves`` (moves played), ``seat_a`` (player A's seat, 1 or 2),
    ``dealer`` (the first dealer's seat; 0 in Durak), ``deals`` (deals played),
    and for Durak ``fool`` (0 = A, 1 = B, -1 = none) and ``bouts``.

    A run that kept no rows (``summary_only``, or written to a folder) has no
    columns but its exact :attr:`counts`; its :meth:`summary` is the one the
    rows would give, and :attr:`out` names the folder :func:`load` reads.
    """

    game: str
    players: tuple[str, str]
    seed: bytes
    threads: int
    endings: tuple[str, ...]
    columns: dict[str, npt.NDArray[Any]] = field(repr=False)
    complete: bool = True
    rules: dict[str, Any] | None = field(default=None, repr=False)
    """The full rules table of a Schnapsen-family game (house rules included); None in Durak."""
    counts: Counts | None = field(default=None, repr=False)
    """The exact counts of a run that kept no rows; None when :attr:`columns` has them."""
    out: str | None = field(default=None, repr=False)
    """The folder the rows were written to, shard by shard (None when they were not)."""

    @property
    def games(self) -> int:
        """How many games were played (a prefix of those asked for, when interrupted)."""
        if self.counts is not None and not self.columns:
            return self.counts.games
        return int(self.columns["winner"].shape[0])

    @property
    def has_rows(self) -> bool:
        """Whether the per-game columns are here (False for a summary-only run)."""
        return bool(self.columns)

    def __repr__(self) -> str:
        state = "complete" if self.complete else "interrupted"
        return (
            f"<Simulation {self.game}: {self.games:,} games, {self.players[0]} v "
            f"{self.players[1]}, seed {self.seed.hex()}, {state}>"
        )

    def __getitem__(self, name: str) -> npt.NDArray[Any]:
        if not self.columns:
            where = f"; load({self.out!r}) reads them" if self.out else ""
            raise KeyError(f"{name!r}: this simulation kept no rows, only their counts{where}")
        return self.columns[name]

    def summary(self) -> Summary:
        """Wins with 95% Wilson intervals, points, moves and endings, from exact counts."""
        if self.counts is not None and not self.columns:
            return Summary.of(self.counts)
        return Summary.of(Counts.of(self.columns, self.endings))

    def table(self) -> dict[str, npt.NDArray[Any]]:
        """The columns as one-dimensional ones (``points_a``, ``points_b``, ...): ``pd.DataFrame(sim.table())``."""
        return _shards.flat(self.columns)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the per-game columns and what made them to ``path`` (.npz, or .csv)."""
        if not self.columns:
            raise SimulationError("this simulation kept no rows to save")
        target = os.fspath(path)
        meta = {
            "game": np.array(self.game),
            "players": np.array(self.players),
            "seed": np.array(self.seed.hex()),
            "endings": np.array(self.endings),
            "rules": np.array(json.dumps(self.rules)),
        }
        if target.endswith(".csv"):
            self._save_csv(target)
            return
        arrays: dict[str, Any] = {**self.columns, **meta}
        np.savez_compressed(target, **arrays)

    def _save_csv(self, target: str) -> None:
        table = self.table()
        names = list(table)
        rows = np.column_stack(list(table.values())) if table else np.empty((0, 0))
        np.savetxt(target, rows, fmt="%d", delimiter=",", header=",".join(names), comments="")

    def replay(self, index: int) -> Any:
        """Plays game ``index`` again through the ordinary Python API, move for move.

        The players draw from the same streams as in the simulation
        (:class:`trumpf._core.sim.Stream` for a random player, the same bot
        seeds for Durak's level-1 bot), so the finished Deal, Match or Game
        returned here is the one the simulation recorded in row ``index``.
        A run that kept no rows replays the same way.
        """
        args = self.build_args(index)
        seats = args.pop("seats")
        players = {seats["a"]: self.players[0], seats["b"]: self.players[1]}
        streams = {
            seats["a"]: _core.sim.Stream(self.seed, index, 0),
            seats["b"]: _core.sim.Stream(self.seed, index, 1),
        }
        if self.game == "durak":
            return replay_durak(args, players, streams, index, seats)
        return replay_schnapsen(self.game, args, players, streams)

    def build_args(self, index: int) -> dict[str, Any]:
        """How game ``index`` is built through the ordinary API, and who sits where."""
        if not 0 <= index < self.games:
            raise IndexError(f"game {index} is outside 0..{self.games - 1}")
        # A sits in seat 1 in even games; the first dealer changes every two games.
        seat_a = int(self.columns["seat_a"][index]) if self.columns else 1 + index % 2
        seats = {"a": seat_a, "b": 3 - seat_a}
        if self.game == "durak":
            return {"seed": self.seed, "number": index + 1, "seats": seats}
        first = int(self.columns["dealer"][index]) if self.columns else 1 + index // 2 % 2
        dealer = "p1" if first == 1 else "p2"
        variant = self.rules
        if _is_match(self.game):
            seed = match_seed(self.seed, index)
            return {"variant": variant, "seed": seed, "dealer": dealer, "seats": seats}
        return {
            "variant": variant,
            "seed": self.seed,
            "number": index + 1,
            "dealer": dealer,
            "seats": seats,
        }


def check_arguments(
    game: str,
    games: int,
    players: Sequence[str] = ("random", "random"),
    seed: SeedLike = None,
    threads: int | None = None,
    rules: Mapping[str, object] | None = None,
    *,
    cluster: str | None = None,
    address: str | None = None,
    shard: int | None = None,
    summary_only: bool = False,
    out: str | os.PathLike[str] | None = None,
) -> tuple[tuple[str, str], bytes]:
    """Refuses (SimulationError) what :func:`simulate` would refuse, before any game is played.

    Returns the two players and the seed as 32 bytes (a fresh one when ``seed`` is None).
    Whether the cluster can play the run is known only once it is reached.
    """
    if game not in GAMES:
        raise SimulationError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_GAMES:
        raise SimulationError(f"games must be a whole number from 0 to 2**40, got {games!r}")
    memory = _memory()
    if not summary_only and out is None and games * _COLUMN_BYTES > memory:
        # The core allocates every result row before the first game; past the
        # machine's memory that allocation would fail or the kernel would end
        # the process, after the user had waited for nothing.
        raise SimulationError(
            f"{games:,} games need {games * _COLUMN_BYTES / 2**30:,.1f} GiB for their results; "
            f"this machine has {memory / 2**30:,.1f} GiB; summary_only or out (a folder) "
            "keeps none"
        )
    if isinstance(players, str) or len(players) != 2:
        raise SimulationError(f"players is a pair of policies, got {players!r}")
    for p in players:
        if p not in PLAYERS[game]:
            raise SimulationError(
                f"unknown player {p!r} for {game}: choose from {', '.join(PLAYERS[game])}"
            )
    if threads is not None and (
        isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS
    ):
        raise SimulationError(
            f"threads must be a whole number from 1 to {MAX_THREADS}, got {threads!r}"
        )
    rules_for(game, rules)
    _check_sharding(cluster, address, shard, out)
    return (players[0], players[1]), _seed_bytes(seed)


def _check_sharding(
    cluster: str | None,
    address: str | None,
    shard: int | None,
    out: str | os.PathLike[str] | None,
) -> None:
    if cluster is not None and cluster not in CLUSTERS:
        raise SimulationError(f"unknown cluster {cluster!r}: the one offered is 'ray'")
    if cluster == "ray" and not _installed("ray"):
        raise ClusterError(NO_RAY)
    if address is not None and (cluster is None or not isinstance(address, str) or not address):
        raise SimulationError("address names a Ray cluster: give it with cluster='ray'")
    if shard is not None and (
        isinstance(shard, bool) or not isinstance(shard, int) or not 1 <= shard <= MAX_GAMES
    ):
        raise SimulationError(f"shard must be a whole number from 1 to 2**40, got {shard!r}")
    if out is not None:
        try:
            _shards.check_out(out, "the results folder")
        except ValueError as bad:
            raise SimulationError(str(bad)) from None


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module set to None, or without a spec
        return False


def _is_match(game: str) -> bool:
    return game.endswith("-match")


def rules_for(game: str, rules: Mapping[str, object] | None) -> dict[str, Any] | None:
    """The full rules table a Schnapsen-family game is played under (None for Durak).

    ``rules`` are house-rule changes on top of the variant or preset ``game`` names.
    """
    if game == "durak":
        if rules:
            raise SimulationError("Durak has no house rules")
        return None
    base = game.removesuffix("-match")
    try:
        return _variant.custom(base, **dict(rules or {}))
    except Error as err:
        raise SimulationError(err.message) from None


def _memory() -> int:
    """The machine's physical memory in bytes (no bound where the system will not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not on Linux or macOS
        return 2**63


def simulate(
    game: str,
    games: int = 1000,
    players: Sequence[str] = ("random", "random"),
    seed: SeedLike = None,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    rules: Mapping[str, object] | None = None,
    *,
    cluster: str | None = None,
    address: str | None = None,
    shard: int | None = None,
    summary_only: bool = False,
    out: str | os.PathLike[str] | None = None,
) -> Simulation:
    """Plays ``games`` whole games of ``game`` between two built-in policies in C++.

    ``seed`` is 32 bytes (or 64 hex digits); a random one is drawn when it is
    omitted and reported as :attr:`Simulation.seed`. ``threads`` defaults to
    the machine's cores and is at most :data:`MAX_THREADS`; ``games`` is at
    most :data:`MAX_GAMES` and must fit the machine's memory. ``progress(done, total)`` is called from the calling
    thread now and then. Ctrl-C stops the workers cleanly and raises
    :class:`SimulationInterrupted`, whose ``partial`` holds the games finished.

    ``rules`` changes house rules of a Schnapsen-family game, on top of the
    variant or preset the game names: ``simulate("schnapsen", ...,
    rules={"marriage_by_lead": True})``; see :func:`trumpf.schnapsen.variant.custom`.

    ``cluster="ray"`` plays the run on a Ray cluster, one task a shard of
    ``shard`` consecutive games (by default about eight shards a CPU, at most
    a million games each), each task on ``threads`` threads (default 1) and
    as many CPUs. ``address`` is the cluster's (``HOST:PORT``, or anything
    ``ray.init`` takes); without it Ray's own default applies (``RAY_ADDRESS``,
    a cluster started on this machine, else a new local one). A Ray already
    initialised in this process is used as it is; one started here is shut
    down at the end. The rows are the same as a local run's, whatever the
    shard size and the workers; a shard lost with its worker is played
    again, to the same rows.

    Runs too large to keep their rows: ``summary_only=True`` keeps only the
    exact counts (:attr:`Simulation.counts`; the summary is the rows' to the
    last bit), and ``out=FOLDER`` writes each shard's rows to
    ``FOLDER/shard-<first game>.npz`` beside a ``manifest.json`` as they come,
    for :func:`load` and :func:`iter_shards`. Either also works without a
    cluster, in shards of :data:`LOCAL_SHARD` games.
    """
    pair, raw_seed = check_arguments(
        game,
        games,
        players,
        seed,
        threads,
        rules,
        cluster=cluster,
        address=address,
        shard=shard,
        summary_only=summary_only,
        out=out,
    )
    table = rules_for(game, rules)
    kind = "durak" if table is None else table["name"] + ("-match" if _is_match(game) else "")
    local_threads = threads if threads is not None else min(os.cpu_count() or 1, MAX_THREADS)
    # A game's columns and endings, from the core itself: what every shard will hold.
    probe = _core.sim.run(kind, 0, pair[0], pair[1], raw_seed, 1, None, rules=table)
    endings = tuple(probe["endings"])
    rows = not summary_only and out is None
    job = _shards.Job(
        kind=kind,
        players=pair,
        seed=raw_seed,
        rules=table,
        threads=local_threads if cluster is None else (threads or 1),
        endings=endings,
        rows=rows or out is not None,
        counts=not rows,
    )
    folder = None if out is None else Path(out)
    size = shard
    if cluster is None and size is None:
        size = max(games, 1) if rows else LOCAL_SHARD
    meta = {
        "game": game,
        "players": list(pair),
        "seed": raw_seed.hex(),
        "rules": table,
        "endings": list(endings),
    }
    try:
        collector = _shards.Collector(job, games, dict(probe["columns"]), meta, folder)
        if cluster == "ray":
            from trumpf.cluster import ray as ray_runner

            interrupted, used = ray_runner.run(job, games, size, collector.add, progress, address)
        else:
            assert size is not None
            interrupted = _shards.play_here(job, games, size, collector.add, progress)
            used = local_threads
        collector.meta["threads"] = used
        collector.finish(complete=not interrupted)
    except OSError as bad:
        if folder is None:
            raise
        # The folder of results, full or gone: one line, not a traceback.
        why = bad.strerror or str(bad)
        raise SimulationError(f"the results could not be written to {folder}: {why}") from None
    sim = Simulation(
        game=game,
        players=pair,
        seed=raw_seed,
        threads=used,
        endings=endings,
        columns=collector.columns or {},
        complete=collector.done == games,
        rules=table,
        counts=None if rows else collector.counts,
        out=None if folder is None else str(folder),
    )
    if interrupted:
        raise SimulationInterrupted(sim)
    return sim


def load(path: str | os.PathLike[str]) -> Simulation:
    """The simulation a folder written by ``simulate(..., out=path)`` holds, every row in memory.

    For a run larger than memory, read it shard by shard with :func:`iter_shards`.
    """
    folder = Path(path)
    try:
        manifest, columns = _shards.read_run(folder)
    except (OSError, ValueError) as bad:
        raise SimulationError(str(bad)) from None
    return Simulation(
        game=manifest["game"],
        players=(manifest["players"][0], manifest["players"][1]),
        seed=bytes.fromhex(manifest["seed"]),
        threads=int(manifest["threads"]),
        endings=tuple(manifest["endings"]),
        columns=columns,
        complete=bool(manifest["complete"]),
        rules=manifest["rules"],
        out=str(folder),
    )


def iter_shards(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, npt.NDArray[Any]]]]:
    """Each shard of a folder written by ``simulate(..., out=path)``, one at a time.

    Yields the index of the shard's first game and its columns as one-dimensional
    ones (as :meth:`Simulation.table`), so a run larger than memory reads in
    pieces: ``pd.DataFrame(table, index=range(start, start + len(table["winner"])))``.
    """
    try:
        for start, columns in _shards.shards_of(Path(path)):
            yield start, _shards.flat(columns)
    except (OSError, ValueError) as bad:
        raise SimulationError(str(bad)) from None
