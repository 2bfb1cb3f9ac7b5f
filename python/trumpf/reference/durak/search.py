"""The reference bots' choice, made from a seat's view alone.

Level 1 plays a legal move picked by a reproducible word; levels 2 and 3
play by card cost: exchange the six when they may, beat with the cheapest
card (or take), attack with the cheapest card (or say done).
"""

from __future__ import annotations

import hashlib
from typing import Any

from . import card as cards

__all__ = ["TRUMP_COST", "choose", "cost", "word_for"]

#: What being a trump adds to a card's cost: any trump costs more than any plain card.
TRUMP_COST = 20


def word_for(bot_seed: str | bytes | None, seat: int, ply: int) -> int:
    """The first big-endian 32-bit word of SHA-256 over the text "{bot_seed}:{seat}:{ply}"."""
    if bot_seed is None:
        bot_seed = ""
    prefix = bot_seed if isinstance(bot_seed, bytes) else str(bot_seed).encode("utf-8")
    digest = hashlib.sha256(prefix + f":{seat}:{ply}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def cost(card: int, hand: list[int], trump: str, level: int, attacking: bool) -> int:
    """What playing ``card`` from ``hand`` costs the bot.

    Its power, plus 20 for a trump; a rank held twice or more costs one more,
    except that a level-3 attacker counts it two less, because a pair leads
    into more throws.
    """
    value = cards.power_of(card)
    if cards.suit_of(card) == trump:
        value += TRUMP_COST
    rank = cards.rank_of(card)
    if sum(1 for held in hand if cards.rank_of(held) == rank) >= 2:
        value += -2 if (level >= 3 and attacking) else 1
    return value


def _cheapest(options: list[int], hand: list[int], trump: str, level: int, attacking: bool) -> int:
    return min(options, key=lambda c: (cost(c, hand, trump, level, attacking), c))


def choose(view: dict[str, Any], level: int, word: int) -> dict[str, Any] | None:
    """The move a bot of ``level`` makes from ``view``, or None when the seat has nothing to do.

    Level 1 plays ``legal[word mod len(legal)]``. Levels 2 and 3 exchange if
    they may; defending, beat with the cheapest card or take; attacking, throw
    the cheapest card or say done. Level 3 defending takes instead of spending
    a trump stronger than power 3 while the talon holds more than six cards and
    the bout at most two attack cards.
    """
    legal: list[dict[str, Any]] = list(view.get("legal") or [])
    if not legal:
        return None
    if level <= 1:
        return dict(legal[word % len(legal)])
    for move in legal:
        if move["kind"] == "swap":
            return dict(move)
    hand: list[int] = list(view["hand"])
    trump: str = view["trump"]
    defending = view["phase"] == "defend"
    if defending:
        beats = [m["card"] for m in legal if m["kind"] == "beat"]
        if not beats:
            return {"kind": "take"}
        best = _cheapest(beats, hand, trump, level, attacking=False)
        bout = view.get("bout") or {}
        if (
            level >= 3
            and cards.suit_of(best) == trump
            and cards.power_of(best) > 3
            and view["talon"] > 6
            and bout.get("size", 0) <= 2
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
