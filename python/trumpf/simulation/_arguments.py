"""What a simulation may be asked for: its games, players, limits and errors.

Everything :func:`trumpf.simulation.simulate` refuses is refused here, before
any game is played, so the CLI and the cluster driver refuse the same things
with the same words.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from trumpf._checks import seed32, short
from trumpf.errors import Error
from trumpf.schnapsen import variant as _variant
from trumpf.simulation import _shards

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
    **{game: ("random", "bot1", "bot2", "expert", "perfect") for game in GAMES if game != "durak"},
    "durak": ("random", "bot1", "bot2", "bot3", "expert", "perfect"),
}
"""The built-in policies each game offers (players/players.hpp's table).

``expert`` samples the worlds its information set allows and solves them;
``perfect`` sees every card, the other hand and the talon's
order included: a ceiling to measure against, not a fair player."""

MAX_EXPERT_SAMPLES = 2**20
"""The most worlds an expert may be given a decision (``expert_samples``)."""

MAX_EXPERT_BUDGET = 10**12
"""The most work units (solver positions plus rollout moves) an expert may be given a decision."""

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
"""Games a shard when a run played here is sharded (summary-only or a folder): 22 MB of rows.

A folder holds at most :data:`trumpf.simulation._shards.MAX_SHARDS` shards, so a run
of more than 65,536 million games written to one has larger shards
(:func:`local_shard`)."""


def local_shard(games: int, folder: bool) -> int:
    """Games a shard of a run of ``games`` played here in shards, into a folder or not."""
    fewest = _shards.count_of(games, _shards.MAX_SHARDS) if folder else 0
    return max(LOCAL_SHARD, fewest)


class SimulationError(Error):
    """A simulation that cannot be played, or a folder of one that cannot be read.

    A :class:`trumpf.errors.Error` (so a ValueError too): ``code`` says which
    argument or what of the folder (``bad_games``, ``bad_player``,
    ``bad_folder`` ...), ``message`` what was wrong, in words.
    """


class ClusterError(SimulationError):
    """The cluster cannot play the run (no Ray, a bad address, no CPU for a shard): says why."""


@dataclass(frozen=True)
class Arguments:
    """What :func:`simulate` was asked for, every value checked and read as the plain type."""

    game: str
    games: int
    players: tuple[str, str]
    seed: bytes
    threads: int | None
    rules: dict[str, Any] | None
    """The full rules table of a Schnapsen-family game (None for Durak)."""
    cluster: str | None
    address: str | None
    shard: int | None
    summary_only: bool
    out: Path | None
    expert: tuple[int, int]
    progress: ProgressCallback | None


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
    expert_samples: int = 0,
    expert_budget: int = 0,
) -> tuple[tuple[str, str], bytes]:
    """Refuses (SimulationError) what :func:`simulate` would refuse, before any game is played.

    Returns the two players and the seed as 32 bytes (a fresh one when ``seed`` is None).
    Whether the cluster can play the run is known only once it is reached.
    """
    checked = arguments(
        game,
        games,
        players,
        seed,
        threads,
        None,
        rules,
        cluster=cluster,
        address=address,
        shard=shard,
        summary_only=summary_only,
        out=out,
        expert_samples=expert_samples,
        expert_budget=expert_budget,
    )
    return checked.players, checked.seed


def arguments(
    game: object,
    games: object,
    players: object,
    seed: object,
    threads: object,
    progress: object,
    rules: object,
    *,
    cluster: object,
    address: object,
    shard: object,
    summary_only: object,
    out: object,
    expert_samples: object,
    expert_budget: object,
) -> Arguments:
    """Every argument of :func:`simulate` checked, each bad one a SimulationError with its code.

    Values are read as the contract reads them (docs/api-contract.md, "Values
    are read by value"): an int is an int that is not a bool (or a numpy
    integer), a str a str, a mapping a dict, a sequence a list or a tuple;
    a subclass is read by what it holds, and none of a caller's methods runs.
    """
    name = _game(game)
    count = _whole(games, "games", 0, MAX_GAMES, "2**40", "bad_games")
    kept = _flag(summary_only, "summary_only")
    folder = _folder(out)
    memory = _memory()
    if not kept and folder is None and count * _COLUMN_BYTES > memory:
        # The core allocates every result row before the first game; past the
        # machine's memory that allocation would fail or the kernel would end
        # the process, after the user had waited for nothing.
        raise SimulationError(
            "too_big",
            f"{count:,} games need {count * _COLUMN_BYTES / 2**30:,.1f} GiB for their results; "
            f"this machine has {memory / 2**30:,.1f} GiB; summary_only or out (a folder) "
            "keeps none",
        )
    pair = _players(name, players)
    workers = (
        None
        if threads is None
        else _whole(threads, "threads", 1, MAX_THREADS, str(MAX_THREADS), "bad_threads")
    )
    samples = _budget("expert_samples", expert_samples, MAX_EXPERT_SAMPLES, "2**20")
    budget = _budget("expert_budget", expert_budget, MAX_EXPERT_BUDGET, "10**12")
    table = rules_for(name, rules)
    where, at, size = _sharding(cluster, address, shard)
    if folder is not None:
        _check_shard_count(count, size)
        try:
            _shards.check_out(folder, "the results folder")
        except ValueError as bad:
            raise SimulationError("bad_out", str(bad)) from None
    if progress is not None and not callable(progress):
        raise SimulationError(
            "bad_progress", f"progress is called as progress(done, total), not {short(progress)}"
        )
    return Arguments(
        game=name,
        games=count,
        players=pair,
        seed=_seed_bytes(seed),
        threads=workers,
        rules=table,
        cluster=where,
        address=at,
        shard=size,
        summary_only=kept,
        out=folder,
        expert=(samples, budget),
        progress=progress,  # checked to be callable
    )


def _integer(value: object) -> int | None:
    """An int (a subclass by its value) or a numpy integer as an int; None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    if isinstance(value, np.integer):
        return int(value)
    return None


def _whole(value: object, name: str, low: int, high: int, spelled: str, code: str) -> int:
    """An int argument from ``low`` to ``high``; no bool, no float, no str."""
    number = _integer(value)
    if number is None or not low <= number <= high:
        raise SimulationError(
            code, f"{name} must be a whole number from {low} to {spelled}, got {short(value)}"
        )
    return number


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise SimulationError("bad_value", f"{name} is True or False, not {short(value)}")


def _game(game: object) -> str:
    name = str.__str__(game) if isinstance(game, str) else None
    if name is None or name not in GAMES:
        raise SimulationError(
            "bad_game", f"unknown game {short(game)}: choose one of {', '.join(GAMES)}"
        )
    return name


def _players(game: str, players: object) -> tuple[str, str]:
    items: list[object]
    if isinstance(players, list):
        items = list(list.__iter__(players))
    elif isinstance(players, tuple):
        items = list(tuple.__iter__(players))
    else:
        items = []
    if len(items) != 2:
        raise SimulationError(
            "bad_player", f"players is a pair (a list or tuple) of policies, not {short(players)}"
        )
    pair = tuple(str.__str__(p) if isinstance(p, str) else None for p in items)
    for p, given in zip(pair, items, strict=True):
        if p not in PLAYERS[game]:
            raise SimulationError(
                "bad_player",
                f"unknown player {short(given)} for {game}: choose from {', '.join(PLAYERS[game])}",
            )
    return (str(pair[0]), str(pair[1]))


def _seed_bytes(seed: object) -> bytes:
    if seed is not None and not isinstance(seed, bytes | str):
        raise SimulationError(
            "no_seed", f"a seed is exactly 32 bytes (64 hex digits), not {short(seed)}"
        )
    try:
        return seed32(seed)
    except ValueError as bad:
        raise SimulationError("no_seed", str(bad)) from None


def _budget(name: str, value: object, most: int, spelled: str) -> int:
    # The core refuses these too (Error bad_budget); a simulation says so before it starts.
    number = _integer(value)
    if number is not None and 0 <= number <= most:
        return number
    raise SimulationError(
        "bad_budget",
        f"{name} must be a whole number from 0 (the default) to {spelled}, got {short(value)}",
    )


def _sharding(
    cluster: object, address: object, shard: object
) -> tuple[str | None, str | None, int | None]:
    """The cluster, its address and the shard size, checked."""
    where = str.__str__(cluster) if isinstance(cluster, str) else None
    if cluster is not None and where not in CLUSTERS:
        raise SimulationError(
            "bad_cluster", f"unknown cluster {short(cluster)}: the one offered is 'ray'"
        )
    if where == "ray" and not _installed("ray"):
        raise ClusterError("no_ray", NO_RAY)
    at = str.__str__(address) if isinstance(address, str) else None
    if address is not None and (where is None or not at or "\0" in at):
        raise SimulationError(
            "bad_address",
            f"address names a Ray cluster (HOST:PORT), given with cluster='ray', not {short(address)}",
        )
    size = None if shard is None else _whole(shard, "shard", 1, MAX_GAMES, "2**40", "bad_shard")
    return where, at, size


def _check_shard_count(games: int, size: int | None) -> None:
    """Refuses a folder of more shards than a manifest lists (:data:`_shards.MAX_SHARDS`)."""
    if size is None:  # the default shards are sized to keep within it
        return
    count = _shards.count_of(games, size)
    if count > _shards.MAX_SHARDS:
        raise SimulationError(
            "bad_shard",
            f"a results folder holds at most {_shards.MAX_SHARDS:,} shards, and {games:,} games "
            f"in shards of {size:,} are {count:,}: give a larger shard",
        )


def _folder(out: object) -> Path | None:
    """``out`` as a Path: a str or an os.PathLike naming one (never bytes, never a NUL)."""
    if out is None:
        return None
    name: object = None
    if isinstance(out, str):
        name = str.__str__(out)
    elif isinstance(out, os.PathLike):
        try:
            name = os.fspath(out)
        except TypeError:  # its __fspath__ gave neither str nor bytes
            name = None
    if not isinstance(name, str):
        raise SimulationError("bad_out", f"out names a folder as a str or a path, not {short(out)}")
    problem = "" if name else "the folder name is empty"
    if "\0" in name:
        problem = "a file name holds no NUL character"
    else:
        try:
            os.fsencode(name)
        except UnicodeError:
            problem = "the name cannot be written in the file system's encoding"
    if problem:
        raise SimulationError("bad_out", f"the results folder {short(name)}: {problem}")
    return Path(name)


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module set to None, or without a spec
        return False


def is_match(game: str) -> bool:
    return game.endswith("-match")


def rules_for(game: str, rules: object) -> dict[str, Any] | None:
    """The full rules table a Schnapsen-family game is played under (None for Durak).

    ``rules`` are house-rule changes on top of the variant or preset ``game``
    names: a dict of field names (str) to values, or None; SimulationError
    ``bad_variant`` for anything the rules cannot take.
    """
    if rules is not None and not isinstance(rules, dict):
        raise SimulationError(
            "bad_variant", f"rules is a dict of house rules or None, not {short(rules)}"
        )
    changes: dict[str, object] = {}
    for key, value in dict.items(rules or {}):
        if not isinstance(key, str):
            raise SimulationError(
                "bad_variant", f"a house rule is named by a str, not {short(key)}"
            )
        changes[str.__str__(key)] = value
    if game == "durak":
        if changes:
            raise SimulationError("bad_variant", "Durak has no house rules")
        return None
    if "base" in changes:  # custom()'s own parameter, never a field
        raise SimulationError("bad_variant", "bad variant field 'base': not a field of a variant")
    try:
        return _variant.custom(game.removesuffix("-match"), **changes)
    except Error as err:
        raise SimulationError("bad_variant", err.message) from None


def _memory() -> int:
    """The machine's physical memory in bytes (no bound where the system will not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not on Linux or macOS
        return 2**63
