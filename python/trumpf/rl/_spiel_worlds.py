"""Resampling an OpenSpiel state of trumpf's games from a player's information state.

``TrumpfState.resample_from_infostate`` (trumpf.rl.openspiel) deals again
what its player has not seen, and plays the same moves on that deal. A deal
is an order of the pack (``_spiel_position``); a world is another order
that gives the player the same view of every move. It is drawn in two
parts, neither of which reads the true hidden cards:

- **The cards it has not seen** (the other hand's, the face-down talon) come
  from the engine's world dealing, ``sample_world`` (the expert's), which
  reads the player's information set alone.
- **Where the other seat's cards were dealt.** The places of the order the
  other seat was dealt or drew a card into, face down, arrived at steps
  every seat saw (who draws when is public). A card the other seat played
  or showed must have arrived before the step the player first saw it, and
  each such card takes a place that allows it, the earliest seen first, each
  choice uniform among the places left: a uniform draw of every layout the
  moves allow (each card's places contain those of the cards seen before
  it). The world's unseen cards take the places left, in a drawn order.

Every place the player dealt or drew into, and every card dealt face up,
keeps its card, and the face-down talon takes the world's talon in draw
order. The replay of the moves (openspiel.py) then checks the world.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from trumpf.rl._single import move_for
from trumpf.rl._spiel_position import OpenSpielError, Position, dealt

__all__ = ["resampled_orders"]


def _sample_world(family: str, info: dict[str, Any], seed: int) -> dict[str, Any]:
    if family == "durak":
        from trumpf import durak

        return dict(durak.sample_world(info, seed))
    from trumpf import schnapsen

    return dict(schnapsen.sample_world(info, seed))


def _face_down(family: str, talon: list[int]) -> list[int]:
    """A talon's face-down cards in draw order (Durak's trump card under it left out)."""
    if family == "durak" and talon:
        return talon[:-1]
    return talon


def _layout(
    position: Position, moves: Sequence[int], player: int
) -> tuple[dict[int, int], dict[int, int | None]]:
    """Where the other seat's face-down cards arrived and when the player saw them.

    Plays the moves again from the deal, step by step (step 0 is the deal,
    step i follows the i-th move), and returns ``arrival``: each place of
    the order whose card the other seat was dealt or drew while the player
    could not see it, with the step it arrived at; and ``seen``: each such
    card with the first step the player saw it at (None: not yet). Both are
    what every seat saw happen; the cards are used only to tell the steps.
    """
    me, other = position.seats[player], position.seats[1 - player]
    order = position.order
    place_of = {card: k for k, card in enumerate(order)}
    table = dealt(position.family, position.rules, str(position.dealer), order)
    arrival: dict[int, int] = {}
    seen: dict[int, int | None] = {}
    unseen_before = set(order)  # before the deal the player has seen nothing
    for step in range(len(moves) + 1):
        if step:
            action = moves[step - 1]
            table.apply(table.turn, move_for(table, action))
        unseen = set(table.info(me)["unseen"])
        for card in table.hand_of(other):
            if card in unseen_before and place_of[card] not in arrival:
                arrival[place_of[card]] = step
                seen[card] = None
        for card, at in seen.items():
            if at is None and card not in unseen:
                seen[card] = step
        unseen_before = unseen
    return arrival, seen


def resampled_orders(
    position: Position, moves: Sequence[int], player: int, seeds: Iterable[int]
) -> Iterator[list[int]]:
    """The dealing orders of worlds ``player`` cannot tell from ``position``'s
    deal after ``moves`` (its actions since the deal), one drawn from each of
    ``seeds``. What every world shares (the checks, the info, the layout's
    steps) is read once."""
    if position.match:
        raise OpenSpielError(
            "bad_game",
            "resample_from_infostate deals a single deal or a Durak game again: a match is "
            "dealt from its seed, which no world can be drawn for",
        )
    if player not in (0, 1):
        raise OpenSpielError("bad_seat", f"a player is 0 or 1, not {player}")
    table = position.table
    if table is None or table.over:
        raise OpenSpielError(
            "bad_seat", "resample_from_infostate needs a player on turn, after the deal"
        )
    seat = position.seats[player]
    if table.turn != seat:
        raise OpenSpielError(
            "bad_seat",
            f"resample_from_infostate deals the worlds of the player on turn, not {player}",
        )
    info = table.info(seat)
    other = position.seats[1 - player]
    arrival, seen = _layout(position, moves, player)
    talon = set(_face_down(position.family, list(table.talon)))
    talon_places = [place for place, card in enumerate(position.order) if card in talon]
    for seed in seeds:
        yield _order(position, info, other, arrival, seen, talon_places, seed)


def _order(
    position: Position,
    info: dict[str, Any],
    other: Any,
    arrival: dict[int, int],
    seen: dict[int, int | None],
    talon_places: list[int],
    seed: int,
) -> list[int]:
    """The dealing order of the world ``seed`` deals (see the module)."""
    world = _sample_world(position.family, info, seed)
    rng = random.Random(seed)
    order = list(position.order)
    free = set(arrival)
    # The cards the player saw, the earliest first, each into a place that
    # arrived before it was seen: uniform over the layouts the moves allow.
    for at, card in sorted((at, card) for card, at in seen.items() if at is not None):
        places = sorted(k for k in free if arrival[k] < at)
        place = places[rng.randrange(len(places))]
        order[place] = card
        free.discard(place)
    hidden = sorted(set(world["hands"][other]) - set(info["known"]))
    rng.shuffle(hidden)
    world_talon = _face_down(position.family, list(world["talon"]))
    if len(free) != len(hidden) or len(talon_places) != len(world_talon):
        raise OpenSpielError("bad_history", "a world does not fit the deal's places")
    for place, card in zip(sorted(free), hidden, strict=True):
        order[place] = card
    for place, card in zip(talon_places, world_talon, strict=True):
        order[place] = card
    return order
