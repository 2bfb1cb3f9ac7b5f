"""The contract's match-standing positions tell the two experts apart.

cases_expert's ``match-standing-*`` cases compare core and oracle on
Schnapsen match endgames with ``pimc`` both ways. They test the match
equity only where the expert, playing for the match, and expert-pimc,
playing for game points, choose differently: this checks that they do, on
the core and on the oracle alike.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from cases_expert import STANDINGS, both_experts, match_endgame

import trumpf.reference.schnapsen
import trumpf.schnapsen


@pytest.mark.parametrize("impl", [trumpf.schnapsen, trumpf.reference.schnapsen])
@pytest.mark.parametrize(("text", "deals", "cards"), STANDINGS)
def test_the_experts_answer_the_standing_differently(
    impl: ModuleType, text: str, deals: int, cards: int
) -> None:
    table = match_endgame(impl, text, deals, cards)
    assert table.info(table.turn)["to_win"] != {"p1": 7, "p2": 7}
    for info in (False, True):
        expert, pimc = both_experts(impl, table, info)
        assert expert != pimc
