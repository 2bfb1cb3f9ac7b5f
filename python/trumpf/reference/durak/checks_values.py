"""The by-value readers every argument check is built on.

An int, a str, a list or tuple, a dict's item: each read through its base
type, so nothing of the caller's runs; and ``short``, a repr for messages
that never raises.
"""

from __future__ import annotations

from typing import Any

from .errors import Error

__all__ = [
    "HAND",
    "MAX_INT64",
    "MAX_ITEMS",
    "MISSING",
    "PACK",
    "exact_int",
    "int_arg",
    "int_item",
    "item",
    "items",
    "required",
    "short",
    "text_of",
]

PACK = 36
HAND = 6
MAX_INT64 = 2**63 - 1
MAX_ITEMS = 1 << 20
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


def int_arg(value: object, lo: int, hi: int, code: str, what: str) -> int:
    """The int ``value`` holds, in [lo, hi], or ``code`` naming ``what``."""
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


def required(data: dict[Any, Any], key: str, code: str, what: str) -> Any:
    """``data[key]``, or ``code`` when ``what`` has no such key."""
    value = item(data, key, code)
    if value is MISSING:
        raise Error(code, f"{what} has no '{key}'")
    return value


def int_item(data: dict[Any, Any], key: str, lo: int, hi: int, code: str, what: str) -> int:
    """``data[key]`` as an int in [lo, hi], or ``code``."""
    value = required(data, key, code, what)
    number = exact_int(value, lo, hi)
    if number is None:
        raise Error(code, f"{what}'s {key} is an int in [{lo}, {hi}], not {short(value)}")
    return number
