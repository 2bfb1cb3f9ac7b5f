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
