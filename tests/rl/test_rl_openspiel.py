"""trumpf.rl.openspiel: OpenSpiel's own checker, chance, observers, algorithms.

``pyspiel.random_sim_test`` (serialisation on) passes for the three games, a
match of each family, a house-rule preset and a fixed dealer. Chance is the
deal card by card (and the dealer; a match: its 32-byte seed), and a deal
of a seed's shuffle is the scalar API's ``build`` of that seed. Games played through OpenSpiel equal the scalar API's,
move for move: legal actions, both players' observation tensors (the
documented function of each seat's ``info``) and strings, returns. The
perfect-recall information state only grows, and deals that differ only in
what player 0 cannot see give player 0 the same strings and tensors. MCTS
and outcome-sampling MCCFR run on the games.
"""

from __future__ import annotations

import base64
import json
import pickle
import random
from collections import defaultdict
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr
from open_spiel.python.bots import uniform_random

import trumpf.durak as durak
import trumpf.rl.openspiel as tos
import trumpf.schnapsen as schnapsen
from _rl_support import expected_rewards, obs_from_info, spiel_play
from trumpf import rl
from trumpf.errors import Error

CHECKED = [
    ("trumpf_schnapsen", 20),
    ("trumpf_sixtysix", 20),
    ("trumpf_durak", 8),
    ("trumpf_schnapsen(match=True)", 4),
    ("trumpf_sixtysix(match=True,dealer=p2)", 4),
    ("trumpf_schnapsen(rules=schnapsen-tjger)", 20),
]


@pytest.mark.parametrize(("name", "sims"), CHECKED)
def test_random_sim_test_passes_with_serialisation(name: str, sims: int) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_games_are_registered_as_documented() -> None:
    names = {t.short_name: t for t in pyspiel.registered_games()}
    for short_name in tos.GAMES:
        t = names[short_name]
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.provides_information_state_string and t.provides_observation_tensor
        assert t.provides_information_state_tensor
    game = pyspiel.load_game("trumpf_sixtysix(match=True)")
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (40, 256)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert pyspiel.load_game("trumpf_schnapsen").max_utility() == 3.0
    assert pyspiel.load_game("trumpf_durak").observation_tensor_shape() == [304]
    for bad in ("trumpf_schnapsen(rules=sixtysix)", "trumpf_sixtysix(dealer=p3)"):
        with pytest.raises(Error):
            pyspiel.load_game(bad)


def deal(state: Any, seed: bytes, dealer: int | None) -> None:
    """Plays the chance nodes: the dealer (0 for p1), then the cards of the
    seed's shuffle one a node, each of those left equally likely (a match:
    the seed's bytes, each of 256)."""
    if dealer is not None:
        assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
        state.apply_action(dealer)
    game = state.get_game()
    if game.match:
        for byte in seed:
            assert state.is_chance_node()
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == list(range(256))
            assert all(p == 1 / 256 for _, p in outcomes)
            state.apply_action(byte)
        return
    if game.family == "durak":
        order = durak.deck.order_for(seed, 1)
    else:
        order = schnapsen.deck.order_for(game.rules, seed, 1)
    left = sorted(order)
    for card in order[:-1]:  # the last card goes with the one before it
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(i, 1 / len(left)) for i in range(len(left))]
        at = left.index(card)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, at) == f"deal {card}"
        state.apply_action(at)
        del left[at]
    assert not state.is_chance_node()


def build(name: str, seed: bytes, dealer: str) -> Any:
    if name == "durak":
        return durak.Game.build(seed=seed, number=1)
    if name.endswith("-match"):
        return schnapsen.Match.build(variant=name[:-6], seed=seed, dealer=dealer)
    return schnapsen.Deal.build(variant=name, seed=seed, number=1, dealer=dealer)


@pytest.mark.parametrize(
    ("spiel", "name"),
    [
        ("trumpf_schnapsen", "schnapsen"),
        ("trumpf_sixtysix", "sixtysix"),
        ("trumpf_durak", "durak"),
        ("trumpf_sixtysix(match=True)", "sixtysix-match"),
        ("trumpf_schnapsen(rules=schnapsen-tjger)", "schnapsen-tjger"),
    ],
)
def test_games_equal_the_scalar_api(spiel: str, name: str) -> None:
    game = pyspiel.load_game(spiel)
    rng = random.Random(3)
    seats = (1, 2) if name == "durak" else ("p1", "p2")
    for _ in range(2 if name.endswith("-match") else 8):
        state = game.new_initial_state()
        seed = bytes(rng.randrange(256) for _ in range(32))
        dealer = None if name == "durak" else rng.randrange(2)
        deal(state, seed, dealer)
        table = build(name, seed, "p2" if dealer else "p1")
        previous = ["", ""]
        while not table.over:
            player = seats.index(table.turn)
            assert state.current_player() == player
            mask = rl.legal_mask(table, table.turn)
            assert state.legal_actions() == np.flatnonzero(mask).tolist()
            assert state.legal_actions(1 - player) == []
            for p, seat in enumerate(seats):
                tensor = np.array(state.observation_tensor(p), np.float32)
                assert (tensor == rl.observe(table, seat)).all()
                raw = obs_from_info(table, seat).astype(np.float32) * rl.OBS_SCALE[name]
                assert (tensor == raw).all()
                info = dict(table.info(seat))
                info["hand"] = sorted(info["hand"])
                info["legal"] = sorted(info["legal"], key=lambda m: rl.action_of(name, m))
                assert json.loads(state.observation_string(p)) == json.loads(
                    json.dumps(info, default=str)
                )
                # Perfect recall: what a player knew stays in its information state.
                info_state = state.information_state_string(p)
                assert info_state.startswith(previous[p]) and len(info_state) > len(previous[p])
                previous[p] = info_state
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            table.apply(table.turn, rl.move_of(table, action))
        assert state.is_terminal() and state.returns() == expected_rewards(table, name)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = pyspiel.load_game("trumpf_durak").new_initial_state()
    deal(state, bytes(range(32)), None)
    before, history = str(state), state.history()
    illegal = next(a for a in range(40) if a not in state.legal_actions())
    with pytest.raises(Error):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == history
    with pytest.raises(Error):
        state.apply_action(39)  # resign is never legal here


def test_serialisation_and_pickling_give_the_same_state() -> None:
    game = pyspiel.load_game("trumpf_schnapsen(match=True)")
    state = game.new_initial_state()
    rng = random.Random(9)
    deal(state, bytes(rng.randrange(256) for _ in range(32)), 1)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    for copy in (state2, pickle.loads(pickle.dumps(state)), state.clone()):
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert copy.observation_tensor(1) == state.observation_tensor(1)
        assert copy.information_state_string(0) == state.information_state_string(0)
    assert str(game2) == str(game)


def dealt(name: str, seed: bytes, moves: int, dealer: int | None = 0) -> tuple[Any, Any]:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    deal(state, seed, None if name == "trumpf_durak" else dealer)
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return game, state


def restored(text: str) -> Any:
    return pyspiel.deserialize_game_and_state(text)[1]


def refused(text: str) -> tos.OpenSpielError:
    with pytest.raises(tos.OpenSpielError) as err:
        restored(text)
    # trumpf's Error, with its code, and OpenSpiel's own error type.
    assert isinstance(err.value, Error) and isinstance(err.value, pyspiel.SpielError)
    assert err.value.code == "bad_history"
    return err.value


def with_line(text: str, tag: str, value: str) -> str:
    return "\n".join(tag + value if line.startswith(tag) else line for line in text.split("\n"))


def line_of(text: str, tag: str) -> str:
    return next(line for line in text.split("\n") if line.startswith(tag))[len(tag) :]


def test_a_text_with_an_illegal_move_appended_is_refused() -> None:
    game, state = dealt("trumpf_schnapsen", bytes(range(32)), 3)
    text = pyspiel.serialize_game_and_state(game, state)
    assert restored(text).history() == state.history()
    illegal = next(a for a in range(40) if a not in state.legal_actions())
    history = line_of(text, "history=") + f",{state.current_player()}:{illegal}"
    tampered = with_line(text, "history=", history)
    refused(tampered)
    refused(with_line(tampered, "move_number=", str(state.move_number() + 1)))
    # The history's players are checked too, and move_number against it.
    legal = state.legal_actions()[0]
    refused(with_line(text, "history=", history.rsplit(",", 1)[0] + f",7:{legal}"))
    refused(with_line(text, "move_number=", "3"))


def test_a_durak_game_holding_a_schnapsen_state_is_refused() -> None:
    durak_game, durak_state = dealt("trumpf_durak", bytes(32), 0)
    game, state = dealt("trumpf_schnapsen", bytes(32), 2)
    durak_text = pyspiel.serialize_game_and_state(durak_game, durak_state)
    text = pyspiel.serialize_game_and_state(game, state)
    refused(durak_text.split("[State]")[0] + "[State]" + text.split("[State]")[1])


def test_a_table_from_another_seed_is_refused_and_the_history_is_the_state() -> None:
    game, state = dealt("trumpf_sixtysix", bytes(32), 4)
    other_game, other = dealt("trumpf_sixtysix", bytes([7] * 32), 4)
    text = pyspiel.serialize_game_and_state(game, state)
    other_text = pyspiel.serialize_game_and_state(other_game, other)
    # The Python part says nothing but "replay": one seed's history with
    # another's Python part is the first seed's state, table and all.
    mixed = with_line(text, "__dict__=", line_of(other_text, "__dict__="))
    back = restored(mixed)
    assert back.table.history == state.table.history and str(back) == str(state)
    # A Python part that carries a table of its own (as a text of another
    # seed could) is refused: the table is what the history plays.
    forged = {"_pos": state._pos, "table": build("sixtysix", bytes([7] * 32), "p1")}
    blob = base64.b64encode(pickle.dumps(forged)).decode()
    refused(with_line(text, "__dict__=", blob))
    # With no Python part at all the state is still the history's.
    empty = base64.b64encode(pickle.dumps({})).decode()
    bare = restored(with_line(text, "__dict__=", empty))
    assert str(bare) == str(state) and bare.legal_actions() == state.legal_actions()


def test_a_pickled_state_is_replayed() -> None:
    game, state = dealt("trumpf_schnapsen(match=True)", bytes(range(32)), 5, dealer=1)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(state, protocol=protocol))
        assert str(back) == str(state) and back.history() == state.history()
        assert pickle.loads(pickle.dumps(game, protocol=protocol)).to_string() == str(game)
    _, history = state.__reduce__()[1]
    illegal = next(a for a in range(40) if a not in state.legal_actions())
    with pytest.raises(tos.OpenSpielError) as err:
        state.__reduce__()[0](str(game), [*history, illegal])
    assert err.value.code == "bad_history"
    with pytest.raises(tos.OpenSpielError) as err:
        state.__reduce__()[0]("tic_tac_toe()", [])
    assert err.value.code == "bad_game"


def test_the_parameters_are_checked_when_a_game_is_made_directly() -> None:
    for params in ({"match": 1}, {"match": "yes"}, {"rules": None}, {"dealer": 2}, {"x": 1}):
        with pytest.raises(Error):
            tos.SchnapsenGame(params)
    with pytest.raises(Error):
        tos.DurakGame({"rules": "durak"})


def test_deals_alike_for_player_0_look_alike_to_it() -> None:
    # Seeds whose deals give p1 the same cards, turn-up and turn but hide
    # different cards (or a different talon order) from it: player 0's strings
    # and tensors must be equal, player 1's not where its hand differs; and
    # so after player 0's first move, if it moves first.
    groups: dict[tuple[Any, ...], list[bytes]] = defaultdict(list)
    for k in range(60000):
        seed = k.to_bytes(32, "big")
        table = schnapsen.Deal.build(variant="schnapsen", seed=seed, number=1, dealer="p2")
        groups[(tuple(sorted(table.hand_of("p1"))), table.turn_up)].append(seed)
    alike = [seeds for seeds in groups.values() if len(seeds) > 1]
    assert len(alike) >= 5
    game = pyspiel.load_game("trumpf_schnapsen(dealer=p2)")
    for seeds in alike[:12]:
        states = []
        for seed in seeds[:2]:
            state = game.new_initial_state()
            deal(state, seed, None)
            states.append(state)
        one, two = states
        hidden = [(sorted(s.table.hand_of("p2")), s.table.talon) for s in states]
        assert hidden[0] != hidden[1]
        for _ in range(2):
            assert one.information_state_string(0) == two.information_state_string(0)
            assert one.observation_string(0) == two.observation_string(0)
            assert one.observation_tensor(0) == two.observation_tensor(0)
            if hidden[0][0] != hidden[1][0]:
                assert one.information_state_string(1) != two.information_state_string(1)
            if one.current_player() != 0:
                break
            action = one.legal_actions()[0]
            one.apply_action(action)
            two.apply_action(action)


def test_mcts_beats_random_play() -> None:
    # OpenSpiel's MCTS searches the state it is given, hidden cards included:
    # the check is that search runs on the games, not that it plays fairly.
    game = pyspiel.load_game("trumpf_schnapsen")
    rng = np.random.RandomState(0)
    searcher = mcts.MCTSBot(
        game, 2.0, 40, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=False
    )
    total = 0.0
    for k in range(12):
        seat = k % 2
        bots = [uniform_random.UniformRandomBot(1 - seat, rng)]
        bots.insert(seat, searcher)
        total += spiel_play(game, bots, rng)[seat]
    assert total > 0


def test_outcome_sampling_mccfr_runs() -> None:
    game = pyspiel.load_game("trumpf_schnapsen(dealer=p1)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(300):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    deal(state, bytes(32), None)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)
    assert len(solver._infostates) > 300


def test_the_docstring_examples() -> None:
    import doctest

    assert doctest.testmod(tos).failed == 0
