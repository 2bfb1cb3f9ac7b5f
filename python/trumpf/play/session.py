"""The loop shared by every table: whose turn, ask or let the bot move, describe, repeat."""

from __future__ import annotations

import json
import os
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.text import Text

from trumpf._checks import check_writable, printable

from .parse import Command
from .render import legal_words
from .terminal import Terminal

MODES = ("bot", "hotseat", "watch")


def seed_from(text: str | None) -> bytes:
    """``--seed HEX`` as 32 bytes, or 32 fresh random bytes when none was given."""
    if text is None:
        return os.urandom(32)
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise ValueError(f"the seed {text!r} is not hexadecimal") from None
    if len(seed) != 32:
        raise ValueError(f"the seed is {len(seed)} bytes; it must be 32 (64 hex digits)")
    return seed


class Table(ABC):
    """One game at the terminal. Subclasses say how to build, show, parse and describe it."""

    title = ""

    def __init__(
        self,
        impl: ModuleType,
        term: Terminal,
        *,
        mode: str,
        seat: Any,
        level: int | str,
        seed: bytes,
        save: str | None,
        delay: float,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}: choose from {', '.join(MODES)}")
        if save is not None:
            check_writable(save, "the move log file")
        self.impl = impl
        self.term = term
        self.mode = mode
        self.seat = seat
        self.level = level
        self.seed = seed
        self.save = save
        self.delay = delay
        self.game: Any = None
        if mode == "bot":
            self.humans = {seat}
        elif mode == "hotseat":
            self.humans = set(self.seats())
        else:
            self.humans = set()

    # -- what differs between the games -------------------------------------------------
    @abstractmethod
    def seats(self) -> tuple[Any, ...]: ...

    @abstractmethod
    def name(self, seat: Any) -> str: ...

    def over(self) -> bool:
        """Whether the match or game has ended (both engines spell it the same)."""
        return bool(self.game.over)

    def turn(self) -> Any:
        """The seat the engine waits on."""
        return self.game.turn

    def view(self, seat: Any) -> dict[str, Any]:
        """What ``seat`` can see: the only source of what is drawn on the screen."""
        view: dict[str, Any] = self.game.view(seat)
        return view

    @abstractmethod
    def lines(self, view: Mapping[str, Any]) -> list[Text]: ...

    @abstractmethod
    def parse(self, text: str, view: Mapping[str, Any]) -> Command: ...

    @abstractmethod
    def bot_move(self, seat: Any) -> dict[str, Any] | None: ...

    @abstractmethod
    def words(self, event: Mapping[str, Any]) -> str: ...

    @abstractmethod
    def refusal(self, code: str) -> str: ...

    @abstractmethod
    def ending(self) -> str: ...

    # -- the loop ------------------------------------------------------------------------
    def who(self) -> str:
        if self.mode == "bot":
            others = [s for s in self.seats() if s != self.seat]
            return (
                f"you are {self.name(self.seat)}; the bot (level {self.level}) is "
                f"{self.name(others[0])}"
            )
        if self.mode == "hotseat":
            return "hotseat: both seats are played here, each sees only its own hand"
        return f"watching two bots (level {self.level})"

    def show(self, seat: Any) -> None:
        self.term.show(f"{self.title} - {self.name(seat)}", self.lines(self.view(seat)))

    def apply(self, seat: Any, move: Mapping[str, Any]) -> None:
        events = self.game.apply(seat, dict(move))
        for event in events:
            self.term.say(self.words(event))

    def play(self) -> int:
        """Play to the end, or until the player quits; the log saved if asked.

        0 when the game ended or the player quit, 130 after Ctrl-C, which
        leaves the table like a quit (the log is still saved).
        """
        if self.mode == "watch":
            self.term.say(f"{self.title}: seed {self.seed.hex()}")
        else:
            # The seed deals every card, so before the end it would show the
            # bot's hand, the other player's, and the talon.
            self.term.say(f"{self.title}: the seed is shown when the game ends")
        self.term.say(self.who())
        try:
            finished = self.loop()
        except KeyboardInterrupt:
            self.term.line("")
            finished = None
        if finished:
            final = next(iter(self.humans), self.seats()[0])
            self.show(final)
            self.term.line(self.ending())
        else:
            self.term.line("you left the table; the game is not finished")
        self.term.line(f"seed {self.seed.hex()}")
        if self.save:
            try:
                Path(self.save).write_text(json.dumps(self.game.to_log(), indent=1) + "\n")
            except OSError as bad:
                raise ValueError(
                    f"the move log could not be saved to {printable(self.save)}: {bad.strerror}"
                ) from None
            self.term.line(f"move log saved to {self.save}")
        return 130 if finished is None else 0

    def loop(self) -> bool:
        """The moves, until the game is over (True) or the player leaves (False)."""
        shown = -1
        while not self.over():
            seat = self.turn()
            if seat not in self.humans:
                if self.mode == "watch":
                    self.show(seat)
                    if self.delay and not self.term.plain:
                        time.sleep(self.delay)
                move = self.bot_move(seat)
                if move is None:  # pragma: no cover - a seat on turn always has a move
                    return False
                self.apply(seat, move)
                continue
            view = self.view(seat)
            if not self.term.plain or shown != view["ply"]:
                self.show(seat)
                shown = view["ply"]
            line = self.term.ask(f"{self.name(seat)}> ")
            if line is None:
                return False
            command = self.parse(line, view)
            if command.action == "quit":
                return False
            if command.action == "legal":
                self.term.note("legal now: " + legal_words(self.impl, view["legal"], self.glyphs))
                continue
            if command.action == "unknown":
                self.term.note(command.message)
                continue
            try:
                self.apply(seat, command.move)
            except self.impl.Error as refused:
                self.term.note(f"not allowed: {self.refusal(refused.code)}.")
        return True

    @property
    def glyphs(self) -> bool:
        return self.term.options.glyphs
