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

In the Schnapsen family every such world fits the moves. In Durak the
moves say more than the information set the worlds are dealt from: a take
or a done the table made for a seat with no other option (no event, so no
decision), an option that made one a decision, and who attacked first
(the lowest trump dealt) all tell what a hand held then. So a Durak world
is searched for (:func:`_durak_order`): the engine replays the moves on
it, and where a move does not fit, some of the cards the other seat
received before that move are changed (two cards trade places, or a batch
is dealt again with every later one), and the change is kept if the moves
fit as far. The engine alone judges a world; nothing here restates the
rules. A found world fits every move, but the search does not draw
uniformly among such worlds: it keeps what fitted.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from trumpf import _core
from trumpf.rl._single import move_for
from trumpf.rl._spiel_position import OpenSpielError, Position, dealt, durak_public

__all__ = ["resampled_orders"]

# A replay asks these at every move.
legal_mask, move_of = _core.rl.legal_mask, _core.rl.move_of

# The redeals a Durak search makes after its first deal, at most.
DURAK_REDEALS = 4000


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
    position: Position,
    moves: Sequence[int],
    actors: Sequence[int],
    player: int,
    seeds: Iterable[int],
) -> Iterator[list[int] | None]:
    """The dealing orders of worlds ``player`` cannot tell from ``position``'s
    deal after ``moves`` (the actions since the deal, made by ``actors``),
    one from each of ``seeds``; for Durak, None where the search gave up.
    What every world shares (the checks, the info, the layout's steps) is
    read once."""
    if position.match:
        raise OpenSpielError(
            "bad_game",
            "resample_from_infostate deals a single deal or a Durak game again: a match is "
            "dealt from its seed, which no world can be drawn for",
        )
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
        if position.family == "durak":
            yield _durak_order(position, moves, actors, player, arrival, seen, talon_places, seed)
        else:
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
    """The dealing order of the Schnapsen-family world ``seed`` deals (see
    the module)."""
    from trumpf import schnapsen

    world = schnapsen.sample_world(info, seed)
    rng = random.Random(seed)
    order = list(position.order)
    free = set(arrival)
    shown = sorted((at, card) for card, at in seen.items() if at is not None)
    if not _place_shown(order, free, arrival, shown, rng):
        raise OpenSpielError("bad_history", "a card was seen before any place it came from")
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


def _durak_order(
    position: Position,
    moves: Sequence[int],
    actors: Sequence[int],
    player: int,
    arrival: dict[int, int],
    seen: dict[int, int | None],
    face_down: list[int],
    seed: int,
) -> list[int] | None:
    """A Durak world's dealing order that the moves fit, searched for (see
    the module), or None when the first deal and :data:`DURAK_REDEALS`
    redeals found none. The
    batches are the other seat's places by the step they arrived at; the
    talon's face-down places go with every batch.

    The search starts from every batch dealt afresh: the cards the player
    has not seen shuffled among the places it cannot see, each card it saw
    the other seat play in a place that arrived before. That is the world
    ``durak.sample_world`` deals (every such world alike); it is not called
    because it checks its info dict first, a search for a history that
    reaches it, which takes seconds on a long game whose info the engine
    made itself."""
    rng = random.Random(seed)
    steps = sorted(set(arrival.values()))
    movable = sorted(arrival) + face_down
    order = _redeal(position.order, arrival, seen, 0, face_down, rng)
    misfit = _misfit(position, order, moves, actors, player)
    for _ in range(DURAK_REDEALS):
        if misfit is None:
            return order
        # Only the cards the other seat received before the move that did
        # not fit could have made it. A step changes some of them: two
        # cards trade places (one of them among those), or a batch of them
        # is dealt again with every later one (the latest batch, or one
        # drawn). It is kept when the moves fit as far at least, and now
        # and then when they do not, so that the search leaves a dead end.
        latest = max(k for k, step in enumerate(steps) if step < misfit)
        draw = rng.random()
        if draw < 0.1:
            early = [k for k in movable if k in arrival and arrival[k] < misfit]
            again = _swapped(order, early, movable, arrival, seen, rng)
        else:
            level = latest if draw < 0.5 else rng.randrange(latest + 1)
            again = _redeal(order, arrival, seen, steps[level], face_down, rng)
        fit = _misfit(position, again, moves, actors, player)
        if fit is None or fit >= misfit or rng.random() < 0.02:
            order, misfit = again, fit
    return order if misfit is None else None


def _swapped(
    order: list[int],
    early: list[int],
    movable: list[int],
    arrival: dict[int, int],
    seen: dict[int, int | None],
    rng: random.Random,
) -> list[int]:
    """``order`` with the cards of a place in ``early`` and another of
    ``movable`` traded, unless a card the player saw would then have arrived
    after it was seen (then ``order`` itself)."""
    one = early[rng.randrange(len(early))]
    two = movable[rng.randrange(len(movable))]
    again = list(order)
    again[one], again[two] = order[two], order[one]
    for place in (one, two):
        at = seen.get(again[place])
        if at is not None and not (place in arrival and arrival[place] < at):
            return order
    return again


def _misfit(
    position: Position, order: list[int], moves: Sequence[int], actors: Sequence[int], player: int
) -> int | None:
    """The first move (1 for the first) that does not fit the Durak world
    dealt in ``order``: its seat is not on turn, it is not legal, or after it
    the player holds other cards or the table shows other counts than the
    player's trace says. One past the last when the moves fit but the player
    is not on turn after them or sees the table otherwise; None when the
    world fits."""
    table = dealt(position.family, position.rules, str(position.dealer), order)
    seats = position.seats
    me = seats[player]
    trace = position.trace[player]  # (what happened, hand, face-up, counts) after each move
    for at, (actor, action) in enumerate(zip(actors, moves, strict=True), 1):
        seat = seats[actor]
        if table.over or table.turn != seat or not legal_mask(table, seat)[action]:
            return at
        table.apply(seat, move_of(table, action))
        _, hand, _, public = trace[at]
        if public != durak_public(table) or hand != tuple(sorted(table.hand_of(me))):
            return at
    if table.over or table.turn != me or _seen(table, me) != _seen(position.table, me):
        return len(moves) + 1
    return None


def _seen(table: Any, seat: Any) -> dict[str, Any]:
    """``seat``'s information set in ``table``, its hand and moves sorted."""
    info = dict(table.info(seat))
    info["hand"] = sorted(info["hand"])
    info["legal"] = sorted(map(str, info["legal"]))
    return info


def _redeal(
    order: list[int],
    arrival: dict[int, int],
    seen: dict[int, int | None],
    step: int,
    face_down: list[int],
    rng: random.Random,
) -> list[int]:
    """``order`` with the cards of the other seat's places that arrived at
    ``step`` or later, and of the face-down talon, dealt again among those
    places: each card the player saw, the earliest seen first, into a place
    that arrived before it was seen, the rest shuffled into the places left."""
    again = list(order)
    free = {k for k, at in arrival.items() if at >= step}
    cards = [order[k] for k in sorted(free)] + [order[k] for k in face_down]
    free.update(face_down)
    shown = sorted((at, card) for card in cards if (at := seen.get(card)) is not None)
    if not _place_shown(again, free, arrival, shown, rng):
        return order  # no place left for one: the batch before must change
    rest = sorted(card for card in cards if seen.get(card) is None)
    rng.shuffle(rest)
    for place, card in zip(sorted(free), rest, strict=True):
        again[place] = card
    return again


def _place_shown(
    order: list[int],
    free: set[int],
    arrival: dict[int, int],
    shown: list[tuple[int, int]],
    rng: random.Random,
) -> bool:
    """Puts each card the player saw the other seat hold (``shown``: (step
    first seen, card), ascending) into a place of ``free`` that arrived
    before that step, each uniform among those left, and takes the place
    from ``free``: a uniform draw of the layouts the moves allow, since each
    card's places contain those of the cards seen before it. False when a
    card finds no place."""
    for at, card in shown:
        places = sorted(k for k in free if k in arrival and arrival[k] < at)
        if not places:
            return False
        place = places[rng.randrange(len(places))]
        order[place] = card
        free.discard(place)
    return True
