"""The seating scheme of a run and of a VectorEnv, stated by the oracle.

Written from docs/simulation.md and docs/rl.md, not from the engine's
``cpp/sim/scheme.hpp``, so that tests/simulation/test_scheme.py can hold the two
statements together: in a run, player A takes seat 1 in game 0, seat 2 in
game 1 and so on by turns; the first deal of a Schnapsen-family game is
dealt by seat 1 in games 0 and 1, by seat 2 in games 2 and 3, and by turns
in each pair after; in a VectorEnv, seat 1 deals episode ``e`` of env ``i``
exactly when ``i + e`` is even.
"""

from __future__ import annotations

__all__ = ["episode_dealer", "first_dealer", "seat_a"]


def seat_a(game: int) -> int:
    """Player A's seat (1 or 2) in game ``game`` of a run."""
    return 2 if game % 2 else 1


def first_dealer(game: int) -> int:
    """The seat (1 or 2) that deals the first deal of game ``game`` of a Schnapsen-family run."""
    pair = game // 2
    return 2 if pair % 2 else 1


def episode_dealer(env: int, episode: int) -> int:
    """The seat (1 or 2) that deals episode ``episode`` of VectorEnv env ``env``."""
    return 1 if (env + episode) % 2 == 0 else 2
