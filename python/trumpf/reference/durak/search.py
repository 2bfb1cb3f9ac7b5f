"""The reference bots' choice, made from a seat's view alone.

Level 1 plays a legal move picked by a reproducible word; levels 2 and 3
play by card cost: exchange the six when they may, beat with the cheapest
card (or take), attack with the cheapest card (or say done).
"""

from __future__ import annotations

import hashlib
from typing import Any

from . import card as cards
from . import checks

__all__ = ["choose", "cost", "word_for"]

#: What being a trump adds to a card's cost: any trump costs more than any plain card.
TRUMP_COST = 20


def word_for(bot_seed: str | bytes | None, seat: int, ply: int) -> int:
    """The first big-endian 32-bit word of SHA-256 over the text "{bot_seed}:{seat}:{ply}".

    The seed is a str (hashed as UTF-8), bytes or None (nothing), else
    ``bad_seed``; the seat 1 or 2 (``bad_seat``); the ply 0..2**63-1 (``bad_value``).
    """
    text = checks.bot_seed(bot_seed)
    checked = checks.seat(seat)
    return word_of(text, checked, checks.ply(ply))


def word_of(text: bytes, seat: int, ply: int) -> int:
    """``word_for`` for a seed already read as the bytes it hashes."""
    digest = hashlib.sha256(text + f":{seat}:{ply}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def cost(card: int, hand: list[int], trump: str, level: int, attacking: bool) -> int:
    """What playing ``card`` from ``hand`` costs the bot.

    Its power, plus 20 for a trump; a rank held twice or more costs one more,
    except that a level-3 attacker counts it two less, because a pair leads
    into more throws.
    """
    card = checks.card(card)
    held = checks.hand(hand)
    suit = checks.suit(trump)
    clamped = checks.level(level)
    return _cost(card, held, suit, clamped, checks.flag(attacking, "attacking"))


def _cost(card: int, hand: list[int], trump: str, level: int, attacking: bool) -> int:
    value = 8 - (card - 1) % 9
    if cards.SUITS[(card - 1) // 9] == trump:
        value += TRUMP_COST
    rank = (card - 1) % 9
    if sum(1 for held in hand if (held - 1) % 9 == rank) >= 2:
        value += -2 if (level >= 3 and attacking) else 1
    return value


def _cheapest(options: list[int], hand: list[int], trump: str, level: int, attacking: bool) -> int:
    return min(options, key=lambda c: (_cost(c, hand, trump, level, attacking), c))


def choose(view: dict[str, Any], level: int, word: int) -> dict[str, Any] | None:
    """The move a bot of ``level`` makes from ``view``, or None when the seat has nothing to do.

    Level 1 plays ``legal[word mod len(legal)]``. Levels 2 and 3 exchange if
    they may; defending, beat with the cheapest card or take; attacking, throw
    the cheapest card or say done. Level 3 defending takes instead of spending
    a trump stronger than power 3 while the talon holds more than six cards and
    the bout at most two attack cards. The view is read as ``checks.view``
    reads it (``bad_view``), the level clamped to 1..3 (``bad_level``), the
    word 0..2**32-1 (``bad_value``).
    """
    read = checks.view(view)
    clamped = checks.level(level)
    return choose_from(read, clamped, checks.word(word))


def choose_from(view: dict[str, Any], level: int, word: int) -> dict[str, Any] | None:
    """``choose`` from a view already read by ``checks.view``."""
    legal: list[dict[str, Any]] = view["legal"]
    if not legal:
        return None
    if level <= 1:
        return dict(legal[word % len(legal)])
    for move in legal:
        if move["kind"] == "swap":
            return {"kind": "swap"}
    hand: list[int] = view["hand"]
    trump: str = view["trump"]
    if view["phase"] == "defend":
        beats = [m["card"] for m in legal if m["kind"] == "beat"]
        if not beats:
            return {"kind": "take"}
        best = _cheapest(beats, hand, trump, level, attacking=False)
        if (
            level >= 3
            and cards.SUITS[(best - 1) // 9] == trump
            and 8 - (best - 1) % 9 > 3
            and view["talon"] > 6
            and view["size"] <= 2
        ):
            return {"kind": "take"}
        return {"kind": "beat", "card": best}
    throws = [m["card"] for m in legal if m["kind"] == "attack"]
    if not throws:
        return {"kind": "done"}
    return {
        "kind": "attack",
        "card": _cheapest(throws, hand, trump, level, attacking=True),
    }
