"""A game of two-seat Podkidnoy Durak at the terminal."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, TextIO

from rich.text import Text

from .expert import LEVEL, ExpertBot
from .parse import Command, parse_durak
from .render import durak_lines
from .session import Table, seed_from
from .terminal import Options, Terminal
from .words import durak_ending, durak_event, refusal


def engine(name: str = "core") -> ModuleType:
    """The Durak implementation: the C++ core (``core``) or the oracle (``reference``)."""
    if name == "reference":
        return importlib.import_module("trumpf.reference.durak")
    return importlib.import_module("trumpf.durak")


class DurakTable(Table):
    title = "Durak"

    def __init__(self, impl: ModuleType, term: Terminal, **kw: Any) -> None:
        super().__init__(impl, term, **kw)
        self.game = impl.Game.build(seed=self.seed)
        self.expert = self.level == LEVEL
        self.bot: Any = (
            ExpertBot(impl, self.seed)
            if self.expert
            else impl.Bot(level=impl.Bot.level_for(self.level), seed=self.seed.hex())
        )

    def seats(self) -> tuple[Any, ...]:
        return (1, 2)

    def name(self, seat: Any) -> str:
        return f"seat {seat}"

    def lines(self, view: Mapping[str, Any]) -> list[Text]:
        return durak_lines(
            self.impl,
            view,
            name=self.name,
            glyphs=self.glyphs,
            plain=self.term.plain,
            width=self.term.width - 4,  # inside the panel's border and padding
        )

    def parse(self, text: str, view: Mapping[str, Any]) -> Command:
        return parse_durak(self.impl, text, view)

    def bot_move(self, seat: Any) -> dict[str, Any] | None:
        if self.expert:  # the expert reads the seat's information set, not its view
            chosen: dict[str, Any] | None = self.bot.choose(self.game, seat)
            return chosen
        move: dict[str, Any] | None = self.bot.choose(self.game.view(seat))
        return move

    def words(self, event: Mapping[str, Any]) -> str:
        return durak_event(self.impl, event, self.name)

    def refusal(self, code: str) -> str:
        return refusal(code)

    def ending(self) -> str:
        result = self.game.result
        if result is None:  # pragma: no cover - only called once over
            return "the game is not over"
        return durak_ending(result, self.name)


def play_durak(
    *,
    inp: TextIO,
    out: TextIO,
    options: Options | None = None,
    impl: ModuleType | None = None,
    mode: str = "bot",
    level: int | str = 1,
    seat: int = 1,
    seed: str | bytes | None = None,
    save: str | None = None,
    delay: float = 0.6,
) -> int:
    """Play a game of Durak reading ``inp`` and writing ``out``; the exit code."""
    if seat not in (1, 2):
        raise ValueError(f"a Durak seat is 1 or 2, not {seat!r}")
    raw = seed if isinstance(seed, bytes) else seed_from(seed)
    term = Terminal(out, inp, options or Options.for_stream(out))
    table = DurakTable(
        impl or engine(),
        term,
        mode=mode,
        seat=seat,
        level=level,
        seed=raw,
        save=save,
        delay=delay,
    )
    return table.play()
