"""The twin of cpp/common/worlds.hpp's ``sample``: one world a seat cannot tell apart.

The cards a seat cannot place split between the other hand (``need`` of
``allowed``, the unseen cards it is not shown to lack) and the face-down
talon (the rest of ``unseen``). The draws are the core's, in the core's
order, so that the same stream deals the same world.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._stream import Stream

__all__ = ["sample", "world_stream"]


def world_stream(seed: int) -> Stream:
    """The stream of ``sample_world(info, seed)``: SHA-256(seed as 8 bytes
    little-endian || "world") as the key, game 0, player 0."""
    key = Stream.key_of_message(seed.to_bytes(8, "little") + b"world")
    return Stream(key, 0, 0)


def sample(
    need: int,
    allowed: Sequence[int],
    unseen: Sequence[int],
    face_down: int,
    order_counts: bool,
    stream: Stream,
) -> tuple[list[int], list[int]]:
    """(the other hand's hidden cards ascending, the face-down talon in draw order).

    The hand: a partial Fisher-Yates shuffle of ``allowed`` (ascending)
    whose first ``need`` cards are kept, sorted. The talon: the unseen cards
    not in the hand, ascending, then, when their order counts (the talon is
    still drawn from), shuffled by Fisher-Yates from the last card down.
    """
    a = sorted(allowed)
    for i in range(need):
        j = i + stream.below(len(a) - i)
        a[i], a[j] = a[j], a[i]
    hand = sorted(a[:need])
    taken = set(hand)
    talon = [c for c in sorted(unseen) if c not in taken]
    if order_counts:
        for i in range(face_down - 1, 0, -1):
            j = stream.below(i + 1)
            talon[i], talon[j] = talon[j], talon[i]
    return hand, talon
