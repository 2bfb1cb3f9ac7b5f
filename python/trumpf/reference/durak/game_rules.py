"""The rules of a Durak game, as functions over a ``Game``: what may be played, and playing it.

``Game`` holds the state and its public methods call these, one line each.
The questions (``can_swap``, ``legal``) take a seat already read and change
nothing. ``apply`` reads its own arguments and refuses in the reference's
order; each refusal comes before anything changes, so a refused move leaves
the game as it was. Last come the table's own doings, which no seat plays
but each follows from a move: it plays the forced answers, closes a bout (to
the heap or into the defender's hand), refills both hands from the talon,
and opens the next bout or, once :mod:`.result` says a seat is out, ends the
game. The rules of a single bout are :mod:`.rules`'s.
"""

from __future__ import annotations

import copy as _copy
from typing import TYPE_CHECKING, Any

from . import card as cards
from . import checks, deck, result, rules
from .errors import Error

if TYPE_CHECKING:
    from .game import Game

__all__ = ["SEATS", "apply", "can_swap", "legal", "open_bout"]

SEATS: list[int] = [1, 2]

# Which stage each move belongs to; swap fits every stage and resign any moment.
_STAGES: dict[str, list[str]] = {
    "attack": ["attack", "pile_on"],
    "done": ["attack", "pile_on"],
    "beat": ["defend"],
    "take": ["defend"],
    "swap": ["attack", "pile_on", "defend"],
}


def _other(seat: int) -> int:
    return 3 - seat


# ------------------------------------------------------------ what may be played


def can_swap(game: Game, seat: int) -> bool:
    """Whether a seat may exchange the trump six for the turn-up now.

    It must be the six's owner, still hold it, and the turn-up must still be
    in the talon; whose turn it is, is for ``legal`` to say.
    """
    return (
        game._result is None
        and game._six_owner == seat
        and game._six in game._hands[seat]
        and game.turn_up_left
    )


def legal(game: Game, seat: int) -> list[dict[str, Any]]:
    """What a seat may do now, in the reference order; empty for the seat not on turn.

    Defending: each beating card, then take (when a beat or a swap is also
    possible), then swap. Attacking: each card that may go in, then done
    (when the bout has cards and a throw or a swap is also possible), then swap.
    """
    if seat != game.turn:
        return []
    assert game._bout is not None
    hand = game._hands[seat]
    swap = can_swap(game, seat)
    moves: list[dict[str, Any]] = []
    if game.phase == "defend":
        attack = rules.unbeaten_of(game._bout)
        assert attack is not None
        beats = rules.beats_of(hand, attack, game._trump)
        moves += [{"kind": "beat", "card": held} for held in beats]
        if beats or swap:
            moves.append({"kind": "take"})
    else:
        throws = rules.attacks_of(hand, game._bout)
        moves += [{"kind": "attack", "card": held} for held in throws]
        if game._bout["attacks"] and (throws or swap):
            moves.append({"kind": "done"})
    if swap:
        moves.append({"kind": "swap"})
    return moves


# ------------------------------------------------------------------ playing a move


def apply(game: Game, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
    """``Game.apply``: the refusals in the order its docstring lists, then the move.

    The move itself and all the table does after it (the forced answers, the
    end of a bout, the refill, the end of the game) are its events.
    """
    kind = None
    held: object = None
    if isinstance(move, dict):
        found = checks.item(move, "kind", "not_legal")
        kind = None if found is checks.MISSING else checks.parse_kind(found)
        if kind in ("attack", "beat"):
            held = checks.item(move, "card", "card_not_held")
            held = None if held is checks.MISSING else held
    if game._result is not None:
        raise Error("game_over", "the deal is over")
    if checks.exact_int(seat, 1, 2) is None:
        raise Error("not_your_turn", f"{checks.short(seat)} is not a seat (expected 1 or 2)")
    seat = int.__int__(seat)
    if kind is None:
        raise Error("not_legal", f"{checks.short(move)} is not a move of durak")
    start = len(game._history)
    if kind == "resign":
        _emit(game, {"kind": "resign", "seat": seat})
        _finish(game, result.resigned(seat))
        return _copy.deepcopy(game._history[start:])
    turn = game.turn
    if seat != turn:
        raise Error("not_your_turn", f"seat {seat} cannot {kind}: it is seat {turn}'s turn")
    phase = game.phase
    if phase not in _STAGES[kind]:
        raise Error("wrong_phase", f"seat {seat} cannot {kind} in the {phase} stage")
    assert game._bout is not None
    bout = game._bout
    hand = game._hands[seat]
    if kind in ("attack", "beat"):
        ident = checks.parse_card(held)
        if not ident or ident not in hand:
            raise Error(
                "card_not_held",
                f"seat {seat} cannot {kind} {checks.short(held)}: not in hand {hand}",
            )
        held = ident
        if kind == "attack":
            _check_attack(game, seat, held)
            hand.remove(held)
            bout["attacks"].append(held)
            bout["beats"].append(None)
        else:
            attack = rules.unbeaten_of(bout)
            assert attack is not None
            if not cards.beats_unchecked(held, attack, game._trump):
                raise Error(
                    "beats_nothing",
                    f"seat {seat} cannot beat {cards.name_of(attack)} with {cards.name_of(held)}",
                )
            hand.remove(held)
            bout["beats"][bout["attacks"].index(attack)] = held
        _emit(game, {"kind": kind, "seat": seat, "card": held})
    elif kind == "take":
        bout["taken"] = True
        _emit(game, {"kind": "take", "seat": seat})
    elif kind == "done":
        if not bout["attacks"]:
            raise Error("must_attack", f"seat {seat} must attack before saying done")
        _emit(game, {"kind": "done", "seat": seat})
        _end_bout(game, "taken" if bout["taken"] else "done")
        return _copy.deepcopy(game._history[start:])
    else:
        _swap(game, seat)
    _resolve(game)
    return _copy.deepcopy(game._history[start:])


def _check_attack(game: Game, seat: int, held: int) -> None:
    assert game._bout is not None
    bout = game._bout
    if len(bout["attacks"]) >= bout["cap"]:
        raise Error("bout_full", f"the bout already holds its {bout['cap']} attack cards")
    if bout["attacks"] and cards.rank_of(held) not in rules.ranks_on_table(bout):
        raise Error(
            "rank_not_in_bout",
            f"seat {seat} cannot throw in {cards.name_of(held)}: no {cards.rank_of(held)} on the table",
        )


def _swap(game: Game, seat: int) -> None:
    # Exchange the trump six for the turn-up: the six goes under the talon.
    if game._six_owner != seat or game._six not in game._hands[seat]:
        raise Error("not_the_six", f"seat {seat} has no trump six of its own to exchange")
    if not game.turn_up_left:
        raise Error(
            "talon_shut",
            "the turn-up has been drawn: nothing to exchange the six for",
        )
    hand = game._hands[seat]
    hand.remove(game._six)
    hand.append(game._talon[-1])
    hand.sort()
    game._talon[-1] = game._six
    game._trump_card = game._six
    game._six_owner = None
    _emit(game, {"kind": "swap", "seat": seat})


# ------------------------------------------------------------ what the table does


def _emit(game: Game, event: dict[str, Any]) -> None:
    game._history.append(event)


def _resolve(game: Game) -> None:
    # A position with one answer is no decision: the table plays it, silently.
    while True:
        bout = game._bout
        assert bout is not None
        if game.phase == "attack":
            how = rules.closes_of(bout, len(game._hands[bout["defender"]]))
            if how is not None:
                _end_bout(game, how)
                return
        turn = game.turn
        assert turn is not None
        forced = rules.forced_of(game._hands[turn], bout, game._trump, can_swap(game, turn))
        if forced == "take":
            bout["taken"] = True
            continue
        if forced == "done":
            _end_bout(game, "taken" if bout["taken"] else "exhausted")
        return


def _end_bout(game: Game, how: str) -> None:
    bout = game._bout
    assert bout is not None
    attacker, defender = int(bout["attacker"]), int(bout["defender"])
    laid = list(bout["attacks"]) + [b for b in bout["beats"] if b is not None]
    if bout["taken"]:
        game._hands[defender] = sorted(game._hands[defender] + laid)
        # The six loses its pedigree when the other seat comes to hold it.
        if game._six in laid and game._six_owner is not None and game._six_owner != defender:
            game._six_owner = None
        next_attacker = attacker
    else:
        game._discard += len(laid)
        next_attacker = defender
    _emit(
        game,
        {
            "kind": "bout_end",
            "taken": bool(bout["taken"]),
            "how": how,
            "cards": len(laid),
            "discard": game._discard,
            "next_attacker": next_attacker,
        },
    )
    drawn = {1: 0, 2: 0}
    # The attacker of the bout that just ended draws first, even when it attacks no more.
    for seat in (attacker, defender):
        hand = game._hands[seat]
        while len(hand) < deck.HAND_SIZE and game._talon:
            got = game._talon.pop(0)
            if got == game._six:
                game._six_owner = seat
            hand.append(got)
            drawn[seat] += 1
        hand.sort()
    _emit(game, {"kind": "refill", "drawn": drawn, "talon": len(game._talon)})
    counts = {seat: len(game._hands[seat]) for seat in SEATS}
    ended = result.outcome_of(counts, len(game._talon))
    if ended is None:
        open_bout(game, next_attacker)
        return
    for seat in result.out_seats(counts, len(game._talon)):
        _emit(game, {"kind": "out", "seat": seat})
    game._bout = None
    _finish(game, ended)


def open_bout(game: Game, attacker: int) -> None:
    """Open a bout with ``attacker`` on lead, capped at what the defender holds."""
    defender = _other(attacker)
    game._bout = {
        "attacker": attacker,
        "defender": defender,
        "cap": min(rules.MAX_BOUT, len(game._hands[defender])),
        "attacks": [],
        "beats": [],
        "taken": False,
    }


def _finish(game: Game, ended: dict[str, Any]) -> None:
    if game._result is not None:
        raise RuntimeError("a deal that ends twice is a bug")
    game._result = ended
    _emit(game, {"kind": "game_end", **_copy.deepcopy(ended)})
