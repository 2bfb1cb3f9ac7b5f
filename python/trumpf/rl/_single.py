"""One game at a time for the single-env adapters (Gymnasium, PettingZoo).

Episode ``e`` is always episode ``e`` of ``VectorEnv(game, 1, seed,
opponent)``: the game ``VectorEnv.build(0, e)`` and, against an opponent,
the moves ``VectorEnv.opponent_for(0, e)`` makes, with an episode that would
end before the agent's first decision skipped, as the batch skips it.

:class:`BatchEpisode` plays it by stepping that C++ batch of one env: a
decision is one call, the opponent's moves and the information sets kept
inside it (the scalar Deal, Match or Game would take a call for the move,
one for each opponent move and its legal list, and one each for the
observation and the mask; Durak's scalar ``info`` also replays the game's
record, so it costs more as the game goes on). The batch gives the tensors
of the seat to act and, when an episode ends, the final position's
(``final_obs``: the batch resets an ended env in the same step). The seat
off turn in a running game, an abandoned game and :meth:`Single.table` come
from the scalar game, rebuilt from the episode's actions once an episode
and only as far as asked.

No framework is imported here.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf import _core, rl
from trumpf.errors import Error
from trumpf.rl.vector import GAMES, VectorEnv, _seed_bytes

__all__ = [
    "BatchEpisode",
    "Single",
    "action_index",
    "check_flag",
    "check_options",
    "legal_actions",
    "move_for",
    "obs_high",
    "rewards_of",
    "seed_of",
    "single",
    "worst_reward",
]


def seed_of(seed: int | bytes | str) -> bytes:
    """The 32-byte seed an adapter's integer seed stands for: ``n`` is the
    seed whose 32 bytes are ``n`` big-endian (so 0 is ``bytes(32)``); bytes
    and hex are taken as ``VectorEnv`` takes them."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        value = int(seed)
        if not 0 <= value < 2**256:
            raise Error("no_seed", f"an integer seed is 0 .. 2**256 - 1, not {value}")
        return value.to_bytes(32, "big")
    if isinstance(seed, (bytes, str)):
        return _seed_bytes(seed)
    raise Error("no_seed", f"a seed is an int, 32 bytes or 64 hex digits, not {seed!r}")


def action_index(action: object) -> int:
    """``action`` as an int, if it is one of the :data:`~trumpf.rl.N_ACTIONS`
    actions: an int or an integral numpy scalar (or 0-d array) in 0 .. 39,
    as Gymnasium's ``Discrete(40)`` holds them. Anything else (a float, even
    8.0; NaN; None; a bool; an int out of range) is no action at all:
    :class:`Error` ``bad_action``, raised before anything changes."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        value = int(action)
        if 0 <= value < rl.N_ACTIONS:
            return value
        raise Error("bad_action", f"an action is 0 .. {rl.N_ACTIONS - 1}, not {value}")
    raise Error("bad_action", f"an action is an int 0 .. {rl.N_ACTIONS - 1}, not {_shown(action)}")


def check_flag(name: str, value: object) -> bool:
    """``value`` when it is True or False; Error ``bad_value`` otherwise (no truthiness)."""
    if not isinstance(value, bool):
        raise Error("bad_value", f"{name} is True or False, not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    """``repr(value)`` for a message: at most 80 characters, and never an
    exception of the caller's ``__repr__``."""
    try:
        text = repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def check_options(
    illegal: str, render_mode: object, modes: tuple[str, ...] = ("ansi",)
) -> str | None:
    """Refuses an ``illegal=`` other than terminate or raise; returns the
    ``render_mode`` to use: one of ``modes``, or None.

    A render mode the env does not have (``"rgb_array"``, which SB3's
    ``make_vec_env`` and PettingZoo's ``render_test`` pass unasked) is
    warned about and taken as None, as Gymnasium's own environments take
    it: the env then renders nothing, and everything else works. A value
    that is no render mode at all, not a string, is Error ``bad_render_mode``."""
    if illegal not in ("terminate", "raise"):
        raise Error("bad_illegal", f"illegal is 'terminate' or 'raise', not {illegal!r}")
    if render_mode is None:
        return None
    if not isinstance(render_mode, str):
        raise Error("bad_render_mode", f"a render_mode is a string, not {_shown(render_mode)}")
    if render_mode in modes:
        return render_mode
    offered = ", ".join(repr(mode) for mode in modes) or "none"
    warnings.warn(
        f"render_mode {_shown(render_mode)} is not one this env has ({offered}): rendering nothing",
        UserWarning,
        stacklevel=3,
    )
    return None


def move_for(table: Any, action: int) -> Any:
    """The move ``action`` stands for in ``table`` (``rl.move_of``)."""
    return _core.rl.move_of(table, action)


def legal_actions(table: Any, seat: Any) -> list[int]:
    """``seat``'s legal actions in ``table``, ascending (``rl.legal_mask``'s)."""
    return [int(a) for a in np.flatnonzero(_core.rl.legal_mask(table, seat))]


def worst_reward(game: str) -> float:
    """The worst reward an episode of ``game`` can give a seat: the most game
    points a deal pays, or -1 for a Durak game or a match (rl/rewards.hpp)."""
    return _core.rl.worst_reward(game)


def obs_high(game: str) -> npt.NDArray[np.float32]:
    """A true upper bound of every observation slot: 1 for the card planes
    and flags (scale 1), 255 times the scale for the counts (the raw uint8
    range), so the float32 observation always lies in ``[0, obs_high]``."""
    scale = rl.OBS_SCALE[game]
    high: npt.NDArray[np.float32] = np.where(scale == 1.0, 1.0, 255.0 * scale).astype(np.float32)
    return high


def rewards_of(table: Any) -> tuple[float, float]:
    """A finished game's rewards by seat, as the batch pays them (``rl.rewards``)."""
    return _core.rl.rewards(table)


class Single:
    """One env: the episode in play and the decision in it.

    ``opponent=None`` is self-play (the caller acts for the seat on turn);
    otherwise the agent sits in seat 0 and the opponent moves inside
    :meth:`step`. Seats are 0 and 1 (``"p1"``/``"p2"``, Durak 1/2). After
    :meth:`reset` and every :meth:`step` that does not end the episode,
    :attr:`player` is the seat to act and :attr:`obs` and :attr:`mask` its
    tensors (valid until the next step: copy what you keep).
    """

    def __init__(
        self, game: str, opponent: str | None, rules: object = None, final_obs: bool = False
    ) -> None:
        if game not in GAMES:
            raise Error("bad_game", f"unknown game {game!r}; one of {', '.join(GAMES)}")
        self.game = game
        self.opponent = opponent
        self.rules = rules
        self.seats: tuple[Any, Any] = (1, 2) if game == "durak" else ("p1", "p2")
        # A throwaway seed checks the arguments now; reset() brings the real one.
        # copy=False: the batch writes every step into the same arrays, and
        # the rows a caller keeps are copied (two small copies, not five arrays).
        self.env = VectorEnv(
            game, 1, seed=bytes(32), opponent=opponent, rules=rules, copy=False, final_obs=final_obs
        )
        self.started = False
        self.over = True
        self.episode = 0
        self.obs: npt.NDArray[np.float32] = np.zeros(self.env.obs_size, np.float32)
        self.mask: npt.NDArray[np.bool_] = np.zeros(rl.N_ACTIONS, np.bool_)
        self.player = 0
        self.rewards: tuple[float, float] = (0.0, 0.0)

    @property
    def seed(self) -> bytes:
        """The 32-byte seed the episodes come from."""
        return self.env.seed

    def _seed_for_reset(self, seed: bytes | None) -> bytes | None:
        if seed is None and not self.started:
            return secrets_seed()
        return seed

    def _begun(self) -> None:
        self.started = True
        self.over = False
        self.rewards = (0.0, 0.0)

    def reset(self, seed: bytes | None = None) -> None:
        """Begins an episode: episode 0 of ``seed`` if given, else the next one."""
        raise NotImplementedError

    def step(self, action: int) -> bool:
        """Plays a legal ``action`` for the seat to act (and the opponent's
        replies); returns whether the episode ended (then :attr:`rewards`)."""
        raise NotImplementedError

    def table(self) -> Any:
        """The episode's Deal, Match or Durak Game as it stands now."""
        raise NotImplementedError

    def decision(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The seat to act's observation and mask (int8), fresh arrays for the caller."""
        return self.obs.copy(), self.mask.astype(np.int8)

    def legal(self, action: int) -> bool:
        """Whether ``action`` is legal for the seat to act now."""
        return not self.over and 0 <= action < rl.N_ACTIONS and bool(self.mask[action])

    def abandon(self, rewards: tuple[float, float]) -> None:
        """Ends the episode here with ``rewards`` (an illegal action's
        penalty); the next :meth:`reset` begins the next episode."""
        self.over = True
        self.rewards = rewards

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """Seat ``seat``'s observation now, a fresh array: :attr:`obs` when it
        is that seat's turn, else ``rl.observe`` of :meth:`table`."""
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


class BatchEpisode(Single):
    """Steps the C++ batch of one env; the scalar game is rebuilt from the
    episode's actions only when asked for."""

    def __init__(self, game: str, opponent: str | None, rules: object = None) -> None:
        super().__init__(game, opponent, rules, final_obs=True)
        self._act = np.zeros(1, np.int64)
        self._final: Any = self.env.final_obs  # copy=False: the array every step writes
        self._ended = False  # the episode reached its end in step(): _final_rows hold it
        self._final_rows: npt.NDArray[np.float32] = np.zeros((2, self.env.obs_size), np.float32)
        self._step = self.env._core.step  # the batch's step without the named tuple
        self.actions: list[int] = []
        self._next: tuple[Any, Any, int, int] | None = None
        self._table: Any = None
        self._opponent_move: Any = None
        self._played = 0

    def __getstate__(self) -> dict[str, Any]:
        # Pickled with its batch (VectorEnv pickles itself); what is made
        # from the batch (its step and final_obs arrays) and the rebuilt
        # game with its opponent (a closure) are made again after.
        state = dict(self.__dict__)
        for derived in ("_step", "_final", "_table", "_opponent_move"):
            del state[derived]
        state["obs"], state["mask"] = self.obs.copy(), self.mask.copy()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._step = self.env._core.step
        self._final = self.env.final_obs
        self._table = None
        self._opponent_move = None
        self._played = 0

    def reset(self, seed: bytes | None = None) -> None:
        """Begins an episode: episode 0 of ``seed`` if given, else the next one.

        After an episode ended in :meth:`step`, the next one is the episode the
        batch already began; after an abandoned one (or before any), the batch
        begins its next episode now.
        """
        if self._next is not None and seed is None:
            self.obs, self.mask, self.player, self.episode = self._next
        else:
            obs, mask, player = self.env.reset(seed=self._seed_for_reset(seed))
            self.obs, self.mask, self.player = obs[0], mask[0], int(player[0])
            self.episode = int(self.env.episodes[0])
        self._next = None
        self._ended = False
        self.actions = []
        self._table = None
        self._begun()

    def step(self, action: int) -> bool:
        self._act[0] = action
        obs, mask, player, rewards, terminated = self._step(self._act)
        self.actions.append(action)
        if terminated[0]:
            self.over = True
            self._ended = True
            self.rewards = (float(rewards[0, 0]), float(rewards[0, 1]))
            # Both seats' final tensors, kept past the batch's next step.
            self._final_rows = self._final[0].copy()
            # The next episode's first decision, which the batch began already.
            first = (obs[0].copy(), mask[0].copy(), int(player[0]), int(self.env.episodes[0]))
            self._next = first
            return True
        self.obs, self.mask, self.player = obs[0], mask[0], int(player[0])
        return False

    def abandon(self, rewards: tuple[float, float]) -> None:
        super().abandon(rewards)
        self._next = None

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """As :meth:`Single.observe`; an episode that ended in :meth:`step`
        gives the final tensors the batch wrote (in single-agent play the
        agent's alone, so the opponent's comes from the rebuilt game)."""
        if self._ended and (self.opponent is None or seat == 0):
            obs: npt.NDArray[np.float32] = self._final_rows[seat].copy()
            return obs
        return super().observe(seat)

    def table(self) -> Any:
        """The episode's game as it stands now, rebuilt through the ordinary
        API from (seed, env 0, episode) and the actions played."""
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
            table.apply(seat, move_for(table, self.actions[self._played]))
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


def single(game: str, opponent: str | None, rules: object = None) -> Single:
    """The driver of one env of ``game``."""
    return BatchEpisode(game, opponent, rules)


def secrets_seed() -> bytes:
    """A fresh random 32-byte seed."""
    import secrets

    return secrets.token_bytes(32)
