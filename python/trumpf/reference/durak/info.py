"""Information sets: what one seat of a Durak game can know, and nothing else.

``game_info(game, seat)`` answers ``Game.info(seat)``: the public state (what
``view`` shows), the seat's own hand, and what the seat has learnt about the
other hand. That last part is read from the public history alone, the way a
player at the table keeps track: every card played lies face up, so the
cards a defender picks up are known to be in its hand; the trump card lies
face up under the talon, so whoever takes it by a swap or draws it as the last
card is known to hold it. Nothing here reads the other hand or the talon, so
nothing hidden can leak into the answer: the card turned up at the deal,
which both seats saw, is all it reads of the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .card import CARD_IDS, six_of

if TYPE_CHECKING:
    from trumpf.durak.types import DurakInfo, Played

    from .game import Game

__all__ = ["game_info"]


class _Table:
    """The table as both seats see it, replayed from a game's history.

    It knows the card face up under the talon, how many cards the talon
    holds, the cards on the table and on the heap, and which cards of
    ``other``'s hand the table has seen go there.
    """

    def __init__(self, trump: str, trump_card: int, talon: int, other: int) -> None:
        self.trump_card = trump_card
        self.talon = talon
        self.other = other
        self.six = six_of(trump)
        self.on_table: list[int] = []
        self.discarded: set[int] = set()
        self.known: set[int] = set()
        self.played: list[Played] = []
        self.attacker = 0  # the attacker of the bout that ended last

    def follow(self, event: dict[str, Any]) -> None:
        """Move the table on by one event of the game's history."""
        kind: str = event["kind"]
        if kind in ("attack", "beat"):
            self.played.append(
                {"seat": event["seat"], "kind": event["kind"], "card": event["card"]}
            )
            self.on_table.append(event["card"])
            self.known.discard(event["card"])
        elif kind == "swap":
            # The six goes face up under the talon; the swapper takes the
            # card that lay there.
            if event["seat"] == self.other:
                self.known.discard(self.six)
                self.known.add(self.trump_card)
            self.trump_card = self.six
        elif kind == "bout_end":
            taken = bool(event["taken"])
            # A taken bout leaves the attacker attacking; a beaten one passes
            # the attack to the defender.
            self.attacker = event["next_attacker"] if taken else 3 - event["next_attacker"]
            if not taken:
                self.discarded |= set(self.on_table)
            elif 3 - self.attacker == self.other:
                self.known |= set(self.on_table)
            self.on_table = []
        elif kind == "refill":
            left: int = event["talon"]
            if self.talon > 0 and left == 0:
                # The attacker draws first, so the defender draws the last
                # card, the trump card, unless it drew nothing at all.
                defender = 3 - self.attacker
                last = defender if event["drawn"][defender] > 0 else self.attacker
                if last == self.other:
                    self.known.add(self.trump_card)
            self.talon = left


def game_info(game: Game, seat: int) -> DurakInfo:
    """Everything ``seat`` can know of ``game`` now, keys in the contract's order."""
    _ = game.seed  # an unbuilt game refuses first (not_built), whatever the seat
    view = game.view(seat)  # a bad seat: bad_seat
    seat = view["seat"]
    table = _Table(game.trump, game._turn_up, 24, 3 - seat)
    for event in game.history:
        table.follow(event)
    # The replay and the game agree on everything public, or this is a bug.
    bout = view["bout"]
    laid = [] if bout is None else [c for p in bout["pairs"] for c in (p["attack"], p["beat"])]
    assert sorted(table.on_table) == sorted(c for c in laid if c is not None)
    assert table.trump_card == game.trump_card and table.talon == view["talon"]
    assert len(table.discarded) == view["discard"]

    hand = view["hand"]
    placed = set(hand) | set(table.on_table) | table.discarded | table.known
    if table.talon > 0:
        placed.add(table.trump_card)
    return {
        "seat": seat,
        "ply": view["ply"],
        "phase": view["phase"],
        "turn": view["turn"],
        "trump": view["trump"],
        "trump_card": table.trump_card,
        "talon": view["talon"],
        "discard": view["discard"],
        "discarded": sorted(table.discarded),
        "hand": hand,
        "counts": view["counts"],
        "swap": view["swap"],
        "bout": bout,
        "played": table.played,
        "known": sorted(table.known),
        "unseen": [card for card in CARD_IDS if card not in placed],
        "legal": view["legal"],
        "over": view["over"],
        "result": view["result"],
    }
