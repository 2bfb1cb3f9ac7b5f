"""The table's two faces: one screen redrawn in place, or plain lines down a pipe."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from trumpf._checks import printable

MAX_LINE = 1000
"""The longest line the table reads; a move is a few characters, so more is junk."""


@dataclass
class Options:
    """How the table looks.

    ``screen``: redraw one screen in place (a terminal) instead of printing
    plain lines one position after another (a pipe). ``colour``: styles and
    colours. ``glyphs``: suit symbols instead of letters. ``width``: the
    screen width (None: ask the terminal).
    """

    screen: bool = False
    colour: bool = False
    glyphs: bool = True
    width: int | None = None

    @classmethod
    def for_stream(cls, out: TextIO, *, colour: bool | None = None, ascii: bool = False) -> Options:
        """The defaults for this output: a screen and colour on a terminal, plain in a pipe."""
        tty = bool(getattr(out, "isatty", lambda: False)())
        if colour is None:
            colour = tty and "NO_COLOR" not in os.environ
        return cls(screen=tty, colour=colour, glyphs=not ascii and _can_write(out, "\u2660"))


def _can_write(out: TextIO, text: str) -> bool:
    """Whether ``out``'s encoding has ``text`` (a suit glyph on an ASCII terminal has not)."""
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeError, LookupError):
        return False
    return True


class Terminal:
    """Prints positions and sentences, reads the player's lines."""

    def __init__(self, out: TextIO, inp: TextIO, options: Options) -> None:
        self.options = options
        self.inp = inp
        self.plain = not options.screen
        width = options.width if options.width is not None else (None if options.screen else 200)
        self.console = Console(
            file=out,
            force_terminal=options.screen or options.colour,
            no_color=not options.colour,
            color_system="auto" if options.colour else None,
            highlight=False,
            emoji=False,
            markup=False,
            width=width,
        )
        self.recent: list[str] = []
        self.notes: list[str] = []
        self.echo = not bool(getattr(inp, "isatty", lambda: False)())

    @property
    def width(self) -> int:
        return self.console.width

    def say(self, line: str | Text) -> None:
        """One sentence: printed now down a pipe, kept for the next redraw on a screen."""
        text = line if isinstance(line, Text) else Text(line)
        if self.plain:
            self.console.print(text, soft_wrap=True)
        else:
            self.recent.append(text.plain)
            self.recent = self.recent[-8:]

    def line(self, line: str) -> None:
        """A line printed now on either face (the end of a game, where nothing redraws)."""
        self.console.print(Text(line), soft_wrap=True)

    def note(self, line: str) -> None:
        """A word to the player (help, a refusal): printed now, or shown on the next redraw."""
        if self.plain:
            self.console.print(Text(line), soft_wrap=True)
        else:
            self.notes.append(line)

    def show(self, title: str, lines: Sequence[Text]) -> None:
        """A whole position: a block of lines, or the screen cleared and drawn again."""
        notes, self.notes = self.notes, []
        if self.plain:
            self.console.print(Text(f"--- {title} ---"), soft_wrap=True)
            for line in lines:
                self.console.print(line, soft_wrap=True)
            return
        self.console.clear()
        body: list[Text] = list(lines)
        if self.recent:
            body.append(Text(""))
            body.extend(Text(line, style="italic") for line in self.recent)
        body.extend(Text(note, style="yellow") for note in notes)
        self.console.print(Panel(Group(*body), title=title, expand=False))

    def ask(self, prompt: str) -> str | None:
        """One line from the player; None at the end of input.

        A line longer than :data:`MAX_LINE` is read to its end and refused
        whole (a cut-off head of it could spell a move), then asked again.
        """
        while True:
            self.console.print(Text(prompt, style="bold"), end="")
            self.console.file.flush()
            line = self.inp.readline(MAX_LINE + 1)
            if not line:
                self.console.print()
                return None
            if len(line) <= MAX_LINE or line.endswith("\n"):
                break
            while line and not line.endswith("\n"):
                line = self.inp.readline(MAX_LINE + 1)
            self.console.print()
            self.console.print(
                Text(f"that line is longer than {MAX_LINE} characters; nothing was done"),
                soft_wrap=True,
            )
        if self.echo:
            self.console.print(Text(printable(line.rstrip("\n"), MAX_LINE)), soft_wrap=True)
        return line.rstrip("\r\n")
