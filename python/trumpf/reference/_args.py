"""How the oracle reads a caller's arguments: by value, never through their methods.

A caller may hand over an int, str, dict or list subclass whose ``__eq__``,
``__hash__``, ``__getitem__`` or ``__iter__`` raise or lie. The oracle reads
such a value through the base type's own methods, so it sees what the object
really holds and nothing of the caller's code runs; anything else is refused
with the argument's code (docs/api-contract.md, "Edge behaviour").
"""

from __future__ import annotations

from typing import Any

from trumpf.errors import Error

__all__ = [
    "INT64_MAX",
    "as_bool",
    "as_dict",
    "as_int",
    "as_seq",
    "as_str",
    "show",
]

INT64_MAX = 2**63 - 1


def show(value: object) -> str:
    """A short, safe repr for a message: never fails, never runs the caller's code."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        digits = int.__index__(value)
        if abs(digits) >= 10**30:
            return "a huge int"
        return str(digits)
    if isinstance(value, str):
        text = str.__str__(value)
        return repr(text[:40] + "..." if len(text) > 40 else text)
    if isinstance(value, bytes):
        return repr(bytes.__getitem__(value, slice(0, 40)))
    return f"a {type(value).__name__}"


def as_int(value: object, code: str, what: str, low: int, high: int) -> int:
    """The exact int ``value`` holds, within ``low..high``; bool is not an int."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise Error(code, f"{what} is an int, not {show(value)}")
    number = int.__index__(value)
    if not low <= number <= high:
        raise Error(code, f"{what} must be in {low}..{high}, not {show(number)}")
    return number


def as_str(value: object, code: str, what: str) -> str:
    """The exact str ``value`` holds."""
    if not isinstance(value, str):
        raise Error(code, f"{what} is a str, not {show(value)}")
    return str.__str__(value)


def as_bool(value: object, code: str, what: str) -> bool:
    """``value`` if it is True or False."""
    if value is True or value is False:
        return value
    raise Error(code, f"{what} is True or False, not {show(value)}")


def as_dict(value: object, code: str, what: str) -> dict[Any, Any]:
    """A plain copy of the items a dict (or dict subclass) really holds."""
    if not isinstance(value, dict):
        raise Error(code, f"{what} is a dict, not {show(value)}")
    return dict(dict.items(value))


def as_seq(value: object, code: str, what: str) -> list[Any]:
    """A plain copy of the items of a list or tuple (subclasses read by value)."""
    if isinstance(value, list):
        return list(list.__iter__(value))
    if isinstance(value, tuple):
        return list(tuple.__iter__(value))
    raise Error(code, f"{what} is a list or a tuple, not {show(value)}")
