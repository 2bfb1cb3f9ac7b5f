"""Replaying one game of a simulation through the ordinary Python API, move for move.

The players draw from the same streams as in the simulation
(:class:`trumpf._core.sim.Stream` for a random player, the same bot seeds for
Durak's level-1 bot), so the finished Deal, Match or Game is the one the
simulation recorded.
"""

from __future__ import annotations

from typing import Any

from trumpf import _core
from trumpf.tables import PLAYERS

__all__ = ["COSTLY", "replay_durak", "replay_schnapsen"]

COSTLY = tuple(p.name for p in PLAYERS.values() if p.searches)
"""The players the core's players.choose plays: the simulator's own search, move for move."""


def replay_schnapsen(
    game: str,
    args: dict[str, Any],
    players: dict[int, str],
    streams: dict[int, Any],
    experts: dict[int, dict[str, int]],
) -> Any:
    from trumpf import schnapsen

    table: Any = (
        schnapsen.Match.build(**args) if game.endswith("-match") else schnapsen.Deal.build(**args)
    )
    by_seat = {"p1": 1, "p2": 2}
    bots = {
        seat: schnapsen.Bot(level=int(name[3:]))
        for seat, name in players.items()
        if name.startswith("bot")
    }
    while not table.over:
        turn = table.turn
        seat = by_seat[turn]
        if players[seat] in COSTLY:
            move: Any = _core.players.choose(table, turn, players[seat], **experts[seat])
        elif seat in bots:
            move = bots[seat].choose(table, turn)
        else:
            legal = table.legal(turn)
            move = legal[streams[seat].below(len(legal))]
        table.apply(turn, move)
    return table


def replay_durak(
    args: dict[str, Any],
    players: dict[int, str],
    streams: dict[int, Any],
    index: int,
    seats: dict[str, int],
    experts: dict[int, dict[str, int]],
) -> Any:
    from trumpf import durak

    game = durak.Game.build(**args)
    player_of = {seats["a"]: 0, seats["b"]: 1}
    bots = {
        seat: durak.Bot(level=int(name[3:]), seed=f"{index}:{player_of[seat]}")
        for seat, name in players.items()
        if name.startswith("bot")
    }
    while not game.over:
        seat = game.turn
        assert seat is not None  # a game that is not over waits on a seat
        if players[seat] in COSTLY:
            move: Any = _core.players.choose(game, seat, players[seat], **experts[seat])
        elif seat in bots:
            move = bots[seat].choose(game.view(seat))
        else:
            legal = game.legal(seat)
            move = legal[streams[seat].below(len(legal))]
        game.apply(seat, move)
    return game
