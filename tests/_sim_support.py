"""What the simulation tests share: a seed, the games and pairings, and rows compared."""

from __future__ import annotations

from typing import Any

import numpy as np

SEED = bytes(range(32))

CASES = [
    ("schnapsen", ("random", "random")),
    ("schnapsen", ("bot2", "random")),
    ("sixtysix", ("random", "bot1")),
    ("schnapsen-match", ("bot2", "bot1")),
    ("sixtysix-match", ("random", "bot2")),
    ("durak", ("random", "random")),
    ("durak", ("bot1", "bot3")),
    ("durak", ("bot2", "random")),
    ("schnapsen-tjger", ("bot2", "random")),
    ("schnapsen-tjger-match", ("bot2", "bot1")),
]
"""Every game, a house-rule preset and each kind of pairing, bots included."""


def columns_equal(a: Any, b: Any) -> None:
    """The two simulations hold the same columns, row for row."""
    assert a.columns.keys() == b.columns.keys()
    for name in a.columns:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


def interruptible() -> None:
    """A child's ``preexec_fn``: SIGINT back to its default before Python starts.

    A process started in the background of a non-interactive shell inherits
    SIGINT as ignored, and Python then installs no KeyboardInterrupt handler,
    so a test's Ctrl-C would never reach the child: restore it, whatever ran
    the tests.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def check_replays(sim: Any) -> None:
    """Every game of ``sim`` replays through the Python API to the row it recorded.

    Each replayed move goes through ``apply``, which refuses an illegal one.
    """
    import trumpf
    from trumpf.simulation import match_seed

    game = sim.game
    for i in range(sim.games):
        table = sim.replay(i)
        a_seat = int(sim["seat_a"][i])
        if game == "durak":
            history = table.history
            assert len(trumpf.durak.Game.moves_of(history)) == sim["moves"][i]
            result = table.result
            fool = result["fool"]
            assert sim["fool"][i] == (-1 if fool is None else (0 if fool == a_seat else 1))
            assert sim["bouts"][i] == sum(1 for e in history if e["kind"] == "bout_end")
            assert table.number == i + 1
            continue
        seat_a = f"p{a_seat}"
        if game.endswith("-match"):
            assert table.seed == match_seed(sim.seed, i)
            moves = trumpf.schnapsen.Match.moves_of(table.history, variant=table.rules)
            assert len(moves) == sim["moves"][i]
            assert table.rules == sim.rules
            assert [table.scores[seat_a], table.scores[f"p{3 - a_seat}"]] == list(sim["points"][i])
            assert sim["deals"][i] == len(table.deals)
            assert sim["winner"][i] == (0 if table.winner == seat_a else 1)
        else:
            assert table.number == i + 1
            moves = trumpf.schnapsen.Deal.moves_of(table.history, variant=table.rules)
            assert len(moves) == sim["moves"][i]
            assert table.rules == sim.rules
            result = table.result
            assert sim["how"][i] == sim.endings.index(result["how"])
            winner = result["winner"]
            assert sim["winner"][i] == (-1 if winner is None else (0 if winner == seat_a else 1))
            assert sim["game_points"][i] == result["game_points"]
            assert list(sim["points"][i]) == [
                result["points"][seat_a],
                result["points"][f"p{3 - a_seat}"],
            ]
