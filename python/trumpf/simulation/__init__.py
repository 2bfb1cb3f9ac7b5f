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

import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy.typing as npt

from trumpf import _core
from trumpf._checks import short
from trumpf.simulation import _shards
from trumpf.simulation._arguments import (
    CLUSTERS,
    GAMES,
    LOCAL_SHARD,
    MAX_EXPERT_BUDGET,
    MAX_EXPERT_SAMPLES,
    MAX_GAMES,
    MAX_THREADS,
    NO_RAY,
    PLAYERS,
    ClusterError,
    ProgressCallback,
    SeedLike,
    SimulationError,
    arguments,
    check_arguments,
    is_match,
    local_shard,
    rules_for,
)
from trumpf.simulation._folder import read_run, shards_of
from trumpf.simulation._result import Simulation, match_seed
from trumpf.simulation._summary import Counts, Summary, wilson, wilson_high

__all__ = [
    "CLUSTERS",
    "GAMES",
    "LOCAL_SHARD",
    "MAX_EXPERT_BUDGET",
    "MAX_EXPERT_SAMPLES",
    "MAX_GAMES",
    "MAX_THREADS",
    "NO_RAY",
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


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a simulation; ``partial`` holds the games finished before it."""

    def __init__(self, partial: Simulation) -> None:
        super().__init__(f"interrupted after {partial.games} games")
        self.partial = partial

    def __reduce__(self) -> tuple[type[SimulationInterrupted], tuple[Simulation]]:
        # Made again from the partial result (its args hold only the message).
        return (type(self), (self.partial,))


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
    expert_samples: int = 0,
    expert_budget: int = 0,
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

    An ``expert`` player spends at most ``expert_samples`` worlds
    (default 64) and ``expert_budget`` work units (solver positions plus
    rollout moves, a Durak solver position counting twice; default 200,000)
    a decision; 0 keeps the default, and the
    most are :data:`MAX_EXPERT_SAMPLES` and :data:`MAX_EXPERT_BUDGET`. Its
    moves depend on the master seed and the game alone, never on the threads.
    ``perfect`` sees every card: a ceiling, not a fair player.

    Whatever cannot be played is refused before the first game with
    :class:`SimulationError` (the package's ``Error``), whose ``code`` names
    the argument: ``bad_game``, ``bad_games`` (``too_big`` past the machine's
    memory), ``bad_player``, ``no_seed``, ``bad_threads``, ``bad_progress``,
    ``bad_variant`` (``rules``), ``bad_cluster``, ``bad_address``,
    ``bad_shard``, ``bad_value`` (``summary_only``), ``bad_out``,
    ``bad_budget``; a cluster that cannot play is :class:`ClusterError`.
    """
    args = arguments(
        game,
        games,
        players,
        seed,
        threads,
        progress,
        rules,
        cluster=cluster,
        address=address,
        shard=shard,
        summary_only=summary_only,
        out=out,
        expert_samples=expert_samples,
        expert_budget=expert_budget,
    )
    table = args.rules
    name, count, pair, raw_seed = args.game, args.games, args.players, args.seed
    kind = "durak" if table is None else table["name"] + ("-match" if is_match(name) else "")
    local_threads = args.threads or min(os.cpu_count() or 1, MAX_THREADS)
    # A game's columns and endings, from the core itself: what every shard will hold.
    probe = _core.sim.run(kind, 0, pair[0], pair[1], raw_seed, 1, None, rules=table)
    endings = tuple(probe["endings"])
    rows = not args.summary_only and args.out is None
    job = _shards.Job(
        kind=kind,
        players=pair,
        seed=raw_seed,
        rules=table,
        threads=local_threads if args.cluster is None else (args.threads or 1),
        endings=endings,
        rows=rows or args.out is not None,
        counts=not rows,
        expert=args.expert,
    )
    folder = args.out
    size = args.shard
    if args.cluster is None and size is None:
        size = max(count, 1) if rows else local_shard(count, folder is not None)
    meta = {
        "game": name,
        "players": list(pair),
        "seed": raw_seed.hex(),
        "rules": table,
        "endings": list(endings),
        "expert": {"samples": args.expert[0], "budget": args.expert[1]},
    }
    try:
        collector = _shards.Collector(job, count, dict(probe["columns"]), meta, folder)
        if args.cluster == "ray":
            from trumpf.simulation import _cluster as ray_runner

            interrupted, used = ray_runner.run(
                job, count, size, collector.add, args.progress, args.address
            )
        else:
            assert size is not None
            interrupted = _shards.play_here(job, count, size, collector.add, args.progress)
            used = local_threads
        collector.meta["threads"] = used
        collector.finish(complete=not interrupted)
    except OSError as bad:
        if folder is None:
            raise
        # The folder of results, full or gone: one line, not a traceback.
        why = bad.strerror or str(bad)
        raise SimulationError(
            "not_saved", f"the results could not be written to {folder}: {why}"
        ) from None
    sim = Simulation(
        game=name,
        players=pair,
        seed=raw_seed,
        threads=used,
        endings=endings,
        columns=collector.columns or {},
        complete=collector.done == count,
        rules=table,
        counts=None if rows else collector.counts,
        out=None if folder is None else str(folder),
        expert=args.expert,
    )
    if interrupted:
        raise SimulationInterrupted(sim)
    return sim


def load(path: str | os.PathLike[str]) -> Simulation:
    """The simulation a folder written by ``simulate(..., out=path)`` holds, every row in memory.

    The folder is read as input from a stranger: its manifest and every shard
    are checked (see the README, "Larger than memory"), and anything amiss is a
    :class:`SimulationError` ``bad_folder`` naming the file and the field.
    For a run larger than memory, read it shard by shard with :func:`iter_shards`.
    """
    run, columns = read_run(_folder_path(path))
    return Simulation(
        game=run.game,
        players=run.players,
        seed=run.seed,
        threads=run.threads,
        endings=run.endings,
        columns=columns,
        complete=run.complete,
        rules=run.rules,
        out=str(run.path),
        expert=run.expert,
    )


def iter_shards(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, npt.NDArray[Any]]]]:
    """Each shard of a folder written by ``simulate(..., out=path)``, one at a time.

    Yields the index of the shard's first game and its columns as one-dimensional
    ones (as :meth:`Simulation.table`), so a run larger than memory reads in
    pieces: ``pd.DataFrame(table, index=range(start, start + len(table["winner"])))``.
    Each shard is checked as :func:`load` checks it before it is yielded; the
    manifest's counts are checked against the rows after the last one.
    """
    for start, columns in shards_of(_folder_path(path)):
        yield start, _shards.flat(columns)


def _folder_path(path: object) -> Path:
    name = path if isinstance(path, str) else None
    if isinstance(path, os.PathLike):
        try:
            name = os.fspath(path)
        except TypeError:
            name = None
    if not isinstance(name, str) or not name or "\0" in name:
        raise SimulationError(
            "bad_folder", f"a folder is named by a non-empty str or path, not {short(path)}"
        )
    return Path(str.__str__(name))


# Their home is the private modules; users meet them here, and tracebacks and
# pickles should say so.
for _public in (Simulation, SimulationError, ClusterError):
    _public.__module__ = __name__
