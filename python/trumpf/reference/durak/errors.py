"""The one exception of the game: a refused move or a bad argument, with the reference's code."""

from __future__ import annotations

__all__ = ["Error"]


class Error(ValueError):
    """A refusal: ``code`` is the reference engine's error code, ``str()`` says what was wrong.

    Codes: no_seed, bad_deal, bad_seats, game_over, not_your_turn, wrong_phase,
    not_legal, card_not_held, beats_nothing, rank_not_in_bout, bout_full,
    must_attack, not_the_six, talon_shut; and trumpf's own bad_card and bad_seat.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Error({self.code!r}, {self.message!r})"
