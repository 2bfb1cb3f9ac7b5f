"""``sample_world(info, seed)``: one deal a seat cannot tell apart from its info.

The oracle's twin of the core's call (cpp/schnapsen/worlds.cpp ``hidden_of``
and cpp/common/worlds.hpp ``sample``): the info is read as
``Expert.choose(info)`` reads it, then the cards the seat cannot place are
dealt again from the seed's stream, exactly as the core deals them.
"""

from __future__ import annotations

from typing import Any

from .._args import as_int
from .._expert import MAX_SEED
from .._worlds import sample, world_stream
from .expert import checked_info

__all__ = ["sample_world"]


def sample_world(info: object, seed: int = 0) -> dict[str, Any]:
    """A world of the info's seat (``Deal.info`` or ``Match.info``, a seat on
    turn in a deal not over), drawn from ``seed`` (an int 0..2**63-1).

    Returns ``{"hands": {"p1": [...], "p2": [...]}, "talon": [...]}``: each
    hand in id order (the seat's own as the info holds it; the other's the
    known cards and the drawn ones) and the face-down talon in draw order,
    without the turn-up, as ``Deal.talon`` leaves it out. The other hand's
    drawn cards avoid the cards its phase-2 follows showed it lacks, and the
    low trump after a Sixty-Six close by the seat that the table made no
    exchange at (``close_lacks``); every such world is equally likely. A bad
    seed is ``bad_seed``, checked first; an info ``Expert.choose(info)``
    refuses is refused with its code.
    """
    seed = as_int(seed, "bad_seed", "a world's seed", 0, MAX_SEED)
    _, lacks, told = checked_info(info)
    seat = told["seat"]
    other = "p2" if seat == "p1" else "p1"
    unseen = sorted(told["unseen"])
    allowed = sorted(set(unseen) - lacks)
    need = told["counts"][other] - len(told["known"])
    face_down = told["talon_left"] - (0 if told["turn_up"] is None else 1)
    order_counts = told["draw_left"] > 0
    hand, talon = sample(need, allowed, unseen, face_down, order_counts, world_stream(seed))
    hands = {seat: sorted(told["hand"]), other: sorted([*told["known"], *hand])}
    return {"hands": {"p1": hands["p1"], "p2": hands["p2"]}, "talon": talon[:face_down]}
