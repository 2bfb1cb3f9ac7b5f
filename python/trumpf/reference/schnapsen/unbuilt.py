"""What a Deal, a Match or a Bot made by ``__new__``, never built, answers: ``not_built``."""

from __future__ import annotations

from typing import Any

from .errors import Error

__all__ = ["Unbuilt"]


class Unbuilt:
    """What every Deal, Match and Bot made by ``__new__`` without its builder answers.

    Nothing is set on such an object, so any property or method reaches for a
    field that is not there and lands here: ``Error`` ``not_built``, never a
    crash or a made-up value.
    """

    _BUILT = "_seed"

    def __getattr__(self, name: str) -> Any:
        # Reached only for a name the object does not have: on a built one
        # that is an AttributeError as anywhere; on an unbuilt one, not_built.
        if name.startswith("__") or self._BUILT in object.__getattribute__(self, "__dict__"):
            raise AttributeError(name)
        kind = type(self).__name__
        raise Error("not_built", f"this {kind} was made by __new__, not built (use {kind}.build)")
