"""The observer of trumpf's OpenSpiel games (trumpf.rl.openspiel).

OpenSpiel reads a Python game's observation and information state through
the observer its ``make_py_observer`` returns: a flat float32 ``tensor``
that ``set_from`` fills, named views of it in ``dict``, and ``string_from``.
The observation is ``rl.observe`` and the seat's ``info`` as JSON; the
information state is the perfect-recall string the state keeps and, as a
tensor, the observation followed by the seat's marks (``Position``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from trumpf import _core, rl
from trumpf.rl._spiel_position import OpenSpielError, checked_player, mark_pieces

__all__ = ["TrumpfObserver"]


def _pieces(family: str) -> list[tuple[str, int]]:
    """The observation tensor's groups, in order, with their widths: the
    engine's layout rows (``_core.rl.obs_layout``), a group's rows joined."""
    out: list[tuple[str, int]] = []
    for _start, size, group, _about in _core.rl.obs_layout(family):
        if out and out[-1][0] == group:
            out[-1] = (group, out[-1][1] + size)
        else:
            out.append((group, size))
    return out


def _family(name: str) -> str:
    return "durak" if name == "durak" else "schnapsen"


class TrumpfObserver:
    """OpenSpiel's ``PyObserver``: the default observation (``rl.observe``,
    ``info`` as JSON) or the perfect-recall information state (its string,
    and the observation followed by the seat's marks as its tensor)."""

    def __init__(self, game: Any, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise OpenSpielError("bad_value", f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise OpenSpielError(
                "bad_value", "trumpf observes one seat's information: private_info=SINGLE_PLAYER"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.game = game
        # The observation's groups, then (the information state) the marks:
        # ``dict`` holds views of the flat ``tensor``, which pyspiel reads.
        self.observed = rl.OBS_SIZE[game.name]
        pieces: list[tuple[str, tuple[int, ...]]] = [
            (name, (width,)) for name, width in _pieces(_family(game.family))
        ]
        if self.perfect_recall:
            pieces += mark_pieces(game.family)
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: Any = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            width = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + width].reshape(shape)
            at += width

    def __reduce__(self) -> tuple[Any, tuple[Any, bool]]:
        # Made again from its game: the pieces of ``dict`` are views of the
        # tensor, which a pickle of the arrays would part.
        return (_observer, (self.game, self.perfect_recall))

    def set_from(self, state: Any, player: int) -> None:
        """Writes ``player``'s observation (or information state) of ``state``
        into :attr:`tensor`."""
        checked_player(player)
        # OpenSpiel sizes a tensor on a fresh initial state each time it is
        # asked for one: that state's position need not be made to be zeros.
        position = state.__dict__.get("_pos")
        if position is None and state.move_number() == 0:
            self.tensor.fill(0.0)
            return
        position = state._pos
        if position.table is None:
            self.tensor.fill(0.0)
            return
        if self.perfect_recall:
            self.tensor[: self.observed] = rl.observe(position.table, position.seats[player])
            self.tensor[self.observed :] = position.marks[player]
        else:
            self.tensor[:] = rl.observe(position.table, position.seats[player])

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as a string."""
        checked_player(player)
        if self.perfect_recall:
            return str(state.information_state(player))
        position = state._pos
        if position.table is None:
            return f"dealing, dealer {position.dealer}"
        info = dict(position.table.info(position.seats[player]))
        # The hand (and so the legal moves) come in the order they were dealt,
        # which says nothing of the game: sorted, a seat's alike positions
        # read alike.
        info["hand"] = sorted(info["hand"])
        info["legal"] = sorted(info["legal"], key=lambda m: rl.action_of(position.name, m))
        return json.dumps(info, sort_keys=True, default=str)


def _observer(game: Any, perfect_recall: bool) -> TrumpfObserver:
    """``game``'s observer, or its perfect-recall one: how a pickled observer is restored."""
    observer: TrumpfObserver = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=perfect_recall)
    )
    return observer
