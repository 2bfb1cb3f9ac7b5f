"""An info dict read back (``Expert.choose(info)``, issue 12), from its definition.

A dict is a seat's info when a table could have given it to that seat on
turn, in a deal not over: this module checks what follows from that, and
refuses anything else with ``bad_info`` (a rules table that is not one:
``bad_variant``).

- The cards split the pack: the hand, every card of the tricks and the card
  led now, the face-up turn-up, ``known`` and ``unseen``, each card once.
- The counts follow: the seat holds its hand; the other hand holds ``known``
  and the ``unseen`` cards the face-down talon does not.
- The tricks follow the rules: each is won as its cards say, the next is led
  by its winner, and ``tricks_won`` and ``taken`` (the cards won, plus the
  melds of a seat that has won a trick) count them.
- The talon, phase and close agree; ``must_lead`` is a marriage in the hand.
- Some deal of the unseen cards fits, the voids included: a follow made when
  nothing was left to draw shows what the other hand lacks (:func:`.info.follow_lacks`);
  nothing is left to draw from the trick the talon was closed at
  (``close_state``'s tricks) or the one it ran out at (half its dealt size).
- ``legal`` is the seat's moves there (equal in every such deal).

``ply``, ``played`` and ``result`` repeat what the rest says and are not read.
"""

from __future__ import annotations

from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, show
from . import variant as variant_mod
from .card import points_of, rank_of, suit_of
from .deal import Deal
from .deck import pack_for
from .errors import Error
from .info import follow_lacks
from .trick import winner_of

__all__ = ["read_info"]

CODE = "bad_info"
SEATS = ("p1", "p2")
SUITS = ("S", "H", "D", "C")


def _need(info: dict[Any, Any], key: str) -> Any:
    if key not in info:
        raise Error(CODE, f"the info has no {key!r}")
    return info[key]


def _seat(value: object, what: str, none: bool = False) -> str | None:
    if none and value is None:
        return None
    if isinstance(value, str) and str.__str__(value) in SEATS:
        return str.__str__(value)
    raise Error(CODE, f"{what} is 'p1' or 'p2', not {show(value)}")


def _card(value: object, what: str, none: bool = False) -> int | None:
    if none and value is None:
        return None
    return as_int(value, CODE, what, 1, 24)


def _cards(value: object, what: str, limit: int) -> list[int]:
    items = as_seq(value, CODE, what)
    if len(items) > limit:
        raise Error(CODE, f"{what} holds more than {limit} cards")
    cards = [as_int(c, CODE, f"a card of {what}", 1, 24) for c in items]
    if len(set(cards)) != len(cards):
        raise Error(CODE, f"{what} holds a card twice")
    return cards


def _suit(value: object, what: str) -> str:
    if isinstance(value, str) and str.__str__(value) in SUITS:
        return str.__str__(value)
    raise Error(CODE, f"{what} is a suit letter, not {show(value)}")


def _pair(info: dict[Any, Any], key: str, high: int) -> dict[str, int]:
    table = as_dict(_need(info, key), CODE, key)
    for seat in SEATS:
        if seat not in table:
            raise Error(CODE, f"{key} has no {seat}")
    return {s: as_int(table[s], CODE, f"{key}[{s}]", 0, high) for s in SEATS}


def _entries(info: dict[Any, Any], key: str, limit: int, fields: tuple[str, ...]) -> list[Any]:
    items = as_seq(_need(info, key), CODE, key)
    if len(items) > limit:
        raise Error(CODE, f"{key} holds more than {limit} entries")
    out = []
    for item in items:
        entry = as_dict(item, CODE, f"an entry of {key}")
        for field in fields:
            if field not in entry:
                raise Error(CODE, f"an entry of {key} has no {field!r}")
        out.append(entry)
    return out


def _wrong(message: str) -> Error:
    return Error(CODE, f"the info does not add up: {message}")


def read_info(given: object) -> tuple[Deal, set[int], dict[str, Any]]:
    """The info as a deal whose other hand holds only ``known`` and whose talon is empty
    (the worlds fill them in), the unseen cards the other hand lacks, and the info."""
    if not isinstance(given, dict):
        raise Error(
            CODE, f"choose(info) takes the dict Deal.info or Match.info gives, not {show(given)}"
        )
    info = as_dict(given, CODE, "the info")
    seat = _seat(_need(info, "seat"), "seat")
    assert seat is not None
    other = "p2" if seat == "p1" else "p1"
    rules = variant_mod.get(_need(info, "rules"))
    if _need(info, "variant") != rules["name"]:
        raise Error(CODE, f"variant is the rules' game, not {show(info['variant'])}")
    number = as_int(_need(info, "number"), CODE, "number", 1, 2**63 - 1)
    dealer = _seat(_need(info, "dealer"), "dealer")
    phase = as_int(_need(info, "phase"), CODE, "phase", 1, 2)
    turn = _seat(_need(info, "turn"), "turn", none=True)
    leader = _seat(_need(info, "leader"), "leader")
    lead = _card(_need(info, "lead"), "lead", none=True)
    must = _need(info, "must_lead")
    must_lead = None if must is None else as_seq(must, CODE, "must_lead")
    if must_lead is not None:
        if len(must_lead) != 2:
            raise Error(CODE, "must_lead is None or two cards")
        must_lead = [_card(c, "must_lead's card") for c in must_lead]
    trump = _suit(_need(info, "trump"), "trump")
    turn_up = _card(_need(info, "turn_up"), "turn_up", none=True)
    talon_left = as_int(_need(info, "talon_left"), CODE, "talon_left", 0, 24)
    draw_left = as_int(_need(info, "draw_left"), CODE, "draw_left", 0, 24)
    closed_by = _seat(_need(info, "closed_by"), "closed_by", none=True)
    close = _need(info, "close_state")
    close_state = None
    if close is not None:
        close_state = as_dict(close, CODE, "close_state")
        if "by" not in close_state:
            raise Error(CODE, "close_state has no 'by'")
        _seat(close_state["by"], "close_state's by")
        for s in SEATS:
            if s not in close_state:
                raise Error(CODE, f"close_state has no {s}")
            part = as_dict(close_state[s], CODE, "close_state's seat")
            for field, high in (("tricks", 12), ("points", 200)):
                if field not in part:
                    raise Error(CODE, f"close_state has no {field}")
                as_int(part[field], CODE, "close_state's " + field, 0, high)
    if (close is None) != (closed_by is None):
        raise Error(CODE, "close_state is None exactly when closed_by is")
    pending_draw = as_bool(_need(info, "pending_draw"), CODE, "pending_draw")
    over = as_bool(_need(info, "over"), CODE, "over")
    match_over = "match_over" in info and as_bool(info["match_over"], CODE, "match_over")
    hand = _cards(_need(info, "hand"), "hand", 6)
    counts = _pair(info, "counts", 6)
    taken = _pair(info, "taken", 200)
    tricks_won = _pair(info, "tricks_won", 12)
    melds = _entries(info, "melds", 4, ("seat", "suit", "value"))
    for meld in melds:
        _seat(meld["seat"], "a meld's seat")
        _suit(meld["suit"], "a meld's suit")
        as_int(meld["value"], CODE, "a meld's value", 20, 40)
    tricks = _entries(info, "tricks", 12, ("leader", "lead", "follow", "winner"))
    for t in tricks:
        _seat(t["leader"], "a trick's leader")
        _card(t["lead"], "a trick's lead")
        _card(t["follow"], "a trick's follow")
        _seat(t["winner"], "a trick's winner")
    exchanges = _entries(info, "exchanges", 2, ("seat", "took"))
    for e in exchanges:
        _seat(e["seat"], "an exchange's seat")
        _card(e["took"], "an exchange's card")
    known = _cards(_need(info, "known"), "known", 24)
    unseen = _cards(_need(info, "unseen"), "unseen", 24)

    # What the dict says must be a seat's on turn, in a deal that goes on.
    if over or match_over:
        raise _wrong("the deal is over: nobody is to move")
    if turn != seat:
        raise _wrong("the seat is not on turn")
    pack = set(pack_for(rules))
    played = [c for t in tricks for c in (t["lead"], t["follow"])] + ([lead] if lead else [])
    places = [hand, played, [turn_up] if turn_up else [], known, unseen]
    every = [c for place in places for c in place]
    if len(set(every)) != len(every) or set(every) != pack:
        raise _wrong(
            "the hand, the cards played, the turn-up, known and unseen do not split the pack"
        )
    size = rules["hand_size"]
    face_down = talon_left - (1 if turn_up else 0)
    need = counts[other] - len(known)
    if counts[seat] != len(hand) or counts[other] > size:
        raise _wrong("counts do not match the hands")
    if face_down < 0 or need < 0 or need + face_down != len(unseen):
        raise _wrong("the counts and the talon do not add up to the unseen cards")
    if talon_left > rules["deck_size"] - 2 * size:
        raise _wrong("talon_left is more than the talon")
    if draw_left != (0 if closed_by else talon_left) or phase != (1 if draw_left else 2):
        raise _wrong("draw_left or the phase does not follow the talon")
    if turn_up is not None and suit_of(turn_up) != trump:
        raise _wrong("the turn-up is not a trump")
    # The tricks: who won them, who led, what they count, and the voids.
    dry_from = (rules["deck_size"] - 2 * size) // 2  # the trick the talon ran out at
    if close_state is not None:
        at = close_state["p1"]["tricks"] + close_state["p2"]["tricks"]
        if at > len(tricks):
            raise _wrong("the talon was closed after more tricks than were played")
        dry_from = min(dry_from, at)
    wins = {"p1": 0, "p2": 0}
    won: dict[str, int] = {"p1": 0, "p2": 0}
    lacks: set[int] = set()
    for i, t in enumerate(tricks):
        if i and t["leader"] != tricks[i - 1]["winner"]:
            raise _wrong("a trick is led by who did not win the last")
        follower = "p2" if t["leader"] == "p1" else "p1"
        if t["winner"] != (
            t["leader"] if winner_of(t["lead"], t["follow"], trump) == t["lead"] else follower
        ):
            raise _wrong("a trick's winner is not who the cards say")
        wins[t["winner"]] += 1
        won[t["winner"]] += points_of(t["lead"]) + points_of(t["follow"])
        if i >= dry_from and follower == other:
            lacks |= follow_lacks(t["lead"], t["follow"], trump)
    if tricks and leader != tricks[-1]["winner"]:
        raise _wrong("the leader did not win the last trick")
    if (lead is not None) != (turn != leader):
        raise _wrong("the seat on turn is neither the leader nor the follower")
    if wins != tricks_won:
        raise _wrong("tricks_won does not count the tricks")
    suits = [m["suit"] for m in melds]
    if len(set(suits)) != len(suits) or any(
        m["value"] != (40 if m["suit"] == trump else 20) for m in melds
    ):
        raise _wrong("a meld is not one")
    for s in SEATS:
        marriages = sum(m["value"] for m in melds if m["seat"] == s)
        if taken[s] != won[s] + (marriages if wins[s] else 0):
            raise _wrong("taken is not the points of the tricks won and the counted melds")
    if must_lead is not None and lead is None:
        king, queen = must_lead
        assert king is not None and queen is not None
        if (
            not {king, queen} <= set(hand)
            or (rank_of(king), rank_of(queen)) != ("K", "Q")
            or suit_of(king) != suit_of(queen)
        ):
            raise _wrong("must_lead is not the king and queen of one suit in the hand")
    lacks &= set(unseen)
    if need > len(set(unseen) - lacks):
        raise _wrong("no deal fits the voids the tricks show")
    _need(info, "legal")  # compared with the moves of a world by the caller

    deal = object.__new__(Deal)
    deal._variant = rules["name"]
    deal._rules = rules
    deal._seed = bytes(32)  # a world's play never reads the seed
    deal._number = number
    assert dealer is not None and leader is not None
    deal._dealer = dealer
    deal._trump = trump
    deal._hands = {seat: list(hand), other: sorted(known)}
    deal._talon = []
    deal._turn_up = turn_up
    deal._turn = turn
    deal._leader = leader
    deal._closed_by = closed_by
    deal._close_state = None if close_state is None else dict(_need(info, "close_state"))
    deal._pending_draw = pending_draw
    deal._melds = [
        {"seat": m["seat"], "suit": m["suit"], "value": m["value"], "counted": wins[m["seat"]] > 0}
        for m in melds
    ]
    deal._must_lead = None if must_lead is None else [c for c in must_lead if c is not None]
    deal._tricks = [dict(t) for t in tricks]
    deal._taken = dict(taken)
    deal._tricks_won = dict(tricks_won)
    deal._lead = lead
    deal._result = None
    deal._history = []
    return deal, lacks, info
