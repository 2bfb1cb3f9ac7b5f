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
  ``rl.legal_mask`` in ascending order. An illegal action raises.
- **Chance** is the deal. The engine deals every card from a 32-byte seed,
  so chance draws that seed, one byte per chance node: 32 nodes of 256
  outcomes, each 1/256. In the Schnapsen family one chance node before them
  draws the dealer (``p1`` or ``p2``, 1/2 each) unless ``dealer=p1`` or
  ``dealer=p2`` is given. The game is then ``Deal.build(rules, seed,
  number=1, dealer)`` (``Match.build(rules, seed, dealer)`` with
  ``match=True``; ``durak.Game.build(seed)``), so every deal the engine makes
  from a random seed comes with the probability it has there, a match's
  later deals included (they follow from its seed). The history, and so
  serialisation, is the chance bytes and the moves.
- **Parameters**: ``rules`` (Schnapsen family: a variant or preset of the
  game's own variant, e.g. ``trumpf_schnapsen(rules=schnapsen-tjger)``),
  ``match`` (a whole match, default False), ``dealer`` (``chance``, ``p1``,
  ``p2``).
- **Observations**: ``observation_tensor(p)`` is ``rl.observe(game, seat)``
  (256 float32, Durak 304; the observer's ``dict`` names its parts as in the
  layout table); ``observation_string(p)`` is the seat's ``info(seat)`` as
  JSON (the hand and the legal moves sorted). ``information_state_string(p)`` has perfect recall: the dealer,
  every move with who made it (all moves are public in these games) and,
  after each, the cards the seat held and the face-up card; with those a
  seat can state every information set it passed through. There is no
  information-state tensor.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from trumpf import rl
from trumpf.errors import Error
from trumpf.rl._single import legal_actions, move_for, rewards_of, worst_reward
from trumpf.schnapsen import variant as _variant

__all__ = [
    "GAMES",
    "DurakGame",
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

SEED_BYTES = 32
"""Chance nodes that draw the seed, one byte each."""

_BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]
_DEALER_OUTCOMES = [(0, 0.5), (1, 0.5)]

# Decisions in a deal at most: 24 cards, 4 marriages declared, an exchange, a
# close, a claim and 6 draws (Sixty-Six, one a trick while the talon is open).
DEAL_LENGTH = 43
# A match: 13 deals that score (7 points to win), room for 10 drawn deals.
MATCH_LENGTH = 23 * DEAL_LENGTH
# Durak: at most 18 bouts beaten off (2 cards to the heap each), at most 36
# taken bouts in a row (each leaves the attacker's hand and the talon a card
# shorter), at most 14 decisions a bout (6 attacks, 5 beats, take, done, swap).
DURAK_LENGTH = 14 * (18 + 19 * 36) + 1

# The observation tensor's parts, as docs/rl.md lays them out.
_PIECES: dict[str, list[tuple[str, int]]] = {
    "schnapsen": [
        ("hand", 24),
        ("my_played", 24),
        ("their_played", 24),
        ("my_won", 24),
        ("their_won", 24),
        ("lead", 24),
        ("their_known", 24),
        ("unseen", 24),
        ("turn_up", 24),
        ("trump", 4),
        ("my_marriages", 4),
        ("their_marriages", 4),
        ("flags", 12),
        ("counts", 16),
    ],
    "durak": [
        ("hand", 36),
        ("their_known", 36),
        ("unseen", 36),
        ("heap", 36),
        ("attacks", 36),
        ("beats", 36),
        ("to_beat", 36),
        ("under_talon", 36),
        ("trump", 4),
        ("flags", 6),
        ("counts", 6),
    ],
}


def _family(name: str) -> str:
    return "durak" if name == "durak" else "schnapsen"


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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class TrumpfGame(pyspiel.Game):  # type: ignore[misc]
    """One of the three games; ``params`` as in the module docstring.

    >>> game = pyspiel.load_game("trumpf_durak")
    >>> state = game.new_initial_state()
    >>> state.chance_outcomes()[:2]
    [(0, 0.00390625), (1, 0.00390625)]
    >>> for byte in bytes(32):
    ...     state.apply_action(byte)
    >>> state.table.to_log()["seed"] == bytes(32).hex(), state.current_player()
    (True, 1)
    """

    def __init__(self, params: dict[str, Any] | None = None, *, short_name: str) -> None:
        params = dict(params or {})
        family = GAMES[short_name]
        rules: Any = None
        match, dealer, name = False, "chance", "durak"
        utility, length = 1.0, DURAK_LENGTH
        if family != "durak":
            rules = str(params.get("rules", family))
            if rules not in _variant.variants() + _variant.presets():
                raise Error("bad_variant", f"rules {rules!r}: a variant or preset name")
            if _variant.get(rules)["name"] != family:
                raise Error("bad_variant", f"rules {rules!r} are not {family}'s")
            match = bool(params.get("match", False))
            dealer = str(params.get("dealer", "chance"))
            if dealer not in ("chance", "p1", "p2"):
                raise Error("bad_seat", f"dealer is chance, p1 or p2, not {dealer!r}")
            name = rules + ("-match" if match else "")
            utility = 1.0 if match else -worst_reward(rules)
            length = MATCH_LENGTH if match else DEAL_LENGTH
        info = pyspiel.GameInfo(
            num_distinct_actions=rl.N_ACTIONS,
            max_chance_outcomes=256,
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
        if self.family == "durak":
            from trumpf import durak

            return durak.Game.build(seed=seed, number=1)
        from trumpf import schnapsen

        if self.match:
            return schnapsen.Match.build(variant=self.rules, seed=seed, dealer=dealer)
        return schnapsen.Deal.build(variant=self.rules, seed=seed, number=1, dealer=dealer)


class TrumpfState(pyspiel.State):  # type: ignore[misc]
    """A position: the chance draws so far, then the game and its moves."""

    def __init__(self, game: TrumpfGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying its attributes and
        # serialises it by pickling them: only small, plain values here (the
        # game object stays with pyspiel, get_game()).
        self._family: str = game.family
        self._name: str = game.name
        self._match: bool = game.match
        self._seats: tuple[Any, Any] = game.seats
        self._dealer: str | None = None if game.dealer == "chance" else game.dealer
        if game.family == "durak":
            self._dealer = "-"  # no dealer: the deal decides who attacks first
        self._seed = bytearray()
        self.table: Any = None
        self._trace: list[list[str]] = [[], []]

    # ---- the OpenSpiel API

    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._seats.index(self.table.turn)

    def is_terminal(self) -> bool:
        return self.table is not None and bool(self.table.over)

    def _legal_actions(self, player: int) -> list[int]:
        if self.table is None or self.table.over:
            return []
        seat = self._seats[player]
        if self.table.turn != seat:
            return []
        return legal_actions(self.table, seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._dealer is None:
            return list(_DEALER_OUTCOMES)
        return list(_BYTE_OUTCOMES)

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self._chance(int(action))
            return
        seat = self.table.turn
        player = self._seats.index(seat)
        # OpenSpiel's legal actions are the only ones: Durak's resign, which the
        # engine takes at any time but never lists, is refused too.
        if int(action) not in legal_actions(self.table, seat):
            raise Error("not_legal", f"action {action} is not among {self.legal_actions()}")
        self.table.apply(seat, move_for(self.table, int(action)))
        name = rl.ACTIONS[self._name][action]
        for p in (0, 1):
            self._trace[p].append(f"{player}:{name} {self._private(p)}")

    def _chance(self, outcome: int) -> None:
        if self._dealer is None:
            if outcome not in (0, 1):
                raise Error("not_legal", f"the dealer outcome is 0 or 1, not {outcome}")
            self._dealer = ("p1", "p2")[outcome]
            return
        if not 0 <= outcome < 256:
            raise Error("not_legal", f"a seed byte is 0 .. 255, not {outcome}")
        self._seed.append(outcome)
        if len(self._seed) == SEED_BYTES:
            self.table = self.get_game().build(bytes(self._seed), self._dealer)
            start = f"dealer {self._dealer}"
            for p in (0, 1):
                self._trace[p].append(f"{start} {self._private(p)}")

    def _private(self, player: int) -> str:
        """What ``player`` sees of the cards now that the moves do not say:
        its hand and the face-up card."""
        table, seat = self.table, self._seats[player]
        if self._family == "durak":
            up = table.trump_card
            hand = table.hand_of(seat)
        else:
            deal = table.deal if self._match else table
            up = deal.turn_up
            hand = deal.hand_of(seat)
        return "h" + ".".join(map(str, sorted(hand))) + f" u{up}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"dealer p{action + 1}"
            return f"seed byte {action:02x}"
        return rl.ACTIONS[self._name][action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return list(rewards_of(self.table))

    def information_state(self, player: int) -> str:
        """``player``'s perfect-recall information state as a string."""
        return f"p{player} " + " | ".join(self._trace[player])

    def __str__(self) -> str:
        if self.table is None:
            return f"dealer {self._dealer}, seed bytes {bytes(self._seed).hex()}"
        table = self.table
        if self._family == "durak":
            hands, up = table.hands, table.trump_card
        else:
            deal = table.deal if self._match else table
            hands, up = deal.hands, deal.turn_up
        moves = " ".join(t.split(" ")[0] for t in self._trace[0][1:])
        return (
            f"seed {table.seed.hex()} dealer {self._dealer}\n"
            f"hands {hands} face-up {up}\nmoves {moves}"
        )


class TrumpfObserver:
    """OpenSpiel's ``PyObserver``: the default observation (``rl.observe``,
    ``info`` as JSON) or the perfect-recall information state (a string)."""

    def __init__(self, game: TrumpfGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise ValueError("trumpf observes one seat's information: private_info=SINGLE_PLAYER")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.game = game
        # pyspiel copies the pieces of ``dict`` out, in order, as the tensor;
        # the information state has a string and no tensor (None).
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(rl.OBS_SIZE[game.name], np.float32)
            at = 0
            for name, width in _PIECES[_family(game.family)]:
                self.dict[name] = self.tensor[at : at + width]
                at += width

    def set_from(self, state: TrumpfState, player: int) -> None:
        """Writes ``player``'s observation of ``state`` into :attr:`tensor`."""
        if self.perfect_recall:
            return
        if state.table is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = rl.observe(state.table, state._seats[player])

    def string_from(self, state: TrumpfState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as a string."""
        if self.perfect_recall:
            return state.information_state(player)
        if state.table is None:
            return f"dealing, dealer {state._dealer}"
        info = dict(state.table.info(state._seats[player]))
        # The hand (and so the legal moves) come in the order they were dealt,
        # which says nothing of the game: sorted, a seat's alike positions
        # read alike.
        info["hand"] = sorted(info["hand"])
        info["legal"] = sorted(info["legal"], key=lambda m: rl.action_of(state._name, m))
        return json.dumps(info, sort_keys=True, default=str)


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


_register()
