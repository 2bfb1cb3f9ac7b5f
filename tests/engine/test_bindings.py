"""The hot methods installed straight into the bound classes behave like any method.

Deal/Match/Game .legal, .apply, .turn and .over bypass pybind11's dispatcher
for speed (cpp/bindings/common/fastcall.hpp); they must still take keywords, refuse
bad calls with TypeError, survive misuse of the unbound method, and raise the
game's Error for a refused move.
"""

from __future__ import annotations

from typing import Any

import pytest

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.errors import Error

SEED = bytes(range(32))


def tables() -> list[tuple[Any, Any, type[Exception]]]:
    return [
        (schnapsen.Deal, schnapsen.Deal.build(variant="sixtysix", seed=SEED), schnapsen.Error),
        (schnapsen.Match, schnapsen.Match.build(variant="schnapsen", seed=SEED), schnapsen.Error),
        (durak.Game, durak.Game.build(seed=SEED), durak.Error),
    ]


@pytest.mark.parametrize(("cls", "table", "error"), tables(), ids=["deal", "match", "game"])
def test_keywords_positionals_and_refusals(cls: Any, table: Any, error: type[Exception]) -> None:
    seat = table.turn
    assert table.over is False
    assert table.legal(seat) == table.legal(seat=seat) == cls.legal(table, seat)
    move = table.legal(seat)[-1]
    with pytest.raises(TypeError, match="missing required argument 'move'"):
        table.apply(seat)
    with pytest.raises(TypeError, match="unexpected keyword argument 'mover'"):
        table.apply(seat, mover=move)
    with pytest.raises(TypeError, match="multiple values for argument 'seat'"):
        table.apply(seat, seat=seat, move=move)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        table.apply(seat, move, move)
    with pytest.raises(error) as refused:
        table.apply(seat, {"kind": "no such move"})
    assert refused.value.code == "not_legal"
    events = table.apply(move=move, seat=seat)
    assert events and table.history[-len(events) :] == events


@pytest.mark.parametrize(("cls", "table", "error"), tables(), ids=["deal", "match", "game"])
def test_the_unbound_methods_check_their_self(cls: Any, table: Any, error: type[Exception]) -> None:
    with pytest.raises(TypeError):
        cls.legal("not a table", "p1")
    with pytest.raises(TypeError):
        cls.apply(object(), 1, {})
    for descriptor in ("turn", "over"):
        with pytest.raises(TypeError):
            getattr(cls, descriptor).__get__(42, int)


@pytest.mark.parametrize("cls", [schnapsen.Deal, schnapsen.Match, durak.Game])
def test_an_uninitialised_object_is_refused_not_crashed(cls: Any) -> None:
    # Every member of an object made by __new__ refuses with Error
    # not_built (tests/engine/test_crash_regressions.py covers all of them).
    bare = cls.__new__(cls)
    seat = 1 if cls is durak.Game else "p1"
    with pytest.raises(Error) as refused:
        bare.legal(seat)
    assert refused.value.code == "not_built"
    assert cls.__name__ in refused.value.message
    with pytest.raises(Error) as refused:
        _ = bare.turn
    assert refused.value.code == "not_built"
    with pytest.raises(Error) as refused:
        bare.view(seat)
    assert refused.value.code == "not_built"
    assert "not built" in repr(bare)


def test_each_call_gets_its_own_dicts() -> None:
    deal = schnapsen.Deal.build(variant="schnapsen", seed=SEED)
    first = deal.legal(deal.turn)
    first[0]["kind"] = "changed by the caller"
    first[-1]["card"] = -5
    again = deal.legal(deal.turn)
    assert again[0]["kind"] != "changed by the caller"
    assert again[-1]["card"] != -5
    events = deal.apply(deal.turn, again[-1])
    events[0]["seat"] = "nobody"
    assert deal.history[0]["seat"] != "nobody"
