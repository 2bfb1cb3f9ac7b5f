"""Information sets: what one seat of a deal can know, and nothing else (issue 11).

``deal_info(deal, seat)`` answers ``Deal.info(seat)``: the public state (what
``view`` shows), the seat's own hand, and what the seat has learnt along the
way about the other hand. That last part is read from the public history
alone, the way a player at the table keeps track: the turn-up is face up, so
whoever takes it by an exchange or draws it as the last card is known to hold
it; a declared marriage shows its king and queen. Nothing here reads the
other hand or the talon, so nothing hidden can leak into the answer; the
seed is used only to learn which card was dealt face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .card import card_of
from .deck import deal_for, pack_for

if TYPE_CHECKING:
    from trumpf.schnapsen.types import Exchange, MatchInfo, Played, SchnapsenInfo

    from .deal import Deal
    from .match import Match

__all__ = ["deal_info", "match_info"]


class _Table:
    """The table as both seats see it, replayed from a deal's history.

    It knows the face-up turn-up, how many cards lie face down, how many each
    seat holds, and which cards of ``other``'s hand ``other`` has shown.
    """

    def __init__(self, rules: dict[str, Any], trump: str, turn_up: int, other: str) -> None:
        self.rules = rules
        self.low_trump = card_of(trump, rules["exchange_rank"])
        self.turn_up: int | None = turn_up
        self.face_down: int = rules["deck_size"] - 2 * rules["hand_size"] - 1
        self.counts: dict[str, int] = {"p1": rules["hand_size"], "p2": rules["hand_size"]}
        self.closed = False
        self.other = other
        self.known: set[int] = set()
        self.played: list[Played] = []
        self.exchanges: list[Exchange] = []

    def draw_left(self) -> int:
        if self.closed:
            return 0
        return self.face_down + (0 if self.turn_up is None else 1)

    def follow(self, event: dict[str, Any]) -> None:
        """Move the table on by one event of the deal's history."""
        kind: str = event["kind"]
        seat: str = event.get("seat", "")
        if kind in ("lead", "follow"):
            self.played.append({"seat": seat, "card": event["card"]})
            self.counts[seat] -= 1
            self.known.discard(event["card"])
        elif kind == "marriage" and seat == self.other:
            # The king and queen are shown; they stay known until played.
            self.known |= {card_of(event["suit"], "K"), card_of(event["suit"], "Q")}
        elif kind == "exchange":
            # The exchanger takes the face-up card and puts the low trump in
            # its place (the Sixty-Six table exchange on a close too).
            assert self.turn_up is not None
            self.exchanges.append({"seat": seat, "took": self.turn_up})
            if seat == self.other:
                self.known.discard(self.low_trump)
                self.known.add(self.turn_up)
            self.turn_up = self.low_trump
        elif kind == "close":
            self.closed = True
        elif kind == "trick":
            # Schnapsen draws as the trick ends; Sixty-Six waits for the
            # winner's draw (or close), which is an event of its own.
            cards_out = self.counts["p1"] == 0 and self.counts["p2"] == 0
            if not self.rules["close_before_draw"] and not cards_out and self.draw_left() > 0:
                self.draw(event["winner"])
        elif kind == "draw":
            self.draw(seat)

    def draw(self, winner: str) -> None:
        # The winner draws first; the turn-up is the last card of the talon.
        for seat in (winner, "p2" if winner == "p1" else "p1"):
            self.counts[seat] += 1
            if self.face_down > 0:
                self.face_down -= 1
                continue
            assert self.turn_up is not None
            if seat == self.other:
                self.known.add(self.turn_up)
            self.turn_up = None


def deal_info(deal: Deal, seat: str) -> SchnapsenInfo:
    """Everything ``seat`` can know of ``deal`` now, keys in the contract's order."""
    _ = deal.seed  # an unbuilt deal refuses first (not_built), whatever the seat
    view = deal.view(seat)  # a bad seat: bad_seat
    seat = view["seat"]
    rules = deal.rules
    other = "p2" if seat == "p1" else "p1"
    dealt = deal_for(rules, deal.seed, deal.number, deal.dealer)
    table = _Table(rules, deal.trump, dealt["turn_up"], other)
    for event in deal.history:
        table.follow(event)
    # The replay and the deal agree on everything public, or this is a bug.
    assert table.turn_up == view["turn_up"] and table.counts == view["counts"]
    assert table.face_down + (table.turn_up is not None) == view["talon_left"]

    hand = view["hand"]
    tricks: list[Any] = deal.tricks
    placed = set(hand) | {p["card"] for p in table.played} | table.known
    if table.turn_up is not None:
        placed.add(table.turn_up)
    return {
        "seat": seat,
        "variant": view["variant"],
        "rules": rules,
        "number": view["number"],
        "dealer": view["dealer"],
        "ply": view["ply"],
        "phase": view["phase"],
        "turn": view["turn"],
        "leader": view["leader"],
        "lead": view["lead"],
        "must_lead": view["must_lead"],
        "trump": view["trump"],
        "turn_up": view["turn_up"],
        "talon_left": view["talon_left"],
        "draw_left": view["draw_left"],
        "closed_by": view["closed_by"],
        "close_state": view["close_state"],
        "pending_draw": view["pending_draw"],
        "hand": hand,
        "counts": view["counts"],
        "taken": view["taken"],
        "tricks_won": view["tricks_won"],
        "melds": view["melds"],
        "tricks": tricks,
        "played": table.played,
        "exchanges": table.exchanges,
        "known": sorted(table.known),
        "unseen": [card for card in pack_for(rules) if card not in placed],
        "legal": view["legal"],
        "over": view["over"],
        "result": view["result"],
    }


def match_info(match: Match, seat: str) -> MatchInfo:
    """The current deal's info for ``seat``, with the match's keys after it.

    As in ``Match.view``: ``ply`` counts the whole match, and once the match
    is over its ``turn`` is None and ``legal`` is empty.
    """
    _ = match.seed  # an unbuilt match refuses first (not_built), whatever the seat
    view = match.view(seat)  # a bad seat: bad_seat
    info = deal_info(match.deal, seat)
    return {
        **info,
        "ply": view["ply"],
        "turn": view["turn"],
        "legal": view["legal"],
        "scores": view["scores"],
        "to_win": view["to_win"],
        "deals": view["deals"],
        "match_over": view["match_over"],
        "winner": view["winner"],
    }
