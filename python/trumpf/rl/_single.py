"""One game at a time for the single-env adapters: the C++ batch of one env,
and the scalar game rebuilt from its episode only when a tensor the batch does
not give is asked for.

:class:`Single` steps a :class:`~trumpf.rl.VectorEnv` of one env, which keeps
the game, its information sets and its tensors in C++. The batch answers
with the tensors of the seat to act; the other seat's observation and the
final position's (the batch resets an ended env in the same step) come from
the ordinary API: episode ``e`` is rebuilt with ``VectorEnv.build(0, e)`` and
the episode's actions (and its opponent's moves, ``VectorEnv.opponent_for``)
are played on it again, once per episode and only as far as asked. The
Gymnasium and PettingZoo adapters share it; no framework is imported here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf import _core, rl
from trumpf.errors import Error
from trumpf.rl.vector import GAMES, VectorEnv

__all__ = ["Single", "legal_actions", "move_for", "obs_high", "seed_of", "worst_reward"]


def seed_of(seed: int | bytes | str) -> bytes:
    """The 32-byte seed an adapter's integer seed stands for: ``n`` is the
    seed whose 32 bytes are ``n`` big-endian (so 0 is ``bytes(32)``); bytes
    and hex are taken as they are."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        value = int(seed)
        if not 0 <= value < 2**256:
            raise Error("no_seed", f"an integer seed is 0 .. 2**256 - 1, not {value}")
        return value.to_bytes(32, "big")
    if isinstance(seed, str):
        try:
            seed = bytes.fromhex(seed)
        except ValueError:
            raise Error("no_seed", f"seed {seed!r} is not hex") from None
    if not isinstance(seed, bytes) or len(seed) != 32:
        raise Error("no_seed", f"a seed is an int, 32 bytes or 64 hex digits, not {seed!r}")
    return seed


def move_for(table: Any, game: str, seat: Any, action: int) -> Any:
    """The move ``action`` stands for in ``table`` (of ``game``, or its family name).

    ``rl.move_of`` in the Schnapsen family. Durak's ``move_of`` reads the
    information set, which replays the game's record, so there the entry of
    ``legal(seat)`` with this action is found instead (sooner); an action
    that is none of them goes to ``move_of``, and ``apply`` refuses it.
    """
    if game != "durak":
        return _core.rl.move_of(table, action)
    for move in table.legal(seat):
        if _core.rl.action_of("durak", move) == action:
            return move
    return _core.rl.move_of(table, action)


def legal_actions(table: Any, game: str, seat: Any) -> list[int]:
    """``seat``'s legal actions in ``table``, ascending: ``rl.legal_mask``'s
    (in Durak from ``legal(seat)`` through ``action_of``, which is the same
    and does not replay the record)."""
    if game != "durak":
        return [int(a) for a in np.flatnonzero(_core.rl.legal_mask(table, seat))]
    return sorted(_core.rl.action_of("durak", move) for move in table.legal(seat))


def worst_reward(game: str) -> float:
    """The worst reward an episode of ``game`` can give a seat: -3 game
    points for a deal, -1 for a Durak game or a match."""
    return -1.0 if game == "durak" or game.endswith("-match") else -3.0


def obs_high(game: str) -> npt.NDArray[np.float32]:
    """A true upper bound of every observation slot: 1 for the card planes
    and flags (scale 1), 255 times the scale for the counts (the raw uint8
    range), so the float32 observation always lies in ``[0, obs_high]``."""
    scale = rl.OBS_SCALE[game]
    high: npt.NDArray[np.float32] = np.where(scale == 1.0, 1.0, 255.0 * scale).astype(np.float32)
    return high


class Single:
    """One env of the C++ batch: the episode in play, the actions taken in it,
    and its scalar game rebuilt on demand.

    ``opponent=None`` is self-play (the caller acts for the seat on turn);
    otherwise the agent sits in seat 0 and the opponent moves inside
    :meth:`step`. Seats are 0 and 1 (``"p1"``/``"p2"``, Durak 1/2).
    """

    def __init__(self, game: str, opponent: str | None, rules: object = None) -> None:
        if game not in GAMES:
            raise Error("bad_game", f"unknown game {game!r}; one of {', '.join(GAMES)}")
        self.game = game
        self.opponent = opponent
        self.rules = rules
        self.seats: tuple[Any, Any] = (1, 2) if game == "durak" else ("p1", "p2")
        # A throwaway seed checks the arguments now; reset() brings the real one.
        self.env = VectorEnv(game, 1, seed=bytes(32), opponent=opponent, rules=rules)
        self._act = np.zeros(1, np.int64)
        self._step = self.env._core.step  # the batch's step without the named tuple
        self.started = False
        self.over = True
        self.episode = 0
        self.actions: list[int] = []
        self.obs: npt.NDArray[np.float32] = np.zeros(self.env.obs_size, np.float32)
        self.mask: npt.NDArray[np.bool_] = np.zeros(rl.N_ACTIONS, np.bool_)
        self.player = 0
        self.rewards: tuple[float, float] = (0.0, 0.0)
        self._next: tuple[Any, Any, Any] | None = None
        self._table: Any = None
        self._opponent_move: Any = None
        self._played = 0

    # ---- the episode

    def reset(self, seed: bytes | None = None) -> None:
        """Begins an episode: episode 0 of ``seed`` if given, else the next one.

        After an episode ended in :meth:`step`, the next one is the episode the
        batch already began; after an abandoned one (or before any), the batch
        begins its next episode now.
        """
        if seed is not None:
            first: tuple[Any, Any, Any] = tuple(self.env.reset(seed=seed))  # type: ignore[assignment]
        elif not self.started:
            first = tuple(self.env.reset(seed=secrets_seed()))  # type: ignore[assignment]
        elif self._next is not None:
            first = self._next
        else:
            first = tuple(self.env.reset())  # type: ignore[assignment]
        self.started = True
        self._next = None
        self._begin(first)

    def _begin(self, first: tuple[Any, Any, Any]) -> None:
        obs, mask, player = first
        self.obs, self.mask, self.player = obs[0], mask[0], int(player[0])
        self.episode = int(self.env.episodes[0])
        self.actions = []
        self.over = False
        self.rewards = (0.0, 0.0)
        self._table = None

    @property
    def seed(self) -> bytes:
        """The 32-byte seed the episodes come from."""
        return self.env.seed

    def legal(self, action: int) -> bool:
        """Whether ``action`` is legal for the seat to act now."""
        return not self.over and 0 <= action < rl.N_ACTIONS and bool(self.mask[action])

    def step(self, action: int) -> bool:
        """Plays a legal ``action`` for the seat to act (and the opponent's
        replies); returns whether the episode ended."""
        self._act[0] = action
        obs, mask, player, rewards, terminated = self._step(self._act)
        self.actions.append(action)
        if terminated[0]:
            self.over = True
            self.rewards = (float(rewards[0, 0]), float(rewards[0, 1]))
            self._next = (obs, mask, player)
            return True
        self.obs, self.mask, self.player = obs[0], mask[0], int(player[0])
        return False

    def abandon(self, rewards: tuple[float, float]) -> None:
        """Ends the episode here with ``rewards`` (an illegal action's
        penalty); the next :meth:`reset` begins the batch's next episode."""
        self.over = True
        self.rewards = rewards
        self._next = None

    # ---- what the batch does not give: the scalar game, as far as played

    def table(self) -> Any:
        """The episode's Deal, Match or Game as it stands now, rebuilt through
        the ordinary API from (seed, env 0, episode) and the actions played."""
        if self._table is None:
            self._table = self.env.build(0, self.episode)
            self._opponent_move = (
                self.env.opponent_for(0, self.episode) if self.opponent is not None else None
            )
            self._played = 0
            self._advance()
        table = self._table
        while self._played < len(self.actions):
            seat = table.turn
            table.apply(seat, move_for(table, self.game, seat, self.actions[self._played]))
            self._played += 1
            self._advance()
        return table

    def _advance(self) -> None:
        choose = self._opponent_move
        if choose is None:
            return
        table, agent = self._table, self.seats[0]
        while not table.over and table.turn != agent:
            table.apply(table.turn, choose(table, table.turn))

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """Seat ``seat``'s observation now: the batch's row when it is that
        seat's turn, else ``rl.observe`` of the rebuilt game. A fresh array."""
        obs: npt.NDArray[np.float32]
        if not self.over and seat == self.player:
            obs = self.obs.copy()
        else:
            obs = rl.observe(self.table(), self.seats[seat])
        return obs

    def legal_mask(self, seat: int) -> npt.NDArray[np.bool_]:
        """Seat ``seat``'s legal actions now (none off turn or once over). A fresh array."""
        if not self.over and seat == self.player:
            mask: npt.NDArray[np.bool_] = self.mask.copy()
            return mask
        return np.zeros(rl.N_ACTIONS, np.bool_)


def secrets_seed() -> bytes:
    """A fresh random 32-byte seed."""
    import secrets

    return secrets.token_bytes(32)
