"""OpenSpiel's refusal, copies and rl_environment, as RLlib's OpenSpielEnv uses them.

RLlib's ``OpenSpielEnv`` catches ``pyspiel.SpielError`` around
``apply_action`` and plays a random legal action instead: an illegal move
must raise exactly that.
"""

from __future__ import annotations

import copy
import pickle

import pyspiel
import pytest
from open_spiel.python import rl_environment

import trumpf.rl.openspiel  # noqa: F401 - registers the games
from trumpf.errors import Error


def _dealt(name: str) -> pyspiel.State:
    state = pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[len(state.history()) % len(outcomes)][0])
    return state


@pytest.mark.parametrize("name", ["trumpf_schnapsen", "trumpf_sixtysix", "trumpf_durak"])
def test_an_illegal_move_raises_spiel_error_and_changes_nothing(name: str) -> None:
    state = _dealt(name)
    illegal = next(a for a in range(40) if a not in state.legal_actions())
    before = state.history()
    with pytest.raises(pyspiel.SpielError) as err:
        state.apply_action(illegal)
    assert isinstance(err.value, Error) and err.value.code == "not_legal"
    assert state.history() == before
    # What RLlib's OpenSpielEnv does with it: catch, play a legal one.
    try:
        state.apply_action(illegal)
    except pyspiel.SpielError:
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == len(before) + 1


@pytest.mark.parametrize("name", ["trumpf_schnapsen(match=True)", "trumpf_durak"])
def test_games_and_states_copy_into_independent_ones(name: str) -> None:
    game = pyspiel.load_game(name)
    for twin in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert str(twin) == str(game)
    state = _dealt(name)
    copies = [copy.deepcopy(state), pickle.loads(pickle.dumps(state)), copy.copy(state)]
    state.apply_action(state.legal_actions()[0])  # the original moves on
    for twin in copies:
        assert len(twin.history()) == len(state.history()) - 1
        twin.apply_action(twin.legal_actions()[0])
        assert twin.history() == state.history()
        assert twin.observation_tensor(0) == state.observation_tensor(0)


def test_rl_environment_refuses_an_illegal_step_with_spiel_error() -> None:
    env = rl_environment.Environment("trumpf_durak")
    step = env.reset()
    player = step.observations["current_player"]
    legal = step.observations["legal_actions"][player]
    illegal = next(a for a in range(40) if a not in legal)
    with pytest.raises(pyspiel.SpielError):
        env.step([illegal])
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][player][0]])
    assert sum(step.rewards) == 0
