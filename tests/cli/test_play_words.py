"""The terminal's words and parsing read the engine's facts: the exchange card, what a card means."""

from __future__ import annotations

import random

import pytest

import trumpf.durak as durak
import trumpf.reference.schnapsen as reference
import trumpf.schnapsen as schnapsen
from trumpf.play.parse import parse_durak
from trumpf.play.words import schnapsen_event


@pytest.mark.parametrize("impl", [schnapsen, reference])
@pytest.mark.parametrize(("variant", "word"), [("schnapsen", "jack"), ("sixtysix", "nine")])
def test_an_exchange_names_the_variant_s_exchange_rank(
    impl: object, variant: str, word: str
) -> None:
    event = {"kind": "exchange", "seat": "p1"}
    said = schnapsen_event(impl, event, lambda seat: "you", variant)  # type: ignore[arg-type]
    assert said == f"you exchanges the trump {word} for the turn-up"


def test_a_durak_card_is_sent_as_the_legal_move_that_carries_it() -> None:
    rng = random.Random(4)
    seen = set()
    for number in range(1, 40):
        game = durak.Game.build(bytes([number]) * 32)
        while not game.over and len(seen) < 2:
            view = game.view(game.turn)
            for move in view["legal"]:
                if "card" not in move:
                    continue
                name = durak.card.name_of(move["card"])
                command = parse_durak(durak, name, view)
                assert command.action == "move"
                assert command.move == move
                seen.add(move["kind"])
            game.apply(game.turn, rng.choice(game.legal(game.turn)))
    assert seen == {"attack", "beat"}
