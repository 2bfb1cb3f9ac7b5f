"""Tables in the docs that the engine states: rendered from its tables, never typed.

A page holds such a table between two markers::

    <!-- engine-table: obs_layout schnapsen -->
    | slots | what | scale |
    ...
    <!-- end engine-table -->

``python docs/_ext/engine_tables.py`` rewrites every marked table from the
engine (``trumpf.rl.OBS_LAYOUT``, ``trumpf.rl.OBS_SCALE``, ...);
``--check`` exits 1 naming each page whose table differs, which
tests/docs/test_docs_tables.py runs, so a table cannot drift from the engine.
The markdown stays readable as it is, on the site and in a clone.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent
_BLOCK = re.compile(
    r"(<!-- engine-table: (?P<name>[a-z_]+)(?: (?P<arg>[a-z0-9_-]+))? -->\n)"
    r"(?P<body>.*?)"
    r"(<!-- end engine-table -->)",
    re.S,
)


def _slots(start: int, size: int) -> str:
    if size == 1:
        return str(start)
    if size == 2:
        return f"{start}, {start + 1}"
    return f"{start} .. {start + size - 1}"


def _scale(value: float) -> str:
    exact = Fraction(float(value)).limit_denominator(1000)
    return str(exact.numerator) if exact.denominator == 1 else f"1/{exact.denominator}"


def obs_layout(game: str) -> str:
    """The observation layout of ``game``: slots, what they hold, their scale."""
    from trumpf import rl

    lines = ["| slots | what | scale |", "|---|---|---|"]
    scale = rl.OBS_SCALE[game]
    for row in rl.OBS_LAYOUT[game]:
        lines.append(
            f"| {_slots(row.start, row.size)} | {row.about} | {_scale(scale[row.start])} |"
        )
    return "\n".join(lines) + "\n"


def house_rules(_: str) -> str:
    """The house rules: what each changes, the values it takes, the reference's."""
    from trumpf.tables import GAMES, HOUSE_RULES

    lines = ["| option | what | values | default |", "|---|---|---|---|"]
    for rule in HOUSE_RULES.values():
        if rule.kind == "stock":
            sizes = ", ".join(f"{high} in {GAMES[name].title}" for name, high in rule.high)
            values = f"1 to the stock's size ({sizes})"
        elif rule.kind == "flag":
            values = "False or True"
        else:
            values = " or ".join(f"`{c}`" for c in rule.choices)
        default = f"`{rule.default}`" if isinstance(rule.default, str) else str(rule.default)
        lines.append(f"| {rule.name} | {rule.about} | {values} | {default} |")
    return "\n".join(lines) + "\n"


def action_layout(game: str) -> str:
    """The action space of ``game``: the actions and the move each stands for."""
    from trumpf import rl

    lines = ["| actions | move |", "|---|---|"]
    for row in rl.ACTION_LAYOUT[game]:
        lines.append(f"| {_slots(row.start, row.size)} | {row.about} |")
    return "\n".join(lines) + "\n"


TABLES: dict[str, Callable[[str], str]] = {
    "obs_layout": obs_layout,
    "action_layout": action_layout,
    "house_rules": house_rules,
}


def render(text: str) -> str:
    """``text`` with every marked table rendered afresh."""

    def fresh(match: re.Match[str]) -> str:
        table = TABLES[match["name"]](match["arg"] or "")
        return match.group(1) + table + match.group(5)

    return _BLOCK.sub(fresh, text)


def stale_pages(docs: Path = DOCS) -> list[Path]:
    """The pages whose marked tables differ from the engine's."""
    return [p for p in sorted(docs.rglob("*.md")) if render(p.read_text()) != p.read_text()]


def main(argv: list[str]) -> int:
    stale = stale_pages()
    if "--check" in argv:
        for page in stale:
            print(
                f"{page.relative_to(DOCS.parent)}: a table differs from the engine's",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for page in stale:
        page.write_text(render(page.read_text()))
        print(f"rewrote {page.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
