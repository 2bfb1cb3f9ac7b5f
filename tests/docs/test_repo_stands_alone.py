"""The repository stands alone, and its code says what it is rather than how it came to be.

Comments and docstrings cite the project's own rules pages (``docs/rules/``)
and contract, never the documents trumpf was created from outside the
repository, and carry no issue numbers: history belongs in CHANGELOG.md.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("cpp", "python", "tests", "bench", "examples", "docs", ".ci", "README.md")

# What only a file outside the repository could explain.
OUTSIDE = re.compile(r"\.\./shared|\bREFERENCE\.md|\bAPI\.md|\bDESIGN\.md|seed-[a-z-]+\.txt")
# An issue number, as a tracker would spell it.
ISSUE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def tracked() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z", *SOURCES], cwd=ROOT, capture_output=True, check=True
    ).stdout
    names = [n for n in out.decode().split("\0") if n]
    # The reference's own transcripts are quoted, not written, by the project.
    return [ROOT / n for n in names if not n.startswith("tests/conformance/")]


def offences(pattern: re.Pattern[str], paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        if path == Path(__file__).resolve():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                found.append(f"{name}:{number}: {line.strip()}")
    return found


@pytest.fixture(scope="module")
def paths() -> list[Path]:
    return tracked()


def test_nothing_cites_a_file_outside_the_repository(paths: list[Path]) -> None:
    assert offences(OUTSIDE, paths) == []


def test_no_issue_numbers_in_code_or_docs(paths: list[Path]) -> None:
    assert offences(ISSUE, paths) == []


def test_the_checks_catch_a_planted_line(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('"""See ../shared/spec/REFERENCE.md (issue 12)."""\n', encoding="utf-8")
    assert len(offences(OUTSIDE, [planted])) == 1
    assert len(offences(ISSUE, [planted])) == 1
