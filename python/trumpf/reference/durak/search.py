"""The reference bots' choice, made from a seat's view alone.

Level 1 plays a legal move picked by a reproducible word; levels 2 and 3
play by card cost: exchange the six when they may, beat with the cheapest
card (or take), attack with the cheapest card (or say done).
"""

from __future__ import annotations

import hashlib
from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, show
from . import card as cards
from .errors import Error

__all__ = ["choose", "cost", "word_for"]

#: What being a trump adds to a card's cost: any trump costs more than any plain card.
TRUMP_COST = 20


def word_for(bot_seed: str | bytes | None, seat: int, ply: int) -> int:
    """The first big-endian 32-bit word of SHA-256 over the text "{bot_seed}:{seat}:{ply}"."""
    prefix = check_bot_seed(bot_seed)
    seat = check_seat(seat)
    ply = as_int(ply, "bad_value", "a ply", 0, 2**63 - 1)
    digest = hashlib.sha256(prefix + f":{seat}:{ply}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def check_bot_seed(seed: object) -> bytes:
    """A bot seed as the bytes hashed: a str (as UTF-8), bytes, or None for "", else ``bad_seed``."""
    if seed is None:
        return b""
    if isinstance(seed, bytes):
        return bytes.__getitem__(seed, slice(None))
    if isinstance(seed, str):
        try:
            return str.__str__(seed).encode("utf-8")
        except UnicodeEncodeError:
            raise Error("bad_seed", "a bot seed must be encodable as UTF-8") from None
    raise Error("bad_seed", f"a bot seed is a str, bytes or None, not {show(seed)}")


def check_seat(seat: object) -> int:
    """The seat, 1 or 2, or ``bad_seat``."""
    if isinstance(seat, int) and not isinstance(seat, bool) and int.__index__(seat) in (1, 2):
        return int.__index__(seat)
    raise Error("bad_seat", f"a seat is the int 1 or 2, not {show(seat)}")


def check_level(level: object) -> int:
    """A bot level: any int (clamped to 1..3 where it is used), or ``bad_level``."""
    # Any int at all: the ladder clamps it, so 10**30 is simply the top level.
    if not isinstance(level, int) or isinstance(level, bool):
        raise Error("bad_level", f"a bot level is an int, not {show(level)}")
    return int.__index__(level)


_PHASES = ("attack", "defend", "pile_on", "over")
_MOVE_KINDS = ("attack", "beat", "take", "done", "swap", "resign")


def check_view(value: object) -> dict[str, Any]:
    """The parts of a seat's view a bot reads, as plain values, or ``bad_view``.

    ``legal`` (a list or tuple of moves, each ``{kind}`` plus ``card`` for an
    attack or a beat), ``hand``, ``trump``, ``phase``, ``talon`` and ``bout``
    (None or a dict with ``size``), and ``seat`` and ``ply``.
    """
    view = as_dict(value, "bad_view", "a view")
    for key in ("seat", "ply", "legal", "hand", "trump", "phase", "talon", "bout"):
        if key not in view:
            raise Error("bad_view", f"a view has {key!r}")
    legal: list[dict[str, Any]] = []
    for raw in as_seq(view["legal"], "bad_view", "a view's legal moves"):
        entry = as_dict(raw, "bad_view", "a legal move")
        kind = entry.get("kind")
        if not isinstance(kind, str) or str.__str__(kind) not in _MOVE_KINDS:
            raise Error("bad_view", f"a legal move has a kind, not {show(kind)}")
        move: dict[str, Any] = {"kind": str.__str__(kind)}
        if move["kind"] in ("attack", "beat"):
            card = cards.card_id(entry.get("card"))
            if card is None:
                raise Error("bad_view", f"a legal {move['kind']} has a card")
            move["card"] = card
        legal.append(move)
    hand = []
    for raw in as_seq(view["hand"], "bad_view", "a view's hand"):
        card = cards.card_id(raw)
        if card is None:
            raise Error("bad_view", f"a view's hand holds card ids, not {show(raw)}")
        hand.append(card)
    trump = view["trump"]
    if not isinstance(trump, str) or str.__str__(trump) not in cards.SUITS:
        raise Error("bad_view", f"a view's trump is a suit letter, not {show(trump)}")
    phase = view["phase"]
    if not isinstance(phase, str) or str.__str__(phase) not in _PHASES:
        raise Error("bad_view", f"a view's phase is one of {_PHASES}, not {show(phase)}")
    bout = view["bout"]
    size = 0
    if bout is not None:
        size = as_int(
            as_dict(bout, "bad_view", "a view's bout").get("size"),
            "bad_view",
            "a bout's size",
            0,
            6,
        )
    seat = view["seat"]
    if not (isinstance(seat, int) and not isinstance(seat, bool) and int.__index__(seat) in (1, 2)):
        raise Error("bad_view", f"a view's seat is 1 or 2, not {show(seat)}")
    return {
        "seat": int.__index__(seat),
        "ply": as_int(view["ply"], "bad_view", "a view's ply", 0, 2**63 - 1),
        "legal": legal,
        "hand": hand,
        "trump": str.__str__(trump),
        "phase": str.__str__(phase),
        "talon": as_int(view["talon"], "bad_view", "a view's talon", 0, 36),
        "size": size,
    }


def cost(card: int, hand: list[int], trump: str, level: int, attacking: bool) -> int:
    """What playing ``card`` from ``hand`` costs the bot.

    Its power, plus 20 for a trump; a rank held twice or more costs one more,
    except that a level-3 attacker counts it two less, because a pair leads
    into more throws.
    """
    return _cost(
        cards.check_card(card),
        [cards.check_card(c) for c in as_seq(hand, "bad_card", "a hand")],
        cards.check_suit(trump),
        check_level(level),
        as_bool(attacking, "bad_value", "attacking"),
    )


def _cost(card: int, hand: list[int], trump: str, level: int, attacking: bool) -> int:
    value = cards.power_of(card)
    if cards.suit_of(card) == trump:
        value += TRUMP_COST
    rank = cards.rank_of(card)
    if sum(1 for held in hand if cards.rank_of(held) == rank) >= 2:
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
    the bout at most two attack cards.
    """
    seen = check_view(view)
    level = check_level(level)
    word = as_int(word, "bad_value", "a word", 0, 2**32 - 1)
    return _choose(seen, level, word)


def _choose(seen: dict[str, Any], level: int, word: int) -> dict[str, Any] | None:
    # ``seen`` is what check_view read: plain lists, ints and strs.
    legal: list[dict[str, Any]] = seen["legal"]
    if not legal:
        return None
    if level <= 1:
        return dict(legal[word % len(legal)])
    for move in legal:
        if move["kind"] == "swap":
            return dict(move)
    hand: list[int] = seen["hand"]
    trump: str = seen["trump"]
    defending = seen["phase"] == "defend"
    if defending:
        beats = [m["card"] for m in legal if m["kind"] == "beat"]
        if not beats:
            return {"kind": "take"}
        best = _cheapest(beats, hand, trump, level, attacking=False)
        if (
            level >= 3
            and cards.suit_of(best) == trump
            and cards.power_of(best) > 3
            and seen["talon"] > 6
            and seen["size"] <= 2
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
