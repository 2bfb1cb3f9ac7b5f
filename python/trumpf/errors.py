"""The one exception trumpf raises for anything a caller got wrong.

Every refusal of a move, every bad argument and every bad log raises
:class:`Error`, from the C++ core and from the pure-Python oracle alike, so
one ``except trumpf.errors.Error`` (or ``except ValueError``) catches them all.
``code`` is the reference engine's error code where the reference has one
(``not_your_turn``, ``must_follow``, ...) and trumpf's own otherwise
(``bad_seat``, ``bad_card``, ``bad_log``, ...); ``message`` says what was wrong
in words a person can act on.

>>> from trumpf.errors import Error
>>> err = Error("not_held", "p1 cannot lead 7 AH: not in hand [1 AS, 9 HQ]")
>>> err.code
'not_held'
>>> err
Error('not_held', 'p1 cannot lead 7 AH: not in hand [1 AS, 9 HQ]')
"""

from __future__ import annotations

__all__ = ["Error"]


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
