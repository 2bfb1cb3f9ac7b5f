"""What a simulation amounted to: exact counts, and the summary computed from them.

A :class:`Counts` holds only whole numbers (games, wins, sums of points and
moves, how many games ended each way), so the counts of two runs of
consecutive games add up exactly to the counts of the run that holds both.
:class:`Summary` is computed from counts alone: the summary of a run played
in shards (on a cluster, or too large to keep its rows) is the one its rows
would have given, to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["Counts", "Summary", "wilson", "wilson_high"]


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


def _pair(a: Any, b: Any) -> tuple[int, int]:
    return (int(a), int(b))


@dataclass(frozen=True)
class Counts:
    """The whole numbers a summary is computed from; ``a + b`` merges two runs exactly.

    ``game_points`` are the game points won by A and by B, ``points`` the card
    points (match scores) of A and B, ``moves`` the moves played, all summed
    over the games; ``endings`` counts the games by how they ended, every
    ending of the game named in its order (zeros included). ``fools`` (how
    often A, B was the fool) and ``bouts`` (bouts played) are Durak's, None
    in the Schnapsen family.
    """

    games: int
    wins: tuple[int, int]
    game_points: tuple[int, int]
    points: tuple[int, int]
    moves: int
    endings: dict[str, int]
    fools: tuple[int, int] | None = None
    bouts: int | None = None

    @classmethod
    def of(cls, columns: Mapping[str, npt.NDArray[Any]], endings: Sequence[str]) -> Counts:
        """The counts of a simulation's columns (every row, or a shard's)."""
        winner = columns["winner"]
        n = int(winner.shape[0])
        a, b = winner == 0, winner == 1
        gp = columns["game_points"].astype(np.int64)
        pts = columns["points"].astype(np.int64)
        how = np.bincount(columns["how"].astype(np.int64), minlength=len(endings)).tolist()
        fools: tuple[int, int] | None = None
        bouts: int | None = None
        if "fool" in columns:
            fool = columns["fool"]
            fools = _pair(np.count_nonzero(fool == 0), np.count_nonzero(fool == 1))
            bouts = int(columns["bouts"].astype(np.int64).sum())
        return cls(
            games=n,
            wins=_pair(np.count_nonzero(a), np.count_nonzero(b)),
            game_points=_pair(gp[a].sum(), gp[b].sum()),
            points=_pair(pts[:, 0].sum(), pts[:, 1].sum()) if n else (0, 0),
            moves=int(columns["moves"].astype(np.int64).sum()),
            endings={name: int(k) for name, k in zip(endings, how, strict=False)},
            fools=fools,
            bouts=bouts,
        )

    @classmethod
    def none(cls, endings: Sequence[str], durak: bool) -> Counts:
        """The counts of no games at all: what merging starts from."""
        return cls(
            games=0,
            wins=(0, 0),
            game_points=(0, 0),
            points=(0, 0),
            moves=0,
            endings=dict.fromkeys(endings, 0),
            fools=(0, 0) if durak else None,
            bouts=0 if durak else None,
        )

    def __add__(self, other: Counts) -> Counts:
        if list(self.endings) != list(other.endings) or (self.fools is None) != (
            other.fools is None
        ):
            raise ValueError("only the counts of one game merge")

        def add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
            return (x[0] + y[0], x[1] + y[1])

        return Counts(
            games=self.games + other.games,
            wins=add(self.wins, other.wins),
            game_points=add(self.game_points, other.game_points),
            points=add(self.points, other.points),
            moves=self.moves + other.moves,
            endings={k: v + other.endings[k] for k, v in self.endings.items()},
            fools=None
            if self.fools is None or other.fools is None
            else add(self.fools, other.fools),
            bouts=None if self.bouts is None or other.bouts is None else self.bouts + other.bouts,
        )

    @classmethod
    def merge(cls, parts: Iterable[Counts]) -> Counts:
        """The counts of the runs ``parts`` together (at least one)."""
        merged: Counts | None = None
        for part in parts:
            merged = part if merged is None else merged + part
        if merged is None:
            raise ValueError("nothing to merge")
        return merged

    def as_dict(self) -> dict[str, Any]:
        """The counts as JSON-ready values; :meth:`from_dict` reads them back."""
        return {
            "games": self.games,
            "wins": list(self.wins),
            "game_points": list(self.game_points),
            "points": list(self.points),
            "moves": self.moves,
            "endings": dict(self.endings),
            "fools": None if self.fools is None else list(self.fools),
            "bouts": self.bouts,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Counts:
        """The counts :meth:`as_dict` wrote."""
        fools = data["fools"]
        return cls(
            games=int(data["games"]),
            wins=_pair(*data["wins"]),
            game_points=_pair(*data["game_points"]),
            points=_pair(*data["points"]),
            moves=int(data["moves"]),
            endings={str(k): int(v) for k, v in data["endings"].items()},
            fools=None if fools is None else _pair(*fools),
            bouts=None if data["bouts"] is None else int(data["bouts"]),
        )


@dataclass(frozen=True)
class Summary:
    """What a simulation amounted to, player by player.

    Every figure is computed from :attr:`counts` alone, so the summaries of
    runs of consecutive games merge exactly (:meth:`merge`); the intervals are
    the merged run's, not a combination of the parts'.
    """

    games: int
    wins: tuple[int, int]
    draws: int
    win_rate: tuple[float, float]
    win_interval: tuple[tuple[float, float], tuple[float, float]]
    game_points_per_game: tuple[float, float]
    card_points_per_game: tuple[float, float]
    moves_per_game: float
    endings: dict[str, int]
    fools: tuple[int, int] | None = None
    """How often A and B were the fool (Durak; None in the Schnapsen family)."""
    bouts_per_game: float | None = None
    """Bouts a game (Durak; None in the Schnapsen family)."""
    counts: Counts | None = field(default=None, repr=False)
    """The exact counts the summary was computed from."""

    @classmethod
    def of(cls, counts: Counts) -> Summary:
        """The summary of a run whose counts are ``counts``."""
        n = counts.games

        def per_game(total: int) -> float:
            # Sums are exact integers; one rounding, in the division.
            return float(total) / n if n else 0.0

        return cls(
            games=n,
            wins=counts.wins,
            draws=n - counts.wins[0] - counts.wins[1],
            win_rate=(per_game(counts.wins[0]), per_game(counts.wins[1])),
            win_interval=(wilson(counts.wins[0], n), wilson(counts.wins[1], n)),
            game_points_per_game=(per_game(counts.game_points[0]), per_game(counts.game_points[1])),
            card_points_per_game=(per_game(counts.points[0]), per_game(counts.points[1])),
            moves_per_game=per_game(counts.moves),
            endings={name: k for name, k in counts.endings.items() if k},
            fools=counts.fools,
            bouts_per_game=None if counts.bouts is None else per_game(counts.bouts),
            counts=counts,
        )

    @classmethod
    def merge(cls, parts: Iterable[Summary]) -> Summary:
        """The summary of the runs ``parts`` summarise, together: exact, from their counts."""
        counts: list[Counts] = []
        for part in parts:
            if part.counts is None:
                raise ValueError("a summary without its counts cannot be merged")
            counts.append(part.counts)
        return cls.of(Counts.merge(counts))

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
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
        if self.fools is not None:
            data["fools"] = list(self.fools)
            data["bouts_per_game"] = self.bouts_per_game
        return data
