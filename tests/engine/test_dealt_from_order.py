"""Tables dealt from a chosen order: the OpenSpiel games' chance and their worlds.

``Deal._from_order`` and ``durak.Game._from_order`` (private) deal a pack in
the order given, as ``build`` deals a seed's shuffle: the seed's own order
gives the seed's deal. Such a table has no seed, so its ``seed``, its log
and its pickle refuse with ``no_seed`` (a log that named a seed would replay
another deal), and copies keep that. An order that is not the pack is
``bad_deal``, whatever it holds, and never reaches the engine. Durak's
information set replays the moves on the deal as dealt, so a table dealt
from an order reports what its moves showed like the seeded table.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf.errors import Error

SEED = bytes(range(32))


def seedless(name: str) -> Any:
    if name == "durak":
        return durak.Game._from_order(durak.deck.order_for(SEED, 1))
    order = schnapsen.deck.order_for(name, SEED, 1)
    return schnapsen.Deal._from_order(name, 1, "p2", order)


def seeded(name: str) -> Any:
    if name == "durak":
        return durak.Game.build(SEED)
    return schnapsen.Deal.build(variant=name, seed=SEED, number=1, dealer="p2")


@pytest.mark.parametrize("name", ["schnapsen", "sixtysix", "durak"])
def test_the_seeds_order_deals_the_seeds_deal_and_plays_alike(name: str) -> None:
    one, two = seedless(name), seeded(name)
    rng = random.Random(4)
    while not two.over:
        assert one.hands == two.hands and one.talon == two.talon and one.turn == two.turn
        for seat in (1, 2) if name == "durak" else ("p1", "p2"):
            assert one.info(seat) == two.info(seat) and one.view(seat) == two.view(seat)
        move = rng.choice(two.legal(two.turn))
        assert one.apply(one.turn, move) == two.apply(two.turn, move)
    assert one.over and one.result == two.result


@pytest.mark.parametrize("name", ["schnapsen", "sixtysix", "durak"])
def test_a_table_without_a_seed_says_so(name: str) -> None:
    table = seedless(name)
    for read in (lambda t: t.seed, lambda t: t.to_log(), pickle.dumps):
        for copy in (table, table.copy()):
            with pytest.raises(Error) as err:
                read(copy)
            assert err.value.code == "no_seed"


@pytest.mark.parametrize(
    "order",
    [
        [],
        list(range(1, 36)),  # one card short
        [1, *range(1, 36)],  # a card twice
        list(range(0, 36)),  # not a card
        [*range(1, 36), 37],
        [*range(1, 36), 36.0],
        [*range(1, 36), True],
        "not a list",
        None,
        list(range(1, 38)),
    ],
)
def test_an_order_that_is_not_the_pack_is_refused(order: Any) -> None:
    with pytest.raises(Error) as err:
        durak.Game._from_order(order)
    assert err.value.code in ("bad_deal", "bad_card")
    pack = schnapsen.deck.pack_for("schnapsen")
    bad = order if not isinstance(order, list) or len(order) != 36 else [*pack[:-1], pack[0]]
    with pytest.raises(Error) as err:
        schnapsen.Deal._from_order("schnapsen", 1, "p1", bad)
    assert err.value.code in ("bad_deal", "bad_card")
