"""The one exception trumpf raises for anything a caller got wrong.

Every refusal of a move, every bad argument and every bad log raises
:class:`Error`, from the C++ core and from the pure-Python oracle alike, so
one ``except trumpf.errors.Error`` (or ``except ValueError``) catches them all.
``code`` is the reference engine's error code where the reference has one
(``not_your_turn``, ``must_follow``, ...) and trumpf's own otherwise
(``bad_seat``, ``bad_card``, ``bad_log``, ...); ``message`` says what was wrong
in words a person can act on.

:data:`CODES` is the registry of every code, read from the engine's table
(``cpp/common/error_codes.cpp``): each with its area and the general
sentence a front end shows a person, which :func:`sentence` looks up.

>>> from trumpf.errors import CODES, sentence
>>> CODES["must_follow"].area
'move'
>>> sentence("not_your_turn")
'it is not your turn'

>>> from trumpf.errors import Error
>>> err = Error("not_held", "p1 cannot lead 7 AH: not in hand [1 AS, 9 HQ]")
>>> err.code
'not_held'
>>> err
Error('not_held', 'p1 cannot lead 7 AH: not in hand [1 AS, 9 HQ]')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

__all__ = ["CODES", "Code", "Error", "sentence"]


class Code(NamedTuple):
    """One row of the registry: the code, its area (``move``, ``argument``,
    ``info``, ``log``, ``simulation``, ``rl``, ``serve``) and its sentence."""

    code: str
    area: str
    sentence: str


@functools.cache
def _codes() -> Mapping[str, Code]:
    # Read on first use: the compiled core imports this module for Error, so
    # it cannot be imported here at the top.
    from trumpf import _core

    return MappingProxyType({row[0]: Code(*row) for row in _core.tables.ERROR_CODES})


def __getattr__(name: str) -> Any:
    if name == "CODES":
        return _codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


CODES: Mapping[str, Code]
"""Every code trumpf raises, by name (read-only)."""


def sentence(code: str) -> str:
    """The registry's sentence for ``code``; for a code it does not list, a general one."""
    row = _codes().get(code)
    return row.sentence if row is not None else "that was refused"


class Error(ValueError):
    """A refused move, a bad argument or a bad log: ``code`` says which, ``message`` why."""

    code: str
    message: str

    def __init__(self, code: str, message: str | None = None) -> None:
        self.code = code
        self.message = code if message is None or message == "" else message
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Error({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[type[Error], tuple[str, str]]:
        # ValueError pickles its args, which hold only the message; the code
        # must travel too, so a refusal sent between processes stays whole.
        return (type(self), (self.code, self.message))
