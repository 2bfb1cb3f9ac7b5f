"""Fuzzing Durak's choose(info) and sample_world(info) with forged information sets.

A game server hands ``trumpf.durak.Expert.choose`` an info dict that came
over the wire. Hypothesis forges them three ways: real infos with a few
fields changed (dropped, junk, a card moved, a list element copied, a pair
or a play added, a legal move left out), infos assembled at random whose
cards, counts, bout and legal moves add up (so the search behind the quick
checks runs on them), and those with their ``played`` and ``ply`` drawn at
random. Every call must
return one of the info's own legal moves or raise ``Error("bad_info")``:
never a crash, a hang, another exception or a move the info does not offer.

The sanitizer job (.ci/sanitize) runs this on the ASan/UBSan build, where a
write past any array aborts; a long run is
``TRUMPF_FUZZ_EXAMPLES=20000 python -m pytest tests/fuzz/test_fuzz_info_durak.py``.
"""

from __future__ import annotations

import copy
import os
import random
from typing import Any

from _tally import count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf.durak as durak
from trumpf.errors import Error
from trumpf.reference.durak.info_read import legal_of
from trumpf.reference.durak.witness_history import Told

EXAMPLES = int(os.environ.get("TRUMPF_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
SEED = bytes(range(32))
SUITS = "SHDC"
ASKED = [0]  # the calls so far: each call's expert seed

JUNK: list[Any] = [None, True, 0, -1, 7, 37, 2**64, 1.5, "", "x", "1", [], {}, [1, 2], {"1": 6}]


def real_info(number: int, steps: int) -> dict[str, Any] | None:
    game = durak.Game.build(seed=SEED, number=number)
    rng = random.Random(number ^ steps)
    for _ in range(steps):
        if game.over:
            return None
        game.apply(game.turn, rng.choice(game.legal(game.turn)))
    return None if game.over else copy.deepcopy(game.info(game.turn))


def ask(info: Any) -> None:
    """choose(info) answers with one of the info's legal moves, or refuses bad_info."""
    count(__name__)
    ASKED[0] += 1
    try:
        moved = durak.Expert(samples=2, budget=300, seed=ASKED[0]).choose(info)
    except Error as refusal:
        assert refusal.code == "bad_info", refusal
        try:
            durak.sample_world(info, ASKED[0])
        except Error as again:
            assert again.code == "bad_info", again
        else:
            raise AssertionError(f"sample_world took an info choose refused: {refusal}")
        return
    assert isinstance(info, dict) and isinstance(info.get("legal"), list | tuple)
    assert moved in list(info["legal"]), (moved, info["legal"])
    world = durak.sample_world(info, ASKED[0])
    cards = sorted(c for hand in world["hands"].values() for c in hand) + world["talon"]
    assert len(set(cards)) == len(cards)


def _mutate(info: dict[str, Any], rng: random.Random) -> None:
    """One random change of a real info, in place."""
    key = rng.choice(list(info))
    how = rng.randrange(9)
    value = info[key]
    if how == 0:
        del info[key]
    elif how == 1:
        info[key] = rng.choice(JUNK)
    elif how == 2 and isinstance(value, int) and not isinstance(value, bool):
        info[key] = value + rng.choice([-2, -1, 1, 2, 30])
    elif how == 3 and isinstance(value, list) and value:
        value.append(copy.deepcopy(rng.choice(value)))
    elif how == 4 and isinstance(value, list) and value:
        value[rng.randrange(len(value))] = rng.choice([rng.randint(0, 37), {"kind": "take"}])
    elif how == 5:
        pairs = info.get("bout", {}) or {}
        if isinstance(pairs, dict) and isinstance(pairs.get("pairs"), list):
            for _ in range(rng.randint(1, 3)):
                pairs["pairs"].append({"attack": rng.randint(1, 36), "beat": None})
            pairs["size"] = len(pairs["pairs"])
    elif how == 6 and isinstance(info.get("played"), list):
        for _ in range(rng.randint(1, 6)):
            info["played"].insert(
                rng.randint(0, len(info["played"])),
                {
                    "seat": rng.randint(1, 2),
                    "kind": rng.choice(["attack", "beat"]),
                    "card": rng.randint(1, 36),
                },
            )
    elif how == 7 and isinstance(info.get("counts"), dict):
        seat = rng.choice(list(info["counts"]))
        info["counts"][seat] = rng.randint(0, 36)
    elif how == 8 and isinstance(info.get("legal"), list) and info["legal"]:
        del info["legal"][rng.randrange(len(info["legal"]))]  # a move the position has, left out


@FUZZ
@given(number=st.integers(1, 10**6), steps=st.integers(0, 60), seed=st.integers(0, 2**32))
def test_mutated_infos(number: int, steps: int, seed: int) -> None:
    info = real_info(number, steps)
    if info is None:
        return
    rng = random.Random(seed)
    for _ in range(4):
        forged = copy.deepcopy(info)
        for _ in range(rng.randint(1, 4)):
            if forged:
                _mutate(forged, rng)
        ask(forged)


def forged_info(rng: random.Random, random_history: bool) -> dict[str, Any]:
    """An info assembled at random whose cards, counts, bout and legal add up."""
    trump = rng.choice(SUITS)
    cards = list(range(1, 37))
    rng.shuffle(cards)
    talon = rng.choice([0, 0, 1, 2, 6, 24])
    trump_card = SUITS.index(trump) * 9 + rng.randint(1, 9)
    cards.remove(trump_card)
    attacker = rng.randint(1, 2)
    defender = 3 - attacker
    attacks = [cards.pop() for _ in range(rng.randint(0, 3))]
    beats: list[int] = []
    for attack in attacks[:-1] if rng.random() < 0.5 else attacks:
        higher = [c for c in cards if _beats(c, attack, trump)]
        if not higher:
            break
        beats.append(higher[0])
        cards.remove(higher[0])
    taken = len(beats) < len(attacks) and rng.random() < 0.4
    phase = "pile_on" if taken else "defend" if len(beats) < len(attacks) else "attack"
    seat = turn = defender if phase == "defend" else attacker
    heap = [cards.pop() for _ in range(2 * rng.randint(0, 6))]
    if not talon:
        cards.append(trump_card)  # drawn: in a hand
    hand = sorted(cards.pop() for _ in range(rng.randint(1, 8)))
    known = [cards.pop() for _ in range(rng.randint(0, 3))]
    face_down = min(max(0, talon - 1), len(cards))
    talon = face_down + 1 if talon else 0
    unseen = sorted(cards)
    counts = {seat: len(hand), 3 - seat: len(known) + len(unseen) - face_down}
    cap = min(6, counts[defender] + len(beats))
    seat_hand = hand
    pairs = [
        {"attack": a, "beat": beats[i] if i < len(beats) else None} for i, a in enumerate(attacks)
    ]
    played: list[dict[str, Any]] = []
    if random_history:
        for _ in range(rng.randint(0, 30)):
            played.append(
                {
                    "seat": rng.randint(1, 2),
                    "kind": rng.choice(["attack", "beat"]),
                    "card": rng.randint(1, 36),
                }
            )
    for i, a in enumerate(attacks):
        played.append({"seat": attacker, "kind": "attack", "card": a})
        if i < len(beats):
            played.append({"seat": defender, "kind": "beat", "card": beats[i]})
    swap = bool(talon) and SUITS.index(trump) * 9 + 9 in seat_hand and rng.random() < 0.5
    told = Told(
        seat=seat, ply=0, trump=trump, trump_card=trump_card, talon=talon,
        discarded=sum(1 << c for c in heap), hand=sum(1 << c for c in seat_hand),
        counts=(counts[1], counts[2]), swap=swap, attacker=attacker, cap=cap, taken=taken,
        attacks=tuple(attacks), beats=tuple(beats), played=(), known=sum(1 << c for c in known),
        unseen=sum(1 << c for c in unseen),
    )  # fmt: skip
    legal = [{"kind": k, "card": c} if c else {"kind": k} for k, c in legal_of(told)]
    return {
        "seat": seat,
        "ply": rng.choice([len(played), len(played) + rng.randint(0, 40), rng.randint(0, 500)]),
        "phase": phase,
        "turn": turn,
        "trump": trump,
        "trump_card": trump_card,
        "talon": talon,
        "discard": len(heap),
        "discarded": sorted(heap),
        "hand": seat_hand,
        "counts": counts,
        "swap": swap,
        "bout": {
            "attacker": attacker,
            "defender": defender,
            "cap": cap,
            "size": len(attacks),
            "taken": taken,
            "unbeaten": attacks[len(beats)] if len(beats) < len(attacks) else None,
            "pairs": pairs,
        },
        "played": played,
        "known": sorted(known),
        "unseen": unseen,
        "legal": legal,
        "over": False,
        "result": None,
    }


def _beats(card: int, attack: int, trump: str) -> bool:
    cs, as_ = SUITS[(card - 1) // 9], SUITS[(attack - 1) // 9]
    cp, ap = 8 - (card - 1) % 9, 8 - (attack - 1) % 9
    if as_ == trump:
        return cs == trump and cp > ap
    return cs == trump or (cs == as_ and cp > ap)


@FUZZ
@given(seed=st.integers(0, 2**64), random_history=st.booleans())
def test_forged_infos(seed: int, random_history: bool) -> None:
    rng = random.Random(seed)
    info = forged_info(rng, random_history)
    ask(info)
    _mutate(info, rng)
    ask(info)
