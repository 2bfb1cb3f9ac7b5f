"""OpenSpiel games: ``trumpf_schnapsen``, ``trumpf_sixtysix``, ``trumpf_durak``.

Importing this module registers them with ``pyspiel.register_game``
(OpenSpiel is the ``rl`` extra: ``pip install "trumpf[rl]"``; nothing else
in trumpf imports it)::

    import pyspiel
    import trumpf.rl.openspiel  # registers the games

    game = pyspiel.load_game("trumpf_schnapsen(match=True)")
    state = game.new_initial_state()

- **Players** 0 and 1: seats ``"p1"`` and ``"p2"`` (Durak's 1 and 2).
  Zero-sum, rewards at the end: game points in a deal (-3 .. 3), +1/-1 in a
  Durak game (0 for a draw) or a match.
- **Actions**: the 40 of ``trumpf.rl`` (docs/rl.md); ``legal_actions()`` is
  ``rl.legal_mask`` in ascending order. An illegal action raises
  :class:`OpenSpielError` ``not_legal`` (trumpf's Error and
  ``pyspiel.SpielError`` both).
- **Chance** is the deal, card by card: each chance node deals the next
  card of the pack in dealing order (the non-dealer's hand, the dealer's,
  the talon in draw order, the turn-up last; Durak: one card at a time,
  seat 1 first, twelve cards, the trump card, the talon), every card left
  equally likely. Outcome ``i`` deals the ``i``-th lowest card id left, so
  a node of ``k`` cards has outcomes ``0 .. k-1``, each ``1/k``
  (``max_chance_outcomes()`` is the pack's size: 20, 24 or 36), and the last
  card is dealt with the one before it: 19, 23 or 35 nodes. In the
  Schnapsen family a chance node before them draws the dealer (``p1`` or
  ``p2``, 1/2 each) unless ``dealer=p1`` or ``dealer=p2`` is given. Every
  order of the pack is dealt with the same probability, and the table is
  the Deal or Durak Game of that order: it has no seed (its ``seed`` and
  ``to_log()`` are Error ``no_seed``). A match (``match=True``) is dealt
  from a seed, since its later deals follow from it: 32 chance nodes draw
  the seed's bytes, each of 256 outcomes (``max_chance_outcomes()`` 256),
  and the table is ``Match.build(rules, seed, dealer)``.
- **Resampling**: ``resample_from_infostate(player, sampler)`` (a deal or a
  Durak game, the player on turn) deals the cards that player has not seen
  again from a seed the sampler draws (in the Schnapsen family with
  :func:`trumpf.schnapsen.sample_world`), draws where the other seat's
  played cards were dealt, and returns the state the same moves reach: the
  player sees it exactly as this one, so OpenSpiel's ``ISMCTSBot`` and
  other determinizing searches run on these games. A Durak world is
  searched for, since the moves say more of the hands than the information
  set (see the method).
- **Serialisation**: a state is its game and its history, the chance
  outcomes and the moves. Restored from OpenSpiel's text or from a pickle, the
  history is played again through the engine, every action checked, and a
  text that contradicts itself is refused (``bad_history``). OpenSpiel
  unpickles a Python game's state to restore it: never deserialise text
  from a source you do not trust.
- **Parameters**: ``rules`` (Schnapsen family: a variant or preset of the
  game's own variant, e.g. ``trumpf_schnapsen(rules=schnapsen-tjger)``),
  ``match`` (a whole match, default False), ``dealer`` (``chance``, ``p1``,
  ``p2``).
- **Observations**: ``observation_tensor(p)`` is ``rl.observe(game, seat)``
  (256 float32, Durak 304; the observer's ``dict`` names its parts as in the
  layout table); ``observation_string(p)`` is the seat's ``info(seat)`` as
  JSON (the hand and the legal moves sorted).
  ``information_state_string(p)`` has perfect recall: the dealer, every
  move with who made it (all moves are public in these games) and, after
  each, the cards the seat held and the face-up card (Durak: and whose turn
  it is and the sizes of the hands, the talon and the heap, which show the
  takes and dones the table made itself and who attacks first); with
  those a seat can state every information set it passed through.
  ``information_state_tensor(p)`` is the observation tensor, then the
  seat's marks (``Position``): when each action was last made by each
  seat in this deal and how often, when each card last came into the
  seat's hand, and the card dealt face up (464 float32, Durak 536). A
  Schnapsen-family deal's tensor has perfect recall; a match's is the
  current deal's; Durak's keeps the last time and count of each action,
  since a card can be played and taken again without bound.
  ``rl_environment`` reads it by default.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import rewards_of, worst_reward
from trumpf.rl._spiel_observer import TrumpfObserver
from trumpf.rl._spiel_position import DEAL_LENGTH, DURAK_LENGTH, OpenSpielError, checked_player
from trumpf.rl._spiel_position import Position as _Position
from trumpf.rl._spiel_position import Replay as _Replay
from trumpf.rl._spiel_position import build as _build
from trumpf.rl._spiel_position import pack_of as _pack_of
from trumpf.rl._spiel_worlds import resampled_orders as _resampled_orders
from trumpf.schnapsen import variant as _variant

__all__ = [
    "GAMES",
    "DurakGame",
    "OpenSpielError",
    "SchnapsenGame",
    "SixtySixGame",
    "TrumpfGame",
    "TrumpfObserver",
    "TrumpfState",
]

GAMES: dict[str, str] = {
    "trumpf_schnapsen": "schnapsen",
    "trumpf_sixtysix": "sixtysix",
    "trumpf_durak": "durak",
}
"""The registered short names and the family each plays."""


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
# Durak world searches made at most by resample_from_infostate before it gives up.
_DURAK_TRIES = 4

# The outcomes of a chance node of k equally likely ones, by k: the dealer's
# two, a card of the k left, a seed byte's 256. Made once: OpenSpiel's
# rl_environment asks for them at every chance node.
_UNIFORM = {k: [(i, 1.0 / k) for i in range(k)] for k in (*range(1, 37), 256)}

# A match: 13 deals that score (7 points to win), room for 10 drawn deals.
MATCH_LENGTH = 23 * DEAL_LENGTH


def _game_type(short_name: str, family: str) -> pyspiel.GameType:
    params: dict[str, Any] = {}
    if family != "durak":
        params = {"rules": family, "match": False, "dealer": "chance"}
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"trumpf {family}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class TrumpfGame(pyspiel.Game):  # type: ignore[misc]
    """One of the three games; ``params`` as in the module docstring.

    >>> game = pyspiel.load_game("trumpf_durak")
    >>> state = game.new_initial_state()
    >>> state.chance_outcomes()[:2]
    [(0, 0.027777777777777776), (1, 0.027777777777777776)]
    >>> while state.is_chance_node():
    ...     state.apply_action(0)   # the lowest card left, each time
    >>> state.table.hands
    {1: [1, 3, 5, 7, 9, 11], 2: [2, 4, 6, 8, 10, 12]}
    """

    def __init__(self, params: dict[str, Any] | None = None, *, short_name: str) -> None:
        params = dict(params or {})
        family = GAMES[short_name]
        rules: Any = None
        match, dealer, name = False, "chance", "durak"
        utility, length = 1.0, DURAK_LENGTH
        allowed = ("rules", "match", "dealer") if family != "durak" else ()
        unknown = [key for key in params if key not in allowed]
        if unknown:
            raise OpenSpielError("bad_value", f"{short_name} has no parameter {unknown[0]!r}")
        if family != "durak":
            rules = params.get("rules", family)
            if not isinstance(rules, str) or rules not in _variant.variants() + _variant.presets():
                raise OpenSpielError("bad_variant", f"rules {rules!r}: a variant or preset name")
            if _variant.get(rules)["name"] != family:
                raise OpenSpielError("bad_variant", f"rules {rules!r} are not {family}'s")
            match = params.get("match", False)
            if not isinstance(match, bool):
                raise OpenSpielError("bad_value", f"match is True or False, not {match!r}")
            dealer = params.get("dealer", "chance")
            if not isinstance(dealer, str) or dealer not in ("chance", "p1", "p2"):
                raise OpenSpielError("bad_seat", f"dealer is chance, p1 or p2, not {dealer!r}")
            name = rules + ("-match" if match else "")
            utility = -worst_reward(name)
            length = MATCH_LENGTH if match else DEAL_LENGTH
        info = pyspiel.GameInfo(
            num_distinct_actions=rl.N_ACTIONS,
            max_chance_outcomes=256 if match else len(_pack_of(family, rules)),
            num_players=2,
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(short_name, family), info, params)
        # Set after pyspiel.Game.__init__, which starts the instance afresh.
        self.family = family
        self.rules = rules
        self.match = match
        self.dealer = dealer
        self.name = name
        self.seats: tuple[Any, Any] = (1, 2) if family == "durak" else ("p1", "p2")

    def new_initial_state(self) -> TrumpfState:
        """The state before the deal: a chance node."""
        return TrumpfState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TrumpfObserver:
        """The observer: ``rl.observe`` and ``info`` (default), or the
        perfect-recall information state (``perfect_recall=True``)."""
        return TrumpfObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def build(self, seed: bytes, dealer: str) -> Any:
        """The Deal, Match or Durak Game that ``seed`` (and ``dealer``) deal."""
        return _build(self.family, self.rules, self.match, seed, dealer)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled as its name and parameters (pybind11's default for a
        # pyspiel.Game aborts under protocols 0 and 1).
        return (_load_game, (str(self),))


class TrumpfState(pyspiel.State):  # type: ignore[misc]
    """A position: the chance draws so far, then the game and its moves.

    A state is its game and its history (the chance outcomes, which are the
    deal, and the moves): serialised by OpenSpiel, the Python side is a bare
    word, and restoring one plays the history again through the engine, so a
    text whose history is not a game of its game's rules is refused
    (:class:`OpenSpielError` ``bad_history``). ``pickle`` takes the game's
    parameters and the actions and restores by the same replay.
    """

    # OpenSpiel clones a state by deep-copying the attributes in its __dict__
    # and serialises one by pickling them: the only one is the position, made
    # when first asked for (__getattr__), so that a state restored from a text
    # without it comes from its history too.
    _pos: _Position

    def __getattr__(self, name: str) -> Any:
        # Reached only for a name the state does not have.
        if name != "_pos":
            raise AttributeError(name)
        position = self._replayed()  # before any action: the position before the deal
        super().__setattr__("_pos", position)
        return position

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_pos":
            if isinstance(value, _Replay):
                value = self._replayed()  # deserialising: the history is the state
            elif not isinstance(value, _Position):
                kind = type(value).__name__
                raise OpenSpielError("bad_history", f"a state's position is not a {kind}")
        elif name == "table":
            # A text that carries a table of its own (from another seed, say)
            # is refused: the table is the one the history deals and plays.
            raise OpenSpielError("bad_history", "a state's table is what its history plays")
        super().__setattr__(name, value)

    def _replayed(self) -> _Position:
        """The position this state's history reaches, every action checked."""
        position = _Position(self.get_game())
        history = self.full_history()
        for at, step in enumerate(history):
            if step.player != position.current_player():
                raise OpenSpielError(
                    "bad_history",
                    f"action {at} of the history is player {step.player}'s, but "
                    f"{position.current_player()} is to act",
                )
            try:
                position.apply(step.action)
            except Error as refused:
                raise OpenSpielError("bad_history", f"action {at}: {refused}") from None
        if self.move_number() != len(history):
            raise OpenSpielError(
                "bad_history",
                f"move_number is {self.move_number()} for a history of {len(history)} actions",
            )
        return position

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        return (_replay_state, (str(self.get_game()), [int(a) for a in self.history()]))

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> Any:
        return self.clone()

    @property
    def table(self) -> Any:
        """A copy of the Deal, Match or Durak Game once chance has dealt it
        (None before): the state's moves are made with ``apply_action``."""
        table = self._pos.table
        return None if table is None else table.copy()

    # ---- the OpenSpiel API

    def current_player(self) -> int:
        """The player to act: 0 or 1, chance while the deal is being drawn, terminal at the end."""
        # Position.current_player, inlined: OpenSpiel asks three times an action.
        position = self._pos
        table = position.table
        if table is None:
            return _CHANCE
        if table.over:
            return _TERMINAL
        return position.seats.index(table.turn)

    def is_terminal(self) -> bool:
        """Whether the game (or match) is over."""
        table = self._pos.table
        return table is not None and bool(table.over)

    def _legal_actions(self, player: int) -> list[int]:
        return self._pos.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome with its probability: the dealer, a
        card of those left (outcome i: the i-th lowest id), or a match's seed byte;
        none once chance has dealt."""
        if self._pos.table is not None:
            return []
        return list(_UNIFORM[self._pos.chance_count()])

    def _apply_action(self, action: int) -> None:
        self._pos.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        position = self._pos
        if player == pyspiel.PlayerId.CHANCE:
            if position.dealer is None:
                return f"dealer p{action + 1}"
            if position.match:
                return f"seed byte {action:02x}"
            if 0 <= action < len(position.left):
                return f"deal {position.left[action]}"
            return f"chance outcome {action}"
        return rl.ACTIONS[position.name][action]

    def returns(self) -> list[float]:
        """Both players' rewards: the game points won and lost at the end, zeros before."""
        if not self.is_terminal():
            return [0.0, 0.0]
        return list(rewards_of(self._pos.table))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrumpfState:
        """A state ``player_id`` (on turn, in a deal or a Durak game) cannot
        tell from this one: the cards it has not seen dealt again from a seed
        ``probability_sampler()`` (a float in [0, 1), as
        ``pyspiel.UniformProbabilitySampler`` gives) draws, then the same
        moves, and the player's information state the same.

        In the Schnapsen family every world ``sample_world`` deals fits the
        moves. A Durak world may not: a take or a done the table made for a
        seat without a choice, an option that made one a decision, and who
        attacked first say more of the hands than the information set. So a
        Durak world is searched for: the engine replays the moves on a
        uniform deal of the unseen cards, and the cards the other seat
        received before a move that does not fit are dealt again until every
        move fits (trumpf.rl._spiel_worlds). The world fits the moves, but
        is not drawn uniformly among those that do. A search makes at most
        4,000 redeals, and four searches that find nothing end in
        OpenSpielError ``no_world`` (docs/rl-frameworks.md has how often). A
        match, a player not on turn or a state before the deal is
        OpenSpielError too."""
        player = checked_player(player_id)
        if not callable(probability_sampler):
            raise OpenSpielError(
                "bad_value",
                f"a probability sampler is called for a float, not {probability_sampler!r}",
            )
        tries = _DURAK_TRIES if self.get_game().family == "durak" else 1

        def seeds() -> Iterator[int]:
            for _ in range(tries):
                draw = probability_sampler()
                # Checked as the float it converts to, which a float subclass
                # may choose apart from the value it compares as.
                value = None
                if isinstance(draw, float | np.floating):
                    try:
                        value = float(draw)
                    except (TypeError, ValueError, OverflowError):
                        value = None
                if value is None or not 0.0 <= value < 1.0:
                    raise OpenSpielError(
                        "bad_value", f"a probability sampler gives a float in [0, 1), not {draw!r}"
                    )
                yield int(value * 2**53)

        game = self.get_game()
        history = [int(a) for a in self.history()]
        dealer_nodes = 1 if game.dealer == "chance" and game.family != "durak" else 0
        chance = dealer_nodes + max(len(self._pos.order) - 1, 0)  # the last card is no node
        actors = [int(step.player) for step in self.full_history()[chance:]]
        for order in _resampled_orders(self._pos, history[chance:], actors, player, seeds()):
            if order is None:
                continue
            world = self._world(history[:dealer_nodes], order, history[chance:], player)
            if world is not None:
                return world
        raise OpenSpielError(
            "no_world",
            f"{tries} searches found no world that fits the moves of this game (the "
            "automatic takes and dones and the first attack narrow the hands further than "
            "the information set)",
        )

    def _world(
        self, dealer: list[int], order: list[int], moves: list[int], player: int
    ) -> TrumpfState | None:
        """The state the dealer outcome, the cards of ``order`` and ``moves``
        reach, or None when the moves do not fit it or ``player`` would see it
        otherwise than this state."""
        game = self.get_game()
        world: TrumpfState = game.new_initial_state()
        for action in dealer:
            world.apply_action(action)
        left = sorted(order)
        for card in order[:-1]:
            at = left.index(card)
            world.apply_action(at)
            del left[at]
        try:
            for action in moves:
                world.apply_action(action)
        except OpenSpielError:
            if game.family != "durak":
                raise
            return None
        # The player must see what it sees here, now and before: a Durak take
        # or done the table makes after the last move may differ in a world.
        if (
            world.current_player() != player
            or world.observation_string(player) != self.observation_string(player)
            or world.information_state_string(player) != self.information_state_string(player)
        ):
            if game.family != "durak":
                raise OpenSpielError("bad_history", "a resampled world reads differently")
            return None
        return world

    def information_state(self, player: int) -> str:
        """``player``'s perfect-recall information state as a string."""
        return f"p{player} " + self._pos.information_state(player)

    def __str__(self) -> str:
        position = self._pos
        if position.table is None:
            if position.match:
                return f"dealer {position.dealer}, seed bytes {bytes(position.seed).hex()}"
            return f"dealer {position.dealer}, cards dealt {position.order}"
        table = position.table
        if position.family == "durak":
            hands, up = table.hands, table.trump_card
        else:
            deal = table.deal if position.match else table
            hands, up = deal.hands, deal.turn_up
        moves = " ".join(head for head, _, _, _ in position.trace[0][1:])
        dealt = f"seed {table.seed.hex()}" if position.match else f"order {position.order}"
        return f"{dealt} dealer {position.dealer}\nhands {hands} face-up {up}\nmoves {moves}"


def _replay_state(game: str, history: list[int]) -> TrumpfState:
    """The state ``history`` reaches in the game ``game`` names: how a
    pickled state is restored, every action checked as it is played."""
    state = _load_game(game).new_initial_state()
    for at, action in enumerate(history):
        try:
            state.apply_action(action)
        except Error as refused:
            raise OpenSpielError("bad_history", f"action {at}: {refused}") from None
    return state


def _load_game(text: str) -> TrumpfGame:
    """The game ``text`` (``str(game)``) names: how a pickled game is restored."""
    if not isinstance(text, str) or text.split("(")[0] not in GAMES:
        raise OpenSpielError("bad_game", f"not one of trumpf's OpenSpiel games: {text!r}")
    game: TrumpfGame = pyspiel.load_game(text)
    return game


class SchnapsenGame(TrumpfGame):
    """``trumpf_schnapsen``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name="trumpf_schnapsen")


class SixtySixGame(TrumpfGame):
    """``trumpf_sixtysix``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name="trumpf_sixtysix")


class DurakGame(TrumpfGame):
    """``trumpf_durak``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name="trumpf_durak")


_CLASSES: dict[str, type[TrumpfGame]] = {
    "trumpf_schnapsen": SchnapsenGame,
    "trumpf_sixtysix": SixtySixGame,
    "trumpf_durak": DurakGame,
}


def _register() -> None:
    # The factories are classes: pyspiel's registry keeps them past the
    # interpreter's end, and a class (unlike a closure) is not freed then,
    # which would need the GIL that is gone and abort the process.
    registered = {t.short_name for t in pyspiel.registered_games()}
    for short_name, cls in _CLASSES.items():
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name, GAMES[short_name]), cls)


# Their home is a private module; users meet them here, and tracebacks and
# pickles should say so.
OpenSpielError.__module__ = __name__
TrumpfObserver.__module__ = __name__

_register()
