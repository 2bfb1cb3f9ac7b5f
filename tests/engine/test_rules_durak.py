"""The rules docs/rules/durak.md calls out, checked on real positions of either implementation.

Positions are found by letting the oracle's bots play (``durak_support.playouts``)
and by searching seeds; each test replays those moves on the implementation under
test and asserts what that implementation does there. Every search also asserts
that it found something, so no test can pass by looking at nothing.
"""

from __future__ import annotations

import hashlib
import importlib
from types import ModuleType
from typing import Any

import pytest

from durak_support import IMPLEMENTATIONS, SEATS, playouts, position, seed_of, traces

SPADES = {"A": 1, "K": 2, "Q": 3, "J": 4, "T": 5, "9": 6, "8": 7, "7": 8, "6": 9}


@pytest.fixture(params=IMPLEMENTATIONS)
def durak(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


def _body(move: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in move.items() if key != "seat"}


def _event(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = [event for event in events if event["kind"] == kind]
    assert len(found) == 1, f"expected one {kind} in {events}"
    return found[0]


def _steps(durak: ModuleType) -> list[dict[str, Any]]:
    return [step for steps in traces(durak) for step in steps]


# ---------------------------------------------------------------- the refill


def test_last_talon_card_goes_to_the_bouts_attacker(durak: ModuleType) -> None:
    """With one card left and both seats short, the seat that attacked in the bout draws it.

    That is so even when the defender beat the bout off and attacks next: it
    still draws second and ends the deal a card short.
    """
    seen = {"beaten_off": 0, "taken": 0, "attacker_full": 0}
    for step in _steps(durak):
        before, events = step["before"], step["events"]
        refills = [e for e in events if e["kind"] == "refill"]
        if not refills or before["talon_left"] != 1:
            continue
        bout_end = _event(events, "bout_end")
        attacker = before["bout"]["attacker"]
        defender = before["bout"]["defender"]
        drawn = refills[0]["drawn"]
        assert sum(drawn.values()) <= 1 and refills[0]["talon"] == 1 - sum(drawn.values())
        if not sum(drawn.values()):
            continue  # both held six or more
        short = {seat: len(step["after"]["hands"][seat]) - drawn[seat] < 6 for seat in SEATS}
        if not short[attacker]:
            seen["attacker_full"] += 1
            assert drawn == {attacker: 0, defender: 1}
            continue
        assert drawn == {attacker: 1, defender: 0}, (step["move"], events)
        if not short[defender]:
            continue
        assert len(step["after"]["hands"][defender]) < 6
        if bout_end["taken"]:
            seen["taken"] += 1
            assert bout_end["next_attacker"] == attacker
        else:
            seen["beaten_off"] += 1
            assert bout_end["next_attacker"] == defender
    assert seen["beaten_off"] > 0, seen


def test_refill_is_emitted_after_every_bout_attacker_first(durak: ModuleType) -> None:
    """Every bout end is followed by a refill, zeros included; draws fill up to six, no more."""
    zero_refills = 0
    for step in _steps(durak):
        events = step["events"]
        kinds = [e["kind"] for e in events]
        for at, kind in enumerate(kinds):
            if kind == "bout_end":
                assert kinds[at + 1] == "refill", kinds
        if "refill" not in kinds:
            continue
        refill = _event(events, "refill")
        before, after = step["before"], step["after"]
        attacker = before["bout"]["attacker"]
        defender = 3 - attacker
        assert list(refill["drawn"]) in ([1, 2], [2, 1])
        assert refill["talon"] == after["talon_left"]
        assert sum(refill["drawn"].values()) == before["talon_left"] - after["talon_left"]
        if refill["drawn"] == {1: 0, 2: 0}:
            zero_refills += 1
        want_attacker = min(
            max(0, 6 - (len(after["hands"][attacker]) - refill["drawn"][attacker])),
            before["talon_left"],
        )
        assert refill["drawn"][attacker] == want_attacker
        for seat in (attacker, defender):
            if refill["drawn"][seat]:
                assert len(after["hands"][seat]) <= 6
    assert zero_refills > 0


# ---------------------------------------------------------------- the trump six


def test_six_pedigree_cleared_when_the_other_seat_picks_it_up(
    durak: ModuleType,
) -> None:
    """The owner attacks with its six, the defender takes it: nobody may exchange it now."""
    found = 0
    for step in _steps(durak):
        before, after = step["before"], step["after"]
        six = before["six_of_trumps"]
        bout = before["bout"]
        ends = [e for e in step["events"] if e["kind"] == "bout_end" and e["taken"]]
        laid = (
            bout["attacks"]
            + [b for b in bout["beats"] if b is not None]
            + [step["move"].get("card")]
        )
        if not ends or six not in laid or before["six_owner"] != bout["attacker"]:
            continue
        found += 1
        assert after["six_owner"] is None
        assert six in after["hands"][bout["defender"]]
        assert after["can_swap"] == {1: False, 2: False}
    assert found > 0


def test_six_pedigree_kept_when_the_owner_takes_back_its_own_six(
    durak: ModuleType,
) -> None:
    """The owner beats with its six and then picks the bout up: the six is still its to exchange."""
    found = 0
    still_swappable = 0
    for step in _steps(durak):
        before, after = step["before"], step["after"]
        six = before["six_of_trumps"]
        bout = before["bout"]
        ends = [e for e in step["events"] if e["kind"] == "bout_end" and e["taken"]]
        laid = (
            bout["attacks"]
            + [b for b in bout["beats"] if b is not None]
            + [step["move"].get("card")]
        )
        if not ends or six not in laid or before["six_owner"] != bout["defender"]:
            continue
        found += 1
        assert after["six_owner"] == bout["defender"]
        assert six in after["hands"][bout["defender"]]
        assert after["can_swap"][bout["defender"]] == after["turn_up_left"]
        still_swappable += after["turn_up_left"]
    assert found > 0 and still_swappable > 0


def test_swap_puts_the_six_under_the_talon(durak: ModuleType) -> None:
    """An exchange: the turn-up joins the hand, the six becomes the last talon card, the pedigree ends."""
    found = 0
    for step in _steps(durak):
        if step["move"]["kind"] != "swap":
            continue
        before, after = step["before"], step["after"]
        seat = step["move"]["seat"]
        six, turn_up = before["six_of_trumps"], before["trump_card"]
        assert before["can_swap"][seat] and before["six_owner"] == seat
        assert step["events"][0] == {"kind": "swap", "seat": seat}
        assert after["trump_card"] == six
        assert after["can_swap"] == {1: False, 2: False}
        if len(step["events"]) > 1:
            continue  # the swap left a forced position, and the bout ended and refilled
        found += 1
        assert after["talon"] == [*before["talon"][:-1], six]
        assert after["hands"][seat] == sorted(
            [c for c in before["hands"][seat] if c != six] + [turn_up]
        )
        assert after["hands"][3 - seat] == before["hands"][3 - seat]
        assert after["six_owner"] is None
        # The turn moves on only by a silent forced take: a defender the turn-up did not help.
        if after["phase"] != before["phase"]:
            assert (before["phase"], after["phase"]) == ("defend", "pile_on")
    assert found > 0


def test_drawing_the_six_from_the_talon_makes_the_drawer_its_owner(
    durak: ModuleType,
) -> None:
    """The six an exchange put under the talon is drawn last, and its drawer owns it (but cannot swap)."""
    found = 0
    for step in _steps(durak):
        before, after = step["before"], step["after"]
        six = before["six_of_trumps"]
        if not before["talon"] or before["talon"][-1] != six or after["talon"]:
            continue
        found += 1
        drawer = 1 if six in after["hands"][1] else 2
        assert six not in before["hands"][drawer]
        assert after["six_owner"] == drawer
        assert after["can_swap"] == {1: False, 2: False}
        assert not after["turn_up_left"]
    assert found > 0


def _turned_up_sixes(count: int) -> list[tuple[bytes, int]]:
    from trumpf.reference.durak import deck

    found = []
    for i in range(count):
        seed = seed_of(f"trumpf-durak-six-{i}")
        dealt = deck.deal_for(seed, 1)
        if dealt["trump_card"] == dealt["six_of_trumps"]:
            found.append((seed, 1))
    return found


def test_turn_up_six_is_one_deal_in_nine(durak: ModuleType) -> None:
    """The turn-up is the trump six in about one deal in nine, and then nobody was dealt it."""
    total = 900
    sixes = {seed for seed, _ in _turned_up_sixes(total)}
    assert 60 <= len(sixes) <= 140, len(sixes)
    for i in range(total):
        seed = seed_of(f"trumpf-durak-six-{i}")
        game = durak.Game.build(seed=seed, number=1)
        turned = game.trump_card == game.six_of_trumps
        assert turned == (seed in sixes)
        if turned:
            assert game.six_owner is None
            assert game.talon[-1] == game.six_of_trumps
        else:
            holders = [s for s in SEATS if game.six_of_trumps in game.hand_of(s)]
            assert game.six_owner == (holders[0] if holders else None)


def test_turn_up_six_nobody_may_swap_until_it_is_drawn(durak: ModuleType) -> None:
    """With the six turned up nobody is offered the exchange; its drawer owns it, too late to swap."""
    deals = _turned_up_sixes(300)[:12]
    assert deals
    drawn_by_someone = 0
    shut = 0
    for index, (seed, number) in enumerate(deals):
        game = durak.Game.build(seed=seed, number=number)
        bots = {seat: durak.Bot(level=1, seed=f"six-{index}-{seat}") for seat in SEATS}
        six = game.six_of_trumps
        while not game.over:
            if game.turn_up_left:
                assert game.six_owner is None
                assert not game.can_swap(1) and not game.can_swap(2)
            seat = game.turn
            assert all(move["kind"] != "swap" for move in game.legal(seat))
            owner = game.six_owner
            if owner is not None and game.turn == owner and six in game.hand_of(owner):
                with pytest.raises(durak.Error) as caught:
                    game.apply(owner, {"kind": "swap"})
                assert caught.value.code == "talon_shut"
                shut += 1
            game.apply(seat, bots[seat].choose(game.view(seat)))
            if (
                not game.turn_up_left
                and six in game.hand_of(1) + game.hand_of(2)
                and game.six_owner is not None
            ):
                drawn_by_someone += 1
        # The reference sets six_owner for whoever draws the turned-up six.
    assert drawn_by_someone > 0 and shut > 0


# ---------------------------------------------------------------- what legal offers


def test_take_and_done_are_offered_only_beside_another_answer(
    durak: ModuleType,
) -> None:
    """take only beside a beat or a swap, done only beside a throw or a swap; forced positions never wait."""
    counts = {"take+swap": 0, "done+swap": 0, "take": 0, "done": 0}
    for step in _steps(durak):
        before = step["before"]
        kinds = [move["kind"] for move in before["legal"]]
        swap = "swap" in kinds
        if before["phase"] == "defend":
            assert "beat" in kinds or swap, kinds
            assert "take" in kinds
            assert set(kinds) <= {"beat", "take", "swap"}
            counts["take"] += 1
            if kinds == ["take", "swap"]:
                counts["take+swap"] += 1
        else:
            assert set(kinds) <= {"attack", "done", "swap"}
            if before["bout"]["attacks"]:
                assert "attack" in kinds or swap, kinds
                assert "done" in kinds
                counts["done"] += 1
                if kinds == ["done", "swap"]:
                    counts["done+swap"] += 1
            else:
                assert "done" not in kinds
                assert "attack" in kinds
        # The reference order: cards in hand order, then take or done, then swap.
        order = {"beat": 0, "attack": 0, "take": 1, "done": 1, "swap": 2}
        assert [order[k] for k in kinds] == sorted(order[k] for k in kinds)
        cards = [move["card"] for move in before["legal"] if "card" in move]
        assert cards == sorted(cards)
    assert all(counts.values()), counts


def test_forced_take_and_done_cost_no_move_and_no_event(durak: ModuleType) -> None:
    """An attack the defender cannot beat, with nothing to throw after, ends the bout in one apply."""
    found = 0
    for step in _steps(durak):
        kinds = [event["kind"] for event in step["events"]]
        if step["move"]["kind"] == "attack" and kinds[:2] == ["attack", "bout_end"]:
            found += 1
            assert "take" not in kinds
            end = _event(step["events"], "bout_end")
            assert end["taken"] and end["how"] == "taken"
    assert found > 0


def test_done_ends_the_bout_and_hands_the_attack_over(durak: ModuleType) -> None:
    """A bout said done is discarded and the defender attacks next; done after a take is a taken bout."""
    seen = {"done": 0, "taken": 0}
    for step in _steps(durak):
        if step["move"]["kind"] != "done":
            continue
        before, after = step["before"], step["after"]
        end = _event(step["events"], "bout_end")
        bout = before["bout"]
        cards = len(bout["attacks"]) + len([b for b in bout["beats"] if b is not None])
        assert end["cards"] == cards
        if before["phase"] == "pile_on":
            seen["taken"] += 1
            assert end == {
                **end,
                "taken": True,
                "how": "taken",
                "next_attacker": bout["attacker"],
            }
            assert end["discard"] == before["discard"]
        else:
            seen["done"] += 1
            assert end == {
                **end,
                "taken": False,
                "how": "done",
                "next_attacker": bout["defender"],
            }
            assert end["discard"] == before["discard"] + cards == after["discard"]
    assert all(seen.values()), seen


# ---------------------------------------------------------------- the end of the deal


def test_deal_ends_only_after_a_bouts_refill(durak: ModuleType) -> None:
    """out and game_end come only straight after a refill (or a resign), and only with the talon empty."""
    endings = 0
    for step in _steps(durak):
        kinds = [event["kind"] for event in step["events"]]
        if "game_end" in kinds and "resign" not in kinds:
            endings += 1
            refill = kinds.index("refill")
            assert kinds[refill + 1 :] in (
                ["out", "game_end"],
                ["out", "out", "game_end"],
            )
            assert step["after"]["talon_left"] == 0
            outs = [e["seat"] for e in step["events"] if e["kind"] == "out"]
            assert outs == sorted(outs)
            assert all(not step["after"]["hands"][seat] for seat in outs)
            assert step["after"]["bout"] is None
            assert step["after"]["phase"] == "over" and step["after"]["turn"] is None
        else:
            assert "out" not in kinds
    assert endings > 0


def test_attacker_playing_its_last_card_is_not_out_until_answered(
    durak: ModuleType,
) -> None:
    """With the talon empty, an attacker's last card leaves the deal open while the defender can beat it."""
    waiting = 0
    for step in _steps(durak):
        before, after = step["before"], step["after"]
        seat = step["move"]["seat"]
        if (
            step["move"]["kind"] != "attack"
            or before["talon_left"]
            or len(before["hands"][seat]) != 1
        ):
            continue
        if after["phase"] == "defend":
            waiting += 1
            assert not after["over"] and after["hands"][seat] == []
            assert [e["kind"] for e in step["events"]] == ["attack"]
    assert waiting > 0


def test_defender_beating_the_last_attack_with_its_last_card_is_out_on_that_card(
    durak: ModuleType,
) -> None:
    """spent: the defender beat everything and holds nothing; with the talon empty it is out at once."""
    found = 0
    for step in _steps(durak):
        ends = [e for e in step["events"] if e["kind"] == "bout_end" and e["how"] == "spent"]
        if not ends or step["after"]["talon_left"]:
            continue
        found += 1
        defender = step["move"]["seat"]
        assert step["move"]["kind"] == "beat"
        assert {"kind": "out", "seat": defender} in step["events"]
        assert step["after"]["over"]
    assert found > 0


def test_defender_that_just_took_is_never_out(durak: ModuleType) -> None:
    """A defender that picked a bout up is holding it, so it is never out at that refill."""
    found = 0
    for step in _steps(durak):
        ends = [e for e in step["events"] if e["kind"] == "bout_end" and e["taken"]]
        if not ends:
            continue
        found += 1
        defender = step["before"]["bout"]["defender"]
        assert {"kind": "out", "seat": defender} not in step["events"]
        if step["after"]["over"]:
            assert step["after"]["hands"][defender]
    assert found > 0


def test_resign_from_either_seat_at_any_time_leaves_the_bout_where_it_lay(
    durak: ModuleType,
) -> None:
    play = playouts()[7]
    for moves in (0, 3, 9, 20):
        for seat in SEATS:
            game = position(durak, play, moves)
            bout = game.bout
            hands = game.hands
            assert all(move["kind"] != "resign" for move in game.legal(game.turn))
            events = game.apply(seat, {"kind": "resign"})
            assert events == [
                {"kind": "resign", "seat": seat},
                {
                    "kind": "game_end",
                    "outcome": "resign",
                    "fool": seat,
                    "places": {seat: 2, 3 - seat: 1},
                },
            ]
            assert game.over and game.phase == "over" and game.turn is None
            assert game.result == {
                "outcome": "resign",
                "fool": seat,
                "places": {seat: 2, 3 - seat: 1},
            }
            assert game.bout == bout and game.hands == hands
            with pytest.raises(durak.Error) as caught:
                game.apply(3 - seat, {"kind": "resign"})
            assert caught.value.code == "game_over"


# ---------------------------------------------------------------- refusals and hand-built moves


def _opening(durak: ModuleType) -> Any:
    return durak.Game.build(seed=seed_of("trumpf-durak-refusals"), number=1)


def test_refusal_order(durak: ModuleType) -> None:
    game = _opening(durak)
    turn = game.turn
    other = 3 - turn
    held = game.hand_of(turn)[0]
    not_held = game.hand_of(other)[0]
    cases: list[tuple[Any, Any, str]] = [
        (3, {"kind": "attack", "card": held}, "not_your_turn"),
        (0, {"kind": "fly"}, "not_your_turn"),
        ("1", {"kind": "attack", "card": held}, "not_your_turn"),
        (True, {"kind": "attack", "card": held}, "not_your_turn"),
        (turn, {"kind": "fly"}, "not_legal"),
        (other, {"kind": "fly"}, "not_legal"),
        (turn, {}, "not_legal"),
        (turn, {"kind": 7}, "not_legal"),
        (turn, "attack", "not_legal"),
        (turn, None, "not_legal"),
        (other, {"kind": "attack", "card": not_held}, "not_your_turn"),
        (turn, {"kind": "beat", "card": held}, "wrong_phase"),
        (turn, {"kind": "take"}, "wrong_phase"),
        (turn, {"kind": "attack"}, "card_not_held"),
        (turn, {"kind": "attack", "card": not_held}, "card_not_held"),
        (turn, {"kind": "attack", "card": str(held)}, "card_not_held"),
        (turn, {"kind": "attack", "card": float(held)}, "card_not_held"),
        (turn, {"kind": "attack", "card": 0}, "card_not_held"),
        (turn, {"kind": "attack", "card": 37}, "card_not_held"),
        (turn, {"kind": "done"}, "must_attack"),
        (turn, {"kind": "done", "card": held}, "must_attack"),
    ]
    if not game.can_swap(turn):
        cases.append((turn, {"kind": "swap", "card": held}, "not_the_six"))
    before = (game.history, game.hands, game.bout, game.talon)
    for seat, move, code in cases:
        with pytest.raises(durak.Error) as caught:
            game.apply(seat, move)
        assert caught.value.code == code, (seat, move, caught.value.code)
        assert str(caught.value)
        assert (game.history, game.hands, game.bout, game.talon) == before


def test_rank_not_in_bout_and_beats_nothing(durak: ModuleType) -> None:
    """A throw of a rank not on the table, and an answer that does not beat, are refused."""
    throws: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    for step in _steps(durak):
        before = step["before"]
        if before["phase"] == "attack" and before["bout"]["attacks"] and len(throws) < 25:
            throws.append(step)
        if before["phase"] == "defend" and len(answers) < 25:
            answers.append(step)
    refused = {"rank_not_in_bout": 0, "beats_nothing": 0}
    for kind, code, steps in (
        ("attack", "rank_not_in_bout", throws),
        ("beat", "beats_nothing", answers),
    ):
        for step in steps:
            game = position(durak, step["play"], step["index"])
            seat = game.turn
            offered = {m["card"] for m in game.legal(seat) if m["kind"] == kind}
            for card in game.hand_of(seat):
                if card in offered:
                    continue
                with pytest.raises(durak.Error) as caught:
                    game.apply(seat, {"kind": kind, "card": card})
                assert caught.value.code == code
                refused[code] += 1
            move = step["move"]
            assert game.apply(move["seat"], _body(move)) == step["events"]
    assert all(refused.values()), refused


def _capped_pile_on() -> tuple[bytes, list[dict[str, Any]]]:
    """Search for a taken bout holding its cap while the attacker may still swap.

    Only then is a throw refused for the cap: otherwise the engine ends such a
    bout by itself. The six's owner keeps its six, defenders take often and
    attackers throw whenever they can.
    """
    from trumpf.reference.durak import Game, search

    for i in range(2000):
        seed = seed_of(f"trumpf-durak-full-{i}")
        game = Game.build(seed=seed)
        ply = 0
        while not game.over and game.turn_up_left:
            seat = game.turn
            bout = game.bout
            assert seat is not None and bout is not None
            if (
                game.phase == "pile_on"
                and len(bout["attacks"]) >= bout["cap"]
                and game.can_swap(seat)
            ):
                return seed, Game.moves_of(game.history)
            legal = [m for m in game.legal(seat) if m["kind"] != "swap"]
            word = search.word_for(str(i), seat, ply)
            ply += 1
            throws = [m for m in legal if m["kind"] in ("attack", "beat")]
            if game.phase == "defend":
                move = throws[word % len(throws)] if throws and word % 3 else {"kind": "take"}
            else:
                move = throws[word % len(throws)] if throws else {"kind": "done"}
            game.apply(seat, move)
    raise AssertionError("no capped pile-on with a swap in hand was found")


def test_bout_full_before_rank_not_in_bout(durak: ModuleType) -> None:
    """A bout holding its cap refuses any throw with bout_full, whatever the rank."""
    seed, moves = _capped_pile_on()
    game = durak.Game.replay(seed=seed, moves=moves)["game"]
    seat = game.turn
    bout = game.bout
    assert game.phase == "pile_on" and len(bout["attacks"]) == bout["cap"]
    assert [m["kind"] for m in game.legal(seat)] == ["done", "swap"]
    ranks = {durak.card.rank_of(c) for c in bout["attacks"] + [b for b in bout["beats"] if b]}
    kinds = set()
    for card in game.hand_of(seat):
        kinds.add(durak.card.rank_of(card) in ranks)
        with pytest.raises(durak.Error) as caught:
            game.apply(seat, {"kind": "attack", "card": card})
        assert caught.value.code == "bout_full"
    with pytest.raises(durak.Error) as caught:
        game.apply(seat, {"kind": "attack", "card": game.hand_of(3 - seat)[0]})
    assert caught.value.code == "card_not_held"
    # Swapping leaves nothing to decide: the engine ends the taken bout at once.
    events = game.apply(seat, {"kind": "swap"})
    assert [e["kind"] for e in events] == ["swap", "bout_end", "refill"]
    assert events[1]["how"] == "taken" and events[1]["cards"] == len(bout["attacks"]) + len(
        [b for b in bout["beats"] if b]
    )


def test_accessors_refuse_a_bad_seat(durak: ModuleType) -> None:
    game = _opening(durak)
    for bad in (0, 3, "1", None, True):
        for method in (
            game.hand_of,
            game.count_of,
            game.can_swap,
            game.legal,
            game.view,
        ):
            with pytest.raises(durak.Error) as caught:
                method(bad)
            assert caught.value.code == "bad_seat"
    assert game.legal(3 - game.turn) == []


def test_build_refusals(durak: ModuleType) -> None:
    good = seed_of("trumpf-durak-build")
    for seed in (b"short", good + b"x", good.hex(), None, 42):
        with pytest.raises(durak.Error) as caught:
            durak.Game.build(seed=seed)
        assert caught.value.code == "no_seed"
    for number in (0, -1, 1.0, "1", True, None):
        with pytest.raises(durak.Error) as caught:
            durak.Game.build(seed=good, number=number)
        assert caught.value.code == "bad_deal"
    for seats in (1, 3, 4, "2"):
        with pytest.raises(durak.Error) as caught:
            durak.Game.build(seed=good, seats=seats)
        assert caught.value.code == "bad_seats"
    game = durak.Game.build(seed=good, number=2, seats=2)
    assert game.number == 2 and game.phase == "attack" and game.history == []
    assert game.bout == {
        "attacker": game.turn,
        "defender": 3 - game.turn,
        "cap": 6,
        "attacks": [],
        "beats": [],
        "taken": False,
    }


def test_replay_and_logs(durak: ModuleType) -> None:
    for play in playouts()[:10]:
        out = durak.Game.replay(seed=play["seed"], moves=play["moves"], number=play["number"])
        game = out["game"]
        assert out["events"] == game.history
        assert durak.Game.moves_of(game.history) == play["moves"]
        log = game.to_log()
        assert log == {
            "game": "durak",
            "kind": "game",
            "seed": play["seed"].hex(),
            "number": play["number"],
            "moves": play["moves"],
        }
        assert durak.Game.from_log(log).history == game.history
    for bad in (
        "not json",
        {"game": "schnapsen", "kind": "game", "seed": "", "moves": []},
    ):
        with pytest.raises(durak.Error):
            durak.Game.from_log(bad)
    for kind in ("attack", "beat", "take", "done", "swap", "resign"):
        assert durak.Game.is_move(kind)
    for kind in ("bout_end", "refill", "out", "game_end", "deal", "fly"):
        assert not durak.Game.is_move(kind)


def test_copy_is_independent(durak: ModuleType) -> None:
    play = playouts()[3]
    game = position(durak, play, 5)
    twin = game.copy()
    history = game.history
    move = play["moves"][5]
    twin.apply(move["seat"], _body(move))
    assert game.history == history
    assert twin.history != history


# ---------------------------------------------------------------- the modules


def test_card_module(durak: ModuleType) -> None:
    card = durak.card
    assert [card.rank_of(i) for i in range(1, 10)] == list("AKQJT9876")
    assert [card.suit_of(i) for i in (1, 10, 19, 28, 36)] == ["S", "H", "D", "C", "C"]
    assert [card.power_of(i) for i in range(1, 10)] == list(range(8, -1, -1))
    assert card.name_of(5) == "TS" and card.face_of(5) == "10" and card.face_of(1) == "A"
    assert card.face_of(9) == "6"
    # Long names are lower case, as the reference writes them.
    assert card.long_name_of(5) == "ten of spades"
    assert card.long_name_of(36) == "six of clubs"
    assert card.long_name_of(10) == "ace of hearts"
    for name, ident in SPADES.items():
        assert card.id_of(name + "S") == ident
        assert card.id_of((name + "s").lower()) == ident
    assert card.id_of("10S") == 5 and card.id_of("10h") == 14 and card.id_of("qd") == 21
    for ident in range(1, 37):
        assert card.id_of(card.name_of(ident)) == ident
    for bad in (0, 37, "1", 1.0, True, None):
        with pytest.raises(durak.Error) as caught:
            card.rank_of(bad)
        assert caught.value.code == "bad_card"
    # A str naming no card is None, "rather than dying"; a non-str is bad_card.
    for bad in ("XS", "AX", "", "1S", "AS1", "as ", " AS", "\ud800", "A\x00"):
        assert card.id_of(bad) is None
    for not_str in (5, None, b"AS"):
        with pytest.raises(durak.Error) as caught:
            card.id_of(not_str)
        assert caught.value.code == "bad_card"
    # Beating: higher of the same suit, any trump over a plain card, a trump only by a higher trump.
    assert card.beats(1, 2, "H") and not card.beats(2, 1, "H")
    assert card.beats(18, 1, "H") and not card.beats(1, 18, "H")
    assert card.beats(10, 18, "H") and not card.beats(18, 10, "H")
    assert not card.beats(10, 1, "D") and not card.beats(1, 10, "D")
    assert not card.beats(3, 3, "S")


def test_deck_module(durak: ModuleType) -> None:
    from durak_support import records

    deck = durak.deck
    assert deck.pack() == list(range(1, 37))
    for record in records()[:20]:
        seed = bytes.fromhex(record["seed"])
        order = deck.order_for(seed, record["number"])
        assert sorted(order) == list(range(1, 37))
        dealt = deck.deal_for(seed, record["number"])
        state = record["steps"][0]["state"]
        assert dealt["hands"] == {1: state["hands"]["1"], 2: state["hands"]["2"]}
        assert dealt["hands"][1] == sorted(order[0:12:2])
        assert dealt["hands"][2] == sorted(order[1:12:2])
        assert dealt["talon"] == [*order[13:], order[12]]
        assert dealt["trump_card"] == order[12]
        assert dealt["trump"] == durak.card.suit_of(order[12])
        assert dealt["six_of_trumps"] == state["six_of_trumps"]
        game = durak.Game.build(seed=seed, number=record["number"])
        assert dealt["first_attacker"] == game.turn
        assert dealt["six_owner"] == game.six_owner
        trumps = {
            seat: [c for c in dealt["hands"][seat] if durak.card.suit_of(c) == dealt["trump"]]
            for seat in SEATS
        }
        if trumps[1] or trumps[2]:
            lowest = min(trumps[1] + trumps[2], key=durak.card.power_of)
            assert lowest in trumps[dealt["first_attacker"]]
        else:
            assert dealt["first_attacker"] == 1
    # The shuffle vector is SHA-256 words: a different deal number is a different order.
    seed = seed_of("trumpf-durak-deck")
    assert deck.order_for(seed, 1) != deck.order_for(seed, 2)
    with pytest.raises(durak.Error) as caught:
        deck.order_for(b"x" * 31, 1)
    assert caught.value.code == "no_seed"
    with pytest.raises(durak.Error) as caught:
        deck.order_for(seed, 0)
    assert caught.value.code == "bad_deal"


def test_rules_module(durak: ModuleType) -> None:
    rules = durak.rules
    assert [rules.cap_for(n) for n in (0, 1, 5, 6, 7, 20)] == [0, 1, 5, 6, 6, 6]
    empty = {
        "attacker": 1,
        "defender": 2,
        "cap": 6,
        "attacks": [],
        "beats": [],
        "taken": False,
    }
    hand = [1, 10, 14, 22, 36]
    assert rules.legal_attacks(hand, empty) == hand
    open_bout = {**empty, "attacks": [2, 19], "beats": [11, None]}
    # KS, AD and KH lie on the table: kings and aces may follow, the queen and the nine not.
    assert rules.legal_attacks([3, 10, 20, 29, 33], open_bout) == [10, 20, 29]
    assert rules.legal_attacks([3, 20], {**open_bout, "cap": 2}) == []
    assert rules.legal_beats([1, 3, 10, 19, 28], 2, "D") == [1, 19]
    assert rules.legal_beats([1, 3, 10, 19, 28], 20, "D") == [19]
    assert rules.forced([3, 4], {**empty, "attacks": [2], "beats": [None]}, "H", False) == "take"
    assert rules.forced([3, 4], {**empty, "attacks": [2], "beats": [None]}, "H", True) is None
    assert rules.forced([1, 4], {**empty, "attacks": [2], "beats": [None]}, "H", False) is None
    beaten = {**empty, "attacks": [2], "beats": [1]}
    assert rules.forced([4, 5], beaten, "H", False) == "done"
    assert rules.forced([4, 5], beaten, "H", True) is None
    assert rules.forced([4, 11], beaten, "H", False) is None
    assert rules.forced([4, 5], empty, "H", False) is None
    taken = {**empty, "attacks": [2], "beats": [None], "taken": True}
    assert rules.forced([4, 5], taken, "H", False) == "done"
    assert rules.forced([4, 11], taken, "H", False) is None
    assert rules.closes(beaten, 0) == "spent"
    assert rules.closes(beaten, 3) is None
    full = {**empty, "cap": 1, "attacks": [2], "beats": [1]}
    assert rules.closes(full, 4) == "capped"
    assert rules.closes(full, 0) == "spent"
    assert rules.closes({**empty, "attacks": [2], "beats": [None]}, 0) is None


def test_result_module(durak: ModuleType) -> None:
    result = durak.result
    assert result.outcome({1: 0, 2: 3}, 5) is None
    assert result.outcome({1: 2, 2: 3}, 0) is None
    assert result.outcome({1: 0, 2: 3}, 0) == {
        "outcome": "fool",
        "fool": 2,
        "places": {1: 1, 2: 2},
    }
    assert result.outcome({1: 4, 2: 0}, 0) == {
        "outcome": "fool",
        "fool": 1,
        "places": {1: 2, 2: 1},
    }
    assert result.outcome({1: 0, 2: 0}, 0) == {
        "outcome": "draw",
        "fool": None,
        "places": {1: 1, 2: 1},
    }
    assert result.resigned(2) == {
        "outcome": "resign",
        "fool": 2,
        "places": {1: 1, 2: 2},
    }
    assert result.resigned(1) == {
        "outcome": "resign",
        "fool": 1,
        "places": {1: 2, 2: 1},
    }


def test_search_module(durak: ModuleType) -> None:
    search = durak.search
    for bot_seed, seat, ply in (("bot0", 1, 0), ("", 2, 17), ("bot199", 2, 140)):
        digest = hashlib.sha256(f"{bot_seed}:{seat}:{ply}".encode()).digest()
        assert search.word_for(bot_seed, seat, ply) == int.from_bytes(digest[:4], "big")
    # Cost: power, +20 for a trump, +1 for a rank held twice (a level-3 attacker: -2).
    hand = [5, 14, 27, 36]  # TS, TH, 6D, 6C
    assert search.cost(5, hand, "D", 2, True) == 4 + 1
    assert search.cost(5, hand, "D", 3, True) == 4 - 2
    assert search.cost(5, hand, "D", 3, False) == 4 + 1
    assert search.cost(27, hand, "D", 2, False) == 0 + 20 + 1
    assert search.cost(27, [27], "D", 3, True) == 20
    game = _opening(durak)
    view = game.view(game.turn)
    word = 12345
    assert search.choose(view, 1, word) == view["legal"][word % len(view["legal"])]
    assert search.choose(game.view(3 - game.turn), 2, 0) is None
    bot = durak.Bot(level=1, seed="x")
    assert (
        bot.choose(view)
        == view["legal"][search.word_for("x", view["seat"], view["ply"]) % len(view["legal"])]
    )
    assert durak.Bot(level=1).choose(view) == durak.Bot(level=1, seed="").choose(view)
    assert durak.Bot.hint(view) == search.choose(view, 3, 0)
    assert [durak.Bot.level_for(n) for n in (-1, 0, 1, 2, 3, 4, 5, 6, 9)] == [
        1,
        1,
        1,
        1,
        2,
        3,
        3,
        3,
        3,
    ]
    assert durak.Bot(level=9).level == 3 and durak.Bot(level=0).level == 1
