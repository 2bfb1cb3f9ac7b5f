"""Reading what a caller passed, exactly as the C++ core reads it.

The core's bindings check every argument before the engine sees it
(cpp/bindings/common/args.hpp, cpp/bindings/durak/convert*.cpp); these are the
same checks in Python, so the oracle accepts what the core accepts and refuses
the rest with the same :class:`~trumpf.errors.Error` code, as
docs/api-contract.md's "Edge behaviour" says for both games:

- an int is an ``int`` that is not a ``bool`` (a subclass reads as its value),
  checked against its range and never truncated; a level of any size clamps;
- text is a ``str`` that is valid Unicode (a lone surrogate is not);
- a list argument is a ``list`` or a ``tuple``, read by value: its items are
  taken from its storage, so a subclass's ``__iter__`` or ``__len__`` never
  runs; generators, sets and other iterables are refused with the
  argument's code;
- a dict is read with ``dict.get``, whatever a subclass overrides.
"""

from __future__ import annotations

from typing import Any

from .errors import Error

__all__ = [
    "MAX_INT64",
    "MISSING",
    "PACK",
    "asked_level",
    "bot_seed",
    "bout",
    "card",
    "count",
    "counts",
    "distinct_cards",
    "exact_int",
    "flag",
    "hand",
    "history",
    "item",
    "items",
    "level",
    "parse_card",
    "parse_kind",
    "ply",
    "seat",
    "short",
    "suit",
    "text_of",
    "view",
    "word",
]

PACK = 36
HAND = 6
MAX_INT64 = 2**63 - 1
MAX_ITEMS = 1 << 20
SUITS = ("S", "H", "D", "C")
MOVE_KINDS = ("attack", "beat", "take", "done", "swap", "resign")
EVENT_KINDS = (*MOVE_KINDS, "bout_end", "refill", "out", "game_end")
PHASES = ("attack", "defend", "pile_on", "over")
MISSING: Any = object()


def short(value: object, limit: int = 200) -> str:
    """repr(value) for a message, cut at ``limit``; never raises."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real complaint
        return f"<unprintable {type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def exact_int(value: object, lo: int, hi: int) -> int | None:
    """The int itself if it is one (not a bool) in [lo, hi], else None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    number = int.__int__(value)  # the value itself, whatever a subclass overrides
    return number if lo <= number <= hi else None


def _int_arg(value: object, lo: int, hi: int, code: str, what: str) -> int:
    number = exact_int(value, lo, hi)
    if number is None:
        raise Error(code, f"{what} is an int in [{lo}, {hi}], not {short(value)}")
    return number


def text_of(value: object) -> str | None:
    """The text of a str that is valid Unicode, else None."""
    if not isinstance(value, str):
        return None
    text = str.__str__(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return text


def _refuse_pending(err: Exception, code: str, what: str) -> Error:
    text = f"{type(err).__name__}: {err}"
    if len(text) > 200:
        text = text[:200] + "..."
    return Error(code, f"{what} could not be read: {text}")


def items(value: object, code: str, what: str, limit: int = MAX_ITEMS) -> list[Any]:
    """The items of a list or a tuple, read by value, as a new list; else ``code``.

    A subclass is read through the base type's storage, so none of its own
    methods runs; any other iterable (a generator, a set, a str) is refused.
    """
    if isinstance(value, list):
        out = list(list.__iter__(value))
    elif isinstance(value, tuple):
        out = list(tuple.__iter__(value))
    else:
        raise Error(code, f"{what} must be a list or a tuple, not {short(value)}")
    if len(out) > limit:
        raise Error(code, f"{what} holds more than {limit} items")
    return out


def item(data: dict[Any, Any], key: object, code: str) -> Any:
    """``data[key]``, or MISSING; a dict whose keys raise while compared is ``code``."""
    try:
        return dict.get(data, key, MISSING)
    except MemoryError:
        raise
    except Exception as err:
        raise _refuse_pending(err, code, "a dict") from None


def _required(data: dict[Any, Any], key: str, code: str, what: str) -> Any:
    value = item(data, key, code)
    if value is MISSING:
        raise Error(code, f"{what} has no '{key}'")
    return value


def _int_item(data: dict[Any, Any], key: str, lo: int, hi: int, code: str, what: str) -> int:
    value = _required(data, key, code, what)
    number = exact_int(value, lo, hi)
    if number is None:
        raise Error(code, f"{what}'s {key} is an int in [{lo}, {hi}], not {short(value)}")
    return number


# ---------------------------------------------------------------- cards and seats


def parse_card(value: object) -> int:
    """A card id 1..36, or 0."""
    return exact_int(value, 1, PACK) or 0


def card(value: object) -> int:
    """A card id, or ``bad_card``."""
    ident = parse_card(value)
    if not ident:
        raise Error("bad_card", f"not a card id (1..36): {short(value)}")
    return ident


def suit(value: object) -> str:
    """A suit letter S, H, D or C (a trump), or ``bad_suit``."""
    text = text_of(value)
    if text is None or text not in SUITS:
        raise Error("bad_suit", f"a trump is a suit letter S, H, D or C, not {short(value)}")
    return text


def seat(value: object) -> int:
    """The seat 1 or 2, or ``bad_seat``."""
    number = exact_int(value, 1, 2)
    if number is None:
        raise Error("bad_seat", f"not a seat: {short(value)} (expected the int 1 or 2)")
    return number


def parse_kind(value: object) -> str | None:
    """The move kind a str names, else None."""
    text = text_of(value)
    return text if text in MOVE_KINDS else None


def distinct_cards(value: object, code: str, what: str) -> list[int]:
    """Distinct card ids from a list or tuple, in its order, or ``code``."""
    out: list[int] = []
    for entry in items(value, code, what, PACK):
        ident = parse_card(entry)
        if not ident:
            raise Error(code, f"{what} holds {short(entry)}, which is not a card id 1..36")
        if ident in out:
            raise Error(code, f"{what} holds card {ident} twice")
        out.append(ident)
    return out


def hand(value: object) -> list[int]:
    """A hand: distinct card ids in a list or tuple, in its order, or ``bad_card``."""
    return distinct_cards(value, "bad_card", "a hand")


def count(value: object, what: str) -> int:
    """A count of cards, 0..36, or ``bad_counts``."""
    return _int_arg(value, 0, PACK, "bad_counts", what)


def counts(value: object) -> dict[int, int]:
    """Hand sizes exactly ``{1: n, 2: n}`` (int keys, counts 0..36), or ``bad_counts``.

    Read by value: the keys must be the ints 1 and 2 themselves (no subclass,
    no bool), found in the dict's storage without hashing or comparing
    anything of the caller's.
    """
    if not isinstance(value, dict):
        raise Error("bad_counts", f"counts is a dict {{1: n, 2: n}}, not {short(value)}")
    pairs = list(dict.items(value))
    if len(pairs) != 2 or not all(type(k) is int and k in (1, 2) for k, _ in pairs):
        raise Error("bad_counts", f"counts is exactly {{1: n, 2: n}}, not {short(value)}")
    held = dict(pairs)
    return {seat: count(held[seat], f"counts[{seat}]") for seat in (1, 2)}


def flag(value: object, what: str) -> bool:
    """True or False, or ``bad_value``."""
    if not isinstance(value, bool):
        raise Error("bad_value", f"{what} is True or False, not {short(value)}")
    return value


# ---------------------------------------------------------------- bouts


def bout(value: object) -> dict[str, Any]:
    """A bout as ``Game.bout`` gives it, or ``bad_bout``.

    Reads attacker and defender (1 or 2), attacks (at most six card ids),
    beats (parallel, beaten in order: no beat after a None), cap (0..6) and
    taken (a bool); returns them as a fresh bout dict.
    """
    if not isinstance(value, dict):
        raise Error("bad_bout", f"a bout is the dict Game.bout gives, not {short(value)}")
    what = "the bout"
    attacker = _int_item(value, "attacker", 1, 2, "bad_bout", what)
    defender = _int_item(value, "defender", 1, 2, "bad_bout", what)
    attacks = items(
        _required(value, "attacks", "bad_bout", what), "bad_bout", "a bout's attacks", HAND
    )
    beats = items(_required(value, "beats", "bad_bout", what), "bad_bout", "a bout's beats", HAND)
    if len(beats) != len(attacks):
        raise Error("bad_bout", "a bout's beats run parallel to its attacks, one entry each")
    laid: list[int] = []
    for entry in attacks:
        ident = parse_card(entry)
        if not ident:
            raise Error("bad_bout", f"a bout's attack {short(entry)} is not a card id 1..36")
        laid.append(ident)
    answers: list[int | None] = []
    unbeaten = False
    for entry in beats:
        if entry is None:
            unbeaten = True
            answers.append(None)
            continue
        ident = parse_card(entry)
        if not ident:
            raise Error("bad_bout", f"a bout's beat {short(entry)} is not a card id 1..36")
        if unbeaten:
            raise Error(
                "bad_bout",
                f"a bout's attacks are beaten in order: beat {ident} follows an unbeaten attack",
            )
        answers.append(ident)
    cap = _int_item(value, "cap", 0, HAND, "bad_bout", what)
    taken = _required(value, "taken", "bad_bout", what)
    if not isinstance(taken, bool):
        raise Error("bad_bout", f"a bout's taken is True or False, not {short(taken)}")
    return {
        "attacker": attacker,
        "defender": defender,
        "cap": cap,
        "attacks": laid,
        "beats": answers,
        "taken": taken,
    }


# ---------------------------------------------------------------- the bots


def _offered_move(value: object) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        return None
    kind = item(value, "kind", "bad_view")
    name = None if kind is MISSING else parse_kind(kind)
    if name is None:
        return None
    if name not in ("attack", "beat"):
        return {"kind": name}
    held = item(value, "card", "bad_view")
    ident = 0 if held is MISSING else parse_card(held)
    return {"kind": name, "card": ident} if ident else None


def view(value: object) -> dict[str, Any]:
    """A seat's view as ``Game.view`` gives it, or ``bad_view``.

    Reads seat, ply, phase, trump, talon, hand, bout (its size) and legal,
    in that order; returns {seat, ply, phase, trump, talon, hand, size,
    legal} with each legal move as a fresh {kind, card} dict.
    """
    if not isinstance(value, dict):
        raise Error("bad_view", f"a view is the dict Game.view(seat) gives, not {short(value)}")
    what = "the view"
    number = exact_int(_required(value, "seat", "bad_view", what), 1, 2)
    if number is None:
        raise Error("bad_view", "the view's seat is the int 1 or 2")
    at = _int_item(value, "ply", 0, MAX_INT64, "bad_view", what)
    phase = _required(value, "phase", "bad_view", what)
    if text_of(phase) not in PHASES:
        raise Error(
            "bad_view",
            f"the view's phase is 'attack', 'defend', 'pile_on' or 'over', not {short(phase)}",
        )
    trump = _required(value, "trump", "bad_view", what)
    if text_of(trump) not in SUITS:
        raise Error(
            "bad_view", f"the view's trump is a suit letter S, H, D or C, not {short(trump)}"
        )
    talon = _int_item(value, "talon", 0, PACK, "bad_view", what)
    hand = distinct_cards(_required(value, "hand", "bad_view", what), "bad_view", "the view's hand")
    laid = _required(value, "bout", "bad_view", what)
    size = 0
    if laid is not None:
        if not isinstance(laid, dict):
            raise Error("bad_view", f"the view's bout is a dict or None, not {short(laid)}")
        size = _int_item(laid, "size", 0, HAND, "bad_view", "its bout")
    legal: list[dict[str, Any]] = []
    offered = items(
        _required(value, "legal", "bad_view", what), "bad_view", "the view's legal moves", 40
    )
    for entry in offered:
        move = _offered_move(entry)
        if move is None:
            raise Error(
                "bad_view", f"the view's legal move {len(legal)} is not a move: {short(entry)}"
            )
        legal.append(move)
    return {
        "seat": number,
        "ply": at,
        "phase": text_of(phase),
        "trump": text_of(trump),
        "talon": talon,
        "hand": hand,
        "size": size,
        "legal": legal,
    }


def asked_level(value: object) -> int:
    """An asked level: any int (a bool is not one), or ``bad_level``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise Error("bad_level", f"a bot level is an int, not {short(value)}")
    return int.__int__(value)


def level(value: object) -> int:
    """The level a bot plays: an int of any size clamped to 1..3, or ``bad_level``."""
    return max(1, min(3, asked_level(value)))


def word(value: object) -> int:
    """A level-1 word, 0..2**32-1, or ``bad_value``."""
    return _int_arg(value, 0, 2**32 - 1, "bad_value", "a word")


def ply(value: object) -> int:
    """A ply, 0..2**63-1, or ``bad_value``."""
    return _int_arg(value, 0, MAX_INT64, "bad_value", "a ply")


def bot_seed(value: object) -> bytes:
    """What a bot seed hashes as: a str's UTF-8, bytes as they are, None as nothing."""
    if value is None:
        return b""
    if isinstance(value, bytes):
        return bytes.__getitem__(value, slice(None))  # by value: no __bytes__ runs
    text = text_of(value)
    if text is None:
        raise Error(
            "bad_seed", f"a bot seed is a str (valid Unicode), bytes or None, not {short(value)}"
        )
    return text.encode("utf-8")


# ---------------------------------------------------------------- histories


def history(value: object) -> list[dict[str, Any]]:
    """The events of a history, each read as a fresh dict, or ``bad_history``.

    Every entry is a dict with a known event kind; a move event also has its
    seat, and an attack or a beat its card. Other keys are not read.
    """
    out: list[dict[str, Any]] = []
    for index, entry in enumerate(items(value, "bad_history", "a history")):
        where = f"history entry {index}"
        if not isinstance(entry, dict):
            raise Error("bad_history", f"{where} is not an event: {short(entry)}")
        kind = item(entry, "kind", "bad_history")
        name = None if kind is MISSING else text_of(kind)
        if name not in EVENT_KINDS:
            raise Error("bad_history", f"{where} has no known kind: {short(entry)}")
        event: dict[str, Any] = {"kind": name}
        if name in MOVE_KINDS:
            who = item(entry, "seat", "bad_history")
            event["seat"] = 0 if who is MISSING else (exact_int(who, 1, 2) or 0)
            whole = event["seat"] != 0
            if name in ("attack", "beat"):
                held = item(entry, "card", "bad_history")
                event["card"] = 0 if held is MISSING else parse_card(held)
                whole = whole and event["card"] != 0
            if not whole:
                raise Error("bad_history", f"{where} is not a whole move event: {short(entry)}")
        out.append(event)
    return out
