"""An info dict read back (``Expert.choose(info)``), from its definition.

A dict is accepted exactly when it is the information set a table gives a
seat on turn, in a deal (and match) not over, at a position the rules
reach from some deal by legal play under the dict's own rules table. The
definition is the test: :func:`.witness.build` constructs such a game (the
cards as dealt and the moves), the oracle's own ``Deal`` or ``Match``
replays it, and the dict must be exactly the replayed ``info``. Anything
else is ``bad_info`` (a rules table that is not one: ``bad_variant``).

Before that search, :func:`.info_parse.parse_info` reads the dict by value
(every key, no other, each of its type), and the plain facts every reached
position keeps are checked here one by one, so that a refusal says what is
wrong: the seat is on turn; the hand, the cards played, the turn-up,
``known`` and ``unseen`` split the pack; the tricks are won as their cards
say and led by the last winner, the first by the non-dealer; the hands
hold what the deal, the draws and the tricks leave them; the turn-up lies
exactly while the talon holds cards; ``pending_draw`` only where the
variant draws by choice; the points, ``played``, ``ply`` and a match's
scores follow.
"""

from __future__ import annotations

from typing import Any

from .card import points_of
from .deal import Deal
from .deck import pack_for
from .errors import Error
from .info import close_lacks, follow_lacks
from .info_parse import CODE, parse_info
from .trick import winner_of
from .witness import build

__all__ = ["read_info"]


def _wrong(message: str) -> Error:
    return Error(CODE, f"the info does not add up: {message}")


def _check(info: dict[str, Any]) -> None:
    """The facts every reached position keeps, each refused with its own message."""
    rules = info["rules"]
    seat = info["seat"]
    if info["over"] or info.get("match_over"):
        raise _wrong("the deal is over: nobody is to move")
    if info["turn"] != seat:
        raise _wrong("the seat is not on turn")
    tricks = info["tricks"]
    lead = info["lead"]
    played = [c for t in tricks for c in (t["lead"], t["follow"])] + ([lead] if lead else [])
    turn_up = [info["turn_up"]] if info["turn_up"] is not None else []
    every = info["hand"] + played + turn_up + info["known"] + info["unseen"]
    if len(set(every)) != len(every) or set(every) != set(pack_for(rules)):
        raise _wrong(
            "the hand, the cards played, the turn-up, known and unseen do not split the pack"
        )
    first = "p2" if info["dealer"] == "p1" else "p1"
    leader = first
    won = {"p1": 0, "p2": 0}
    points = {"p1": 0, "p2": 0}
    for t in tricks:
        if t["leader"] != leader:
            raise _wrong("a trick is led by who did not win the last (the first: the non-dealer)")
        follower = "p2" if leader == "p1" else "p1"
        winning = winner_of(t["lead"], t["follow"], info["trump"]) == t["lead"]
        if t["winner"] != (leader if winning else follower):
            raise _wrong("a trick's winner is not who the cards say")
        leader = t["winner"]
        won[leader] += 1
        points[leader] += points_of(t["lead"]) + points_of(t["follow"])
    if info["leader"] != leader:
        raise _wrong("the leader is not the last trick's winner (or the non-dealer)")
    if (lead is not None) != (seat != leader):
        raise _wrong("the seat on turn neither leads nor follows the card led")
    if won != info["tricks_won"]:
        raise _wrong("tricks_won does not count the tricks")
    melds = {s: sum(m["value"] for m in info["melds"] if m["seat"] == s) for s in won}
    if any(info["taken"][s] != points[s] + (melds[s] if won[s] else 0) for s in won):
        raise _wrong("taken is not the points of the tricks won and the counted melds")
    if any(m["counted"] != (won[m["seat"]] > 0) for m in info["melds"]):
        raise _wrong("a meld is counted exactly when its owner has won a trick")
    expected = []
    for t in tricks:
        expected += [
            {"seat": t["leader"], "card": t["lead"]},
            {"seat": "p2" if t["leader"] == "p1" else "p1", "card": t["follow"]},
        ]
    if lead is not None:
        expected.append({"seat": leader, "card": lead})
    if info["played"] != expected:
        raise _wrong("played is not the cards of the tricks and the card led, in order")
    # The talon: dealt whole, drawn two cards a round, the turn-up last.
    stock = rules["deck_size"] - 2 * rules["hand_size"]
    left = info["talon_left"]
    if left > stock or left % 2:
        raise _wrong("talon_left is not what draws leave of the talon")
    if (info["turn_up"] is not None) != (left > 0):
        raise _wrong("the turn-up lies face up exactly while the talon holds cards")
    closed = info["closed_by"] is not None
    if info["draw_left"] != (0 if closed else left) or info["phase"] != (
        1 if info["draw_left"] else 2
    ):
        raise _wrong("draw_left or the phase does not follow the talon")
    if info["pending_draw"] and (not rules["close_before_draw"] or closed or lead is not None):
        raise _wrong("a draw is pending only in Sixty-Six, after a trick, on an open talon")
    rounds = (stock - left) // 2
    size = rules["hand_size"] + rounds - len(tricks)
    counts = {s: size - (1 if lead is not None and s == leader else 0) for s in won}
    if info["counts"] != counts or size < 1:
        raise _wrong("counts are not what the deal, the draws and the tricks leave the hands")
    if len(info["exchanges"]) > 1:
        raise _wrong("a deal has one exchange at most: the low trump then lies face up")
    # ply: each trick's lead, follow and trick, the card led now, each
    # marriage, exchange and close, and Sixty-Six's draws by move.
    events = 3 * len(tricks) + (lead is not None) + len(info["melds"]) + len(info["exchanges"])
    events += closed + (rounds if rules["close_before_draw"] else 0)
    # In a match too: the earlier deals show only as totals, which fix no
    # count of events.
    if info["ply"] != events:
        raise _wrong("ply is not this deal's events")
    if "scores" in info:
        _check_match(info)


def _check_match(info: dict[str, Any]) -> None:
    """Match.info's own fields: what the earlier deals can have paid and who deals now.

    Every kind of deal (won by its dealer or by the other seat, for 1, 2 or
    3 game points, or drawn in Sixty-Six) can be played under every rule
    table, so totals that pass are met by some earlier deals
    (docs/rules/schnapsen.md and docs/rules/sixtysix.md, "The match").
    """
    rules = info["rules"]
    start, target = rules["match_start"], rules["match_target"]
    down = start > target
    if info["match_over"] or info["winner"] is not None:
        raise _wrong("the match is over: nobody is to move")
    deals = info["deals"]
    if deals != info["number"] - 1:
        raise _wrong("deals is not the deals before this one (number - 1)")
    if deals > 0xFFFF:
        raise _wrong("more deals than a match counts")
    paid = {}
    for s, score in info["scores"].items():
        paid[s] = start - score if down else score - start
        left = score - target if down else target - score
        if paid[s] < 0 or left <= 0:
            raise _wrong("a score is not one of a match still on")
        if info["to_win"][s] != left:
            raise _wrong("to_win is not what the score leaves to the target")
    # Each deal won pays 1 to 3 game points; only Sixty-Six, counted to the
    # last trick, has drawn deals that pay nobody.
    won_least = sum((p + 2) // 3 for p in paid.values())
    draws = rules["last_trick_rule"] == "ten_points"
    if deals < won_least or (not draws and deals > sum(paid.values())):
        raise _wrong("the scores are not what that many deals pay")
    if rules["next_dealer"] == "winner" and sum(paid.values()) > 0 and paid[info["dealer"]] == 0:
        raise _wrong("the dealer is not the winner of the last deal that was won")


def read_info(given: object) -> tuple[Deal, set[int], dict[str, Any]]:
    """The info as a deal whose other hand holds only ``known`` and whose talon is empty
    (the worlds fill them in), the unseen cards the other hand lacks, and the plain info."""
    info = parse_info(given)
    _check(info)
    if build(info) is None:
        raise _wrong("no deal and play the rules allow gives this seat this information")
    seat = info["seat"]
    other = "p2" if seat == "p1" else "p1"
    rules = info["rules"]
    dry = (rules["deck_size"] - 2 * rules["hand_size"]) // 2  # the trick the talon ran out at
    if info["close_state"] is not None:
        dry = min(dry, info["close_state"]["p1"]["tricks"] + info["close_state"]["p2"]["tricks"])
    lacks: set[int] = set()
    for i, t in enumerate(info["tricks"]):
        if i >= dry and t["leader"] == seat:
            lacks |= follow_lacks(t["lead"], t["follow"], info["trump"])
    if info["closed_by"] == seat:  # nothing is drawn after a close
        lacks |= close_lacks(rules, info["trump"], info["talon_left"])
    lacks &= set(info["unseen"])

    deal = object.__new__(Deal)
    deal._variant = rules["name"]
    deal._rules = rules
    deal._seed = bytes(32)  # a world's play never reads the seed
    deal._number = info["number"]
    deal._dealer = info["dealer"]
    deal._trump = info["trump"]
    deal._hands = {seat: list(info["hand"]), other: sorted(info["known"])}
    deal._talon = []
    deal._turn_up = info["turn_up"]
    deal._turn = info["turn"]
    deal._leader = info["leader"]
    deal._closed_by = info["closed_by"]
    deal._close_state = info["close_state"]
    deal._pending_draw = info["pending_draw"]
    deal._melds = [dict(m) for m in info["melds"]]
    deal._must_lead = info["must_lead"]
    deal._tricks = [dict(t) for t in info["tricks"]]
    deal._taken = dict(info["taken"])
    deal._tricks_won = dict(info["tricks_won"])
    deal._lead = info["lead"]
    deal._result = None
    deal._history = []
    return deal, lacks, info
