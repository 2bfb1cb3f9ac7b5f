"""``sample_world(info, seed)``: one game a seat cannot tell apart from its info.

The oracle's twin of the core's call (cpp/durak/worlds.cpp ``hidden_of`` and
cpp/common/worlds.hpp ``sample``): the info is read as
``Expert.choose(info)`` reads it, then the cards the seat cannot place are
dealt again from the seed's stream, exactly as the core deals them.
"""

from __future__ import annotations

from typing import Any

from .._args import as_int
from .._expert import MAX_SEED
from .._worlds import sample, world_stream
from .info_read import check, told_of

__all__ = ["sample_world"]


def _cards(mask: int) -> list[int]:
    return [c for c in range(1, 37) if mask >> c & 1]


def sample_world(info: object, seed: int = 0) -> dict[str, Any]:
    """A world of the info's seat (``Game.info``, a seat on turn in a game not
    over), drawn from ``seed`` (an int 0..2**63-1).

    Returns ``{"hands": {1: [...], 2: [...]}, "talon": [...]}``: each hand in
    id order (the seat's own as the info holds it; the other's the known
    cards and the drawn ones) and the cards still to be drawn in draw order,
    the trump card last while it lies under the talon, as ``Game.talon``
    gives them. Every such world is equally likely. A bad seed is
    ``bad_seed``, checked first; an info ``Expert.choose(info)`` refuses is
    refused with its code.
    """
    seed = as_int(seed, "bad_seed", "a world's seed", 0, MAX_SEED)
    # read_info's checks, legal among them, without the game it builds.
    told, legal = told_of(info)
    check(told, legal)
    seat, other = told.seat, 3 - told.seat
    unseen = _cards(told.unseen)
    known = _cards(told.known)
    under = [told.trump_card] if told.talon > 0 else []
    need = told.counts[other - 1] - len(known)
    face_down = told.talon - len(under)
    hand, talon = sample(need, unseen, unseen, face_down, face_down > 0, world_stream(seed))
    hands = {seat: _cards(told.hand), other: sorted(known + hand)}
    return {"hands": {1: hands[1], 2: hands[2]}, "talon": talon[:face_down] + under}
