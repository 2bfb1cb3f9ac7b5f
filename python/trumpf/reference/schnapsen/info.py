"""Information sets: what one seat of a deal can know, and nothing else.

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

from .card import card_of, power_of, suit_of
from .deck import deal_for, pack_for

if TYPE_CHECKING:
    from trumpf.schnapsen.types import Exchange, MatchInfo, Played, SchnapsenInfo

    from .deal import Deal
    from .match import Match

__all__ = ["close_lacks", "deal_info", "follow_lacks", "lacks_of", "match_info"]


def follow_lacks(lead: int, follow: int, trump: str) -> set[int]:
    """What a follow made when nothing is left to draw shows the follower's hand lacks.

    The rules then make a follower beat the lead if it can, else follow
    suit, else trump: a lower card of the lead's suit shows no higher card
    of it; a card of another suit shows none of the lead's suit, and unless
    it is a trump, no trump either. A follow that beats the lead in its own
    suit shows nothing. Phase 2 draws nothing, so a lack lasts the deal.
    """
    suit = suit_of(lead)
    pack = range(1, 25)
    if suit_of(follow) == suit:
        if power_of(follow) > power_of(lead):
            return set()
        return {c for c in pack if suit_of(c) == suit and power_of(c) > power_of(lead)}
    out = {c for c in pack if suit_of(c) == suit}
    if suit_of(follow) != trump:
        out |= {c for c in pack if suit_of(c) == trump}
    return out


def close_lacks(rules: dict[str, Any], trump: str, draw_left: int) -> set[int]:
    """What a close shows the closer's opponent lacks.

    Under ``exchange_on_close`` the table exchanges the low trump for the
    closer's opponent at the close whenever it holds that card and
    ``draw_left`` (what was left to draw) allows an exchange: a close that
    left the turn-up in place shows the opponent did not hold it, and
    nothing is drawn after a close. Had the table exchanged, the low trump
    would lie face up, no one's to lack.
    """
    if not rules["exchange_on_close"] or draw_left < rules["exchange_min_stock"]:
        return set()
    return {card_of(trump, rules["exchange_rank"])}


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
        self.trump = trump
        self.lead: int | None = None
        self.lacks: set[int] = set()  # cards other's phase-2 follows (and a close) show it lacks

    def draw_left(self) -> int:
        if self.closed:
            return 0
        return self.face_down + (0 if self.turn_up is None else 1)

    def follow(self, event: dict[str, Any]) -> None:
        """Move the table on by one event of the deal's history."""
        kind: str = event["kind"]
        seat: str = event.get("seat", "")
        if kind == "follow" and seat == self.other and self.draw_left() == 0:
            assert self.lead is not None
            self.lacks |= follow_lacks(self.lead, event["card"], self.trump)
        if kind == "lead":
            self.lead = event["card"]
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
            if seat != self.other:
                self.lacks |= close_lacks(self.rules, self.trump, self.draw_left())
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
    table = _table_of(deal, seat)
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


def _table_of(deal: Deal, seat: str) -> _Table:
    other = "p2" if seat == "p1" else "p1"
    # A deal dealt from a chosen order (a witness) knows its turn-up; any other,
    # its seed does.
    first: int | None = getattr(deal, "_first_turn_up", None)
    if first is None:
        first = deal_for(deal.rules, deal.seed, deal.number, deal.dealer)["turn_up"]
    table = _Table(deal.rules, deal.trump, first, other)
    for event in deal.history:
        table.follow(event)
    return table


def lacks_of(deal: Deal, seat: str) -> set[int]:
    """The unseen cards ``seat`` knows the other hand lacks: its phase-2 follows showed it."""
    info = deal_info(deal, seat)
    return _table_of(deal, seat).lacks & set(info["unseen"])


def match_info(match: Match, seat: str) -> MatchInfo:
    """The current deal's info for ``seat``, with the match's keys after it.

    ``ply`` counts the current deal's events, as the deal's own info does
    (``Match.view``'s counts the whole match); once the match is over its
    ``turn`` is None and ``legal`` is empty, as in ``Match.view``.
    """
    _ = match.seed  # an unbuilt match refuses first (not_built), whatever the seat
    view = match.view(seat)  # a bad seat: bad_seat
    info = deal_info(match.deal, seat)
    return {
        **info,
        "turn": view["turn"],
        "legal": view["legal"],
        "scores": view["scores"],
        "to_win": view["to_win"],
        "deals": view["deals"],
        "match_over": view["match_over"],
        "winner": view["winner"],
    }
