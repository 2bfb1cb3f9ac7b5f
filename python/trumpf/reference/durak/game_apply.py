"""Applying a move to a Durak game: the refusals in the reference's order, then its events."""

from __future__ import annotations

import copy as _copy
from typing import Any

from . import card as cards
from . import checks, result, rules
from .errors import Error
from .game_bouts import GameBouts

__all__ = ["GameApply"]

# Which stage each move belongs to; swap fits every stage and resign any moment.
_STAGES: dict[str, list[str]] = {
    "attack": ["attack", "pile_on"],
    "done": ["attack", "pile_on"],
    "beat": ["defend"],
    "take": ["defend"],
    "swap": ["attack", "pile_on", "defend"],
}


def _is_seat(seat: object) -> bool:
    return checks.exact_int(seat, 1, 2) is not None


class GameApply(GameBouts):
    """A game's moves: ``apply``, and the checks of an attack and of a swap."""

    def apply(self, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        """Make a move and return the events it caused; a refusal raises ``Error``.

        The checks run in the reference's order: game_over; not_your_turn for a
        seat that is not 1 or 2; not_legal for a kind this game does not have;
        resign (taken from either seat at any time); not_your_turn; wrong_phase;
        then the move's own check. A refused move changes nothing.
        """
        kind = None
        held: object = None
        if isinstance(move, dict):
            found = checks.item(move, "kind", "not_legal")
            kind = None if found is checks.MISSING else checks.parse_kind(found)
            if kind in ("attack", "beat"):
                held = checks.item(move, "card", "card_not_held")
                held = None if held is checks.MISSING else held
        if self._result is not None:
            raise Error("game_over", "the deal is over")
        if not _is_seat(seat):
            raise Error("not_your_turn", f"{checks.short(seat)} is not a seat (expected 1 or 2)")
        seat = int.__int__(seat)
        if kind is None:
            raise Error("not_legal", f"{checks.short(move)} is not a move of durak")
        start = len(self._history)
        if kind == "resign":
            self._emit({"kind": "resign", "seat": seat})
            self._finish(result.resigned(seat))
            return _copy.deepcopy(self._history[start:])
        turn = self.turn
        if seat != turn:
            raise Error("not_your_turn", f"seat {seat} cannot {kind}: it is seat {turn}'s turn")
        phase = self.phase
        if phase not in _STAGES[kind]:
            raise Error("wrong_phase", f"seat {seat} cannot {kind} in the {phase} stage")
        assert self._bout is not None
        bout = self._bout
        hand = self._hands[seat]
        if kind in ("attack", "beat"):
            ident = checks.parse_card(held)
            if not ident or ident not in hand:
                raise Error(
                    "card_not_held",
                    f"seat {seat} cannot {kind} {checks.short(held)}: not in hand {hand}",
                )
            held = ident
            if kind == "attack":
                self._check_attack(seat, held)
                hand.remove(held)
                bout["attacks"].append(held)
                bout["beats"].append(None)
            else:
                attack = rules.unbeaten_of(bout)
                assert attack is not None
                if not cards.beats_unchecked(held, attack, self._trump):
                    raise Error(
                        "beats_nothing",
                        f"seat {seat} cannot beat {cards.name_of(attack)} with {cards.name_of(held)}",
                    )
                hand.remove(held)
                bout["beats"][bout["attacks"].index(attack)] = held
            self._emit({"kind": kind, "seat": seat, "card": held})
        elif kind == "take":
            bout["taken"] = True
            self._emit({"kind": "take", "seat": seat})
        elif kind == "done":
            if not bout["attacks"]:
                raise Error("must_attack", f"seat {seat} must attack before saying done")
            self._emit({"kind": "done", "seat": seat})
            self._end_bout("taken" if bout["taken"] else "done")
            return _copy.deepcopy(self._history[start:])
        else:
            self._swap(seat)
        self._resolve()
        return _copy.deepcopy(self._history[start:])

    def _check_attack(self, seat: int, held: int) -> None:
        assert self._bout is not None
        bout = self._bout
        if len(bout["attacks"]) >= bout["cap"]:
            raise Error("bout_full", f"the bout already holds its {bout['cap']} attack cards")
        if bout["attacks"] and cards.rank_of(held) not in rules.ranks_on_table(bout):
            raise Error(
                "rank_not_in_bout",
                f"seat {seat} cannot throw in {cards.name_of(held)}: no {cards.rank_of(held)} on the table",
            )

    def _swap(self, seat: int) -> None:
        # Exchange the trump six for the turn-up: the six goes under the talon.
        if self._six_owner != seat or self._six not in self._hands[seat]:
            raise Error("not_the_six", f"seat {seat} has no trump six of its own to exchange")
        if not self.turn_up_left:
            raise Error(
                "talon_shut",
                "the turn-up has been drawn: nothing to exchange the six for",
            )
        hand = self._hands[seat]
        hand.remove(self._six)
        hand.append(self._talon[-1])
        hand.sort()
        self._talon[-1] = self._six
        self._trump_card = self._six
        self._six_owner = None
        self._emit({"kind": "swap", "seat": seat})
