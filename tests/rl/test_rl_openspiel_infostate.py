"""trumpf.rl.openspiel: the information-state tensor.

It is the observation tensor, then the marks: for each seat (the player
first) and action, when it was last made in this deal and how often, for
each card, when it last came into the player's hand, and the card dealt
face up. It is a function of the player's information state: alike
strings give alike tensors, on random games, on resampled worlds, and in
Durak whoever is on turn, so it hides what the string hides. In a deal of
the Schnapsen family it has perfect recall: alike tensors come from alike
strings, on deals that differ in the talon's order or the turn-up. In a
match it is the deal's, and a new deal starts it afresh. The observers
refuse a player that is not 0 or 1, and a state's table is a copy.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment

import trumpf.rl.openspiel as tos
from trumpf import rl
from trumpf.rl._spiel_position import DEAL_LENGTH, DURAK_LENGTH, pack_of

DEALS = ("trumpf_schnapsen", "trumpf_sixtysix", "trumpf_schnapsen(rules=schnapsen-tjger)")
ALL = (*DEALS, "trumpf_durak", "trumpf_sixtysix(match=True)")
N = rl.N_ACTIONS


def tensor(state: Any, player: int) -> np.ndarray:
    return np.array(state.information_state_tensor(player), np.float32)


def games_on_one_deal(name: str, games: int, seed: int) -> list[Any]:
    """Every decision's state of ``games`` random games, all on one deal."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    dealt = game.new_initial_state()
    while dealt.is_chance_node():
        dealt.apply_action(rng.randrange(len(dealt.chance_outcomes())))
    out = []
    for _ in range(games):
        state = dealt.clone()
        while not state.is_terminal():
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.parametrize("name", ALL)
def test_the_tensor_is_the_observation_then_the_marks(name: str) -> None:
    game = pyspiel.load_game(name)
    assert game.get_type().provides_information_state_tensor
    durak = name == "trumpf_durak"
    observed = rl.OBS_SIZE["durak" if durak else game.name]
    cards = 36 if durak else 24
    assert game.information_state_tensor_shape() == [observed + 4 * N + 2 * cards]
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    marks = list(observer.dict)[-4:]
    assert marks == ["last_made", "times_made", "arrived", "dealt_up"]
    assert [observer.dict[m].shape for m in marks] == [(2, N), (2, N), (cards,), (cards,)]
    states = games_on_one_deal(name, 2, seed=5)
    for state in states:
        for player in (0, 1):
            full = tensor(state, player)
            assert (full[:observed] == np.array(state.observation_tensor(player))).all()
            observer.set_from(state, player)
            assert (observer.tensor == full).all()
    # Before the deal it is all zeros; at the deal each player's hand arrived
    # at step 0, and the card dealt face up is marked.
    fresh = game.new_initial_state()
    assert not tensor(fresh, 0).any()
    first = states[0]
    length = DURAK_LENGTH if durak else DEAL_LENGTH
    table = first.table.deal if first._pos.match else first.table
    up = table.trump_card if durak else table.turn_up
    for player in (0, 1):
        arrived = tensor(first, player)[observed + 4 * N : observed + 4 * N + cards]
        hand = table.hand_of(first._pos.seats[player])
        assert sorted(np.flatnonzero(arrived) + 1) == sorted(hand)
        assert set(arrived[arrived > 0]) == {np.float32(1 / (length + 1))}
        dealt_up = tensor(first, player)[observed + 4 * N + cards :]
        assert np.flatnonzero(dealt_up).tolist() == [up - 1] and dealt_up.sum() == 1


@pytest.mark.parametrize("name", ALL)
def test_a_move_is_marked_for_both_players_where_each_sees_it(name: str) -> None:
    states = games_on_one_deal(name, 1, seed=8)
    observed = len(states[0].observation_tensor(0))
    durak = name == "trumpf_durak"
    length = DURAK_LENGTH if durak else DEAL_LENGTH
    for before, after in itertools.pairwise(states):
        mover = before.current_player()
        action = after.history()[-1]
        if after._pos.step == 0:
            continue  # the move ended a match's deal: the next deal starts afresh
        when = np.float32((after._pos.step + 1) / (length + 1))
        for player in (0, 1):
            seat = 0 if player == mover else 1
            old = tensor(before, player)[observed:].reshape(-1)
            new = tensor(after, player)[observed:].reshape(-1)
            last, times = new[: 2 * N].reshape(2, N), new[2 * N : 4 * N].reshape(2, N)
            assert last[seat, action] == when
            assert times[seat, action] == old[2 * N + seat * N + action] + 1
            changed = np.flatnonzero(old[: 4 * N] != new[: 4 * N])
            assert set(changed) <= {seat * N + action, 2 * N + seat * N + action}


@pytest.mark.parametrize("name", ALL)
def test_alike_information_states_give_alike_tensors(name: str) -> None:
    seen: dict[tuple[int, str], bytes] = {}
    for state in games_on_one_deal(name, 40 if name != "trumpf_durak" else 8, seed=11):
        for player in (0, 1):
            key = (player, state.information_state_string(player))
            assert seen.setdefault(key, tensor(state, player).tobytes()) == (
                tensor(state, player).tobytes()
            )
    assert len(seen) > 100


def games_on_deals_alike_for_player_0(name: str, deals: int, games: int, seed: int) -> list[Any]:
    """Every decision's state of random games on deals that give player 0
    (p1, who does not deal) the same hand and turn-up and differ in the rest."""
    game = pyspiel.load_game(
        name.replace(")", ",dealer=p2)") if "(" in name else name + "(dealer=p2)"
    )
    rng = random.Random(seed)
    pack = sorted(pack_of("schnapsen", game.rules))
    rng.shuffle(pack)
    size = 6 if "sixtysix" in name else 5
    mine, up, rest = pack[:size], pack[-1], pack[size:-1]
    out = []
    for _ in range(deals):
        rng.shuffle(rest)
        dealt = game.new_initial_state()
        left = sorted(pack)
        for card in [*mine, *rest]:
            dealt.apply_action(left.index(card))
            left.remove(card)
        assert dealt.table.turn_up == up and sorted(dealt.table.hand_of("p1")) == sorted(mine)
        for _ in range(games):
            state = dealt.clone()
            while not state.is_terminal():
                out.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("name", DEALS)
def test_a_deals_tensor_has_perfect_recall(name: str) -> None:
    # Games on deals alike for player 0 share their starts and part, and
    # player 0 draws other cards in them: a tensor that lost a move, its time
    # or when a card arrived would read two of its information states alike.
    strings: dict[tuple[int, bytes], str] = {}
    for state in games_on_deals_alike_for_player_0(name, 30, 20, seed=13):
        for player in (0, 1):
            key = (player, tensor(state, player).tobytes())
            assert strings.setdefault(key, state.information_state_string(player)) == (
                state.information_state_string(player)
            )
    assert len(strings) > 2000


def dealt_in_order(game: Any, order: list[int]) -> Any:
    """The state after the deal that puts ``order``'s cards in its places."""
    state = game.new_initial_state()
    left = sorted(order)
    for card in order[:-1]:
        state.apply_action(left.index(card))
        left.remove(card)
    return state


def played_alike(game: Any, orders: tuple[list[int], list[int]], rng: random.Random) -> Any:
    """The pairs of states two deals reach when the same moves are played on
    both (each drawn among those legal in both), until they part."""
    one, two = dealt_in_order(game, orders[0]), dealt_in_order(game, orders[1])
    while True:
        yield one, two
        both = sorted(set(one.legal_actions()) & set(two.legal_actions()))
        if one.is_terminal() or not both or one.current_player() != two.current_player():
            return
        action = rng.choice(both)
        one.apply_action(action)
        two.apply_action(action)


def recall_on_swapped_deals(name: str, places: Any, trials: int, seed: int) -> int:
    """Plays deals and their twins with two places' cards traded (``places``
    picks them in an order), asserting for both players that alike strings
    are alike tensors and the reverse; returns how often the strings
    differed while the observations did not."""
    game = pyspiel.load_game(
        name.replace(")", ",dealer=p2)") if "(" in name else name + "(dealer=p2)"
    )
    rng = random.Random(seed)
    pack = pack_of("schnapsen", game.rules)
    same_view = 0
    for _ in range(trials):
        order = list(pack)
        rng.shuffle(order)
        i, j = places(order, rng)
        swapped = list(order)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        for one, two in played_alike(game, (order, swapped), rng):
            for player in (0, 1):
                strings = one.information_state_string(player), two.information_state_string(player)
                assert (strings[0] == strings[1]) == (
                    tensor(one, player).tobytes() == tensor(two, player).tobytes()
                )
                same_view += strings[0] != strings[1] and (
                    one.observation_tensor(player) == two.observation_tensor(player)
                )
    return same_view


@pytest.mark.parametrize("name", DEALS)
def test_when_each_card_arrived_is_recalled(name: str) -> None:
    # Two deals whose talons differ in the order of two cards, played alike:
    # a player who drew both and still holds them sees the same observation,
    # yet knew another hand in between. Its tensor must tell them apart.
    size = 6 if "sixtysix" in name else 5

    def talon(order: list[int], rng: random.Random) -> tuple[int, int]:
        i, j = rng.sample(range(2 * size, len(order) - 1), 2)
        return i, j

    assert recall_on_swapped_deals(name, talon, 300, seed=19) >= 10


@pytest.mark.parametrize("name", DEALS)
def test_which_card_was_dealt_face_up_is_recalled(name: str) -> None:
    # The turn-up traded with a card of its suit elsewhere: once the other
    # seat has drawn the turn-up and both cards are played, the observations
    # agree, but the player saw another turn-up at the deal.
    def turn_up(order: list[int], rng: random.Random) -> tuple[int, int]:
        suit = (order[-1] - 1) // 6
        alike = [k for k in range(len(order) - 1) if (order[k] - 1) // 6 == suit]
        return len(order) - 1, rng.choice(alike)

    assert recall_on_swapped_deals(name, turn_up, 300, seed=23) >= 10


def test_alike_durak_strings_give_alike_tensors_whoever_is_on_turn() -> None:
    # Durak deals with two places' cards traded: the table's own takes and
    # dones and who attacks first can then differ while no player moved, so
    # the string must say what the table did (whose turn, the counts).
    game = pyspiel.load_game("trumpf_durak")
    rng = random.Random(29)
    pack = pack_of("durak", None)
    alike = not_on_turn = 0
    for _ in range(300):
        order = list(pack)
        rng.shuffle(order)
        i, j = rng.sample(range(len(order)), 2)
        swapped = list(order)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        for one, two in played_alike(game, (order, swapped), rng):
            for player in (0, 1):
                if one.information_state_string(player) != two.information_state_string(player):
                    continue
                alike += 1
                not_on_turn += one.current_player() != player
                assert one.current_player() == two.current_player()
                assert tensor(one, player).tobytes() == tensor(two, player).tobytes()
    assert alike > 1000 and not_on_turn > 100


@pytest.mark.parametrize("name", ("trumpf_schnapsen", "trumpf_durak"))
def test_a_resampled_world_gives_its_player_the_same_tensor(name: str) -> None:
    checked = 0
    for k, state in enumerate(
        games_on_one_deal(name, 3, seed=17)[:: 2 if name != "trumpf_durak" else 5]
    ):
        if state.is_terminal():
            continue
        player = state.current_player()
        try:
            world = state.resample_from_infostate(
                player, pyspiel.UniformProbabilitySampler(k, 0, 1)
            )
        except tos.OpenSpielError as refused:
            assert refused.code == "no_world"
            continue
        assert (tensor(world, player) == tensor(state, player)).all()
        checked += 1
    assert checked >= 8


def test_a_matchs_next_deal_starts_its_marks_afresh() -> None:
    states = games_on_one_deal("trumpf_schnapsen(match=True)", 1, seed=2)
    observed = rl.OBS_SIZE["schnapsen-match"]
    starts = [s for s in states[1:] if s._pos.step == 0 and not s.is_terminal()]
    assert starts, "the match ended in its first deal"
    for state in starts:
        for player in (0, 1):
            marks = tensor(state, player)[observed:]
            assert not marks[: 4 * N].any()
            deal = state.table.deal
            hand = deal.hand_of(state._pos.seats[player])
            assert sorted(np.flatnonzero(marks[4 * N : 4 * N + 24]) + 1) == sorted(hand)
            assert np.flatnonzero(marks[4 * N + 24 :]).tolist() == [deal.turn_up - 1]


def test_rl_environment_observes_the_information_state_by_default() -> None:
    env = rl_environment.Environment("trumpf_sixtysix")
    assert env.observation_spec()["info_state"] == (464,)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        state = env.get_state
        for p in (0, 1):
            assert step.observations["info_state"][p] == state.information_state_tensor(p)
        step = env.step([step.observations["legal_actions"][player][0]])


def test_the_observers_refuse_a_player_that_is_not_0_or_1() -> None:
    # OpenSpiel's state methods check the player; an observer called
    # directly (as open_spiel.python.observation does) checks it itself.
    game = pyspiel.load_game("trumpf_durak")
    (state,) = games_on_one_deal("trumpf_durak", 1, seed=3)[:1]
    for perfect_recall in (False, True):
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        before = observer.tensor.copy()
        for player in (-1, 2, 1.0, True, "0", None):
            for call in (observer.set_from, observer.string_from):
                with pytest.raises(tos.OpenSpielError) as err:
                    call(state, player)
                assert err.value.code == "bad_seat"
        assert (observer.tensor == before).all()
        observer.set_from(state, np.int64(1))
        assert (
            observer.tensor
            == np.array(
                state.information_state_tensor(1) if perfect_recall else state.observation_tensor(1)
            )
        ).all()


def test_the_table_a_state_gives_out_is_a_copy() -> None:
    # Moves go through apply_action, which keeps the history, the marks and
    # the legal actions in step; a move made on the table handed out does not
    # reach the state.
    (state,) = games_on_one_deal("trumpf_sixtysix", 1, seed=4)[:1]
    legal, before = state.legal_actions(), str(state)
    table = state.table
    mover = table.turn
    card = next(a for a in legal if a < 24)  # a card's action is its card's
    table.apply(mover, rl.move_of(table, card))
    assert len(table.hand_of(mover)) == len(state.table.hand_of(mover)) - 1
    assert state.legal_actions() == legal and str(state) == before
