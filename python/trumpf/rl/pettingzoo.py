"""PettingZoo AEC environments: both seats of a game, one agent each.

PettingZoo is the ``rl`` extra (``pip install "trumpf[rl]"``); nothing else
in trumpf imports it.

>>> from trumpf.rl import pettingzoo as tpz
>>> env = tpz.env(game="durak")
>>> env.reset(seed=0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> env.close()

- **Agents** ``"player_0"`` and ``"player_1"``: the engine's seats ``"p1"`` and ``"p2"`` (Durak's 1 and 2).
- **Observation** per agent: ``{"observation": trumpf.rl.observe(game,
  seat), "action_mask": int8 (40,)}``, a ``Dict`` of a float32 ``Box`` (256
  slots, Durak 304) and the mask; an agent off turn, or any agent once the
  game is over, has an all-zero mask. ``obs_key=`` renames the tensor's
  key (``"observations"`` for RLlib's action-masking module);
  ``flat_obs=True`` makes the observation one float32 ``Box``, the Dict
  flattened by ``gymnasium.spaces.flatten`` (the 40 mask slots, then the
  tensor), which SuperSuit's observation wrappers take;
  ``gymnasium.spaces.unflatten(env.unwrapped.dict_space, obs)`` is the Dict.
- **Actions** ``Discrete(40)``, the table in docs/rl.md: an int or an
  integral numpy scalar in 0 .. 39, None for an agent that is done;
  anything else is Error ``bad_action``, and nothing changes.
- **Rewards** at the end only, by seat: game points in a deal, +1/-1 for
  a Durak game or a match (:class:`trumpf.rl.VectorEnv`'s rewards).
- **An illegal action** (not in the mask) ends the game at once: the agent
  who chose it gets the worst reward the game has (-3 in a deal, -1 in
  Durak and a match), the other 0, and both are terminated with
  ``infos[agent]["illegal_action"] = True`` (PettingZoo's
  ``TerminateIllegalWrapper`` convention). ``illegal="raise"`` raises
  :class:`trumpf.errors.Error` ``not_legal`` instead and changes nothing.
- **Episodes**: ``reset(seed=n)`` plays episode 0, 1, 2, ... of the
  self-play ``trumpf.rl.VectorEnv(game, 1, seed=n.to_bytes(32, "big"))``, so
  episode ``e`` is ``VectorEnv.build(0, e)``; the dealer alternates.

Games: any of :data:`trumpf.rl.GAMES` (a deal, a match with ``-match``,
the house-rule presets, ``durak``), ``rules=`` a variant value as
``Deal.build`` takes. The C++ batch of one env plays the game and gives
the tensors of the seat to act and, at the end, both seats' final ones;
the seat off turn in a running game is observed through the ordinary API,
on the game rebuilt from its episode and actions (once per episode).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import (
    action_index,
    check_flag,
    check_options,
    obs_high,
    seed_of,
    single,
    worst_reward,
)

__all__ = ["env", "raw_env"]

_N = rl.N_ACTIONS  # the actions are 0 .. _N - 1

AGENTS: tuple[str, str] = ("player_0", "player_1")


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` in PettingZoo's ``OrderEnforcingWrapper`` (a step or
    an observation before ``reset`` is an error)."""
    return _OrderEnforcing(raw_env(**kwargs))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, the same checks, with ``last``,
    ``step`` and the agent iterator reading the env's attributes directly
    rather than one ``__getattr__`` at a time (most of a decision's time)."""

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self.env.step(action)  # a refused action changes nothing, the loop's state included
        self._has_updated = True

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> Any:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        return str(raw.agent_selection)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped env
    """Both seats of ``game`` as AEC agents (module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - as pettingzoo.AECEnv
        "render_modes": ["ansi"],
        "name": "trumpf_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "schnapsen",
        rules: object = None,
        illegal: str = "terminate",
        render_mode: str | None = None,
        obs_key: str = "observation",
        flat_obs: bool = False,
    ) -> None:
        super().__init__()
        self.render_mode = check_options(illegal, render_mode)
        self.flat_obs = check_flag("flat_obs", flat_obs)
        if not isinstance(obs_key, str) or obs_key in ("", "action_mask"):
            raise Error("bad_value", f"obs_key is a name other than 'action_mask', not {obs_key!r}")
        self.obs_key = obs_key
        self._single = single(game, None, rules)
        self.game = game
        self.illegal = illegal
        self._penalty = worst_reward(game)
        self.metadata = {**raw_env.metadata, "name": f"trumpf_{game.replace('-', '_')}_v0"}
        board = spaces.Box(0.0, obs_high(game), (rl.OBS_SIZE[game],), np.float32)
        mask = spaces.Box(0, 1, (rl.N_ACTIONS,), np.int8)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._index = {agent: i for i, agent in enumerate(AGENTS)}
        self.dict_space = spaces.Dict({obs_key: board, "action_mask": mask})
        """The Dict an observation is, or, with ``flat_obs=True``, the Dict
        ``gymnasium.spaces.unflatten(env.dict_space, obs)`` makes of it."""
        observed = spaces.flatten_space(self.dict_space) if flat_obs else self.dict_space
        self.observation_spaces = {agent: observed for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(rl.N_ACTIONS) for agent in AGENTS}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: the observation tensor and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(40)``, the family's action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Begins the next episode, or episode 0 of ``seed``."""
        single = self._single
        single.reset(None if seed is None else seed_of(seed))
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[single.player]
        self._skip_agent_selection = None

    def observe(self, agent: str) -> Any:
        """``agent``'s observation and legal actions now (fresh arrays)."""
        seat = self._index[agent]
        single = self._single
        if not single.over and seat == single.player:
            obs, mask = single.decision()
        else:
            obs, mask = single.observe(seat), np.zeros(rl.N_ACTIONS, np.int8)
        observed = {self.obs_key: obs, "action_mask": mask}
        if self.flat_obs:
            return spaces.flatten(self.dict_space, observed)
        return observed

    def step(self, action: Any) -> None:
        """Plays ``action`` for ``agent_selection`` (None for an agent already done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise Error("bad_action", f"{agent} is done: its only action is None")
            self._was_dead_step(action)
            return
        single = self._single
        # A plain int in range needs no more checking (most steps).
        a = action if type(action) is int and 0 <= action < _N else action_index(action)
        legal = single.legal(a)
        if not legal and self.illegal == "raise":
            raise Error("not_legal", f"action {a} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        if not legal:
            single.abandon((self._penalty, 0.0) if agent == AGENTS[0] else (0.0, self._penalty))
            for other in AGENTS:
                self.infos[other] = {"illegal_action": True}
            self._end()
            return
        if single.step(a):
            self._end()
            return
        self.agent_selection = AGENTS[single.player]

    def _end(self) -> None:
        rewards = self._single.rewards
        self.rewards = {AGENTS[0]: rewards[0], AGENTS[1]: rewards[1]}
        self.terminations = {agent: True for agent in AGENTS}
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """Both seats' information sets as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        single = self._single
        table = single.table()
        lines = [f"{self.game}, episode {single.episode}, over: {single.over}"]
        for agent in AGENTS:
            info = table.info(single.seats[self._index[agent]])
            lines.append(f"{agent}: hand {info['hand']}, counts {info['counts']}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    @property
    def episode(self) -> int:
        """The episode in play: ``rl.VectorEnv(game, 1, seed).build(0, episode)`` is its start."""
        return self._single.episode

    def table(self) -> Any:
        """The episode's Deal, Match or Durak Game as it stands (rebuilt through the ordinary API)."""
        return self._single.table()
