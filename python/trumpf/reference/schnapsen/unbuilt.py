"""What a Deal, a Match or a Bot made by ``__new__``, never built, answers: ``not_built``."""

from __future__ import annotations

from typing import NoReturn

from .errors import Error

__all__ = ["refuse"]


def refuse(obj: object, name: str, built: str) -> NoReturn:
    """The answer of ``obj.__getattr__(name)``, for a name the object does not have.

    Nothing is set on an object made by ``__new__`` without its builder, so
    any property or method reaches for a field that is not there and lands
    here: ``Error`` ``not_built``, never a crash or a made-up value. A built
    object (one whose ``__dict__`` holds the field ``built``) raises
    AttributeError, as anywhere, and so does every dunder name.
    """
    if name.startswith("__") or built in object.__getattribute__(obj, "__dict__"):
        raise AttributeError(name)
    kind = type(obj).__name__
    raise Error("not_built", f"this {kind} was made by __new__, not built (use {kind}.build)")
