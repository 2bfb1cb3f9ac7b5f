"""A simulation's results: one numpy row per game, its summary, and its games again."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf import _core
from trumpf.simulation import _shards
from trumpf.simulation._arguments import SimulationError, is_match
from trumpf.simulation._replay import replay_durak, replay_schnapsen
from trumpf.simulation._summary import Counts, Summary


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
    expert: tuple[int, int] = field(default=(0, 0), repr=False)
    """The expert players' ``expert_samples`` and ``expert_budget`` (0: the default)."""

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
            raise SimulationError("no_rows", "this simulation kept no rows to save")
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
        seeds for Durak's level-1 bot, the same expert seeds and budget), so the finished Deal, Match or Game
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
        options = self.expert_of(index)
        experts = {seats["a"]: options[0], seats["b"]: options[1]}
        if self.game == "durak":
            return replay_durak(args, players, streams, index, seats, experts)
        return replay_schnapsen(self.game, args, players, streams, experts)

    def expert_of(self, index: int) -> dict[int, dict[str, int]]:
        """What an expert of game ``index`` plays with, by player (0: A, 1: B): seed and budget."""
        samples, budget = self.expert
        return {
            p: {
                "seed": _core.players.expert_seed(self.seed, index, p),
                "samples": samples,
                "budget": budget,
            }
            for p in (0, 1)
        }

    def build_args(self, index: int) -> dict[str, Any]:
        """How game ``index`` is built through the ordinary API, and who sits where."""
        if not 0 <= index < self.games:
            raise IndexError(f"game {index} is outside 0..{self.games - 1}")
        seat = int(self.columns["seat_a"][index]) if self.columns else _shards.seat_a(index)
        seats = {"a": seat, "b": 3 - seat}
        if self.game == "durak":
            return {"seed": self.seed, "number": index + 1, "seats": seats}
        first = int(self.columns["dealer"][index]) if self.columns else _shards.first_dealer(index)
        dealer = "p1" if first == 1 else "p2"
        variant = self.rules
        if is_match(self.game):
            seed = match_seed(self.seed, index)
            return {"variant": variant, "seed": seed, "dealer": dealer, "seats": seats}
        return {
            "variant": variant,
            "seed": self.seed,
            "number": index + 1,
            "dealer": dealer,
            "seats": seats,
        }
