"""The one error type of the Schnapsen family: a refused move or a bad build."""

from __future__ import annotations

__all__ = ["Error"]


class Error(ValueError):
    """A refusal, carrying the reference engine's error code in ``code``.

    The message is for people; the code is what tests and callers compare.
    """

    code: str

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Error({self.code!r}, {self.message!r})"
