"""What a deal was worth, and to whom.

The scale is read off the loser's cards: 33 card points or more is 1 game
point, fewer but with a trick is 2 (Schneider), no trick at all is 3
(Schwarz). Schwarz counts tricks, not points.
"""

from __future__ import annotations

from typing import Any

from . import variant as variant_mod

__all__ = [
    "LAST_TRICK_BONUS",
    "PENALTY",
    "PENALTY_SCHWARZ",
    "SCHNEIDER_AT",
    "TARGET_POINTS",
    "deal_result",
    "scale",
]

TARGET_POINTS = 66
SCHNEIDER_AT = 33
LAST_TRICK_BONUS = 10
PENALTY = 2
PENALTY_SCHWARZ = 3


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def scale(opponent_points: int, opponent_tricks: int) -> int:
    """Game points for beating an opponent who stands where given: 1, 2 or 3."""
    if opponent_tricks == 0:
        return 3
    if opponent_points < SCHNEIDER_AT:
        return 2
    return 1


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
    points = {"p1": points["p1"], "p2": points["p2"]}
    tricks = {"p1": tricks["p1"], "p2": tricks["p2"]}
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
            return max(PENALTY, scale(*at_close(beaten)))
        return max(PENALTY, scale(points[beaten], tricks[beaten]))

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
                game_points = scale(*at_close(opponent))
            else:
                game_points = scale(points[opponent], tricks[opponent])
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
            game_points = scale(points[loser], tricks[loser])

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
