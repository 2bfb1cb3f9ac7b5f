"""What a deal was worth, and to whom.

The scale is read off the loser's cards: 33 card points or more is 1 game
point, fewer but with a trick is 2 (Schneider), no trick at all is 3
(Schwarz). Schwarz counts tricks, not points.
"""

from __future__ import annotations

from typing import Any

from .._args import as_dict, as_int, as_str, show
from . import variant as variant_mod
from .errors import Error

__all__ = [
    "LAST_TRICK_BONUS",
    "MARRIAGE_POINTS",
    "PENALTY",
    "PENALTY_SCHWARZ",
    "SCHNEIDER_AT",
    "TARGET_POINTS",
    "TRUMP_MARRIAGE_POINTS",
    "deal_result",
    "scale",
]

TARGET_POINTS = 66
SCHNEIDER_AT = 33
LAST_TRICK_BONUS = 10
PENALTY = 2
PENALTY_SCHWARZ = 3
MARRIAGE_POINTS = 20  # a king and queen of one suit
TRUMP_MARRIAGE_POINTS = 40  # ... of trumps


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


INT32_MAX = 2**31 - 1


def _count(value: object, what: str) -> int:
    return as_int(value, "bad_value", what, 0, INT32_MAX)


def _figures(value: object, what: str) -> dict[str, int]:
    # {"p1": n, "p2": n}: exactly the two seats, each a count 0..2**31-1.
    figures = as_dict(value, "bad_value", what)
    if set(figures) != {"p1", "p2"} or not all(type(k) is str for k in figures):
        raise Error("bad_value", f"{what} is {{'p1': n, 'p2': n}}")
    return {seat: _count(figures[seat], f"{what}[{seat!r}]") for seat in ("p1", "p2")}


def _seat_or_none(value: object, what: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and str.__str__(value) in ("p1", "p2"):
        return str.__str__(value)
    raise Error("bad_seat", f"{what} is 'p1', 'p2' or None, not {show(value)}")


def _close_state(value: object) -> dict[str, Any]:
    # {by, p1: {tricks, points}, p2: {tricks, points}}, read by value.
    state = as_dict(value, "bad_value", "a close state")
    by = state.get("by")
    if set(state) != {"by", "p1", "p2"} or by not in ("p1", "p2") or type(by) is not str:
        raise Error(
            "bad_value", "a close state is {by, p1: {tricks, points}, p2: {tricks, points}}"
        )
    out: dict[str, Any] = {"by": by}
    for seat in ("p1", "p2"):
        stood = as_dict(state[seat], "bad_value", f"close_state[{seat!r}]")
        if set(stood) != {"tricks", "points"}:
            raise Error("bad_value", f"close_state[{seat!r}] is {{tricks, points}}")
        out[seat] = {
            "tricks": _count(stood["tricks"], "a close state's tricks"),
            "points": _count(stood["points"], "a close state's points"),
        }
    return out


def scale(opponent_points: int, opponent_tricks: int) -> int:
    """Game points for beating an opponent who stands where given: 1, 2 or 3."""
    return _scale(
        _count(opponent_points, "the opponent's points"),
        _count(opponent_tricks, "the opponent's tricks"),
    )


def _scale(opponent_points: int, opponent_tricks: int) -> int:
    # The seed's table, read in its order: 33 or more card points is 1 game
    # point whatever the tricks; fewer with a trick is 2; no trick at all 3.
    if opponent_points >= SCHNEIDER_AT:
        return 1
    if opponent_tricks > 0:
        return 2
    return 3


def deal_result(
    *,
    variant: object,
    how: str,
    by: str | None,
    points: dict[str, int],
    tricks: dict[str, int],
    closed_by: str | None,
    close_state: dict[str, Any] | None,
    last_trick: str | None,
) -> dict[str, Any]:
    """The verdict on a finished deal.

    ``how`` going in is what the players did: "claim" (``by`` claimed) or
    "exhausted" (the cards ran out). Coming back it is what that amounted to:
    claim, closed_out, false_claim, beat_closer, failed_close, last_trick or
    drawn. ``points`` and ``tricks`` are the end-of-deal figures as taken;
    Sixty-Six's last-trick ten is added here, and only when the cards ran
    out with the talon never closed. ``variant`` is any variant value; its
    ``failed_close_pays`` decides what beating the closer is worth.
    """
    rules = variant_mod.get(variant)
    how = as_str(how, "bad_how", "how")
    if how not in ("claim", "exhausted"):
        raise Error("bad_how", f"how is 'claim' or 'exhausted', not {show(how)}")
    by = _seat_or_none(by, "by")
    points = _figures(points, "points")
    tricks = _figures(tricks, "tricks")
    closed_by = _seat_or_none(closed_by, "closed_by")
    close_state = None if close_state is None else _close_state(close_state)
    last_trick = _seat_or_none(last_trick, "last_trick")
    if how == "claim" and by is None:
        raise Error("bad_seat", "a claim needs the claimer in `by`")
    if closed_by is not None and close_state is None:
        raise Error("bad_value", "a closed deal needs its close_state")
    if how == "exhausted" and closed_by is None and last_trick is None:
        raise Error("bad_seat", "cards that ran out need the last trick's winner")
    winner: str | None
    game_points: int

    if (
        how == "exhausted"
        and closed_by is None
        and last_trick is not None
        and rules["last_trick_rule"] == "ten_points"
    ):
        # The very last trick is worth ten more in Sixty-Six, but only when
        # the cards ran out on an open talon: after a close the reference
        # leaves the figures as taken.
        points[last_trick] += LAST_TRICK_BONUS

    def at_close(seat: str) -> tuple[int, int]:
        assert close_state is not None
        return close_state[seat]["points"], close_state[seat]["tricks"]

    def closer_value() -> int:
        # The closer's own stake turned round: what a successful close would
        # have paid against the non-closer, read where the game reads a
        # close, and never less than the plain penalty.
        assert closed_by is not None
        beaten = _other(closed_by)
        if rules["close_counts_tricks_at"] == "close":
            return max(PENALTY, _scale(*at_close(beaten)))
        return max(PENALTY, _scale(points[beaten], tricks[beaten]))

    if how == "claim":
        assert by is not None
        opponent = _other(by)
        if points[by] < TARGET_POINTS:
            outcome = "false_claim"
            winner = opponent
            if rules["false_claim_schwarz"] and tricks[opponent] == 0:
                game_points = PENALTY_SCHWARZ
            else:
                game_points = PENALTY
        elif closed_by is not None and closed_by != by:
            # The closer's opponent went out first: the closer is beaten.
            outcome = "beat_closer"
            winner = by
            if rules["failed_close_pays"] == "closer_value":
                game_points = closer_value()
            elif rules["beaten_closer_flat"]:
                game_points = PENALTY
            else:
                game_points = PENALTY if at_close(by)[1] > 0 else PENALTY_SCHWARZ
        else:
            outcome = "closed_out" if closed_by == by else "claim"
            winner = by
            if closed_by == by and rules["close_counts_tricks_at"] == "close":
                game_points = _scale(*at_close(opponent))
            else:
                game_points = _scale(points[opponent], tricks[opponent])
    elif closed_by is not None:
        # The cards ran out and the closer never went out.
        outcome = "failed_close"
        winner = _other(closed_by)
        if rules["failed_close_pays"] == "closer_value":
            game_points = closer_value()
        else:
            game_points = PENALTY if at_close(winner)[1] > 0 else PENALTY_SCHWARZ
    elif rules["last_trick_rule"] == "one_point":
        outcome = "last_trick"
        winner = last_trick
        game_points = 1
    else:
        if points["p1"] == points["p2"]:
            outcome = "drawn"
            winner = None
            game_points = 0
        else:
            outcome = "last_trick"
            winner = "p1" if points["p1"] > points["p2"] else "p2"
            loser = _other(winner)
            game_points = _scale(points[loser], tricks[loser])

    return {
        "drawn": winner is None,
        "points": points,
        "tricks": tricks,
        "closed_by": closed_by,
        "last_trick": last_trick,
        "how": outcome,
        "winner": winner,
        "loser": None if winner is None else _other(winner),
        "game_points": game_points,
    }
