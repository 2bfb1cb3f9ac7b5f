"""trumpf.rl.openspiel: chance deals card by card, and states resample from an information state.

Every chance node of a deal offers the cards left, each equally likely, and
the table it deals has no seed to report. ``resample_from_infostate`` gives
a state whose player sees exactly what it saw (information state, legal
actions, observation), which replays from its own history, and which is a
function of that information state and the sampler alone: resampling from
a world gives what resampling from the true state gives. In Durak the
world is searched for, and every position of random games finds one; the
search gives up (``no_world``) only when its replays run out, which a
planted fault shows. OpenSpiel's ``ISMCTSBot``, which searches such worlds,
beats a random player at each game.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

import trumpf.rl._spiel_worlds as _spiel_worlds
import trumpf.rl.openspiel as tos
from _rl_support import spiel_play
from trumpf.errors import Error

GAMES = ("trumpf_schnapsen", "trumpf_sixtysix", "trumpf_durak")
PACK = {"trumpf_schnapsen": 20, "trumpf_sixtysix": 24, "trumpf_durak": 36}


def positions(name: str, games: int, seed: int) -> list[Any]:
    """States of random play, one at each decision of ``games`` games."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def sampler(seed: int) -> Any:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


@pytest.mark.parametrize("name", GAMES)
def test_chance_deals_each_card_left_with_equal_chance(name: str) -> None:
    game = pyspiel.load_game(name)
    assert game.max_chance_outcomes() == PACK[name]
    state = game.new_initial_state()
    nodes = 0
    if name != "trumpf_durak":
        state.apply_action(1)  # the dealer: p2
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes == [(i, 1 / (PACK[name] - nodes)) for i in range(PACK[name] - nodes)]
        state.apply_action(len(outcomes) - 1)  # the highest card left, each time
        nodes += 1
    assert nodes == PACK[name] - 1  # the last card goes with the one before it
    assert state.chance_outcomes() == []  # chance has dealt
    table = state.table
    cards = sorted(c for hand in table.hands.values() for c in hand)
    assert sorted([*cards, *table.talon] + ([] if name == "trumpf_durak" else [table.turn_up])) == (
        sorted(state._pos.order)
    )
    # Dealt from the chance cards, the table has no seed, and no log replays it.
    for read in (lambda: table.seed, table.to_log):
        with pytest.raises(Error) as err:
            read()
        assert err.value.code == "no_seed"
    with pytest.raises(Error) as err:
        state.apply_action(0) if state.is_chance_node() else state.apply_action(99)
    assert err.value.code == "not_legal"


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_looks_the_same_to_its_player(name: str) -> None:
    states = positions(name, 12 if name != "trumpf_durak" else 3, seed=3)
    differ = 0
    for k, state in enumerate(states[:: 2 if name == "trumpf_durak" else 1]):
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler(k))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == player and world.move_number() == state.move_number()
        other = 1 - player
        differ += world.table.hand_of(state._pos.seats[other]) != (
            state.table.hand_of(state._pos.seats[other])
        )
        # A world is a state like any other: its history replays to it.
        text = pyspiel.serialize_game_and_state(world.get_game(), world)
        again = pyspiel.deserialize_game_and_state(text)[1]
        assert str(again) == str(world)
    assert differ > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_world_reads_the_information_state_alone(name: str) -> None:
    # Two states a player cannot tell apart (the true one and a world of it)
    # give that player the same world from the same sampler: the hidden
    # cards of the state resampled from are never read.
    states = positions(name, 4 if name != "trumpf_durak" else 2, seed=5)
    compared = 0
    for k, state in enumerate(states[:: 4 if name == "trumpf_durak" else 1]):
        player = state.current_player()
        twin = state.resample_from_infostate(player, sampler(1000 + k))
        one = state.resample_from_infostate(player, sampler(k))
        two = twin.resample_from_infostate(player, sampler(k))
        assert one.history() == two.history()
        compared += 1
    assert compared >= 3


def test_a_durak_world_is_searched_for_where_one_draw_misses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The takes and dones the table made, and who attacked first, say more
    # than the information set: the first draw often does not fit, and the
    # search then finds a world that does. Without replays to search with,
    # those positions are refused, and the refusal changes nothing.
    states = positions("trumpf_durak", 2, seed=9)[::3]
    for k, state in enumerate(states):
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler(k))
        assert world.information_state_string(player) == state.information_state_string(player)
    monkeypatch.setattr(_spiel_worlds, "DURAK_REDEALS", 0)  # each search's first deal alone
    missed = 0
    for k, state in enumerate(states):
        player = state.current_player()
        before = str(state)
        try:
            world = state.resample_from_infostate(player, sampler(k))
        except tos.OpenSpielError as refused:
            assert refused.code == "no_world" and str(state) == before
            missed += 1
            continue
        assert world.information_state_string(player) == state.information_state_string(player)
    assert missed >= 3 and len(states) - missed >= 3


def test_resampling_refuses_what_it_cannot_deal() -> None:
    game = pyspiel.load_game("trumpf_sixtysix")
    state = game.new_initial_state()
    with pytest.raises(tos.OpenSpielError) as err:
        state.resample_from_infostate(0, sampler(1))  # before the deal
    assert err.value.code == "bad_seat" and isinstance(err.value, pyspiel.SpielError)
    (state,) = positions("trumpf_sixtysix", 1, seed=2)[:1]
    before = str(state)
    for player in (1 - state.current_player(), 2, -1, "0", 0.0, True):
        with pytest.raises(tos.OpenSpielError) as err:
            state.resample_from_infostate(player, sampler(1))
        assert err.value.code == "bad_seat"

    class Deceiving(float):
        """Compares as 0.5 and converts to NaN."""

        def __float__(self) -> float:
            return float("nan")

    class Failing(float):
        def __float__(self) -> float:
            raise ValueError("no float here")

    for bad in (1.5, -0.1, float("nan"), "0.5", None, 1, Deceiving(0.5), Failing(0.5)):
        with pytest.raises(tos.OpenSpielError) as err:
            state.resample_from_infostate(state.current_player(), lambda b=bad: b)
        assert err.value.code == "bad_value"
    with pytest.raises(tos.OpenSpielError) as err:
        state.resample_from_infostate(state.current_player(), 0.5)  # not callable
    assert err.value.code == "bad_value"
    # numpy's ints and floats are what a numpy-driven search passes.
    world = state.resample_from_infostate(np.int64(state.current_player()), lambda: np.float64(0.3))
    assert world.legal_actions() == state.legal_actions()
    assert str(state) == before
    match = pyspiel.load_game("trumpf_schnapsen(match=True)").new_initial_state()
    while match.is_chance_node():
        match.apply_action(0)
    with pytest.raises(tos.OpenSpielError) as err:
        match.resample_from_infostate(match.current_player(), sampler(1))
    assert err.value.code == "bad_game"


class SeededISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, its worlds drawn with a seeded sampler: its own
    sampler is seeded by the system, so its games would differ every run."""

    def __init__(self, *args: Any, seed: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draws = sampler(seed)

    def resample_from_infostate(self, state: Any) -> Any:
        return state.resample_from_infostate(state.current_player(), self.draws)


@pytest.mark.parametrize(
    ("name", "games", "simulations", "least"),
    [
        ("trumpf_schnapsen", 16, 60, 8),
        ("trumpf_sixtysix", 16, 60, 8),
        ("trumpf_durak", 12, 20, 4),
    ],
)
def test_ismcts_beats_random_play(name: str, games: int, simulations: int, least: int) -> None:
    # Information-set MCTS searches worlds resampled from its own
    # information state: it reads nothing hidden, and still wins.
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(2)
    searcher = SeededISMCTS(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng, seed=7
    )
    total = 0.0
    for k in range(games):
        seat = k % 2
        bots: list[Any] = [uniform_random.UniformRandomBot(1 - seat, rng)]
        bots.insert(seat, searcher)
        total += spiel_play(game, bots, rng)[seat]
    # A random player's expectation is 0: game points in a deal (up to 3),
    # +1 and -1 in Durak. The searcher's is far above it.
    assert total >= least
