"""What an info dict fixes of its deal's course, read once, for :mod:`.witness_deal`.

The tricks fix who led and won each trick and so who was on lead at each
moment; the talon's count fixes the draw rounds; ``close_state`` the
close; each marriage was shown just before its owner led the first of its
king and queen. :func:`course_of` reads these off the info (None when they
contradict each other), and :func:`lacks_of` the cards the other hand's
phase-2 follows show it does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .card import card_of
from .info import follow_lacks
from .seat import other

__all__ = ["Course", "course_of", "lacks_of"]

SEATS = ("p1", "p2")


@dataclass
class Course:
    """What the info fixes of the deal's course, read once."""

    info: dict[str, Any]
    rules: dict[str, Any]
    seat: str
    other: str
    first: str  # the non-dealer: leads to the first trick
    h: int  # hand size
    half: int  # draw rounds a full talon gives
    rounds: int  # draw rounds made
    choice: bool  # Sixty-Six: the trick's winner draws (or closes) by a move
    close_at: int | None  # tricks played when the talon was closed
    pending_close: bool  # closed right after a trick, before its draw
    winners: list[str]
    plays: dict[str, list[tuple[int, int]]]  # seat -> (trick number, card), the lead now as T + 1
    meld_at: list[int]  # the trick each marriage was led to (T + 1: pending or led now)
    low_trump: int

    def leader_at(self, moment: int) -> str:
        """Who is on lead after `moment` tricks."""
        return self.first if moment == 0 else self.winners[moment - 1]


def course_of(info: dict[str, Any]) -> Course | None:
    rules = info["rules"]
    h = rules["hand_size"]
    stock = rules["deck_size"] - 2 * h
    if (stock - info["talon_left"]) % 2:
        return None
    tricks = info["tricks"]
    count = len(tricks)
    plays: dict[str, list[tuple[int, int]]] = {"p1": [], "p2": []}
    for t, trick in enumerate(tricks, 1):
        plays[trick["leader"]].append((t, trick["lead"]))
        plays[other(trick["leader"])].append((t, trick["follow"]))
    if info["lead"] is not None:
        plays[info["leader"]].append((count + 1, info["lead"]))
    by_card = {c: (s, t) for s in SEATS for t, c in plays[s]}
    leads = {trick["lead"]: t for t, trick in enumerate(tricks, 1)}
    if info["lead"] is not None:
        leads[info["lead"]] = count + 1
    meld_at = []
    for meld in info["melds"]:
        pair = [card_of(meld["suit"], "K"), card_of(meld["suit"], "Q")]
        seen = [by_card[c] for c in pair if c in by_card]
        if any(s != meld["seat"] for s, _ in seen):
            return None
        if not seen:
            meld_at.append(count + 1)
            continue
        t = min(t for _, t in seen)
        led = [c for c in pair if by_card.get(c) == (meld["seat"], t)]
        if not led or leads.get(led[0]) != t:
            return None
        meld_at.append(t)
    close_at = None
    if info["close_state"] is not None:
        close_at = info["close_state"]["p1"]["tricks"] + info["close_state"]["p2"]["tricks"]
    rounds = (stock - info["talon_left"]) // 2
    choice = bool(rules["close_before_draw"])
    dealer = info["dealer"]
    return Course(
        info=info,
        rules=rules,
        seat=info["seat"],
        other=other(info["seat"]),
        first=other(dealer),
        h=h,
        half=stock // 2,
        rounds=rounds,
        choice=choice,
        close_at=close_at,
        pending_close=close_at is not None and choice and rounds == close_at - 1,
        winners=[t["winner"] for t in tricks],
        plays=plays,
        meld_at=meld_at,
        low_trump=card_of(info["trump"], rules["exchange_rank"]),
    )


def lacks_of(course: Course) -> set[int]:
    """The cards the other hand's phase-2 follows show it does not hold."""
    dry = course.half if course.close_at is None else min(course.half, course.close_at)
    out: set[int] = set()
    for t, trick in enumerate(course.info["tricks"], 1):
        if t > dry and trick["leader"] == course.seat:
            out |= follow_lacks(trick["lead"], trick["follow"], course.info["trump"])
    return out
