"""A Schnapsen or Sixty-Six match at the terminal."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, TextIO

from rich.text import Text

from .expert import LEVEL, ExpertBot
from .parse import Command, parse_schnapsen
from .render import schnapsen_lines
from .session import Table, seed_from
from .terminal import Options, Terminal
from .words import refusal, schnapsen_event

VARIANTS = ("schnapsen", "sixtysix")


def engine(name: str = "core") -> ModuleType:
    """The Schnapsen implementation: the C++ core (``core``) or the oracle (``reference``)."""
    if name == "reference":
        return importlib.import_module("trumpf.reference.schnapsen")
    return importlib.import_module("trumpf.schnapsen")


class SchnapsenTable(Table):
    def __init__(
        self, impl: ModuleType, term: Terminal, variant: str, rules: str | None = None, **kw: Any
    ) -> None:
        super().__init__(impl, term, **kw)
        if variant not in VARIANTS:
            raise ValueError(f"unknown game {variant!r}")
        table = impl.variant.get(variant if rules is None else rules)
        if table["name"] != variant:
            raise ValueError(f"the rules {rules!r} are for {table['name']}, not {variant}")
        self.variant = variant
        self.title = "Schnapsen" if variant == "schnapsen" else "Sixty-Six"
        if rules is not None:
            self.title += f" ({rules})"
        self.game = impl.Match.build(variant=table, seed=self.seed)
        self.bot: Any = (
            ExpertBot(impl, self.seed)
            if self.level == LEVEL
            else impl.Bot(level=impl.Bot.level_for(self.level))
        )

    def seats(self) -> tuple[Any, ...]:
        return ("p1", "p2")

    def name(self, seat: Any) -> str:
        return str(seat)

    def lines(self, view: Mapping[str, Any]) -> list[Text]:
        return schnapsen_lines(
            self.impl,
            view,
            name=self.name,
            glyphs=self.glyphs,
            plain=self.term.plain,
            width=self.term.width - 4,  # inside the panel's border and padding
        )

    def parse(self, text: str, view: Mapping[str, Any]) -> Command:
        return parse_schnapsen(self.impl, text, view)

    def bot_move(self, seat: Any) -> dict[str, Any] | None:
        move: dict[str, Any] | None = self.bot.choose(self.game, seat)
        return move

    def words(self, event: Mapping[str, Any]) -> str:
        return schnapsen_event(self.impl, event, self.name, self.variant)

    def refusal(self, code: str) -> str:
        return refusal(code)

    def ending(self) -> str:
        result = self.game.result
        scores = result["scores"]
        return (
            f"{self.name(result['winner'])} wins the match: p1 {scores['p1']}, "
            f"p2 {scores['p2']} after {result['deals']} deals"
        )


def play_schnapsen(
    variant: str = "schnapsen",
    *,
    inp: TextIO,
    out: TextIO,
    options: Options | None = None,
    impl: ModuleType | None = None,
    mode: str = "bot",
    level: int | str = 1,
    seat: str = "p1",
    seed: str | bytes | None = None,
    save: str | None = None,
    delay: float = 0.6,
    rules: str | None = None,
) -> int:
    """Play a Schnapsen or Sixty-Six match reading ``inp`` and writing ``out``; the exit code."""
    if seat not in ("p1", "p2"):
        raise ValueError(f"a Schnapsen seat is p1 or p2, not {seat!r}")
    raw = seed if isinstance(seed, bytes) else seed_from(seed)
    term = Terminal(out, inp, options or Options.for_stream(out))
    table = SchnapsenTable(
        impl or engine(),
        term,
        variant,
        rules,
        mode=mode,
        seat=seat,
        level=level,
        seed=raw,
        save=save,
        delay=delay,
    )
    return table.play()
