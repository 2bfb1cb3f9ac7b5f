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
"""

from __future__ import annotations

import json
import math
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf import _core
from trumpf.errors import Error
from trumpf.schnapsen import variant as _variant

__all__ = [
    "GAMES",
    "MAX_GAMES",
    "MAX_THREADS",
    "PLAYERS",
    "Simulation",
    "SimulationError",
    "SimulationInterrupted",
    "Summary",
    "check_arguments",
    "match_seed",
    "rules_for",
    "simulate",
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


class SimulationError(ValueError):
    """A simulation asked for something that cannot be played: says what and why."""


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


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    if successes == 0:
        return (0.0, wilson_high(n, z))
    if successes == n:
        return (1.0 - wilson_high(n, z), 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson_high(n: int, z: float) -> float:
    """The Wilson upper bound for no successes in n: exact, where the formula rounds."""
    return (z * z / n) / (1 + z * z / n)


@dataclass(frozen=True)
class Summary:
    """What a simulation amounted to, player by player."""

    games: int
    wins: tuple[int, int]
    draws: int
    win_rate: tuple[float, float]
    win_interval: tuple[tuple[float, float], tuple[float, float]]
    game_points_per_game: tuple[float, float]
    card_points_per_game: tuple[float, float]
    moves_per_game: float
    endings: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rate": list(self.win_rate),
            "win_interval": [list(i) for i in self.win_interval],
            "game_points_per_game": list(self.game_points_per_game),
            "card_points_per_game": list(self.card_points_per_game),
            "moves_per_game": self.moves_per_game,
            "endings": dict(self.endings),
        }


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

    @property
    def games(self) -> int:
        return int(self.columns["winner"].shape[0])

    def __repr__(self) -> str:
        state = "complete" if self.complete else "interrupted"
        return (
            f"<Simulation {self.game}: {self.games:,} games, {self.players[0]} v "
            f"{self.players[1]}, seed {self.seed.hex()}, {state}>"
        )

    def __getitem__(self, name: str) -> npt.NDArray[Any]:
        return self.columns[name]

    def summary(self) -> Summary:
        c = self.columns
        n = self.games
        winner = c["winner"]
        wins = (int(np.count_nonzero(winner == 0)), int(np.count_nonzero(winner == 1)))
        draws = n - wins[0] - wins[1]
        gp = c["game_points"].astype(np.int64)
        gp_a = float(gp[winner == 0].sum()) / n if n else 0.0
        gp_b = float(gp[winner == 1].sum()) / n if n else 0.0
        pts = c["points"].astype(np.int64)
        counts: list[int] = (
            np.bincount(c["how"].astype(np.int64), minlength=len(self.endings)).tolist()
            if n
            else []
        )
        return Summary(
            games=n,
            wins=wins,
            draws=draws,
            win_rate=(wins[0] / n if n else 0.0, wins[1] / n if n else 0.0),
            win_interval=(wilson(wins[0], n), wilson(wins[1], n)),
            game_points_per_game=(gp_a, gp_b),
            card_points_per_game=(
                float(pts[:, 0].mean()) if n else 0.0,
                float(pts[:, 1].mean()) if n else 0.0,
            ),
            moves_per_game=float(c["moves"].mean()) if n else 0.0,
            endings={name: int(k) for name, k in zip(self.endings, counts, strict=False) if k},
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the per-game columns and what made them to ``path`` (.npz, or .csv)."""
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
        names: list[str] = []
        cols: list[npt.NDArray[Any]] = []
        for name, col in self.columns.items():
            if col.ndim == 2:
                names += [f"{name}_a", f"{name}_b"]
                cols += [col[:, 0], col[:, 1]]
            else:
                names.append(name)
                cols.append(col)
        table = np.column_stack(cols) if cols else np.empty((0, 0))
        np.savetxt(target, table, fmt="%d", delimiter=",", header=",".join(names), comments="")

    def replay(self, index: int) -> Any:
        """Plays game ``index`` again through the ordinary Python API, move for move.

        The players draw from the same streams as in the simulation
        (:class:`trumpf._core.sim.Stream` for a random player, the same bot
        seeds for Durak's level-1 bot), so the finished Deal, Match or Game
        returned here is the one the simulation recorded in row ``index``.
        """
        args = self.build_args(index)
        seats = args.pop("seats")
        players = {seats["a"]: self.players[0], seats["b"]: self.players[1]}
        streams = {
            seats["a"]: _core.sim.Stream(self.seed, index, 0),
            seats["b"]: _core.sim.Stream(self.seed, index, 1),
        }
        if self.game == "durak":
            return _replay_durak(args, players, streams, index, seats)
        return _replay_schnapsen(self.game, args, players, streams)

    def build_args(self, index: int) -> dict[str, Any]:
        """How game ``index`` is built through the ordinary API, and who sits where."""
        if not 0 <= index < self.games:
            raise IndexError(f"game {index} is outside 0..{self.games - 1}")
        seat_a = int(self.columns["seat_a"][index])
        seats = {"a": seat_a, "b": 3 - seat_a}
        if self.game == "durak":
            return {"seed": self.seed, "number": index + 1, "seats": seats}
        dealer = "p1" if int(self.columns["dealer"][index]) == 1 else "p2"
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


def _replay_schnapsen(
    game: str, args: dict[str, Any], players: dict[int, str], streams: dict[int, Any]
) -> Any:
    from trumpf import schnapsen

    table: Any = (
        schnapsen.Match.build(**args) if game.endswith("-match") else schnapsen.Deal.build(**args)
    )
    by_seat = {"p1": 1, "p2": 2}
    bots = {
        seat: schnapsen.Bot(level=int(name[3:]))
        for seat, name in players.items()
        if name != "random"
    }
    while not table.over:
        turn = table.turn
        seat = by_seat[turn]
        if seat in bots:
            move = bots[seat].choose(table, turn)
        else:
            legal = table.legal(turn)
            move = legal[streams[seat].below(len(legal))]
        table.apply(turn, move)
    return table


def _replay_durak(
    args: dict[str, Any],
    players: dict[int, str],
    streams: dict[int, Any],
    index: int,
    seats: dict[str, int],
) -> Any:
    from trumpf import durak

    game = durak.Game.build(**args)
    player_of = {seats["a"]: 0, seats["b"]: 1}
    bots = {
        seat: durak.Bot(level=int(name[3:]), seed=f"{index}:{player_of[seat]}")
        for seat, name in players.items()
        if name != "random"
    }
    while not game.over:
        seat = game.turn
        assert seat is not None  # a game that is not over waits on a seat
        if seat in bots:
            move = bots[seat].choose(game.view(seat))
        else:
            legal = game.legal(seat)
            move = legal[streams[seat].below(len(legal))]
        game.apply(seat, move)
    return game


def check_arguments(
    game: str,
    games: int,
    players: Sequence[str] = ("random", "random"),
    seed: SeedLike = None,
    threads: int | None = None,
    rules: Mapping[str, object] | None = None,
) -> tuple[tuple[str, str], bytes]:
    """Refuses (SimulationError) what :func:`simulate` would refuse, before any game is played.

    Returns the two players and the seed as 32 bytes (a fresh one when ``seed`` is None).
    """
    if game not in GAMES:
        raise SimulationError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_GAMES:
        raise SimulationError(f"games must be a whole number from 0 to 2**40, got {games!r}")
    memory = _memory()
    if games * _COLUMN_BYTES > memory:
        # The core allocates every result row before the first game; past the
        # machine's memory that allocation would fail or the kernel would end
        # the process, after the user had waited for nothing.
        raise SimulationError(
            f"{games:,} games need {games * _COLUMN_BYTES / 2**30:,.1f} GiB for their results; "
            f"this machine has {memory / 2**30:,.1f} GiB"
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
    return (players[0], players[1]), _seed_bytes(seed)


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
    """
    pair, raw_seed = check_arguments(game, games, players, seed, threads, rules)
    table = rules_for(game, rules)
    n_threads = threads if threads is not None else min(os.cpu_count() or 1, MAX_THREADS)
    kind = "durak" if table is None else table["name"] + ("-match" if _is_match(game) else "")
    result = _core.sim.run(
        kind, games, pair[0], pair[1], raw_seed, n_threads, progress, rules=table
    )
    columns: dict[str, npt.NDArray[Any]] = dict(result["columns"])
    done = int(result["done"])
    if done < games:
        columns = {k: v[:done] for k, v in columns.items()}
    sim = Simulation(
        game=game,
        players=pair,
        seed=raw_seed,
        threads=n_threads,
        endings=tuple(result["endings"]),
        columns=columns,
        complete=done == games,
        rules=table,
    )
    if result["interrupted"]:
        raise SimulationInterrupted(sim)
    return sim
