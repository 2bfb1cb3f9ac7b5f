"""Every ```python block of the README and the docs runs, so no example goes stale.

The blocks of one page run in order in one namespace (a later block may use
what an earlier one made), in a fresh working directory. A block that needs an
optional package says so on the line before it, ``<!-- needs: ray -->``; in a
run without that package (the quick ``pip install ".[test]"`` loop) its page
is skipped from that block on, while CI installs everything (``test-all``)
and runs them all. Blocks that cannot run are fenced as what they are:
```sh for commands, ```text for output.

The docstrings' examples (``>>>``) are shown in the API reference, so they
run too, through doctest, for every public module.

A small collector rather than pytest-examples: that plugin also formats and
lints the examples with black and its own ruff, and runs each block alone,
while a page here is one story told in several blocks.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

_FENCE = re.compile(r"^(`{3,})(\S*)[^\n]*$")
_NEEDS = re.compile(r"^<!--\s*needs:\s*([\w. ]+?)\s*-->$")
# What a fence may say it holds besides python: text that is not run.
NOT_RUN = {"sh", "bash", "text", "json", "console", "toml", "yaml", "cpp", "c++", "ini", "nginx"}


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    code: str
    needs: tuple[str, ...]


def blocks(page: Path) -> Iterator[tuple[str, int, str, tuple[str, ...]]]:
    """(language, line, code, needs) of each fenced block of a Markdown page."""
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opened = _FENCE.match(lines[i])
        if not opened:
            i += 1
            continue
        fence, language = opened.group(1), opened.group(2).lower()
        marker = _NEEDS.match(lines[i - 1].strip()) if i > 0 else None
        needs = tuple(marker.group(1).split()) if marker else ()
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence):
            end += 1
        yield language, i + 1, "\n".join(lines[i + 1 : end]) + "\n", needs
        i = end + 1


def python_blocks(page: Path) -> list[Block]:
    found = []
    for language, line, code, needs in blocks(page):
        if language in ("python", "py", "pycon"):
            found.append(Block(page, line, code, needs))
    return found


def shown(page: Path) -> str:
    return page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else str(page)


def unmarked(page: Path) -> list[str]:
    """Blocks whose fence names no language we know: they must say whether they run."""
    return [
        f"{shown(page)}:{line}"
        for language, line, _, _ in blocks(page)
        if language == "" or (language not in NOT_RUN and language not in ("python", "py"))
    ]


def installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def run_page(page: Path, where: Path) -> None:
    """Run a page's python blocks in order, in one namespace, inside `where`."""
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    here = Path.cwd()
    os.chdir(where)
    try:
        for block in python_blocks(page):
            missing = [n for n in block.needs if not installed(n)]
            if missing:
                pytest.skip(
                    f"{shown(page)}:{block.line} needs {', '.join(missing)}"
                    ' (pip install ".[test-all]")'
                )
            name = f"{shown(page)}:{block.line}"
            try:
                exec(compile(block.code, name, "exec"), namespace)
            except BaseException as failed:
                raise AssertionError(f"the block at {name} fails: {failed!r}") from failed
    finally:
        os.chdir(here)


RUNNABLE = [p for p in PAGES if python_blocks(p)]


def test_the_pages_have_blocks() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in RUNNABLE}
    assert {"README.md", "docs/concepts.md", "docs/getting-started.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_block_says_what_it_holds(page: Path) -> None:
    assert unmarked(page) == []


@pytest.mark.parametrize("page", RUNNABLE, ids=[p.relative_to(ROOT).as_posix() for p in RUNNABLE])
def test_page_runs(page: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_page(page, tmp_path)


def test_a_broken_block_fails(tmp_path: Path) -> None:
    page = tmp_path / "broken.md"
    page.write_text(
        "# A page\n\n```python\nimport trumpf.schnapsen as s\n```\n\n"
        "```python\ns.Deal.build(variant='no-such-game')\n```\n",
        encoding="utf-8",
    )
    with pytest.raises(AssertionError, match=r"broken.md:7 fails: Error\('bad_variant'"):
        run_page(page, tmp_path)


def test_a_fence_without_a_language_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "plain.md"
    page.write_text("```\nx = 1\n```\n\n```text\nout\n```\n", encoding="utf-8")
    assert unmarked(page) == [f"{page}:1"]


# The public modules whose docstrings carry examples the reference shows.
DOCTESTED = [
    "trumpf",
    "trumpf.errors",
    "trumpf.tables",
    "trumpf.logs",
    "trumpf.schemas",
    "trumpf.schnapsen",
    "trumpf.schnapsen.card",
    "trumpf.schnapsen.variant",
    "trumpf.durak",
    "trumpf.durak.card",
    "trumpf.simulation",
    "trumpf.rl",
]


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
