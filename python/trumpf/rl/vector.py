"""The batched environment: ``num_envs`` games stepped in one C++ call.

State lives in C++ arrays; :meth:`VectorEnv.step` plays one action per env
with the GIL released, on ``threads`` worker threads (the result is the same
for any thread count), and answers with numpy arrays. docs/rl.md has the
observation layout, the action table, the rewards and how every episode is
derived from (seed, env index, episode number).

>>> import numpy as np
>>> env = VectorEnv("schnapsen", num_envs=3, seed=bytes(32))
>>> obs, mask, player = env.reset()
>>> actions = np.array([row.nonzero()[0][0] for row in mask])
>>> step = env.step(actions)
>>> step.rewards.shape, step.terminated.tolist()
((3, 2), [False, False, False])
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from trumpf import _core, durak, schnapsen
from trumpf._checks import seed32
from trumpf.errors import Error
from trumpf.tables import PLAYERS

__all__ = ["GAMES", "OPPONENTS", "Reset", "Step", "VectorEnv"]

GAMES: tuple[str, ...] = _core.rl.games()
"""The games: a deal of each Schnapsen-family variant and preset, a whole
match of each (``-match``), and a Durak game."""

OPPONENTS: dict[str, tuple[str, ...]] = {game: _core.rl.opponents(game) for game in GAMES}
"""The built-in players a single agent can meet in each game (the engine's
table, cpp/players/players.hpp): random, bot1, bot2, bot3 in Durak, expert
(samples the worlds its information set allows and solves them; in a
Schnapsen match it plays for the match), expert-pimc (the same search for
game points alone) and perfect (sees every card: a ceiling, not a fair
player)."""


class Reset(NamedTuple):
    """What :meth:`VectorEnv.reset` returns: each env's first decision."""

    obs: npt.NDArray[Any]
    """(num_envs, obs_size) float32 (or uint8): the observation of the seat to act."""
    mask: npt.NDArray[np.bool_]
    """(num_envs, 40) bool: the legal actions."""
    player: npt.NDArray[np.int8]
    """(num_envs,) int8: the seat to act, 0 ("p1", Durak 1) or 1 ("p2", Durak 2)."""


class Step(NamedTuple):
    """What :meth:`VectorEnv.step` returns.

    Where an env's episode ended (``terminated``), ``rewards`` are its final
    rewards and ``obs``, ``mask`` and ``player`` are already the next
    episode's first decision: the env reset itself in the same step (an
    env made with ``final_obs=True`` keeps the final position's tensors in
    :attr:`VectorEnv.final_obs`). An episode ends this way too when the
    env penalises an action that is not legal (``illegal="terminate"``)
    and when it is cut at ``max_episode_steps`` (then ``terminated`` is
    False and :attr:`VectorEnv.truncated` is set). An env the step held
    (``hold``) answers its decision again, with reward 0 and no end.
    """

    obs: npt.NDArray[Any]
    mask: npt.NDArray[np.bool_]
    player: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    """(num_envs, 2) float32 by seat: nonzero only when the episode ended."""
    terminated: npt.NDArray[np.bool_]
    """(num_envs,) bool: the episode ended in this step."""


def _seed_bytes(seed: bytes | str | None) -> bytes:
    try:
        return seed32(seed)
    except ValueError as bad:
        raise Error("no_seed", str(bad)) from None


_MAX_ENVS = 2**20
"""The most envs a VectorEnv holds (cpp/rl/env.hpp, kMaxEnvs)."""

_EPISODES = 2**64
"""Episode numbers run from 0 below this: an env's counter is 64 bits."""


def _index(value: object, what: str, code: str, end: int) -> int:
    """``value`` as an int in ``[0, end)``: an int or an integral numpy scalar, else Error ``code``.

    A bool, a float (even 2.0), a str or None is refused, never coerced; an
    int subclass counts as the int it holds, whatever its methods say.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        number = int.__index__(value)
    elif isinstance(value, np.integer):
        number = int(value)
    else:
        raise Error(code, f"{what} is an int, not a {type(value).__name__}")
    if not 0 <= number < end:
        raise Error(code, f"{what} is an int in [0, {end}), not {number}")
    return number


_ARGUMENTS = (
    "game", "num_envs", "seed", "opponent", "threads", "rules", "obs_dtype", "copy",
    "expert_samples", "expert_budget", "final_obs", "illegal", "max_episode_steps",
)  # fmt: skip
"""What a pickle keeps of how a VectorEnv was made (its current seed included)."""


def _unpickle(arguments: object, record: object) -> VectorEnv:
    """A pickled VectorEnv: made again from its arguments, then its record replayed.

    Both come from the pickle, so both are checked: the arguments as any
    caller's, the record by replaying every action through the rules (Error
    ``bad_log`` for one no play reaches).
    """
    # Arguments without illegal and max_episode_steps stand for their defaults.
    required = set(_ARGUMENTS) - {"illegal", "max_episode_steps"}
    if not isinstance(arguments, dict) or not required <= set(arguments) <= set(_ARGUMENTS):
        raise Error("bad_log", "not the arguments of a pickled VectorEnv")
    env = VectorEnv(**arguments)
    env._core.restore(record)
    return env


class VectorEnv:
    """``num_envs`` independent games of ``game`` (see :data:`GAMES`).

    ``opponent=None`` is self-play: the caller acts for whichever seat is on
    turn (``player``), as in pgx. ``opponent="random"``, ``"bot1"``,
    ``"bot2"``, ``"bot3"``, ``"expert"``, ``"expert-pimc"`` or ``"perfect"``
    (:data:`OPPONENTS`) is single-agent play: the agent always sits in
    seat 0 (``"p1"``, Durak seat 1) and the opponent's moves happen inside
    :meth:`step`; an expert opponent spends ``expert_samples`` worlds and
    ``expert_budget`` work units a decision (0: the defaults, as in
    :func:`trumpf.simulate`). ``rules`` is a variant value (a name, a preset or a rules
    table, as ``Deal.build`` takes) for a Schnapsen-family game; it must be
    the game's own variant. ``obs_dtype`` is ``np.float32`` or ``np.uint8``
    (the raw values; times ``trumpf.rl.OBS_SCALE[game]`` they are the float32
    ones). ``seed`` is 32 bytes or 64 hex digits; a fresh one is drawn when
    it is None and kept in :attr:`seed`. ``copy=False`` returns the same
    arrays from every call, overwritten by the next one (copy what you keep):
    a large batch's step then stays in cache. ``final_obs=True`` keeps the
    tensors of each ended episode's final position (:attr:`final_obs`).

    ``illegal="raise"`` (the default) refuses a step with an action not in
    its env's mask; ``illegal="terminate"`` plays it as the single env does
    (``trumpf.rl.gymnasium.TrumpfEnv``): that env's episode ends, the seat
    that played it is paid the game's worst reward (-3, the most a deal can
    lose; -1 for a match or a Durak game; the other seat 0), and the env begins its next episode. An action out
    of range is refused either way. ``max_episode_steps`` (None, or an int
    from 1) cuts an episode after that many actions played in it: the env
    begins its next episode, and :attr:`truncated` marks it.

    Rewards, by seat: a deal pays its game points to the winner and takes
    them from the loser, a Durak game +1 and -1 (0 for a draw), a match +1
    and -1 when it ends and nothing per deal.

    >>> env = VectorEnv("sixtysix-match", num_envs=2, seed=bytes(32), opponent="bot1")
    >>> env.reset().player.tolist()
    [0, 0]
    """

    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: bytes | str | None = None,
        opponent: str | None = None,
        threads: int = 1,
        rules: object = None,
        obs_dtype: Any = np.float32,
        copy: bool = True,
        *,
        expert_samples: int = 0,
        expert_budget: int = 0,
        final_obs: bool = False,
        illegal: str = "raise",
        max_episode_steps: int | None = None,
    ) -> None:
        self._seed = _seed_bytes(seed)
        self._core = _core.rl.VectorEnv(
            game,
            num_envs,
            self._seed,
            opponent,
            threads,
            rules,
            obs_dtype,
            copy,
            expert_samples,
            expert_budget,
            final_obs,
            illegal,
            max_episode_steps,
        )
        self._game = game
        self._opponent = opponent
        self._expert = {"samples": expert_samples, "budget": expert_budget}
        self._threads = threads
        self._rules = rules
        self._obs_dtype = obs_dtype
        self._copy = copy
        self._final_obs = final_obs
        self._illegal = illegal
        self._max_episode_steps = max_episode_steps

    # ---- copies and pickles: an independent env in the same state

    def __copy__(self) -> VectorEnv:
        """An independent env in the same state: stepping or reseeding one
        changes nothing in the other, and both step alike on the same actions."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._expert = dict(self._expert)
        twin._core = self._core.clone()
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> VectorEnv:
        twin = self.__copy__()
        memo[id(self)] = twin
        twin._rules = _copy.deepcopy(self._rules, memo)
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # The arguments and the record of what was played (cpp/rl/env.hpp,
        # Record), never the engine's memory: unpickling replays the record
        # through the rules and refuses one no play reaches.
        arguments = {
            "game": self._game,
            "num_envs": self.num_envs,
            "seed": self._seed,
            "opponent": self._opponent,
            "threads": self._threads,
            "rules": self._rules,
            "obs_dtype": self._obs_dtype,
            "copy": self._copy,
            "expert_samples": self._expert["samples"],
            "expert_budget": self._expert["budget"],
            "final_obs": self._final_obs,
            "illegal": self._illegal,
            "max_episode_steps": self._max_episode_steps,
        }
        return (_unpickle, (arguments, self._core.record()))

    @property
    def game(self) -> str:
        """The game every env plays."""
        return self._game

    @property
    def num_envs(self) -> int:
        """How many envs there are."""
        return self._core.num_envs

    @property
    def obs_size(self) -> int:
        """The length of one observation (256 in the Schnapsen family, 304 in Durak)."""
        return self._core.obs_size

    @property
    def n_actions(self) -> int:
        """The size of the action space, 40."""
        return int(_core.rl.N_ACTIONS)

    @property
    def opponent(self) -> str | None:
        """The built-in opponent, or None in self-play."""
        return self._opponent

    @property
    def agent_seat(self) -> int | None:
        """The seat the agent plays in single-agent mode (0); None in self-play."""
        return None if self._opponent is None else 0

    @property
    def threads(self) -> int:
        """The threads a step runs on, the calling one included."""
        return self._threads

    @property
    def seed(self) -> bytes:
        """The 32-byte seed every episode is derived from."""
        return self._seed

    @property
    def episodes(self) -> npt.NDArray[np.uint64]:
        """The episode number each env is playing (a copy)."""
        return self._core.episodes

    @property
    def final_obs(self) -> npt.NDArray[Any]:
        """The final position's tensors of the episodes the last :meth:`step` ended.

        ``(num_envs, 2, obs_size)`` float32 (or uint8), by seat, for an env
        made with ``final_obs=True``: where that step's ``terminated`` is set,
        row ``[i, s]`` is seat ``s``'s observation of the position its episode
        ended in, taken before the env reset itself (``rl.observe`` of the
        finished game). Self-play gives both seats; single-agent play only
        the agent's seat 0, the opponent's row staying zero, as do the rows
        of envs that did not end (and all of them after :meth:`reset`). A
        copy, unless the env was made with ``copy=False``; Error ``bad_value``
        for an env made without ``final_obs``.
        """
        final: npt.NDArray[Any] = self._core.final_obs
        return final

    @property
    def illegal(self) -> str:
        """What an action not in its env's mask does: ``"raise"`` or ``"terminate"``."""
        return self._illegal

    @property
    def max_episode_steps(self) -> int | None:
        """The actions an episode is cut after, or None."""
        return self._max_episode_steps

    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """``(num_envs,)`` bool: where the last :meth:`step` cut an episode at
        ``max_episode_steps`` (its ``terminated`` is False, its final tensors
        in :attr:`final_obs`, and the env already began its next episode).
        All False after :meth:`reset`. A copy, unless the env was made with
        ``copy=False``."""
        cut: npt.NDArray[np.bool_] = self._core.truncated
        return cut

    def reset(self, seed: bytes | str | None = None) -> Reset:
        """Begins the next episode of every env and returns each one's first decision.

        The first reset begins episode 0 of every env; a later one abandons
        the episodes in play and begins the next. With ``seed``, the env
        takes that seed and every env begins again at episode 0 of it. A
        refused reset (``busy``, ``no_seed``, ``bad_value``) changes nothing,
        the seed included.
        """
        new = None if seed is None else _seed_bytes(seed)
        out = Reset(*self._core.reset(new))
        if new is not None:
            self._seed = new
        return out

    def step(self, actions: Any, hold: Any = None) -> Step:
        """Plays one action per env (an integer array of shape ``(num_envs,)``).

        Every action is checked before any is played: an action out of range
        (or, with ``illegal="raise"``, not in the env's mask) raises
        :class:`~trumpf.errors.Error` ``not_legal`` naming the envs, actions
        that are not an integer array of shape ``(num_envs,)`` (a float
        array included: it is not truncated) ``bad_actions``, and nothing
        changes. An env whose episode ends reports its rewards and begins
        its next episode at once (see :class:`Step`).

        ``hold``, None or a bool array of shape ``(num_envs,)`` (0/1 uint8
        does as well; anything else is Error ``bad_value``), leaves the envs
        where it is set out of the step: their actions are not read, and
        each answers its decision as it stands, with rewards 0 and not
        terminated. Holding an env the step after its episode ended gives
        Gymnasium's NEXT_STEP autoreset: the ending step shows the final
        position (:attr:`final_obs`), the held one the next episode's first
        decision.
        """
        return Step(*self._core.step(actions, hold))

    # ---- the episodes again, through the ordinary API

    @staticmethod
    def episode_game(env: int, episode: int) -> int:
        """Which game of a batch simulation with the same seed episode
        ``episode`` of env ``env`` is seeded as (its match, its opponent):
        ``env * 2**32 + episode % 2**32``. ``env`` is an int in [0, 2**20)
        (Error ``bad_envs`` otherwise), ``episode`` one in [0, 2**64)
        (``bad_value``); an integral numpy scalar does as well."""
        env = _index(env, "an env index", "bad_envs", _MAX_ENVS)
        episode = _index(episode, "an episode number", "bad_value", _EPISODES)
        return (env << 32) | (episode & 0xFFFFFFFF)

    def _episode(self, env: object, episode: object) -> tuple[int, int]:
        """An env index of this env (``bad_envs``) and an episode number (``bad_value``)."""
        return (
            _index(env, "an env index", "bad_envs", self.num_envs),
            _index(episode, "an episode number", "bad_value", _EPISODES),
        )

    def env_seed(self, env: int) -> bytes:
        """The seed env ``env``'s Schnapsen-family deals are shuffled from:
        SHA-256(seed || ``b"env:<env>"``).

        A deal episode is deal number ``episode % 2**32 + 1`` of it. Numbered
        from 1 in a seed of its own, an env's deals keep the shuffle's
        messages within one SHA-256 block for its first 999,999 episodes,
        where the game numbers of a shared seed would take two.

        >>> env = VectorEnv("schnapsen", 2, seed=bytes(32))
        >>> import hashlib
        >>> env.env_seed(1) == hashlib.sha256(bytes(32) + b"env:1").digest()
        True

        ``env`` is an index of this env's, in [0, num_envs): Error
        ``bad_envs`` otherwise.
        """
        return _core.rl.env_seed(self._seed, _index(env, "an env index", "bad_envs", self.num_envs))

    def build(self, env: int, episode: int) -> Any:
        """Episode ``episode`` of env ``env`` as it began: a Deal, Match or Game.

        A deal is deal number ``episode % 2**32 + 1`` of :meth:`env_seed`.
        With ``g = episode_game(env, episode)``, a Durak game is game number
        ``g + 1`` of the seed and a match is built from
        ``trumpf.simulation.match_seed(seed, g)``. The dealer is ``"p1"``
        when ``env + episode`` is even, else ``"p2"``. ``env`` is in [0,
        num_envs) (Error ``bad_envs``), ``episode`` in [0, 2**64)
        (``bad_value``): ints, or integral numpy scalars.
        """
        env, episode = self._episode(env, episode)
        game = self.episode_game(env, episode)
        if self._game == "durak":
            return durak.Game.build(seed=self._seed, number=game + 1)
        name = self._game.removesuffix("-match")
        rules: Any = name if self._rules is None else self._rules
        dealer = "p1" if _core.sim.episode_dealer(env, episode) == 1 else "p2"
        if self._game.endswith("-match"):
            seed = _core.sim.match_seed(self._seed, game)
            return schnapsen.Match.build(variant=rules, seed=seed, dealer=dealer)
        number = (episode & 0xFFFFFFFF) + 1
        return schnapsen.Deal.build(
            variant=rules, seed=self.env_seed(env), number=number, dealer=dealer
        )

    def opponent_for(self, env: int, episode: int) -> Callable[[Any, Any], dict[str, Any]]:
        """The opponent of episode ``episode`` of env ``env`` as a function
        ``choose(game, seat) -> move``: the moves it makes inside :meth:`step`.

        It is player 1 of game ``g = episode_game(env, episode)`` of a batch
        simulation: a random player draws from ``trumpf._core.sim.Stream(seed,
        g, 1)``, Durak's level-1 bot is seeded ``"<g>:1"``, an expert (or
        perfect) plays with ``trumpf._core.players.expert_seed(seed, g, 1)``
        and this env's budget. The indexes are refused as :meth:`build`'s.
        """
        env, episode = self._episode(env, episode)
        if self._opponent is None:
            raise Error("bad_player", "a self-play env has no opponent")
        name = self._opponent
        game = self.episode_game(env, episode)
        if name == "random":
            stream = _core.sim.Stream(self._seed, game, 1)

            def choose_random(table: Any, seat: Any) -> dict[str, Any]:
                legal = table.legal(seat)
                return dict(legal[stream.below(len(legal))])

            return choose_random
        if PLAYERS[name].searches:
            options = {"seed": _core.players.expert_seed(self._seed, game, 1), **self._expert}

            def choose_costly(table: Any, seat: Any) -> dict[str, Any]:
                return dict(_core.players.choose(table, seat, name, **options) or {})

            return choose_costly
        level = int(name[3:])
        if self._game == "durak":
            bot = durak.Bot(level=level, seed=f"{game}:1")
            return lambda table, seat: dict(bot.choose(table.view(seat)) or {})
        sbot = schnapsen.Bot(level=level)
        return lambda table, seat: dict(sbot.choose(table, seat) or {})
