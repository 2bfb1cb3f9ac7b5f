"""What a simulation may be asked for: its games, players, limits and errors.

Everything :func:`trumpf.simulation.simulate` refuses is refused here, before
any game is played, so the CLI and the cluster driver refuse the same things
with the same words.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from trumpf import _shards
from trumpf._seed import seed32
from trumpf.errors import Error
from trumpf.schnapsen import variant as _variant

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

``expert`` samples the worlds its information set allows and solves them
(issue 12); ``perfect`` sees every card, the other hand and the talon's
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
"""Games a shard when a run played here is sharded (summary-only or a folder): 22 MB of rows."""


class SimulationError(ValueError):
    """A simulation asked for something that cannot be played: says what and why."""


class ClusterError(SimulationError):
    """The cluster cannot play the run (no Ray, a bad address, no CPU for a shard): says why."""


def _seed_bytes(seed: SeedLike) -> bytes:
    try:
        return seed32(seed)
    except ValueError as bad:
        raise SimulationError(str(bad)) from None


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
    _check_budget("expert_samples", expert_samples, MAX_EXPERT_SAMPLES, "2**20")
    _check_budget("expert_budget", expert_budget, MAX_EXPERT_BUDGET, "10**12")
    rules_for(game, rules)
    _check_sharding(cluster, address, shard, out)
    return (players[0], players[1]), _seed_bytes(seed)


def _check_budget(name: str, value: object, most: int, spelled: str) -> None:
    # The core refuses these too (Error bad_budget); a simulation says so before it starts.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise SimulationError(
            f"{name} must be a whole number from 0 (the default) to {spelled}, got {value!r}"
        )


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


def is_match(game: str) -> bool:
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
